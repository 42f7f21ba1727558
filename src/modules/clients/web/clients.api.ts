// The calls of a client's own pages (reference-data.md §13a, §13b), typed by the contract.
import type { z } from '@/shared/zod-uk.ts';
import type {
  DeliveryPreset,
  NpSettings,
  npSettingsBodySchema,
  npTestSchema,
  presetCreateSchema,
  presetUpdateSchema,
} from '@/modules/clients/clients.contract.ts';
import { apiRequest } from '@/web/lib/api.ts';

export type PresetCreateBody = z.output<typeof presetCreateSchema>;
export type PresetUpdateBody = z.input<typeof presetUpdateSchema>;
export type NpSettingsBody = z.input<typeof npSettingsBodySchema>;
export type NpTestResult = z.infer<typeof npTestSchema>;

/** The client record (GET /api/clients/:id, the declared resource's item). */
export interface ClientRecord {
  id: number;
  name: string;
  [field: string]: unknown;
}

export const clientQueryKey = (clientId: number) => ['/api/clients', clientId] as const;
export const presetsQueryKey = (clientId: number) => [`/api/clients/${clientId}/delivery-settings`] as const;
export const npSettingsQueryKey = (clientId: number) => [`/api/clients/${clientId}/nova-poshta-settings`] as const;

export const clientsApi = {
  createPreset: (clientId: number, body: PresetCreateBody) =>
    apiRequest<DeliveryPreset>('POST', `/api/clients/${clientId}/delivery-settings`, body),
  updatePreset: (clientId: number, presetId: number, body: PresetUpdateBody) =>
    apiRequest<DeliveryPreset>('PATCH', `/api/clients/${clientId}/delivery-settings/${presetId}`, body),
  makePrimary: (clientId: number, presetId: number) =>
    apiRequest<DeliveryPreset>('POST', `/api/clients/${clientId}/delivery-settings/${presetId}/make-primary`),
  removePreset: (clientId: number, presetId: number) =>
    apiRequest<unknown>('DELETE', `/api/clients/${clientId}/delivery-settings/${presetId}`),
  putNpSettings: (clientId: number, body: NpSettingsBody) =>
    apiRequest<NpSettings>('PUT', `/api/clients/${clientId}/nova-poshta-settings`, body),
  testNpKey: (clientId: number) =>
    apiRequest<NpTestResult>('POST', `/api/clients/${clientId}/nova-poshta-settings/test`),
  removeNpKey: (clientId: number) =>
    apiRequest<NpSettings & { message: string }>('DELETE', `/api/clients/${clientId}/nova-poshta-settings/api-key`),
};
