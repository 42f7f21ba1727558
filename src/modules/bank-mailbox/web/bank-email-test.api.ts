// The calls of /bank-email-test (reports-admin.md §17), typed by the module's contract (decision 0016).
import type { BodyInput } from '@/shared/endpoint.ts';
import { callEndpoint, endpointKey } from '@/web/lib/api.ts';
import { bankMailboxEndpoints as api } from '../bank-mailbox.endpoints.ts';

export const bankEmailTestApi = {
  parse: (raw: string) => callEndpoint(api.parse, { body: { raw, parser: 'ukrsibbank' } }),
  process: (raw: string) => callEndpoint(api.process, { body: { raw, parser: 'ukrsibbank' } }),
  fetch: (limit = 10) => callEndpoint(api.fetch, { body: { limit } }),
  saveMailbox: (body: BodyInput<typeof api.saveMailbox>) => callEndpoint(api.saveMailbox, { body }),
  testMailbox: () => callEndpoint(api.testMailbox),
  pollMailbox: () => callEndpoint(api.pollMailbox),
};

export const mailboxSummaryKey = endpointKey(api.summary);
export const mailboxSettingsKey = endpointKey(api.mailbox);
