// The endpoints of /supplier-orders (warehouse.md §5), named once for the server and the page (decision 0016): the
// PO's CRUD, its state table, 'Отримати', its receipts and the print form — all keyed to /supplier-orders.
import { access, defineEndpoints } from '@/shared/endpoint.ts';
import type { supplierOrdersSchemas } from './supplier-orders.contract.ts';

const orders = access.route('/supplier-orders');

export const supplierOrdersEndpoints = defineEndpoints<typeof supplierOrdersSchemas>()({
  list: { method: 'GET', path: '/api/supplier-orders', access: orders, list: true },
  stats: { method: 'GET', path: '/api/supplier-orders/stats', access: orders },
  /** The receiving warehouse a new order gets for its items (the form pre-selects it; the server applies it). */
  defaultWarehouse: { method: 'GET', path: '/api/supplier-orders/default-warehouse', access: orders },
  /** A line's suggested price: the supplier's last purchase price of the item, else anyone's. */
  priceSuggestion: { method: 'GET', path: '/api/supplier-orders/price-suggestion', access: orders },
  /** The units a line of an item may be entered in. */
  itemUnits: { method: 'GET', path: '/api/supplier-orders/item-units', access: orders },
  get: { method: 'GET', path: '/api/supplier-orders/:id', access: orders },
  receipts: { method: 'GET', path: '/api/supplier-orders/:id/receipts', access: orders },
  print: { method: 'GET', path: '/api/supplier-orders/:id/print/order', access: orders },
  create: { method: 'POST', path: '/api/supplier-orders', access: orders, status: 201 },
  update: { method: 'PATCH', path: '/api/supplier-orders/:id', access: orders },
  // 204 without a body.
  remove: { method: 'DELETE', path: '/api/supplier-orders/:id', access: orders },
  send: { method: 'POST', path: '/api/supplier-orders/:id/send', access: orders },
  returnToDraft: { method: 'POST', path: '/api/supplier-orders/:id/return-to-draft', access: orders },
  confirm: { method: 'POST', path: '/api/supplier-orders/:id/confirm', access: orders },
  close: { method: 'POST', path: '/api/supplier-orders/:id/close', access: orders },
  cancel: { method: 'POST', path: '/api/supplier-orders/:id/cancel', access: orders },
  receive: { method: 'POST', path: '/api/supplier-orders/:id/receive', access: orders, status: 201 },
});
