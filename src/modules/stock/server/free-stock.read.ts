// What a picker shows beside an item: its free stock (on hand − reserved), in one warehouse or over all of them —
// read for a page of item ids in one query, so the stock module's tables are read only here (decision 0005).
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { stockBalances } from './stock.table.ts';

/** Free stock per item id as a decimal string; an item with no balance row is missing from the map (it has 0). */
export async function freeStockOf(
  db: DbOrTx,
  itemIds: readonly number[],
  warehouseId: number | null,
): Promise<Map<number, string>> {
  if (!itemIds.length) return new Map();
  const free = sql<string>`sum(${stockBalances.onHand} - ${stockBalances.reserved})::numeric(18,4)::text`;
  const rows = await db
    .select({ itemId: stockBalances.itemId, free })
    .from(stockBalances)
    .where(
      and(
        inArray(stockBalances.itemId, [...itemIds]),
        warehouseId === null ? undefined : eq(stockBalances.warehouseId, warehouseId),
      ),
    )
    .groupBy(stockBalances.itemId);
  return new Map(rows.map((row) => [row.itemId, row.free]));
}

/**
 * Dead stock ('Неліквід'): free stock (every warehouse) above 0, and the day the item went quiet — its last outgoing
 * movement other than a transfer, or without one its first incoming movement — before `before`. Read from the
 * balances' days (migration 0052), never from the ledger. Over one item's balance rows, aliased `b`.
 */
const quietAndInStock = (before: string): SQL =>
  sql`sum(b.on_hand - b.reserved) > 0 and coalesce(max(b.last_out_on), min(b.first_in_on)) < ${before}::date`;

/** Dead stock as a condition on one item id expression, for a page of rows. */
export const deadStockSql = (itemId: SQL, before: string): SQL =>
  sql`coalesce((select ${quietAndInStock(before)} from ${stockBalances} b where b.item_id = ${itemId}), false)`;

/** The ids of every item in dead stock (`select item_id`), for counting or filtering a whole set in one pass. */
export const deadStockItemsSql = (before: string): SQL =>
  sql`select b.item_id from ${stockBalances} b group by b.item_id having ${quietAndInStock(before)}`;
