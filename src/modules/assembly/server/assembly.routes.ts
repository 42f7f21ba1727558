// /api/assembly (production.md §8): the ASM/DSM document's lifecycle and the pre-fill of its lines from the kit's
// specification, keyed to /assembly.
import { auditContext, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import { serve } from '@/server/kernel/serve.ts';
import { assemblySchemas } from '../assembly.contract.ts';
import { assemblyEndpoints } from '../assembly.endpoints.ts';
import { cancelAssembly, postAssembly } from './assembly.posting.ts';
import { getAssembly, listAssemblies, prefillLines } from './assembly.read.ts';
import { createAssembly, deleteAssembly, updateAssembly } from './assembly.write.ts';

export async function assemblyRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;

  serve(app, assemblyEndpoints, assemblySchemas, {
    list: async (request) => listAssemblies(db, request.query),
    prefill: async (request) => prefillLines(db, request.query.itemId, request.query.qty),
    get: async (request) => getAssembly(db, request.params.id),
    create: async (request) => createAssembly(db, auditContext(request), request.body),
    update: async (request) => updateAssembly(db, auditContext(request), request.params.id, request.body),
    remove: async (request, reply) => {
      await deleteAssembly(db, auditContext(request), request.params.id);
      return reply.status(204).send();
    },
    post: async (request) =>
      postAssembly(db, auditContext(request), request.params.id, request.body?.version, request.body?.serials),
    cancel: async (request) => cancelAssembly(db, auditContext(request), request.params.id, request.body.reason),
  });
}
