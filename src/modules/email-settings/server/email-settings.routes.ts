// /api/email-settings (reports-admin.md §13): the SMTP settings (the password write-only), the test letter sent at
// once through the outbox with the server's answer or error, and the outbox (the last 50, a failed letter retried).
// Every answer is `Cache-Control: no-store`.
import { desc, eq, sql } from 'drizzle-orm';
import { auditContext, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import { isoStamp } from '@/server/kernel/rows.ts';
import { serve } from '@/server/kernel/serve.ts';
import { DomainError } from '@/shared/api-error.ts';
import { audit } from '@/modules/system-logs/server/index.ts';
import { emailSettingsSchemas, type OutboxRow } from '../email-settings.contract.ts';
import { emailSettingsEndpoints } from '../email-settings.endpoints.ts';
import { emailSettingsMessages as m } from '../email-settings.messages.ts';
import { emailOutbox } from './email-outbox.table.ts';
import { presentSmtpSettings, saveSmtpSettings } from './smtp-settings.ts';

const present = (r: typeof emailOutbox.$inferSelect): OutboxRow => ({
  id: r.id,
  to: r.toAddress,
  subject: r.subject,
  status: r.status,
  attempts: r.attempts,
  lastError: r.lastError,
  eventKey: r.eventKey,
  createdAt: isoStamp(r.createdAt)!,
  sentAt: isoStamp(r.sentAt),
});

export async function emailSettingsRoutes(app: AppInstance, deps: AppDeps): Promise<void> {
  const { db } = deps.database;
  const { sessionSecret, smtpUrl } = deps.config;
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  async function outboxRow(id: number): Promise<OutboxRow> {
    const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    if (!row) throw new DomainError(404, m.notFound);
    return present(row);
  }

  serve(app, emailSettingsEndpoints, emailSettingsSchemas, {
    get: async () => presentSmtpSettings(db, smtpUrl),
    update: async (request) => saveSmtpSettings(db, auditContext(request), sessionSecret, smtpUrl, request.body),
    test: async (request) => {
      const to = request.body.to;
      const id = await db.transaction(async (tx) => {
        const queued = await deps.mailer.enqueue(tx, {
          to,
          subject: m.testSubject,
          text: m.testText,
          html: `<p>${m.testText}</p>`,
          eventKey: 'email.test',
        });
        await audit(tx, auditContext(request), {
          action: 'create',
          entityType: 'email_test',
          entityId: queued,
          after: { to },
        });
        return queued;
      });
      const result = await deps.mailer.deliverNow(id);
      if (result.error) return { ok: false, message: m.testFailed(result.error), outboxId: id };
      return { ok: true, message: result.sent ? m.testSent(result.answer ?? '') : m.testLogged, outboxId: id };
    },
    outbox: async () =>
      (await db.select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id)).limit(50)).map(
        present,
      ),
    retry: async (request) => {
      const id = request.params.id;
      const queued = await db.transaction(async (tx) => {
        const [row] = await tx.select().from(emailOutbox).where(eq(emailOutbox.id, id)).for('update');
        if (!row) throw new DomainError(404, m.notFound);
        if (row.status !== 'failed') throw new DomainError(409, m.notRetryable);
        await tx
          .update(emailOutbox)
          .set({ status: 'queued', nextAttemptAt: sql`now()` })
          .where(eq(emailOutbox.id, id));
        await audit(tx, auditContext(request), {
          action: 'update',
          entityType: 'email_outbox',
          entityId: id,
          after: { retry: true },
        });
        return id;
      });
      await deps.mailer.deliverNow(queued);
      return outboxRow(queued);
    },
  });
}
