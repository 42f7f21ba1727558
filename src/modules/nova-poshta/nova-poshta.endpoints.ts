// The endpoints of Nova Poshta (sales.md §3, reports-admin.md §15), named once for the server and the pages
// (decision 0016): our settings, the key test, the sender's own lists and the directory refresh keyed to /integrations
// (every answer `Cache-Control: no-store`, the key never in one), and the directory searches of the city and branch
// pickers for any signed-in user (README §9).
import { access, defineEndpoints } from '@/shared/endpoint.ts';
import type { novaPoshtaSchemas } from './nova-poshta.contract.ts';

const integrations = access.route('/integrations');

export const novaPoshtaEndpoints = defineEndpoints<typeof novaPoshtaSchemas>()({
  settings: { method: 'GET', path: '/api/integrations/nova-poshta', access: integrations },
  saveSettings: { method: 'PUT', path: '/api/integrations/nova-poshta', access: integrations },
  test: { method: 'POST', path: '/api/integrations/nova-poshta/test', access: integrations },
  senderOptions: { method: 'GET', path: '/api/integrations/nova-poshta/sender-options', access: integrations },
  refreshDirectory: { method: 'POST', path: '/api/integrations/nova-poshta/refresh-directory', access: integrations },
  // The directory cache, never the service itself; a page of at most `limit` rows.
  settlements: { method: 'GET', path: '/api/nova-poshta/settlements', access: access.session, list: true },
  warehouses: { method: 'GET', path: '/api/nova-poshta/warehouses', access: access.session, list: true },
});
