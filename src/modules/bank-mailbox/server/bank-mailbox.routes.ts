// /api/bank-email-test (reports-admin.md §17): 'Розібрати' (writes nothing), 'Обробити' (the real import, audited,
// 'Вже оброблено' the second time) and 'Повторити розбір' of a failed transaction. Every answer `no-store`.
import { auditContext, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import { serve } from '@/server/kernel/serve.ts';
import { DomainError } from '@/shared/api-error.ts';
import { bankMailboxSchemas } from '../bank-mailbox.contract.ts';
import { bankMailboxEndpoints } from '../bank-mailbox.endpoints.ts';
import { bankMailboxMessages as m } from '../bank-mailbox.messages.ts';
import { analyseBankEmail, processBankEmail, reparseBankTransaction } from './bank-email.ts';
import { peekMailbox, pollMailbox, presentMailbox, readMailbox, saveMailbox, testMailbox } from './mailbox.ts';

export async function bankMailboxRoutes(app: AppInstance, deps: AppDeps): Promise<void> {
  const { db } = deps.database;
  const secret = deps.config.sessionSecret;
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  serve(app, bankMailboxEndpoints, bankMailboxSchemas, {
    parse: async (request) => analyseBankEmail(db, request.body.raw, request.body.parser),
    process: async (request) => processBankEmail(db, auditContext(request), request.body.raw, request.body.parser),
    mailbox: async () => presentMailbox(db),
    saveMailbox: async (request) => saveMailbox(db, auditContext(request), secret, request.body),
    testMailbox: async () => testMailbox(db, secret),
    pollMailbox: async () => {
      try {
        const { processed } = await pollMailbox(db, secret, 'manual');
        return { ok: true, message: m.polled(processed) };
      } catch (error) {
        // The mail server's refusal is an answer to show, as 'Перевірити з'єднання' shows it.
        if (error instanceof DomainError && error.status === 502) return { ok: false, message: error.message };
        throw error;
      }
    },
    fetch: async (request) => {
      const raws = await peekMailbox(db, secret, request.body?.limit ?? 10);
      const parser = (await readMailbox(db)).parser;
      return Promise.all(raws.map((raw) => analyseBankEmail(db, raw, parser)));
    },
    summary: async () => presentMailbox(db),
    reparse: async (request) =>
      reparseBankTransaction(db, auditContext(request), request.params.id, request.body?.parser ?? 'ukrsibbank'),
  });
}
