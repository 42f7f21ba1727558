// The endpoints of /api/integrations (reports-admin.md §15), named once for the server and the page. Everything is
// keyed to the guarded route /integrations and answered `Cache-Control: no-store`, except the inbound webhook: the
// one endpoint authenticated by the HMAC signature of its body instead of a session (access.byHandler).
import { access, defineEndpoints } from '@/shared/endpoint.ts';
import type { integrationsSchemas } from './integrations.contract.ts';

const integrations = access.route('/integrations');
/** What 1C may send a file of the exchange as. */
export const CML_BODY_TYPES = ['application/octet-stream', 'application/xml', 'text/xml', 'text/plain'] as const;

export const integrationsEndpoints = defineEndpoints<typeof integrationsSchemas>()({
  webhookSettings: { method: 'GET', path: '/api/integrations/webhooks', access: integrations },
  saveWebhookSettings: { method: 'PUT', path: '/api/integrations/webhooks/:system/settings', access: integrations },
  webhook: { method: 'POST', path: '/api/integrations/webhooks/:system', access: access.byHandler },
  commercemlGet: { method: 'GET', path: '/api/integrations/commerceml/exchange', access: access.byHandler },
  commercemlPost: {
    method: 'POST',
    path: '/api/integrations/commerceml/exchange',
    access: access.byHandler,
    bodyTypes: CML_BODY_TYPES,
    bodyLimit: 10 * 1024 * 1024 + 65_536,
  },
  webhookEvents: { method: 'GET', path: '/api/integrations/webhook-events', access: integrations },
  // The run log of one integration (integration_runs), newest first.
  runs: { method: 'GET', path: '/api/integrations/runs', access: integrations },
  mappings: { method: 'GET', path: '/api/integrations/mappings', access: integrations, list: true },
  createMapping: { method: 'POST', path: '/api/integrations/mappings', access: integrations, status: 201 },
  updateMapping: { method: 'PUT', path: '/api/integrations/mappings/:id', access: integrations },
  deleteMapping: { method: 'DELETE', path: '/api/integrations/mappings/:id', access: integrations },
});
