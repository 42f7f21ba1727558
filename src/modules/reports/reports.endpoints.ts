// The endpoints of the reports (reports-admin.md §2), named once for the server and the pages. Read-only, keyed to
// each report's route (canView). Each answers JSON, or with ?format=csv|xlsx its table as a download.
import { access, defineEndpoints } from '@/shared/endpoint.ts';
import type { reportsSchemas } from './reports.contract.ts';

export const reportsEndpoints = defineEndpoints<typeof reportsSchemas>()({
  profitability: { method: 'GET', path: '/api/reports/profitability', access: access.route('/reports') },
});
