// The endpoints of /sales-analytics and /sales-analytics-products (reports-admin.md §5, §6), named once for the
// server and the pages. Read-only, each keyed to its page's route (canView); the per-item list also downloads.
import { access, defineEndpoints } from '@/shared/endpoint.ts';
import type { salesAnalyticsSchemas } from './sales-analytics.contract.ts';

const sales = access.route('/sales-analytics');
const products = access.route('/sales-analytics-products');

export const salesAnalyticsEndpoints = defineEndpoints<typeof salesAnalyticsSchemas>()({
  summary: { method: 'GET', path: '/api/sales-analytics/summary', access: sales },
  byPeriod: { method: 'GET', path: '/api/sales-analytics/by-period', access: sales },
  byClient: { method: 'GET', path: '/api/sales-analytics/by-client', access: sales },
  byCategory: { method: 'GET', path: '/api/sales-analytics/by-category', access: sales },
  byManager: { method: 'GET', path: '/api/sales-analytics/by-manager', access: sales },
  abcClients: { method: 'GET', path: '/api/sales-analytics/abc-clients', access: sales },
  products: { method: 'GET', path: '/api/sales-analytics-products', access: products },
  productTrend: { method: 'GET', path: '/api/sales-analytics-products/:itemId/trend', access: products },
});
