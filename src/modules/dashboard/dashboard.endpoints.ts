// The endpoint of /dashboard (spec §7, reports-admin.md §1), named once for the server and the page (decision 0016).
import { access, defineEndpoints } from '@/shared/endpoint.ts';
import type { dashboardSchemas } from './dashboard.contract.ts';

export const dashboardEndpoints = defineEndpoints<typeof dashboardSchemas>()({
  stats: { method: 'GET', path: '/api/dashboard/stats', access: access.route('/dashboard') },
});
