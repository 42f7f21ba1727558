// The endpoints of /shipments (sales.md §3), named once for the server and the pages (decision 0016): the SHP
// document's lifecycle, the scanner's mode, the print forms and the Nova Poshta waybill. GET needs view on /shipments,
// everything else access.
import { access, defineEndpoints } from '@/shared/endpoint.ts';
import type { shipmentsSchemas } from './shipments.contract.ts';

const shipments = access.route('/shipments');

export const shipmentsEndpoints = defineEndpoints<typeof shipmentsSchemas>()({
  list: { method: 'GET', path: '/api/shipments', access: shipments, list: true },
  stats: { method: 'GET', path: '/api/shipments/stats', access: shipments },
  // The page's 'Відвантажити замовлення': at most 20 orders, the count in X-Total-Count like any list.
  shippableOrders: { method: 'GET', path: '/api/shipments/shippable-orders', access: shipments, list: true },
  /** The units of an item's stock-unit type. */
  itemUnits: { method: 'GET', path: '/api/shipments/item-units', access: shipments },
  get: { method: 'GET', path: '/api/shipments/:id', access: shipments },
  // The order the shipment ships (left out for a user who may not view orders).
  related: { method: 'GET', path: '/api/shipments/:id/related', access: shipments },
  create: { method: 'POST', path: '/api/shipments', access: shipments, status: 201 },
  update: { method: 'PATCH', path: '/api/shipments/:id', access: shipments },
  remove: { method: 'DELETE', path: '/api/shipments/:id', access: shipments },
  post: { method: 'POST', path: '/api/shipments/:id/post', access: shipments },
  cancel: { method: 'POST', path: '/api/shipments/:id/cancel', access: shipments },
  // The scanner's 'Відвантаження' mode (warehouse.md §9): one scanned code into a draft.
  scan: { method: 'POST', path: '/api/shipments/:id/scan', access: shipments },
  goodsIssueNote: { method: 'GET', path: '/api/shipments/:id/print/goods-issue-note', access: shipments },
  packingList: { method: 'GET', path: '/api/shipments/:id/print/packing-list', access: shipments },
  npPrice: { method: 'POST', path: '/api/shipments/:id/np-price', access: shipments },
  npCreateWaybill: { method: 'POST', path: '/api/shipments/:id/np-waybill', access: shipments },
  npDeleteWaybill: { method: 'DELETE', path: '/api/shipments/:id/np-waybill', access: shipments },
  npReconcile: { method: 'POST', path: '/api/shipments/:id/np-reconcile', access: shipments },
  // The waybill's label, fetched from Nova Poshta by the server (the key never reaches the browser).
  npLabel: { method: 'GET', path: '/api/shipments/:id/np-label', access: shipments },
  track: { method: 'POST', path: '/api/shipments/:id/track', access: shipments },
});
