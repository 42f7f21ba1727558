// The endpoints of /components-analysis (reports-admin.md §8), named once for the server and the page. Read-only,
// keyed to the page's route (canView). The list answers JSON, or with ?format=csv|xlsx its table as a download.
import { access, defineEndpoints } from '@/shared/endpoint.ts';
import type { componentsAnalysisSchemas } from './components-analysis.contract.ts';

const route = access.route('/components-analysis');

export const componentsAnalysisEndpoints = defineEndpoints<typeof componentsAnalysisSchemas>()({
  list: { method: 'GET', path: '/api/components-analysis', access: route },
  detail: { method: 'GET', path: '/api/components-analysis/:itemId', access: route },
});
