// Every e-mail goes through the outbox table: queued in the caller's transaction, sent by nodemailer
// to SMTP_URL, retried with back-off (1, 5, 30 min) and then marked failed with its error kept.
// Without SMTP_URL the message, link included, is written to the log and marked 'logged' (not sent).
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '@/server/kernel/db.ts';
import { emailOutbox, emailOutboxAttachments } from './email-outbox.table.ts';
import type { Mailer, MailMessage } from '@/server/kernel/context.ts';

export type { Mailer, MailMessage };

export interface MailLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Minutes to wait before retry 1, 2 and 3; after the last one the message is failed. */
export const RETRY_DELAYS_MIN = [1, 5, 30] as const;
const LEASE_MINUTES = 10;

export function createMailer(opts: { db: Db; smtpUrl: string | null; from: string; log: MailLogger }): Mailer {
  const { db, smtpUrl, from, log } = opts;
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();

  async function claim(where: ReturnType<typeof and>) {
    // Lease the rows so a second worker (another process) does not send them too.
    return db
      .update(emailOutbox)
      .set({ nextAttemptAt: sql`now() + make_interval(mins => ${LEASE_MINUTES})` })
      .where(
        inArray(
          emailOutbox.id,
          db
            .select({ id: emailOutbox.id })
            .from(emailOutbox)
            .where(where)
            .limit(20)
            .for('update', { skipLocked: true }),
        ),
      )
      .returning();
  }

  async function send(row: typeof emailOutbox.$inferSelect) {
    if (!transport) {
      log.info(
        { mailId: row.id, to: row.toAddress, subject: row.subject, text: row.text },
        'SMTP_URL не задано: лист записано в журнал і не надіслано',
      );
      await db.update(emailOutbox).set({ status: 'logged', nextAttemptAt: null }).where(eq(emailOutbox.id, row.id));
      return;
    }
    try {
      const files = await db
        .select()
        .from(emailOutboxAttachments)
        .where(eq(emailOutboxAttachments.outboxId, row.id))
        .orderBy(emailOutboxAttachments.id);
      await transport.sendMail({
        from,
        to: row.toAddress,
        subject: row.subject,
        text: row.text,
        html: row.html,
        attachments: files.map((f) => ({ filename: f.fileName, contentType: f.contentType, content: f.data })),
      });
      await db
        .update(emailOutbox)
        .set({ status: 'sent', sentAt: new Date(), attempts: row.attempts + 1, lastError: null, nextAttemptAt: null })
        .where(eq(emailOutbox.id, row.id));
    } catch (err) {
      const attempts = row.attempts + 1;
      const delay = RETRY_DELAYS_MIN[attempts - 1];
      const error = err instanceof Error ? err.message : String(err);
      log.warn({ mailId: row.id, attempts, err: error }, 'Не вдалося надіслати лист');
      await db
        .update(emailOutbox)
        .set(
          delay === undefined
            ? { status: 'failed', attempts, lastError: error, nextAttemptAt: null }
            : { attempts, lastError: error, nextAttemptAt: sql`now() + make_interval(mins => ${delay})` },
        )
        .where(eq(emailOutbox.id, row.id));
    }
  }

  async function runExclusive<T>(fn: () => Promise<T>): Promise<T> {
    const next = running.then(fn, fn);
    running = next.catch(() => {});
    return next;
  }

  return {
    async enqueue(tx, message) {
      const [row] = await tx
        .insert(emailOutbox)
        .values({
          toAddress: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          eventKey: message.eventKey ?? null,
          status: 'queued',
          nextAttemptAt: sql`now()`,
        })
        .returning({ id: emailOutbox.id });
      if (message.attachments?.length) {
        await tx.insert(emailOutboxAttachments).values(message.attachments.map((a) => ({ outboxId: row!.id, ...a })));
      }
      return row!.id;
    },
    deliver(id) {
      return runExclusive(async () => {
        const rows = await claim(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'queued')));
        for (const row of rows) await send(row);
      });
    },
    processDue() {
      return runExclusive(async () => {
        const rows = await claim(and(eq(emailOutbox.status, 'queued'), lte(emailOutbox.nextAttemptAt, sql`now()`)));
        for (const row of rows) await send(row);
        return rows.length;
      });
    },
    start(intervalMs = 15_000) {
      timer ??= setInterval(() => {
        this.processDue().catch((err: unknown) => log.error({ err }, 'Помилка обробки черги листів'));
      }, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
      transport?.close();
    },
  };
}
