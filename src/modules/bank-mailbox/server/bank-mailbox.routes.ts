// /api/bank-email-test (reports-admin.md §17): 'Розібрати' (writes nothing), 'Обробити' (the real import, audited,
// 'Вже оброблено' the second time) and 'Повторити розбір' of a failed transaction. Every answer `no-store`.
import { auditContext, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import { serve } from '@/server/kernel/serve.ts';
import { bankMailboxSchemas } from '../bank-mailbox.contract.ts';
import { bankMailboxEndpoints } from '../bank-mailbox.endpoints.ts';
import { analyseBankEmail, processBankEmail, reparseBankTransaction } from './bank-email.ts';

export async function bankMailboxRoutes(app: AppInstance, deps: AppDeps): Promise<void> {
  const { db } = deps.database;
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  serve(app, bankMailboxEndpoints, bankMailboxSchemas, {
    parse: async (request) => analyseBankEmail(db, request.body.raw, request.body.parser),
    process: async (request) => processBankEmail(db, auditContext(request), request.body.raw, request.body.parser),
    reparse: async (request) =>
      reparseBankTransaction(db, auditContext(request), request.params.id, request.body?.parser ?? 'ukrsibbank'),
  });
}
