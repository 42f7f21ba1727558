// The calls of /email-notifications (reports-admin.md §14), typed by the module's contract (decision 0016).
import type { BodyInput } from '@/shared/endpoint.ts';
import { callEndpoint, endpointKey } from '@/web/lib/api.ts';
import type { EmailEventKey } from '../email-notifications.messages.ts';
import { emailNotificationsEndpoints as api } from '../email-notifications.endpoints.ts';

export const EMAIL_NOTIFICATIONS_ROUTE = '/email-notifications';
export const emailRulesKey = endpointKey(api.list);
export const recipientOptionsKey = endpointKey(api.recipientOptions);

export const emailNotificationsApi = {
  save: (eventKey: EmailEventKey, body: BodyInput<typeof api.update>) =>
    callEndpoint(api.update, { params: { eventKey }, body }),
  preview: (eventKey: EmailEventKey, body: BodyInput<typeof api.preview>) =>
    callEndpoint(api.preview, { params: { eventKey }, body }),
  test: (eventKey: EmailEventKey, to: string) => callEndpoint(api.test, { params: { eventKey }, body: { to } }),
};
