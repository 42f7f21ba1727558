// The endpoints of /api/ordered-products (production.md §10), named once for the server and the page: open order
// demand per item and the actions that turn it into MOs and supplier-order drafts. Keyed to /ordered-products: GET
// needs canView, the actions canAccess. No delete.
import { access, defineEndpoints } from '@/shared/endpoint.ts';
import type { orderedProductsSchemas } from './ordered-products.contract.ts';

const ordered = access.route('/ordered-products');

export const orderedProductsEndpoints = defineEndpoints<typeof orderedProductsSchemas>()({
  list: { method: 'GET', path: '/api/ordered-products', access: ordered, list: true },
  stats: { method: 'GET', path: '/api/ordered-products/stats', access: ordered },
  get: { method: 'GET', path: '/api/ordered-products/:itemId', access: ordered },
  reserve: { method: 'POST', path: '/api/ordered-products/:itemId/reserve', access: ordered },
  createManufacturingOrders: {
    method: 'POST',
    path: '/api/ordered-products/create-manufacturing-orders',
    access: ordered,
    status: 201,
  },
  createSupplierOrders: {
    method: 'POST',
    path: '/api/ordered-products/create-supplier-orders',
    access: ordered,
    status: 201,
  },
});
