// The calls of /email-settings (reports-admin.md §13), typed by the module's contract (decision 0016).
import type { BodyInput } from '@/shared/endpoint.ts';
import { callEndpoint, endpointKey } from '@/web/lib/api.ts';
import { emailSettingsEndpoints as api } from '../email-settings.endpoints.ts';

export const EMAIL_SETTINGS_ROUTE = '/email-settings';
export const emailSettingsKey = endpointKey(api.get);
export const outboxKey = endpointKey(api.outbox);

export const emailSettingsApi = {
  save: (body: BodyInput<typeof api.update>) => callEndpoint(api.update, { body }),
  test: (to: string) => callEndpoint(api.test, { body: { to } }),
  retry: (id: number) => callEndpoint(api.retry, { params: { id } }),
};
