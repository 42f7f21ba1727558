// The system's event feed (reports-admin.md §9): other modules call notify() inside their own transaction.
import { and, count, desc, eq, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { ListTotal } from '@/shared/list.ts';
import { countForPage } from '@/server/kernel/count.ts';
import { DomainError } from '@/shared/api-error.ts';
import { catalogEntry } from '@/shared/route-catalog.ts';
import type { Db, DbOrTx } from '@/server/kernel/db.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { rolePermissions, roles, userRoles } from '@/modules/roles/server/roles.table.ts';
import { users } from '@/modules/users/server/users.table.ts';
import type {
  Notification,
  NotificationListQuery,
  NotificationRelatedType,
  NotificationStats,
} from '../notifications.contract.ts';
import { notificationsMessages } from '../notifications.messages.ts';
import { notifications, type NotificationPriority, type NotificationType } from './notifications.table.ts';
import { containsPattern } from '@/server/kernel/like.ts';

export interface NotifyEvent {
  type: NotificationType;
  priority: NotificationPriority;
  title: string;
  message: string;
  actionRequired?: boolean;
  actionUrl?: string | null;
  /** The record the event is about, with the name a person knows it by ('Відвантаження ВД-2026-00012'). */
  related?: { type: NotificationRelatedType; id: string | number; label: string } | null;
  /** The route whose viewers receive it (the event's page); active users only. */
  route?: string;
  /** People named for the event, such as the order's manager. */
  userIds?: number[];
  /** Same key while unresolved = the same event: it is updated instead of repeated. */
  dedupeKey?: string;
}

async function recipients(tx: DbOrTx, event: NotifyEvent): Promise<number[]> {
  const ids = new Set<number>();
  if (event.route) {
    const everyone = catalogEntry(event.route)?.alwaysAllowed === true;
    const rows = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.isActive, true),
          everyone
            ? undefined
            : sql`exists (select 1 from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId}
                 left join ${rolePermissions} on ${rolePermissions.roleId} = ${roles.id} and ${rolePermissions.route} = ${event.route}
                 where ${userRoles.userId} = ${users.id} and (${roles.isSystem} or ${rolePermissions.canView}))`,
        ),
      );
    for (const row of rows) ids.add(row.id);
  }
  if (event.userIds?.length) {
    const named = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.isActive, true), inArray(users.id, event.userIds)));
    for (const row of named) ids.add(row.id);
  }
  return [...ids];
}

/** Raises an event for its recipients; returns how many notifications were added or refreshed. */
export async function notify(tx: DbOrTx, event: NotifyEvent): Promise<number> {
  const to = await recipients(tx, event);
  if (!to.length) return 0;
  const fields = {
    type: event.type,
    priority: event.priority,
    title: event.title,
    message: event.message,
    actionRequired: event.actionRequired ?? false,
    actionUrl: event.actionUrl ?? null,
    relatedEntityType: event.related?.type ?? null,
    relatedEntityId: event.related ? String(event.related.id) : null,
    relatedLabel: event.related?.label ?? null,
    dedupeKey: event.dedupeKey ?? null,
  };
  const rows = await tx
    .insert(notifications)
    .values(to.map((userId) => ({ ...fields, userId })))
    .onConflictDoUpdate({
      target: [notifications.userId, notifications.dedupeKey],
      targetWhere: sql`not ${notifications.isResolved}`,
      set: {
        type: sql`excluded.type`,
        priority: sql`excluded.priority`,
        title: sql`excluded.title`,
        message: sql`excluded.message`,
        actionRequired: sql`excluded.action_required`,
        actionUrl: sql`excluded.action_url`,
        relatedLabel: sql`excluded.related_label`,
        isRead: false,
        readAt: null,
        updatedAt: sql`now()`,
      },
    })
    .returning({ id: notifications.id });
  return rows.length;
}

/**
 * The record id a dedupe key `<prefix><id>` names, as SQL (null when the key has another prefix or the rest is not an
 * id), for a job that looks for the record of each open notification: `orders.id = keyedId(...)` is a primary-key
 * lookup, where `'<prefix>' || orders.id = n.dedupe_key` read every order for every notification (the order notices'
 * first run on the bench year did not finish in ten minutes). CASE keeps the cast from seeing a non-number.
 */
export function keyedId(prefix: string, key: SQL = sql`n.dedupe_key`): SQL<number | null> {
  const rest = sql`substr(${key}, ${prefix.length + 1})`;
  return sql<number | null>`(case when starts_with(${key}, ${prefix}) and ${rest} ~ '^[0-9]{1,9}$'
    then ${rest}::int end)`;
}

/** The condition behind an event has ended: every open notification with its key is resolved. */
export async function resolveByKey(tx: DbOrTx, dedupeKey: string): Promise<number> {
  const rows = await tx
    .update(notifications)
    .set({ isResolved: true, resolvedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(notifications.dedupeKey, dedupeKey), eq(notifications.isResolved, false)))
    .returning({ id: notifications.id });
  return rows.length;
}

const columns = {
  id: notifications.id,
  type: notifications.type,
  priority: notifications.priority,
  title: notifications.title,
  message: notifications.message,
  isRead: notifications.isRead,
  isResolved: notifications.isResolved,
  actionRequired: notifications.actionRequired,
  actionUrl: notifications.actionUrl,
  relatedEntityType: notifications.relatedEntityType,
  relatedEntityId: notifications.relatedEntityId,
  relatedLabel: notifications.relatedLabel,
  createdAt: notifications.createdAt,
};

export async function listNotifications(
  db: DbOrTx,
  userId: number,
  q: NotificationListQuery,
): Promise<{ rows: Notification[]; total: number }> {
  const where: SQL[] = [eq(notifications.userId, userId)];
  if (q.type) where.push(eq(notifications.type, q.type));
  if (q.priority) where.push(eq(notifications.priority, q.priority));
  if (q.status === 'read') where.push(eq(notifications.isRead, true));
  if (q.status === 'unread') where.push(eq(notifications.isRead, false));
  if (q.status === 'resolved') where.push(eq(notifications.isResolved, true));
  if (q.status === 'unresolved')
    where.push(and(eq(notifications.actionRequired, true), eq(notifications.isResolved, false))!);
  if (q.searchQuery) {
    // ILIKE folds Cyrillic case under both PostgreSQL's C.UTF-8 and PGlite (checked by the route tests).
    const like = containsPattern(q.searchQuery);
    where.push(or(ilike(notifications.title, like), ilike(notifications.message, like))!);
  }
  const condition = and(...where);
  const window = { limit: q.limit, offset: (q.page - 1) * q.limit };
  const [rows, counted] = (await Promise.all([
    db
      .select(columns)
      .from(notifications)
      .where(condition)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(window.limit)
      .offset(window.offset),
    countForPage(
      db,
      db
        .select({ one: sql`1` })
        .from(notifications)
        .where(condition),
      window,
    ),
  ])) as [Array<Omit<Notification, 'createdAt'> & { createdAt: Date }>, ListTotal];
  return { rows: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })), ...counted };
}

export async function notificationStats(db: DbOrTx, userId: number): Promise<NotificationStats> {
  const [row] = await db
    .select({
      total: count(),
      unread: sql<number>`count(*) filter (where not ${notifications.isRead})::int`,
      critical: sql<number>`count(*) filter (where ${notifications.priority} = 'critical' and not ${notifications.isResolved})::int`,
      unresolved: sql<number>`count(*) filter (where ${notifications.actionRequired} and not ${notifications.isResolved})::int`,
    })
    .from(notifications)
    .where(eq(notifications.userId, userId));
  return {
    unreadNotifications: row!.unread,
    totalNotifications: row!.total,
    unreadCount: row!.unread,
    criticalCount: row!.critical,
    unresolvedCount: row!.unresolved,
  };
}

async function own(tx: DbOrTx, userId: number, id: number) {
  const [row] = await tx
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .for('update');
  // Another user's id is answered exactly like a missing one.
  if (!row) throw new DomainError(404, notificationsMessages.notFound);
  return row;
}

const auditShape = (row: typeof notifications.$inferSelect) => ({
  isRead: row.isRead,
  isResolved: row.isResolved,
  title: row.title,
});

export async function markRead(db: Db, ctx: AuditContext & { userId: number }, id: number) {
  await db.transaction(async (tx) => {
    const before = await own(tx, ctx.userId, id);
    if (before.isRead) return;
    await tx
      .update(notifications)
      .set({ isRead: true, readAt: sql`now()` })
      .where(eq(notifications.id, id));
    await audit(tx, ctx, {
      action: 'update',
      entityType: 'notification',
      entityId: id,
      before: auditShape(before),
      after: { isRead: true },
    });
  });
}

export async function resolveNotification(db: Db, ctx: AuditContext & { userId: number }, id: number) {
  await db.transaction(async (tx) => {
    const before = await own(tx, ctx.userId, id);
    if (!before.actionRequired || before.isResolved) throw new DomainError(409, notificationsMessages.notResolvable);
    await tx
      .update(notifications)
      .set({
        isResolved: true,
        resolvedAt: sql`now()`,
        resolvedBy: ctx.userId,
        isRead: true,
        readAt: sql`coalesce(${notifications.readAt}, now())`,
      })
      .where(eq(notifications.id, id));
    await audit(tx, ctx, {
      action: 'status_change',
      entityType: 'notification',
      entityId: id,
      before: auditShape(before),
      after: { isResolved: true, isRead: true },
    });
  });
}

export async function deleteNotifications(db: Db, ctx: AuditContext & { userId: number }, ids: number[]) {
  return db.transaction(async (tx) => {
    // Others' ids are skipped, not reported: the count says exactly what was removed.
    const deleted = await tx
      .delete(notifications)
      .where(and(eq(notifications.userId, ctx.userId), inArray(notifications.id, [...new Set(ids)])))
      .returning({ id: notifications.id, title: notifications.title });
    for (const row of deleted) {
      await audit(tx, ctx, { action: 'delete', entityType: 'notification', entityId: row.id, before: row });
    }
    return deleted.length;
  });
}

export async function resetBadges(db: Db, ctx: AuditContext & { userId: number }) {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(notifications)
      .set({ isRead: true, readAt: sql`now()` })
      .where(and(eq(notifications.userId, ctx.userId), eq(notifications.isRead, false)))
      .returning({ id: notifications.id });
    if (rows.length) {
      await audit(tx, ctx, {
        action: 'update',
        entityType: 'notification',
        entityId: null,
        after: { markedRead: rows.length },
      });
    }
    return rows.length;
  });
}

/** How long a read notification that is resolved, or never needed action, is kept (reports-admin §9 'Retention'). */
export const NOTIFICATION_RETENTION_DAYS = 90;

/** Deletes the read notifications older than the retention that are resolved or never needed action; the count. */
export async function purgeOldNotifications(db: DbOrTx, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - NOTIFICATION_RETENTION_DAYS * 86_400_000);
  const rows = await db
    .delete(notifications)
    .where(
      and(
        eq(notifications.isRead, true),
        or(eq(notifications.isResolved, true), eq(notifications.actionRequired, false)),
        lt(notifications.createdAt, cutoff),
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}
