// The endpoints of the BAS / 1C HTTP-service pull's card on /integrations (reports-admin.md §15), named once for the
// server and the page; keyed to the guarded route /integrations.
import { access, defineEndpoints } from '@/shared/endpoint.ts';
import type { basPullSchemas } from './bas-pull.contract.ts';

const integrations = access.route('/integrations');

export const basPullEndpoints = defineEndpoints<typeof basPullSchemas>()({
  basPull: { method: 'GET', path: '/api/integrations/bas-pull', access: integrations },
  saveBasPull: { method: 'PUT', path: '/api/integrations/bas-pull', access: integrations },
  testBasPull: { method: 'POST', path: '/api/integrations/bas-pull/test', access: integrations },
  runBasPull: { method: 'POST', path: '/api/integrations/bas-pull/run', access: integrations },
});
