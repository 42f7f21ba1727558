// What every module's server code is handed, as plain types: who acts (for the audit log and the rights), and the
// mail queue. The kernel defines them so that it depends on no feature module; the auth, system-logs and
// email-settings modules implement them.
import type { CurrentUser } from '@/shared/current-user.ts';
import type { DbOrTx } from './db.ts';

export type { CurrentUser };

/** Who acts and from where; built once per request. */
export interface AuditContext {
  userId: number | null;
  actor?: string | null;
  ip?: string | null;
  requestId?: string | null;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  eventKey?: string;
  /** Files to send with the message (kept in the outbox until it is sent). */
  attachments?: ReadonlyArray<{ fileName: string; contentType: string; data: Buffer }>;
}

/** The outbox (email-settings module): a message is queued in the caller's transaction and sent after it. */
export interface Mailer {
  enqueue(tx: DbOrTx, message: MailMessage): Promise<number>;
  /** Tries one queued message now (used right after commit for password-reset mail). */
  deliver(id: number): Promise<void>;
  /**
   * Sends one queued message now, once (no retries: a failure marks it failed, to be retried by hand), and answers
   * the SMTP server's reply or its error; `sent` false and no error when it was only logged.
   */
  deliverNow(id: number): Promise<{ sent: boolean; answer: string | null; error: string | null }>;
  /** Sends every queued message whose time has come. */
  processDue(): Promise<number>;
  start(intervalMs?: number): void;
  stop(): Promise<void>;
}
