// The endpoints of /api/bank-email-test (reports-admin.md §17), named once for the server and the page: parse (writes
// nothing), process (the real import, idempotent) and reparse of a failed transaction. All keyed to /bank-email-test.
import { access, defineEndpoints } from '@/shared/endpoint.ts';
import type { bankMailboxSchemas } from './bank-mailbox.contract.ts';

const page = access.route('/bank-email-test');
const integrations = access.route('/integrations');

export const bankMailboxEndpoints = defineEndpoints<typeof bankMailboxSchemas>()({
  // 'Розібрати' only reads: canView is enough.
  parse: { method: 'POST', path: '/api/bank-email-test/parse', access: access.read('/bank-email-test') },
  process: { method: 'POST', path: '/api/bank-email-test/process', access: page },
  reparse: { method: 'POST', path: '/api/bank-email-test/reparse/:id', access: page },
  // 'Отримати з поштової скриньки' reads: flags and the UID stay as they are.
  fetch: { method: 'POST', path: '/api/bank-email-test/fetch', access: access.read('/bank-email-test') },
  summary: { method: 'GET', path: '/api/bank-email-test/summary', access: page },
  // The mailbox's settings live on the integrations page (a guarded route).
  mailbox: { method: 'GET', path: '/api/integrations/bank-mailbox', access: integrations },
  saveMailbox: { method: 'PUT', path: '/api/integrations/bank-mailbox', access: integrations },
  testMailbox: { method: 'POST', path: '/api/integrations/bank-mailbox/test', access: integrations },
  pollMailbox: { method: 'POST', path: '/api/integrations/bank-mailbox/poll', access: integrations },
});
