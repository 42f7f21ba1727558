// The endpoints of users and the accessible menu (reports-admin.md §10, spec §7), named once for the server and the
// pages. The shell imports this file for the menu: it must stay free of zod at run time (type imports only).
import { access, defineEndpoints } from '@/shared/endpoint.ts';
import type { usersSchemas } from './users.contract.ts';

const users = access.route('/users');

export const usersEndpoints = defineEndpoints<typeof usersSchemas>()({
  // For oneself always; for another user only with view right on /users (README §9) — checked by the handler.
  accessibleMenu: { method: 'GET', path: '/api/users/:id/accessible-menu', access: access.session },
  list: { method: 'GET', path: '/api/users', access: users, list: true },
  create: { method: 'POST', path: '/api/users', access: users, status: 201 },
  get: { method: 'GET', path: '/api/users/:id', access: users },
  update: { method: 'PATCH', path: '/api/users/:id', access: users },
  activate: { method: 'POST', path: '/api/users/:id/activate', access: users },
  deactivate: { method: 'POST', path: '/api/users/:id/deactivate', access: users },
  sendReset: { method: 'POST', path: '/api/users/:id/send-reset', access: users },
  setPassword: { method: 'POST', path: '/api/users/:id/set-password', access: users },
  remove: { method: 'DELETE', path: '/api/users/:id', access: users },
});
