// The endpoints of /assembly (production.md §8), named once for the server and the page (decision 0016): the
// ASM/DSM document's lifecycle and the pre-fill from the kit's specification, keyed to /assembly.
import { access, defineEndpoints } from '@/shared/endpoint.ts';
import type { assemblySchemas } from './assembly.contract.ts';

const assembly = access.route('/assembly');

export const assemblyEndpoints = defineEndpoints<typeof assemblySchemas>()({
  list: { method: 'GET', path: '/api/assembly', access: assembly, list: true },
  prefill: { method: 'GET', path: '/api/assembly/prefill', access: assembly },
  get: { method: 'GET', path: '/api/assembly/:id', access: assembly },
  create: { method: 'POST', path: '/api/assembly', access: assembly, status: 201 },
  update: { method: 'PATCH', path: '/api/assembly/:id', access: assembly },
  // 204 without a body.
  remove: { method: 'DELETE', path: '/api/assembly/:id', access: assembly },
  post: { method: 'POST', path: '/api/assembly/:id/post', access: assembly },
  cancel: { method: 'POST', path: '/api/assembly/:id/cancel', access: assembly },
});
