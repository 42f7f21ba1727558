// The endpoints of /api/bank-email-test (reports-admin.md §17), named once for the server and the page: parse (writes
// nothing), process (the real import, idempotent) and reparse of a failed transaction. All keyed to /bank-email-test.
import { access, defineEndpoints } from '@/shared/endpoint.ts';
import type { bankMailboxSchemas } from './bank-mailbox.contract.ts';

const page = access.route('/bank-email-test');

export const bankMailboxEndpoints = defineEndpoints<typeof bankMailboxSchemas>()({
  // 'Розібрати' only reads: canView is enough.
  parse: { method: 'POST', path: '/api/bank-email-test/parse', access: access.read('/bank-email-test') },
  process: { method: 'POST', path: '/api/bank-email-test/process', access: page },
  reparse: { method: 'POST', path: '/api/bank-email-test/reparse/:id', access: page },
});
