// The endpoints of /api/costing (production.md §9), named once for the server and the page. Keyed to /costing: GET
// needs canView, the changes (a snapshot, a price, the settings) canAccess.
import { access, defineEndpoints } from '@/shared/endpoint.ts';
import type { costingSchemas } from './costing.contract.ts';

const costing = access.route('/costing');

export const costingEndpoints = defineEndpoints<typeof costingSchemas>()({
  list: { method: 'GET', path: '/api/costing', access: costing, list: true },
  export: { method: 'GET', path: '/api/costing/export', access: costing },
  settings: { method: 'GET', path: '/api/costing/settings', access: costing },
  updateSettings: { method: 'PATCH', path: '/api/costing/settings', access: costing },
  get: { method: 'GET', path: '/api/costing/:itemId', access: costing },
  snapshots: { method: 'GET', path: '/api/costing/:itemId/snapshots', access: costing },
  createSnapshot: { method: 'POST', path: '/api/costing/:itemId/snapshots', access: costing, status: 201 },
  applyPrice: { method: 'POST', path: '/api/costing/:itemId/apply-price', access: costing },
});
