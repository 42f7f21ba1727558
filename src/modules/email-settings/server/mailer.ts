// Every e-mail goes through the outbox table: queued in the caller's transaction, sent by nodemailer, retried with
// back-off (1, 5, 30 min) and then marked failed with its error kept. The transport is chosen at each send
// (reports-admin.md §13): the SMTP settings of /email-settings when active, else SMTP_URL, else the log only — the
// message, link included, is written to the log and marked 'logged' (not sent).
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db, DbOrTx } from '@/server/kernel/db.ts';
import { notify } from '@/modules/notifications/server/index.ts';
import { emailSettingsMessages as m } from '../email-settings.messages.ts';
import { emailOutbox, emailOutboxAttachments } from './email-outbox.table.ts';
import { fromOf, readSmtpSettings, smtpTransportOptions, smtpUsable } from './smtp-settings.ts';
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

/** Queues a message in the caller's transaction (what `Mailer.enqueue` does); the worker sends it after commit. */
export async function enqueueMail(tx: DbOrTx, message: MailMessage): Promise<number> {
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
}

export function createMailer(opts: {
  db: Db;
  smtpUrl: string | null;
  from: string;
  log: MailLogger;
  /** The app key that opens the stored SMTP password; without it only SMTP_URL is used. */
  appSecret?: string;
}): Mailer {
  const { db, smtpUrl, from, log, appSecret } = opts;
  const envTransport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  let fromSettings: { key: string; transport: Transporter; from: string; replyTo: string | null } | null = null;

  /** The transport of this send: the active settings (kept while they do not change), SMTP_URL, or none. */
  async function transportNow(): Promise<{ transport: Transporter; from: string; replyTo: string | null } | null> {
    if (appSecret) {
      const s = await readSmtpSettings(db);
      if (smtpUsable(s)) {
        const key = JSON.stringify(s);
        if (fromSettings?.key !== key) {
          fromSettings?.transport.close();
          fromSettings = {
            key,
            transport: nodemailer.createTransport(smtpTransportOptions(s, appSecret)),
            from: fromOf(s),
            replyTo: s.replyTo,
          };
        }
        return fromSettings;
      }
    }
    return envTransport ? { transport: envTransport, from, replyTo: null } : null;
  }
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

  /** Sends one leased row; answers the SMTP server's reply, or null when it was only logged. `once`: no retries. */
  async function send(row: typeof emailOutbox.$inferSelect, once = false): Promise<string | null> {
    const current = await transportNow();
    if (!current) {
      log.info(
        { mailId: row.id, to: row.toAddress, subject: row.subject, text: row.text },
        'SMTP_URL не задано: лист записано в журнал і не надіслано',
      );
      await db.update(emailOutbox).set({ status: 'logged', nextAttemptAt: null }).where(eq(emailOutbox.id, row.id));
      return null;
    }
    try {
      const files = await db
        .select()
        .from(emailOutboxAttachments)
        .where(eq(emailOutboxAttachments.outboxId, row.id))
        .orderBy(emailOutboxAttachments.id);
      const info = (await current.transport.sendMail({
        from: current.from,
        ...(current.replyTo ? { replyTo: current.replyTo } : {}),
        to: row.toAddress,
        subject: row.subject,
        text: row.text,
        html: row.html,
        attachments: files.map((f) => ({ filename: f.fileName, contentType: f.contentType, content: f.data })),
      })) as { response?: string };
      await db
        .update(emailOutbox)
        .set({ status: 'sent', sentAt: new Date(), attempts: row.attempts + 1, lastError: null, nextAttemptAt: null })
        .where(eq(emailOutbox.id, row.id));
      return info.response ?? '';
    } catch (err) {
      const attempts = row.attempts + 1;
      const delay = once ? undefined : RETRY_DELAYS_MIN[attempts - 1];
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
      // The last automatic try failed: the letter will not go by itself — the people of /email-settings are told.
      if (delay === undefined && !once) {
        await notify(db, {
          type: 'error',
          priority: 'high',
          title: m.failedTitle,
          message: m.failedMessage(row.subject, row.toAddress, error),
          actionRequired: true,
          actionUrl: '/email-settings',
          route: '/email-settings',
          dedupeKey: `email-failed:${row.id}`,
        }).catch((e: unknown) => log.warn({ mailId: row.id, err: String(e) }, 'Не вдалося створити сповіщення'));
      }
      throw err;
    }
  }

  async function runExclusive<T>(fn: () => Promise<T>): Promise<T> {
    const next = running.then(fn, fn);
    running = next.catch(() => {});
    return next;
  }

  return {
    enqueue: enqueueMail,
    deliver(id) {
      return runExclusive(async () => {
        const rows = await claim(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'queued')));
        for (const row of rows) await send(row).catch(() => null);
      });
    },
    deliverNow(id) {
      return runExclusive(async () => {
        const [row] = await claim(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'queued')));
        if (!row) return { sent: false, answer: null, error: null };
        try {
          const answer = await send(row, true);
          return { sent: answer !== null, answer, error: null };
        } catch (err) {
          return { sent: false, answer: null, error: err instanceof Error ? err.message : String(err) };
        }
      });
    },
    processDue() {
      return runExclusive(async () => {
        const rows = await claim(and(eq(emailOutbox.status, 'queued'), lte(emailOutbox.nextAttemptAt, sql`now()`)));
        for (const row of rows) await send(row).catch(() => null);
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
      envTransport?.close();
      fromSettings?.transport.close();
    },
  };
}
