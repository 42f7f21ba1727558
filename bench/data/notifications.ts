// The notification feeds: up to the scale's count, on top of what the ledger raised during the year (low stock).
import { count, sql } from 'drizzle-orm';
import type { Db } from '@/server/kernel/db.ts';
import { notifications } from '@/modules/notifications/server/index.ts';
import { addDays, kyivToday } from '@/shared/kyiv-date.ts';
import { CHUNK, fastCommit, rowsOf } from './bulk.ts';
import type { Random } from './random.ts';
import type { Parties } from './parties.ts';
import { notificationTemplates } from './words.ts';
import type { World } from './world.ts';

export async function fillNotifications(db: Db, world: World, parties: Parties, target: number, r: Random) {
  const [{ n }] = (await db.select({ n: count() }).from(notifications)) as [{ n: number }];
  const missing = target - Number(n);
  if (missing <= 0) return;
  const today = kyivToday();
  const orderNumbers = rowsOf<{ order_number: string }>(
    await db.execute(sql`select order_number from orders order by id desc limit 2000`),
  ).map((x) => x.order_number);
  const rows: Array<typeof notifications.$inferInsert> = [];
  for (let i = 0; i < missing; i++) {
    const t = r.pick(notificationTemplates);
    // The administrator gets the largest feed (the bench signs in as him); the managers share the rest.
    const userId = r.chance(0.4) ? world.adminId : r.pick(world.staff.everyone);
    const ageDays = Math.floor(365 * Math.pow(r.next(), 2));
    const at = new Date(
      `${addDays(today, -ageDays)}T${String(r.int(7, 19)).padStart(2, '0')}:${String(r.int(0, 59)).padStart(2, '0')}:00Z`,
    );
    const read = ageDays > 3 ? r.chance(0.9) : r.chance(0.3);
    const client = parties.clients[r.skewed(parties.clients.length, 2)]!;
    const number = orderNumbers.length ? r.pick(orderNumbers) : 'ORD';
    rows.push({
      userId,
      type: t.type,
      priority: t.priority,
      title: t.title,
      message: t.message(number, client.name),
      actionUrl: t.url,
      isRead: read,
      readAt: read ? at : null,
      isResolved: ageDays > 30,
      resolvedAt: ageDays > 30 ? at : null,
      createdAt: at,
      updatedAt: at,
    });
  }
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db.transaction(async (tx) => {
      await fastCommit(tx);
      await tx.insert(notifications).values(rows.slice(i, i + CHUNK));
    });
  }
}
