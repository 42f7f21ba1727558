// Sending by the rules (reports-admin.md §14): the event sites call emailEvent() inside their own transaction; it
// reads the rule, resolves the recipients (active users with an e-mail, the client's contacts, extra addresses;
// each address once), fills the templates and either queues the letters in the outbox (at once) or keeps a digest
// entry for the daily digest.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { enqueueMail } from '@/modules/email-settings/server/index.ts';
import { userRoles } from '@/modules/roles/server/index.ts';
import { users } from '@/modules/users/server/users.table.ts';
import { counterparties, counterpartyContacts } from '@/resources/counterparties/counterparties.table.ts';
import { type EmailEventKey } from '../email-notifications.messages.ts';
import { emailDigestEntries } from './email-rules.table.ts';
import { fill, readRule, type EmailRuleRow } from './email-rules.ts';

export interface EmailEventData {
  /** The placeholders' values ('link' may be a path of the app: it is made absolute). */
  values: Record<string, string | null | undefined>;
  /** The client the event is about (for 'to the client's contacts'). */
  clientId?: number | null;
  /** The order's manager (for 'to the manager'). */
  managerUserId?: number | null;
  /** Files sent with an immediate letter (the invoice PDF). */
  attachments?: ReadonlyArray<{ fileName: string; contentType: string; data: Buffer }>;
}

let appUrl = '';
/** The app's address, so a link placeholder given as a path becomes a full address (set when the app is built). */
export function setEmailAppUrl(url: string): void {
  appUrl = url.replace(/\/+$/, '');
}

export function withAbsoluteLink(values: EmailEventData['values']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(values)) if (v != null) out[k] = v;
  if (out.link?.startsWith('/')) out.link = `${appUrl}${out.link}`;
  return out;
}

const escapeHtml = (v: string) =>
  v.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Plain text to the letter's HTML: escaped, lines kept, addresses clickable. */
export function textToHtml(text: string): string {
  return `<div>${escapeHtml(text)
    .replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`)
    .replace(/\n/g, '<br>')}</div>`;
}

export function render(rule: Pick<EmailRuleRow, 'subjectTemplate' | 'bodyTemplate'>, values: Record<string, string>) {
  const subject = fill(rule.subjectTemplate, values).replace(/\s+/g, ' ').trim();
  const text = fill(rule.bodyTemplate, values);
  return { subject, text, html: textToHtml(text) };
}

export interface RecipientOptions {
  clientId?: number | null;
  managerUserId?: number | null;
  /** The daily digest: users who opted out (users.email_digest off) are left out. */
  digest?: boolean;
}

/** The rule's addresses for one event, lowercased and each once. */
export async function recipientsOf(tx: DbOrTx, rule: EmailRuleRow, opts: RecipientOptions): Promise<string[]> {
  const out = new Set<string>();
  const add = (e: string | null | undefined) => {
    const v = e?.trim().toLowerCase();
    if (v && v.includes('@')) out.add(v);
  };
  const userIds = new Set(rule.userIds);
  if (rule.toManager && opts.managerUserId) userIds.add(opts.managerUserId);
  if (rule.roleIds.length || userIds.size) {
    const conditions = [];
    if (rule.roleIds.length) {
      conditions.push(
        sql`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id} and ${inArray(userRoles.roleId, rule.roleIds)})`,
      );
    }
    if (userIds.size) conditions.push(inArray(users.id, [...userIds]));
    const rows = await tx
      .select({ email: users.email })
      .from(users)
      .where(
        and(
          eq(users.isActive, true),
          opts.digest ? eq(users.emailDigest, true) : undefined,
          conditions.length === 1 ? conditions[0] : sql`(${sql.join(conditions, sql` or `)})`,
        ),
      );
    for (const r of rows) add(r.email);
  }
  if (rule.toClientContacts && opts.clientId) {
    const contacts = await tx
      .select({ email: counterpartyContacts.email })
      .from(counterpartyContacts)
      .where(
        and(
          eq(counterpartyContacts.counterpartyId, opts.clientId),
          eq(counterpartyContacts.receivesDocuments, true),
          eq(counterpartyContacts.isActive, true),
        ),
      );
    const emails = contacts.map((c) => c.email?.trim()).filter((e): e is string => !!e);
    if (emails.length) emails.forEach(add);
    else {
      const [client] = await tx
        .select({ email: counterparties.email })
        .from(counterparties)
        .where(eq(counterparties.id, opts.clientId));
      add(client?.email);
    }
  }
  for (const e of rule.extraEmails) add(e);
  return [...out];
}

/** Whether the event's rule is on (so a caller skips building an attachment nobody will get). */
export async function emailRuleEnabled(tx: DbOrTx, eventKey: EmailEventKey): Promise<boolean> {
  return (await readRule(tx, eventKey)).isEnabled;
}

/**
 * Raises an event's e-mail by its rule, in the caller's transaction: nothing when the rule is off; at once — one
 * letter per address queued in the outbox; daily — a digest entry sent by the digest job at the rule's time.
 * Answers how many letters were queued (0 for a digest entry).
 */
export async function emailEvent(tx: DbOrTx, eventKey: EmailEventKey, data: EmailEventData): Promise<number> {
  const rule = await readRule(tx, eventKey);
  if (!rule.isEnabled) return 0;
  const values = withAbsoluteLink(data.values);
  if (rule.delivery === 'daily') {
    await tx.insert(emailDigestEntries).values({
      eventKey,
      values,
      clientId: data.clientId ?? null,
      managerUserId: data.managerUserId ?? null,
    });
    return 0;
  }
  const to = await recipientsOf(tx, rule, data);
  const letter = render(rule, values);
  for (const address of to) {
    await enqueueMail(tx, { to: address, ...letter, eventKey, attachments: data.attachments });
  }
  return to.length;
}
