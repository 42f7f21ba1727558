// A manufacturing order found by its number (`MO-2026-00042`, stored upper-case): what the scanner and a search need
// to name and open it — read here, so no other module reads the MO table.
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { manufacturingOrders } from './manufacturing.table.ts';

export async function manufacturingOrderByNumber(
  db: DbOrTx,
  number: string,
): Promise<{ id: number; number: string; status: string; date: string } | null> {
  const [row] = await db
    .select({
      id: manufacturingOrders.id,
      number: manufacturingOrders.number,
      status: manufacturingOrders.status,
      // An MO has no document date: its planned start, else the day it was created.
      date: sql<string>`coalesce(${manufacturingOrders.plannedStart}, (${manufacturingOrders.createdAt} at time zone 'Europe/Kyiv')::date)::text`,
    })
    .from(manufacturingOrders)
    .where(eq(manufacturingOrders.number, number))
    .limit(1);
  return row ?? null;
}
