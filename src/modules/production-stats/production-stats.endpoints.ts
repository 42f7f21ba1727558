// The endpoints of /api/production-stats (production.md §13), named once for the server and the page. Read-only,
// keyed to /production-stats (canView). Each answers JSON, or with ?format=csv|xlsx the same rows as a download.
import { access, defineEndpoints } from '@/shared/endpoint.ts';
import type { productionStatsSchemas } from './production-stats.contract.ts';

const stats = access.route('/production-stats');

export const productionStatsEndpoints = defineEndpoints<typeof productionStatsSchemas>()({
  summary: { method: 'GET', path: '/api/production-stats/summary', access: stats },
  byPeriod: { method: 'GET', path: '/api/production-stats/by-period', access: stats },
  byCategory: { method: 'GET', path: '/api/production-stats/by-category', access: stats },
  byItem: { method: 'GET', path: '/api/production-stats/by-item', access: stats },
  byDepartment: { method: 'GET', path: '/api/production-stats/by-department', access: stats },
});
