// The audit helper every service calls inside its changing transaction (domain README §8).
import type { DbOrTx } from '@/server/kernel/db.ts';
import { auditLog } from './audit.table.ts';
import type { AuditContext } from '@/server/kernel/context.ts';

export const auditActions = [
  'create',
  'update',
  'delete',
  'post',
  'cancel',
  'status_change',
  'login',
  'logout',
  'login_failed',
  'password_reset',
  'permission_change',
  'setting_change',
  'import',
] as const;
export type AuditAction = (typeof auditActions)[number];

export type { AuditContext } from '@/server/kernel/context.ts';

export interface AuditEntry {
  action: AuditAction;
  entityType: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
}

const SECRET_KEY = /password|secret|token|hash|apikey/i;

/** Replaces every secret-looking value by "***" so the log never holds one. */
export function redactSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, SECRET_KEY.test(k) ? '***' : redactSecrets(v)]),
    );
  }
  return value;
}

export async function audit(tx: DbOrTx, ctx: AuditContext, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    userId: ctx.userId,
    actor: ctx.actor ?? null,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    before: entry.before === undefined ? null : redactSecrets(JSON.parse(JSON.stringify(entry.before))),
    after: entry.after === undefined ? null : redactSecrets(JSON.parse(JSON.stringify(entry.after))),
    ip: ctx.ip ?? null,
    requestId: ctx.requestId ?? null,
  });
}
