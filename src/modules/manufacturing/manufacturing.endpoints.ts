// The endpoints of /api/manufacturing-orders (production.md §4 API), named once for the server and the page. All are
// keyed to /manufacturing: GET needs canView, the rest canAccess. Actions answer the order's detail as it is after.
import { access, defineEndpoints } from '@/shared/endpoint.ts';
import type { manufacturingSchemas } from './manufacturing.contract.ts';

const mo = access.route('/manufacturing');

export const manufacturingEndpoints = defineEndpoints<typeof manufacturingSchemas>()({
  list: { method: 'GET', path: '/api/manufacturing-orders', access: mo, list: true },
  stats: { method: 'GET', path: '/api/manufacturing-orders/stats', access: mo },
  // The gear dialog on /manufacturing (domain README §10): backflush, automatic output on the last operation, badge
  // required on /mes, working hours per day.
  settings: { method: 'GET', path: '/api/manufacturing-orders/settings', access: mo },
  updateSettings: { method: 'PATCH', path: '/api/manufacturing-orders/settings', access: mo },
  get: { method: 'GET', path: '/api/manufacturing-orders/:id', access: mo },
  // The client order(s) the MO is made for (left out for a user who may not view orders).
  related: { method: 'GET', path: '/api/manufacturing-orders/:id/related', access: mo },
  create: { method: 'POST', path: '/api/manufacturing-orders', access: mo, status: 201 },
  update: { method: 'PATCH', path: '/api/manufacturing-orders/:id', access: mo },
  remove: { method: 'DELETE', path: '/api/manufacturing-orders/:id', access: mo },
  release: { method: 'POST', path: '/api/manufacturing-orders/:id/release', access: mo },
  unrelease: { method: 'POST', path: '/api/manufacturing-orders/:id/unrelease', access: mo },
  start: { method: 'POST', path: '/api/manufacturing-orders/:id/start', access: mo },
  complete: { method: 'POST', path: '/api/manufacturing-orders/:id/complete', access: mo },
  cancel: { method: 'POST', path: '/api/manufacturing-orders/:id/cancel', access: mo },
  issue: { method: 'POST', path: '/api/manufacturing-orders/:id/issues', access: mo, status: 201 },
  output: { method: 'POST', path: '/api/manufacturing-orders/:id/outputs', access: mo, status: 201 },
  cancelPosting: { method: 'POST', path: '/api/manufacturing-orders/postings/:postingId/cancel', access: mo },
  childOrders: { method: 'POST', path: '/api/manufacturing-orders/:id/child-orders', access: mo, status: 201 },
  timeEntries: { method: 'GET', path: '/api/manufacturing-orders/:id/time-entries', access: mo },
  updateTimeEntry: { method: 'PATCH', path: '/api/manufacturing-orders/time-entries/:entryId', access: mo },
  traveler: { method: 'GET', path: '/api/manufacturing-orders/:id/print/traveler', access: mo },
  labels: { method: 'GET', path: '/api/manufacturing-orders/:id/print/labels', access: mo },
});
