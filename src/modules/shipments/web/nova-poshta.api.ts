// The calls of the Nova Poshta settings dialog and of the city and branch pickers (sales.md §3, reports-admin §15),
// typed by the nova-poshta module's contract (decision 0016).
import type {
  NpSenderOptions,
  NpSettings,
  NpSettingsInput,
  NpSettlement,
  NpWarehouse,
  NpWarehouseType,
} from '@/modules/nova-poshta/nova-poshta.contract.ts';
import { novaPoshtaEndpoints as api } from '@/modules/nova-poshta/nova-poshta.endpoints.ts';
import { callEndpoint, endpointKey } from '@/web/lib/api.ts';

export const npSettingsQueryKey = endpointKey(api.settings);
export const npSettlementsQueryKey = (search: string) => endpointKey(api.settlements, { query: { search } });
export const npWarehousesQueryKey = (cityRef: string, search: string, type: NpWarehouseType | '') =>
  endpointKey(api.warehouses, { query: { cityRef, search, type, limit: 50 } });
export const npSenderOptionsQueryKey = (counterpartyRef: string) =>
  endpointKey(api.senderOptions, { query: { counterpartyRef } });

export type { NpSettlement, NpWarehouse, NpSettings, NpSenderOptions };

export const novaPoshtaApi = {
  save: (body: NpSettingsInput) => callEndpoint(api.saveSettings, { body }),
  test: (apiKey?: string) => callEndpoint(api.test, { body: apiKey ? { apiKey } : {} }),
  refreshDirectory: () => callEndpoint(api.refreshDirectory),
};
