// The e-mail rules (reports-admin.md §14): one row per event, created with its defaults on first read; a template
// may use only its event's placeholders (an unknown one is refused on save, naming it); every change is audited.
import { eq, inArray, sql } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { isoStamp } from '@/server/kernel/rows.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { adminRoleId, roles } from '@/modules/roles/server/index.ts';
import { users } from '@/modules/users/server/users.table.ts';
import type { EmailRule, EmailRuleInput, RecipientOptions } from '../email-notifications.contract.ts';
import {
  emailEventKeys,
  emailEvents,
  emailNotificationsMessages as m,
  placeholderLabels,
  type EmailEventKey,
} from '../email-notifications.messages.ts';
import { emailRules } from './email-rules.table.ts';

export type EmailRuleRow = typeof emailRules.$inferSelect;

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The placeholders a template uses, in order. */
export function placeholdersIn(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((x) => x[1]!);
}

/** Refuses (400) a template with a placeholder its event does not know, or an unclosed one. */
export function checkTemplates(eventKey: EmailEventKey, ...templates: string[]): void {
  const def = emailEvents[eventKey];
  for (const template of templates) {
    for (const name of placeholdersIn(template)) {
      if (!(def.placeholders as readonly string[]).includes(name)) {
        throw new DomainError(400, m.unknownPlaceholder(name, def.label));
      }
    }
    if (template.replace(PLACEHOLDER, '').includes('{{')) throw new DomainError(400, m.unclosedPlaceholder);
  }
}

/** Fills a template; a missing value becomes empty. */
export function fill(template: string, values: Record<string, string | null | undefined>): string {
  return template.replace(PLACEHOLDER, (_all, name: string) => values[name] ?? '');
}

async function defaultRows(tx: DbOrTx, missing: EmailEventKey[]): Promise<(typeof emailRules.$inferInsert)[]> {
  const adminRole = await adminRoleId(tx).catch(() => null);
  return missing.map((eventKey) => {
    const d = emailEvents[eventKey].defaults;
    return {
      eventKey,
      isEnabled: d.isEnabled,
      roleIds: d.toAdministrators && adminRole ? [adminRole] : [],
      userIds: [],
      extraEmails: [],
      toClientContacts: d.toClientContacts ?? false,
      toManager: d.toManager ?? false,
      subjectTemplate: d.subject,
      bodyTemplate: d.body,
      delivery: d.delivery,
      digestTime: '08:00',
    };
  });
}

/** Every rule, the missing ones created with their defaults (idempotent: a concurrent first read is a no-op). */
export async function readRules(tx: DbOrTx): Promise<Map<EmailEventKey, EmailRuleRow>> {
  let rows = await tx.select().from(emailRules);
  const missing = emailEventKeys.filter((k) => !rows.some((r) => r.eventKey === k));
  if (missing.length) {
    await tx
      .insert(emailRules)
      .values(await defaultRows(tx, missing))
      .onConflictDoNothing();
    rows = await tx.select().from(emailRules);
  }
  return new Map(rows.map((r) => [r.eventKey, r]));
}

export async function readRule(tx: DbOrTx, eventKey: EmailEventKey): Promise<EmailRuleRow> {
  const [row] = await tx.select().from(emailRules).where(eq(emailRules.eventKey, eventKey));
  if (row) return row;
  return (await readRules(tx)).get(eventKey)!;
}

export function presentRule(r: EmailRuleRow): EmailRule {
  const def = emailEvents[r.eventKey];
  return {
    eventKey: r.eventKey,
    label: def.label,
    group: def.group,
    isEnabled: r.isEnabled,
    recipients: {
      roles: r.roleIds,
      userIds: r.userIds,
      extraEmails: r.extraEmails,
      toClientContacts: r.toClientContacts,
      toManager: r.toManager,
    },
    subjectTemplate: r.subjectTemplate,
    bodyTemplate: r.bodyTemplate,
    delivery: r.delivery,
    digestTime: r.digestTime,
    placeholders: def.placeholders.map((name) => ({ name, label: placeholderLabels[name] })),
    updatedAt: isoStamp(r.updatedAt),
  };
}

export async function listRules(tx: DbOrTx): Promise<EmailRule[]> {
  const rules = await readRules(tx);
  return emailEventKeys.map((k) => presentRule(rules.get(k)!));
}

/** The recipients pickers' choices: every role, every active user (by name, with the e-mail). */
export async function recipientOptions(tx: DbOrTx): Promise<RecipientOptions> {
  const roleRows = await tx.select({ id: roles.id, name: roles.name }).from(roles).orderBy(roles.name);
  const userRows = await tx
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      email: users.email,
    })
    .from(users)
    .where(eq(users.isActive, true))
    .orderBy(users.lastName, users.firstName, users.id);
  return {
    roles: roleRows,
    users: userRows.map((u) => ({
      id: u.id,
      name: `${u.lastName} ${u.firstName}`.trim() || u.username,
      email: u.email,
    })),
  };
}

/** `PUT /api/email-notifications/:eventKey`: the whole rule, checked and audited. */
export async function saveRule(
  db: DbOrTx,
  ctx: AuditContext,
  eventKey: EmailEventKey,
  input: EmailRuleInput,
): Promise<EmailRule> {
  checkTemplates(eventKey, input.subjectTemplate, input.bodyTemplate);
  const roleIds = [...new Set(input.recipients.roles)];
  const userIds = [...new Set(input.recipients.userIds)];
  const extraEmails = [...new Set(input.recipients.extraEmails.map((e) => e.trim().toLowerCase()))];
  return db.transaction(async (tx) => {
    if (roleIds.length) {
      const found = await tx.select({ id: roles.id }).from(roles).where(inArray(roles.id, roleIds));
      if (found.length !== roleIds.length) throw new DomainError(400, m.unknownRole);
    }
    if (userIds.length) {
      const found = await tx.select({ id: users.id }).from(users).where(inArray(users.id, userIds));
      if (found.length !== userIds.length) throw new DomainError(400, m.unknownUser);
    }
    const before = presentRule(await readRule(tx, eventKey));
    const [row] = await tx
      .update(emailRules)
      .set({
        isEnabled: input.isEnabled,
        roleIds,
        userIds,
        extraEmails,
        toClientContacts: input.recipients.toClientContacts,
        toManager: input.recipients.toManager,
        subjectTemplate: input.subjectTemplate.trim(),
        bodyTemplate: input.bodyTemplate.trim(),
        delivery: input.delivery,
        digestTime: input.digestTime,
        updatedAt: sql`now()`,
      })
      .where(eq(emailRules.eventKey, eventKey))
      .returning();
    const after = presentRule(row!);
    const strip = ({ placeholders: _p, label: _l, group: _g, updatedAt: _u, ...rest }: EmailRule) => rest;
    await audit(tx, ctx, {
      action: 'update',
      entityType: 'email_rule',
      entityId: eventKey,
      before: strip(before),
      after: strip(after),
    });
    return after;
  });
}
