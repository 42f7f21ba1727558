// The bank mailbox (sales.md §2 'Mailbox job', reports-admin.md §15 'Bank mailbox'): IMAP settings in one `settings`
// row (the password sealed with the app key, never answered), the last processed UID per folder with the folder's
// UIDVALIDITY, and the poll — messages above the last UID from the allowed senders, each through the same pipeline as
// 'Обробити', the UID advanced after each. It never sets flags or deletes mail (BODY.PEEK), and does not rely on
// \Seen. 'Отримати з поштової скриньки' peeks at the latest letters without moving the UID.
import { eq } from 'drizzle-orm';
import { ImapFlow } from 'imapflow';
import type { Db, DbOrTx } from '@/server/kernel/db.ts';
import { settings } from '@/server/kernel/platform.table.ts';
import { recentRuns } from '@/server/kernel/integration-runs.ts';
import { afterIntegrationRun } from '@/modules/email-notifications/server/index.ts';
import { openSecret, sealSecret } from '@/server/kernel/secrets.ts';
import { DomainError } from '@/shared/api-error.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import type { z } from '@/shared/zod-uk.ts';
import type { MailboxSettings, mailboxSettingsBodySchema } from '../bank-mailbox.contract.ts';
import { bankMailboxMessages as m } from '../bank-mailbox.messages.ts';
import { processBankEmail } from './bank-email.ts';
import type { BankParserName } from './parsers/index.ts';

export const MAILBOX_SETTINGS_KEY = 'integrations.bankMailbox';
export const MAILBOX_STATE_KEY = 'integrations.bankMailbox.state';

export interface StoredMailbox {
  enabled: boolean;
  host: string | null;
  port: number;
  tls: boolean;
  username: string | null;
  passwordSealed: string | null;
  folder: string;
  allowedSenders: string[];
  parser: BankParserName;
  pollMinutes: number;
}

export interface MailboxState {
  folders: Record<string, { uidValidity: string; lastUid: number }>;
  lastPollAt: string | null;
  lastError: string | null;
}

const defaults: StoredMailbox = {
  enabled: false,
  host: null,
  port: 993,
  tls: true,
  username: null,
  passwordSealed: null,
  folder: 'INBOX',
  allowedSenders: [],
  parser: 'ukrsibbank',
  pollMinutes: 5,
};

async function readRow<T>(db: DbOrTx, key: string, lock = false): Promise<Partial<T>> {
  const query = db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  const [row] = lock ? await query.for('update') : await query;
  return (row?.value ?? {}) as Partial<T>;
}
async function writeRow(db: DbOrTx, key: string, value: object, userId: number | null = null) {
  await db
    .insert(settings)
    .values({ key, value, updatedBy: userId })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedBy: userId } });
}

export const readMailbox = async (db: DbOrTx, lock = false): Promise<StoredMailbox> => ({
  ...defaults,
  ...(await readRow<StoredMailbox>(db, MAILBOX_SETTINGS_KEY, lock)),
});
export const readMailboxState = async (db: DbOrTx): Promise<MailboxState> => ({
  folders: {},
  lastPollAt: null,
  lastError: null,
  ...(await readRow<MailboxState>(db, MAILBOX_STATE_KEY)),
});

export async function presentMailbox(db: DbOrTx): Promise<MailboxSettings> {
  const s = await readMailbox(db);
  const state = await readMailboxState(db);
  const { passwordSealed, ...rest } = s;
  return {
    ...rest,
    hasPassword: passwordSealed !== null,
    lastUid: state.folders[s.folder]?.lastUid ?? 0,
    lastPollAt: state.lastPollAt,
    lastError: state.lastError,
    runs: (await recentRuns(db, 'bank-mailbox', 10)).map(({ startedAt: _s, ...run }) => run),
  };
}

export async function saveMailbox(
  db: Db,
  ctx: AuditContext,
  appSecret: string,
  body: z.output<typeof mailboxSettingsBodySchema>,
): Promise<MailboxSettings> {
  await db.transaction(async (tx) => {
    const before = await readMailbox(tx, true);
    const { password, ...fields } = body;
    const next: StoredMailbox = { ...before };
    for (const [key, value] of Object.entries(fields)) {
      if (value !== undefined) (next as unknown as Record<string, unknown>)[key] = value;
    }
    if (password !== undefined) next.passwordSealed = password === null ? null : sealSecret(appSecret, password);
    if (next.enabled && (!next.host || !next.username || !next.passwordSealed))
      throw new DomainError(400, m.mailboxIncomplete);
    await writeRow(tx, MAILBOX_SETTINGS_KEY, next, ctx.userId);
    const shown = ({ passwordSealed, ...rest }: StoredMailbox) => ({ ...rest, hasPassword: passwordSealed !== null });
    await audit(tx, ctx, {
      action: 'update',
      entityType: 'bank_mailbox',
      before: shown(before),
      after: { ...shown(next), passwordChanged: password !== undefined },
    });
  });
  return presentMailbox(db);
}

function clientOf(s: StoredMailbox, appSecret: string): ImapFlow {
  if (!s.host || !s.username) throw new DomainError(409, m.mailboxOff);
  const pass = s.passwordSealed ? openSecret(appSecret, s.passwordSealed) : null;
  if (pass === null) throw new DomainError(409, m.mailboxOff);
  return new ImapFlow({
    host: s.host,
    port: s.port,
    secure: s.tls,
    auth: { user: s.username, pass },
    logger: false,
    tls: { rejectUnauthorized: true },
    // A mail server answers in seconds; a wrong address must not hold a request (or the job) for long.
    connectionTimeout: 4_000,
    greetingTimeout: 4_000,
    socketTimeout: 60_000,
  });
}

const allowed = (s: StoredMailbox, from: string | undefined) =>
  s.allowedSenders.length === 0 || s.allowedSenders.some((a) => a.toLowerCase() === (from ?? '').toLowerCase());

/** Runs `fn` with the folder open read-only (EXAMINE: nothing it does can change flags). */
async function withFolder<T>(s: StoredMailbox, appSecret: string, fn: (c: ImapFlow) => Promise<T>): Promise<T> {
  const c = clientOf(s, appSecret);
  await c.connect();
  try {
    const lock = await c.getMailboxLock(s.folder, { readOnly: true });
    try {
      return await fn(c);
    } finally {
      lock.release();
    }
  } finally {
    await c.logout().catch(() => {});
  }
}

/** 'Перевірити з'єднання': login, open the folder, count the letters from the allowed senders. */
export async function testMailbox(db: DbOrTx, appSecret: string) {
  const s = await readMailbox(db);
  try {
    return await withFolder(s, appSecret, async (c) => {
      let count = 0;
      for await (const msg of c.fetch('1:*', { envelope: true }))
        if (allowed(s, msg.envelope?.from?.[0]?.address)) count++;
      return { ok: true, message: m.mailboxOk(s.folder, count) };
    });
  } catch (error) {
    if (error instanceof DomainError) throw error;
    return { ok: false, message: m.mailboxFailed(error instanceof Error ? error.message : String(error)) };
  }
}

/** 'Отримати з поштової скриньки': the latest letters from the allowed senders, raw; flags and the UID unchanged. */
export async function peekMailbox(db: DbOrTx, appSecret: string, limit: number): Promise<string[]> {
  const s = await readMailbox(db);
  return withFolder(s, appSecret, async (c) => {
    const found: Array<{ uid: number; raw: string }> = [];
    for await (const msg of c.fetch('1:*', { uid: true, envelope: true, source: true })) {
      if (msg.source && allowed(s, msg.envelope?.from?.[0]?.address))
        found.push({ uid: msg.uid, raw: msg.source.toString('utf8') });
    }
    return found
      .sort((a, b) => b.uid - a.uid)
      .slice(0, limit)
      .map((f) => f.raw);
  });
}

/** One poll: every letter above the last UID from the allowed senders, in UID order, through the pipeline. */
export async function pollMailbox(
  db: Db,
  appSecret: string,
  trigger: 'schedule' | 'manual' = 'schedule',
): Promise<{ processed: number; lastUid: number }> {
  const startedAt = new Date();
  const s = await readMailbox(db);
  const state = await readMailboxState(db);
  const ctx: AuditContext = { userId: null, actor: 'bank-mailbox' };
  try {
    const result = await withFolder(s, appSecret, async (c) => {
      const mailbox = c.mailbox === false ? null : c.mailbox;
      const validity = String(mailbox?.uidValidity ?? '');
      const known = state.folders[s.folder];
      // A new UIDVALIDITY renumbers the folder: start from its beginning (Message-IDs keep it idempotent).
      let lastUid = known && known.uidValidity === validity ? known.lastUid : 0;
      let processed = 0;
      const range = `${lastUid + 1}:*`;
      const letters: Array<{ uid: number; raw: string; from?: string }> = [];
      for await (const msg of c.fetch(range, { uid: true, envelope: true, source: true }, { uid: true })) {
        if (msg.uid <= lastUid) continue; // '*' answers the last message even when it is older
        letters.push({ uid: msg.uid, raw: msg.source?.toString('utf8') ?? '', from: msg.envelope?.from?.[0]?.address });
      }
      for (const letter of letters.sort((a, b) => a.uid - b.uid)) {
        if (allowed(s, letter.from) && letter.raw) {
          await processBankEmail(db, ctx, letter.raw, s.parser);
          processed++;
        }
        lastUid = letter.uid;
        state.folders[s.folder] = { uidValidity: validity, lastUid };
        await writeRow(db, MAILBOX_STATE_KEY, state);
      }
      return { processed, lastUid };
    });
    await writeRow(db, MAILBOX_STATE_KEY, { ...state, lastPollAt: new Date().toISOString(), lastError: null });
    const run = { integration: 'bank-mailbox', label: m.integrationLabel, trigger, startedAt, details: result };
    await afterIntegrationRun(db, { ...run, ok: true, message: m.polled(result.processed) });
    return result;
  } catch (error) {
    if (error instanceof DomainError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    await writeRow(db, MAILBOX_STATE_KEY, { ...state, lastPollAt: new Date().toISOString(), lastError: message });
    const failed = m.mailboxFailed(message);
    await afterIntegrationRun(db, {
      integration: 'bank-mailbox',
      label: m.integrationLabel,
      trigger,
      startedAt,
      ok: false,
      message: failed,
    });
    // The mail server's refusal, in words a person can act on (the run log keeps it as the last error too).
    throw new DomainError(502, failed);
  }
}
