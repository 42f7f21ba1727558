// The endpoints of /api/production-analytics (production.md §14), named once for the server and the page. Each
// answers JSON, or the same table as CSV or XLSX with ?format=. Keyed to /production-analytics.
import { access, defineEndpoints } from '@/shared/endpoint.ts';
import type { productionAnalyticsSchemas } from './production-analytics.contract.ts';

const analytics = access.route('/production-analytics');

export const productionAnalyticsEndpoints = defineEndpoints<typeof productionAnalyticsSchemas>()({
  workers: { method: 'GET', path: '/api/production-analytics/workers', access: analytics },
  departments: { method: 'GET', path: '/api/production-analytics/departments', access: analytics },
  operations: { method: 'GET', path: '/api/production-analytics/operations', access: analytics },
  pauses: { method: 'GET', path: '/api/production-analytics/pauses', access: analytics },
});
