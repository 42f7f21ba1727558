// The endpoints of /inventory-audits (warehouse.md §8), named once for the server and the pages (decision 0016): the
// audit's lifecycle, its lines, the scanner and the print forms, all keyed to /inventory-audits (the detail page
// /inventory-audits/{id} belongs to it).
import { access, defineEndpoints } from '@/shared/endpoint.ts';
import type { inventoryAuditsSchemas } from './inventory-audits.contract.ts';

const audits = access.route('/inventory-audits');

export const inventoryAuditsEndpoints = defineEndpoints<typeof inventoryAuditsSchemas>()({
  list: { method: 'GET', path: '/api/inventory-audits', access: audits, list: true },
  create: { method: 'POST', path: '/api/inventory-audits', access: audits, status: 201 },
  /** The units a line's count may be typed in. */
  itemUnits: { method: 'GET', path: '/api/inventory-audits/item-units', access: audits },
  get: { method: 'GET', path: '/api/inventory-audits/:id', access: audits },
  update: { method: 'PATCH', path: '/api/inventory-audits/:id', access: audits },
  // 204 without a body.
  remove: { method: 'DELETE', path: '/api/inventory-audits/:id', access: audits },
  start: { method: 'POST', path: '/api/inventory-audits/:id/start', access: audits },
  post: { method: 'POST', path: '/api/inventory-audits/:id/post', access: audits },
  cancel: { method: 'POST', path: '/api/inventory-audits/:id/cancel', access: audits },
  // All the lines of the filter at once; X-Total-Count is their number.
  lines: { method: 'GET', path: '/api/inventory-audits/:id/lines', access: audits, list: true },
  addLine: { method: 'POST', path: '/api/inventory-audits/:id/lines', access: audits, status: 201 },
  updateLine: { method: 'PATCH', path: '/api/inventory-audits/:id/lines/:lineId', access: audits },
  scan: { method: 'POST', path: '/api/inventory-audits/:id/scan', access: audits },
  printCountSheet: { method: 'GET', path: '/api/inventory-audits/:id/print/count-sheet', access: audits },
  printVariance: { method: 'GET', path: '/api/inventory-audits/:id/print/variance', access: audits },
});
