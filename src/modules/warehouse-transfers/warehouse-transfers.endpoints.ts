// The endpoints of /warehouse-transfers (warehouse.md §7), named once for the server and the page (decision 0016):
// the TRF document's lifecycle, the source warehouse's stock and the print form, keyed to /warehouse-transfers.
import { access, defineEndpoints } from '@/shared/endpoint.ts';
import type { warehouseTransfersSchemas } from './warehouse-transfers.contract.ts';

const transfers = access.route('/warehouse-transfers');

export const warehouseTransfersEndpoints = defineEndpoints<typeof warehouseTransfersSchemas>()({
  list: { method: 'GET', path: '/api/warehouse-transfers', access: transfers, list: true },
  stats: { method: 'GET', path: '/api/warehouse-transfers/stats', access: transfers },
  availability: { method: 'GET', path: '/api/warehouse-transfers/availability', access: transfers },
  /** The units a line of an item may be entered in. */
  itemUnits: { method: 'GET', path: '/api/warehouse-transfers/item-units', access: transfers },
  get: { method: 'GET', path: '/api/warehouse-transfers/:id', access: transfers },
  print: { method: 'GET', path: '/api/warehouse-transfers/:id/print/transfer-note', access: transfers },
  create: { method: 'POST', path: '/api/warehouse-transfers', access: transfers, status: 201 },
  update: { method: 'PATCH', path: '/api/warehouse-transfers/:id', access: transfers },
  // 204 without a body.
  remove: { method: 'DELETE', path: '/api/warehouse-transfers/:id', access: transfers },
  post: { method: 'POST', path: '/api/warehouse-transfers/:id/post', access: transfers },
  cancel: { method: 'POST', path: '/api/warehouse-transfers/:id/cancel', access: transfers },
});
