// The assembly module's public surface (production.md §8): its routes and the services other modules may call.
export { assemblyRoutes } from './assembly.routes.ts';
export { cancelAssembly, postAssembly, splitValue } from './assembly.posting.ts';
export { getAssembly, listAssemblies, prefillLines } from './assembly.read.ts';
export { createAssembly, deleteAssembly, updateAssembly } from './assembly.write.ts';
