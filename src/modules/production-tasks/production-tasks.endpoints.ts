// The endpoints of /api/production-tasks (production.md §5), named once for the server and the page: the kanban of
// manufacturing orders, keyed to /production. The list is also read by the dashboard's 'Виробництво' panel (domain
// README §9: /production or /dashboard).
import { access, defineEndpoints } from '@/shared/endpoint.ts';
import type { productionTasksSchemas } from './production-tasks.contract.ts';

const production = access.route('/production');

export const productionTasksEndpoints = defineEndpoints<typeof productionTasksSchemas>()({
  list: {
    method: 'GET',
    path: '/api/production-tasks',
    access: access.route('/production', '/dashboard'),
    list: true,
  },
  fromOrders: { method: 'GET', path: '/api/production-tasks/from-orders', access: production, list: true },
  createFromOrders: { method: 'POST', path: '/api/production-tasks/from-orders', access: production, status: 201 },
  itemOptions: { method: 'GET', path: '/api/production-tasks/options/items', access: production },
  workerOptions: { method: 'GET', path: '/api/production-tasks/options/workers', access: production },
  recipeOptions: { method: 'GET', path: '/api/production-tasks/options/recipes', access: production },
  get: { method: 'GET', path: '/api/production-tasks/:id', access: production },
  create: { method: 'POST', path: '/api/production-tasks', access: production, status: 201 },
  update: { method: 'PATCH', path: '/api/production-tasks/:id', access: production },
  move: { method: 'POST', path: '/api/production-tasks/:id/move', access: production },
  complete: { method: 'POST', path: '/api/production-tasks/:id/complete', access: production },
});
