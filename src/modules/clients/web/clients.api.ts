// The calls of a client's own pages (reference-data.md §13a, §13b), typed by the contract and named by the module's
// endpoints (decision 0016).
import type { BodyInput, ResponseOf } from '@/shared/endpoint.ts';
import { clientsResource } from '@/resources/counterparties/counterparties.resource.ts';
import { resourceBase } from '@/resources/_engine/web/resource-api.ts';
import { callEndpoint, endpointKey } from '@/web/lib/api.ts';
import { clientsEndpoints as api } from '../clients.endpoints.ts';

export type PresetCreateBody = BodyInput<typeof api.createPreset>;
export type PresetUpdateBody = BodyInput<typeof api.updatePreset>;
export type NpSettingsBody = BodyInput<typeof api.putNpSettings>;
export type NpTestResult = ResponseOf<typeof api.testNpKey>;

/** The client record (GET of the declared resource's item). */
export interface ClientRecord {
  id: number;
  name: string;
  [field: string]: unknown;
}

/** The declared resource's item: the same key as its list page's, so an edit there refreshes this page too. */
export const clientQueryKey = (clientId: number) => [resourceBase(clientsResource), clientId] as const;
export const presetsQueryKey = (clientId: number) => endpointKey(api.presets, { params: { id: clientId } });
export const npSettingsQueryKey = (clientId: number) => endpointKey(api.npSettings, { params: { id: clientId } });

export const clientsApi = {
  createPreset: (clientId: number, body: PresetCreateBody) =>
    callEndpoint(api.createPreset, { params: { id: clientId }, body }),
  updatePreset: (clientId: number, presetId: number, body: PresetUpdateBody) =>
    callEndpoint(api.updatePreset, { params: { id: clientId, presetId }, body }),
  makePrimary: (clientId: number, presetId: number) =>
    callEndpoint(api.makePrimary, { params: { id: clientId, presetId } }),
  removePreset: (clientId: number, presetId: number) =>
    callEndpoint(api.removePreset, { params: { id: clientId, presetId } }),
  putNpSettings: (clientId: number, body: NpSettingsBody) =>
    callEndpoint(api.putNpSettings, { params: { id: clientId }, body }),
  testNpKey: (clientId: number) => callEndpoint(api.testNpKey, { params: { id: clientId } }),
  removeNpKey: (clientId: number) => callEndpoint(api.removeNpKey, { params: { id: clientId } }),
};
