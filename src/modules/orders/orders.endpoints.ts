// The endpoints of /orders (sales.md §1 API), named once for the server and the pages (decision 0016): the list with
// its totals and stat cards, one order, its CRUD, the state-table actions, its payments, shipments and history, the
// two print forms, 'Надіслати рахунок', the order settings and the form's helpers — all keyed to /orders.
import { access, defineEndpoints } from '@/shared/endpoint.ts';
import type { ordersSchemas } from './orders.contract.ts';

const orders = access.route('/orders');

export const ordersEndpoints = defineEndpoints<typeof ordersSchemas>()({
  list: { method: 'GET', path: '/api/orders', access: orders, list: true },
  totals: { method: 'GET', path: '/api/orders/totals', access: orders },
  stats: { method: 'GET', path: '/api/orders/stats', access: orders },
  settings: { method: 'GET', path: '/api/orders/settings', access: orders },
  updateSettings: { method: 'PATCH', path: '/api/orders/settings', access: orders },
  clientContext: { method: 'GET', path: '/api/orders/clients/:clientId', access: orders },
  /** The units a line of an item may be entered in. */
  itemUnits: { method: 'GET', path: '/api/orders/item-units', access: orders },
  get: { method: 'GET', path: '/api/orders/:id', access: orders },
  payments: { method: 'GET', path: '/api/orders/:id/payments', access: orders },
  shipments: { method: 'GET', path: '/api/orders/:id/shipments', access: orders },
  history: { method: 'GET', path: '/api/orders/:id/history', access: orders },
  // The invoice, payments, shipments and manufacturing orders of the order, each group only for who may view it.
  related: { method: 'GET', path: '/api/orders/:id/related', access: orders },
  // The MOs linked to the order's lines with their states, for the confirmations of return to draft, cancel and
  // revoking the production approval (readable without rights on /manufacturing: only numbers, states, items).
  manufacturingOrders: { method: 'GET', path: '/api/orders/:id/manufacturing-orders', access: orders },
  printInvoice: { method: 'GET', path: '/api/orders/:id/print/invoice', access: orders },
  printDepartments: { method: 'GET', path: '/api/orders/:id/print/departments', access: orders },
  create: { method: 'POST', path: '/api/orders', access: orders, status: 201 },
  update: { method: 'PATCH', path: '/api/orders/:id', access: orders },
  // Answers 204 with no body.
  remove: { method: 'DELETE', path: '/api/orders/:id', access: orders },
  confirm: { method: 'POST', path: '/api/orders/:id/confirm', access: orders },
  returnToDraft: { method: 'POST', path: '/api/orders/:id/return-to-draft', access: orders },
  close: { method: 'POST', path: '/api/orders/:id/close', access: orders },
  cancel: { method: 'POST', path: '/api/orders/:id/cancel', access: orders },
  reserve: { method: 'POST', path: '/api/orders/:id/reserve', access: orders },
  unreserve: { method: 'POST', path: '/api/orders/:id/unreserve', access: orders },
  productionApproval: { method: 'POST', path: '/api/orders/:id/production-approval', access: orders },
  copy: { method: 'POST', path: '/api/orders/:id/copy', access: orders, status: 201 },
  sendInvoice: { method: 'POST', path: '/api/orders/:id/send-invoice', access: orders },
});
