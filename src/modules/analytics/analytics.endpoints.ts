// The endpoints of the analytics (reports-admin.md §4), named once for the server and the page. Read-only, keyed to
// the page's route (canView).
import { access, defineEndpoints } from '@/shared/endpoint.ts';
import type { analyticsSchemas } from './analytics.contract.ts';

export const analyticsEndpoints = defineEndpoints<typeof analyticsSchemas>()({
  overview: { method: 'GET', path: '/api/analytics/overview', access: access.route('/analytics') },
  trends: { method: 'GET', path: '/api/analytics/trends', access: access.route('/analytics') },
});
