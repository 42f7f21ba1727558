// The calls of /integrations (reports-admin.md §15), typed by the module's contract (decision 0016).
import type { Query } from '@tanstack/react-query';
import type { BodyInput, QueryInput } from '@/shared/endpoint.ts';
import { callEndpoint, endpointKey, endpointListQueryFn } from '@/web/lib/api.ts';
import { integrationsEndpoints as api } from '../integrations.endpoints.ts';
import type { WebhookSystem } from '../integrations.messages.ts';

export const INTEGRATIONS_ROUTE = '/integrations';

export const webhookSettingsQueryKey = endpointKey(api.webhookSettings);
export const webhookEventsQueryKey = (system: WebhookSystem) => endpointKey(api.webhookEvents, { query: { system } });

export type MappingListFilter = QueryInput<typeof api.mappings> & {
  page: number;
  limit: number;
  search: string;
  sort: string;
  system: WebhookSystem | 'all';
  unmapped: 'true' | 'false';
};
const mappingsHead = endpointKey(api.mappings)[0];
export const mappingListQueryKey = (filter: MappingListFilter) => endpointKey(api.mappings, { query: filter });
export const mappingListQueryFn = endpointListQueryFn(api.mappings);
export const isMappingListQuery = (query: Query) =>
  query.queryKey[0] === mappingsHead && typeof query.queryKey[1] === 'object';

export const integrationsApi = {
  saveWebhookSettings: (system: WebhookSystem, body: BodyInput<typeof api.saveWebhookSettings>) =>
    callEndpoint(api.saveWebhookSettings, { params: { system }, body }),
  updateMapping: (id: number, body: BodyInput<typeof api.updateMapping>) =>
    callEndpoint(api.updateMapping, { params: { id }, body }),
  deleteMapping: (id: number) => callEndpoint(api.deleteMapping, { params: { id } }),
};
