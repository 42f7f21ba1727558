// The endpoints of roles and their permission matrix (reports-admin.md §11), named once for the server and the
// pages (type imports only: no zod at run time).
import { access, defineEndpoints } from '@/shared/endpoint.ts';
import type { rolesSchemas } from './roles.contract.ts';

const roles = access.route('/roles');

export const rolesEndpoints = defineEndpoints<typeof rolesSchemas>()({
  // The users page needs the role list for its filter and form. The whole list in one page (X-Total-Count).
  list: { method: 'GET', path: '/api/roles', access: access.route('/roles', '/users'), list: true },
  routes: { method: 'GET', path: '/api/roles/routes', access: roles },
  create: { method: 'POST', path: '/api/roles', access: roles, status: 201 },
  get: { method: 'GET', path: '/api/roles/:id', access: roles },
  update: { method: 'PATCH', path: '/api/roles/:id', access: roles },
  remove: { method: 'DELETE', path: '/api/roles/:id', access: roles },
  setPermissions: { method: 'PUT', path: '/api/roles/:id/permissions', access: roles },
  copy: { method: 'POST', path: '/api/roles/:id/copy', access: roles, status: 201 },
});
