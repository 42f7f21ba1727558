// The declared resources as the rest of the server uses them: one engine over the registry.
import { ResourceEngine } from './_engine/server/resource.service.ts';
import { resourceRegistry } from './registry.ts';

export const resourceEngine = new ResourceEngine(resourceRegistry);
export { resourceRegistry };
