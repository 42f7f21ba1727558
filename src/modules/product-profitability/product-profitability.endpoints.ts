// The endpoints of /product-profitability (reports-admin.md §7), named once for the server and the page. Read-only,
// keyed to the page's route (canView). The list answers JSON, or with ?format=csv|xlsx its table as a download.
import { access, defineEndpoints } from '@/shared/endpoint.ts';
import type { productProfitabilitySchemas } from './product-profitability.contract.ts';

const route = access.route('/product-profitability');

export const productProfitabilityEndpoints = defineEndpoints<typeof productProfitabilitySchemas>()({
  list: { method: 'GET', path: '/api/product-profitability', access: route },
  top: { method: 'GET', path: '/api/product-profitability/top', access: route },
  trend: { method: 'GET', path: '/api/product-profitability/:itemId/trend', access: route },
});
