// The endpoints of the advanced reports (reports-admin.md §3), named once for the server and the page. Read-only,
// keyed to /advanced-reports; a report also needs view rights on the routes its data belongs to (checked per report).
import { access, defineEndpoints } from '@/shared/endpoint.ts';
import type { advancedReportsSchemas } from './advanced-reports.contract.ts';

export const advancedReportsEndpoints = defineEndpoints<typeof advancedReportsSchemas>()({
  catalogue: { method: 'GET', path: '/api/advanced-reports', access: access.route('/advanced-reports') },
  report: { method: 'GET', path: '/api/advanced-reports/:key', access: access.route('/advanced-reports') },
});
