// The endpoints of /orders (sales.md §1), named once for the server and the pages (decision 0016).
import { access, defineEndpoints } from '@/shared/endpoint.ts';
import type { ordersSchemas } from './orders.contract.ts';

const orders = access.route('/orders');

export const ordersEndpoints = defineEndpoints<typeof ordersSchemas>()({
  get: { method: 'GET', path: '/api/orders/:id', access: orders },
});
