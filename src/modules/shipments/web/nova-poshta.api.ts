// The calls of the Nova Poshta settings dialog and of the city and branch pickers (sales.md §3, reports-admin §15).
import type {
  NpRefreshResult,
  NpSenderOptions,
  NpSettings,
  NpSettingsInput,
  NpSettlement,
  NpTestResult,
  NpWarehouse,
  NpWarehouseType,
} from '@/modules/nova-poshta/nova-poshta.contract.ts';
import { apiRequest } from '@/web/lib/api.ts';

export const NP_SETTINGS_URL = '/api/integrations/nova-poshta';
export const NP_SETTLEMENTS_URL = '/api/nova-poshta/settlements';
export const NP_WAREHOUSES_URL = '/api/nova-poshta/warehouses';

export const npSettingsQueryKey = [NP_SETTINGS_URL] as const;
export const npSettlementsQueryKey = (search: string) => [NP_SETTLEMENTS_URL, { search }] as const;
export const npWarehousesQueryKey = (cityRef: string, search: string, type: NpWarehouseType | '') =>
  [NP_WAREHOUSES_URL, { cityRef, search, type, limit: 50 }] as const;
export const npSenderOptionsQueryKey = (counterpartyRef: string) =>
  [`${NP_SETTINGS_URL}/sender-options`, { counterpartyRef }] as const;

export type { NpSettlement, NpWarehouse, NpSettings, NpSenderOptions };

export const novaPoshtaApi = {
  save: (body: NpSettingsInput) => apiRequest<NpSettings>('PUT', NP_SETTINGS_URL, body),
  test: (apiKey?: string) => apiRequest<NpTestResult>('POST', `${NP_SETTINGS_URL}/test`, apiKey ? { apiKey } : {}),
  refreshDirectory: () => apiRequest<NpRefreshResult>('POST', `${NP_SETTINGS_URL}/refresh-directory`),
};
