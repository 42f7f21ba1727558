// The endpoints of /api/production-planning (production.md §11), named once for the server and the page. Reading
// needs view rights on /production-planning, moving an MO's planned start full rights on it.
import { access, defineEndpoints } from '@/shared/endpoint.ts';
import type { productionPlanningSchemas } from './production-planning.contract.ts';

const planning = access.route('/production-planning');

export const productionPlanningEndpoints = defineEndpoints<typeof productionPlanningSchemas>()({
  grid: { method: 'GET', path: '/api/production-planning', access: planning },
  cell: { method: 'GET', path: '/api/production-planning/cell', access: planning },
  move: { method: 'PATCH', path: '/api/production-planning/mo/:id', access: planning },
});
