// The calls of /bank-email-test (reports-admin.md §17), typed by the module's contract (decision 0016).
import { callEndpoint } from '@/web/lib/api.ts';
import { bankMailboxEndpoints as api } from '../bank-mailbox.endpoints.ts';

export const bankEmailTestApi = {
  parse: (raw: string) => callEndpoint(api.parse, { body: { raw, parser: 'ukrsibbank' } }),
  process: (raw: string) => callEndpoint(api.process, { body: { raw, parser: 'ukrsibbank' } }),
};
