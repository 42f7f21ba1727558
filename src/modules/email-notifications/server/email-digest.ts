// The daily digest (reports-admin.md §14): at a daily rule's time (Kyiv), one letter per recipient listing the
// rule's entries of the day; for low stock the list is every item low at send time, each once (asked through the
// port the composition root connects, since the stock module raises events here). Users who opted out of digests
// (users.email_digest off, decision 0026) get none. The job runs once across processes (startJob).
import { and, asc, eq, inArray, isNull, ne, or } from 'drizzle-orm';
import type { Db, DbOrTx } from '@/server/kernel/db.ts';
import { startJob, type JobLog, type StartedJob } from '@/server/kernel/jobs.ts';
import { kyivToday } from '@/shared/kyiv-date.ts';
import { enqueueMail } from '@/modules/email-settings/server/index.ts';
import { emailEvents, emailNotificationsMessages as m } from '../email-notifications.messages.ts';
import { emailDigestEntries, emailRules } from './email-rules.table.ts';
import { fill, readRules, type EmailRuleRow } from './email-rules.ts';
import { recipientsOf, textToHtml, withAbsoluteLink } from './email-event.ts';

/** One low item at send time: the values of the low-stock placeholders. */
export interface LowStockLine {
  itemName: string;
  sku: string;
  available: string;
  threshold: string;
  link: string;
}

let lowStockNow: ((db: DbOrTx) => Promise<LowStockLine[]>) | null = null;
/** Connects the stock module's 'what is low now' (composition root; idempotent). */
export function connectLowStockDigest(fn: (db: DbOrTx) => Promise<LowStockLine[]>): void {
  lowStockNow = fn;
}

/** The Kyiv wall-clock time HH:MM. */
function kyivTime(now: Date): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Kyiv',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(now);
}

interface Entry {
  values: Record<string, string>;
  clientId: number | null;
  managerUserId: number | null;
}

function letterOf(rule: EmailRuleRow, lines: string[]) {
  const label = emailEvents[rule.eventKey].label;
  const text = [m.digestIntro(label), '', ...lines.map((l) => `• ${l}`)].join('\n');
  return { subject: m.digestSubject(label, lines.length), text, html: textToHtml(text) };
}

/** Sends one rule's digest now; answers the letters queued. */
export async function sendDigest(db: Db, rule: EmailRuleRow, today: string): Promise<number> {
  return db.transaction(async (tx) => {
    // Claim the day: a second caller (another process, a second tick) finds it taken.
    const claimed = await tx
      .update(emailRules)
      .set({ lastDigestOn: today })
      .where(
        and(
          eq(emailRules.eventKey, rule.eventKey),
          or(isNull(emailRules.lastDigestOn), ne(emailRules.lastDigestOn, today)),
        ),
      )
      .returning({ key: emailRules.eventKey });
    if (!claimed.length) return 0;
    const pending = await tx
      .select()
      .from(emailDigestEntries)
      .where(and(eq(emailDigestEntries.eventKey, rule.eventKey), isNull(emailDigestEntries.sentAt)))
      .orderBy(asc(emailDigestEntries.id));
    if (pending.length) {
      await tx
        .update(emailDigestEntries)
        .set({ sentAt: new Date() })
        .where(
          inArray(
            emailDigestEntries.id,
            pending.map((p) => p.id),
          ),
        );
    }
    let entries: Entry[];
    if (rule.eventKey === 'low_stock') {
      const low = lowStockNow ? await lowStockNow(tx) : [];
      entries = low.map((l) => ({ values: withAbsoluteLink({ ...l }), clientId: null, managerUserId: null }));
    } else {
      entries = pending.map((p) => ({ values: p.values, clientId: p.clientId, managerUserId: p.managerUserId }));
    }
    if (!entries.length) return 0;
    // Each recipient's lines, each line once.
    const byAddress = new Map<string, string[]>();
    for (const entry of entries) {
      const line = fill(rule.bodyTemplate, entry.values)
        .replace(/\s*\n\s*/g, ' ')
        .trim();
      const to = await recipientsOf(tx, rule, {
        clientId: entry.clientId,
        managerUserId: entry.managerUserId,
        digest: true,
      });
      for (const address of to) {
        const lines = byAddress.get(address) ?? [];
        if (!lines.includes(line)) lines.push(line);
        byAddress.set(address, lines);
      }
    }
    for (const [to, lines] of byAddress) {
      await enqueueMail(tx, { to, ...letterOf(rule, lines), eventKey: `${rule.eventKey}.digest` });
    }
    return byAddress.size;
  });
}

/** Sends every enabled daily rule's digest whose time has come today and that was not sent today. */
export async function sendDueDigests(db: Db, now: Date = new Date()): Promise<number> {
  const today = kyivToday(now);
  const time = kyivTime(now);
  const rules = await readRules(db);
  let sent = 0;
  for (const rule of rules.values()) {
    if (!rule.isEnabled || rule.delivery !== 'daily') continue;
    if (rule.lastDigestOn === today || time < rule.digestTime) continue;
    sent += await sendDigest(db, rule, today);
  }
  return sent;
}

/** The digest job: every minute, once across processes. */
export function startEmailDigestJob(deps: { db: Db; log: JobLog }): StartedJob {
  return startJob({
    db: deps.db,
    name: 'email-notifications.digest',
    everyMs: 60_000,
    firstDelayMs: 30_000,
    log: deps.log,
    run: () => sendDueDigests(deps.db),
    report: (sent) => (sent ? { message: `Надіслано листів щоденного дайджесту: ${sent}` } : null),
  });
}
