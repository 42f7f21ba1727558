// Reading the logs (reports-admin.md §16): the audit journal with the user's name, newest first, filtered by period
// (Kyiv days), user, action, entity and a search; one record with its changed keys; the system events; the counts
// by level for the last 24 hours and 7 days.
import { and, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import { pageWindow } from '@/shared/list.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { kyivDayEnd, kyivDayStart } from '@/server/kernel/kyiv-sql.ts';
import { containsPattern } from '@/server/kernel/like.ts';
import { users } from '@/modules/users/server/users.table.ts';
import type {
  AuditDetail,
  AuditQuery,
  AuditRow,
  EventLevel,
  EventQuery,
  EventRow,
  LogStats,
} from '../system-logs.contract.ts';
import { systemLogsMessages } from '../system-logs.messages.ts';
import { auditLog } from './audit.table.ts';
import { systemEvents } from './system-events.table.ts';

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

function period(column: typeof auditLog.at | typeof systemEvents.at, q: { dateFrom?: string; dateTo?: string }) {
  return [
    q.dateFrom ? gte(column, kyivDayStart(q.dateFrom)) : undefined,
    q.dateTo ? lt(column, kyivDayEnd(q.dateTo)) : undefined,
  ];
}

const userName = sql<string | null>`nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), '')`;

function auditWhere(q: AuditQuery): SQL | undefined {
  const pattern = q.search ? containsPattern(q.search) : null;
  return and(
    ...period(auditLog.at, q),
    q.userId ? eq(auditLog.userId, q.userId) : undefined,
    q.action ? eq(auditLog.action, q.action) : undefined,
    q.entityType ? eq(auditLog.entityType, q.entityType) : undefined,
    q.entityId ? eq(auditLog.entityId, q.entityId) : undefined,
    pattern
      ? or(
          ilike(auditLog.action, pattern),
          ilike(auditLog.entityType, pattern),
          ilike(auditLog.entityId, pattern),
          ilike(auditLog.actor, pattern),
          ilike(auditLog.ip, pattern),
          ilike(users.username, pattern),
          ilike(userName, pattern),
          sql`${auditLog.before}::text ilike ${pattern}`,
          sql`${auditLog.after}::text ilike ${pattern}`,
        )
      : undefined,
  );
}

const auditColumns = {
  id: auditLog.id,
  at: auditLog.at,
  userId: auditLog.userId,
  userName: sql<string | null>`coalesce(${userName}, ${users.username})`,
  actor: auditLog.actor,
  action: auditLog.action,
  entityType: auditLog.entityType,
  entityId: auditLog.entityId,
  ip: auditLog.ip,
  requestId: auditLog.requestId,
};

const toAuditRow = (r: { at: Date } & Omit<AuditRow, 'at'>): AuditRow => ({ ...r, id: Number(r.id), at: iso(r.at) });

export async function listAudit(db: DbOrTx, q: AuditQuery): Promise<{ rows: AuditRow[]; total: number }> {
  const where = auditWhere(q);
  const { limit, offset } = pageWindow(q);
  const ascending = q.sort === 'at';
  const [rows, [totalRow]] = await Promise.all([
    db
      .select(auditColumns)
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.userId))
      .where(where)
      .orderBy(ascending ? auditLog.id : desc(auditLog.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(auditLog).leftJoin(users, eq(users.id, auditLog.userId)).where(where),
  ]);
  return { rows: rows.map(toAuditRow), total: Number(totalRow?.total ?? 0) };
}

/** The top-level keys whose values differ (by their JSON) between two records. */
export function changedKeys(before: unknown, after: unknown): string[] {
  const obj = (v: unknown): Record<string, unknown> =>
    v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  const b = obj(before);
  const a = obj(after);
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys.filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]));
}

export async function getAudit(db: DbOrTx, id: number): Promise<AuditDetail> {
  const [row] = await db
    .select({ ...auditColumns, before: auditLog.before, after: auditLog.after })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(eq(auditLog.id, id));
  if (!row) throw new DomainError(404, systemLogsMessages.server.auditNotFound);
  const { before, after, ...rest } = row;
  return { ...toAuditRow(rest), before, after, changedKeys: changedKeys(before, after) };
}

function eventWhere(q: EventQuery): SQL | undefined {
  const pattern = q.search ? containsPattern(q.search) : null;
  return and(
    ...period(systemEvents.at, q),
    q.level ? eq(systemEvents.level, q.level) : undefined,
    q.category ? eq(systemEvents.category, q.category) : undefined,
    pattern
      ? or(
          ilike(systemEvents.message, pattern),
          ilike(systemEvents.requestId, pattern),
          sql`${systemEvents.details}::text ilike ${pattern}`,
        )
      : undefined,
  );
}

export async function listEvents(db: DbOrTx, q: EventQuery): Promise<{ rows: EventRow[]; total: number }> {
  const where = eventWhere(q);
  const { limit, offset } = pageWindow(q);
  const ascending = q.sort === 'at';
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(systemEvents)
      .where(where)
      .orderBy(ascending ? systemEvents.id : desc(systemEvents.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(systemEvents).where(where),
  ]);
  return {
    rows: rows.map((r) => ({
      id: Number(r.id),
      at: iso(r.at),
      level: r.level as EventRow['level'],
      category: r.category as EventRow['category'],
      message: r.message,
      details: r.details,
      requestId: r.requestId,
    })),
    total: Number(totalRow?.total ?? 0),
  };
}

export async function logStats(db: DbOrTx): Promise<LogStats> {
  const rows = await db
    .select({
      level: systemEvents.level,
      day: sql<number>`count(*) filter (where ${systemEvents.at} >= now() - interval '24 hours')`.mapWith(Number),
      week: count(),
    })
    .from(systemEvents)
    .where(gte(systemEvents.at, sql`now() - interval '7 days'`))
    .groupBy(systemEvents.level);
  const stats: LogStats = { day: { info: 0, warn: 0, error: 0 }, week: { info: 0, warn: 0, error: 0 } };
  for (const r of rows) {
    const level = r.level as EventLevel;
    if (!(level in stats.day)) continue;
    stats.day[level] = Number(r.day);
    stats.week[level] = Number(r.week);
  }
  return stats;
}
