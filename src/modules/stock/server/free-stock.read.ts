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
 * The same free stock (every warehouse) as a SQL scalar for one item id expression, for reads that filter or count a
 * set of items by it without loading the set into Node.
 */
export const freeStockSql = (itemId: SQL): SQL =>
  sql`(select coalesce(sum(b.on_hand - b.reserved), 0) from ${stockBalances} b where b.item_id = ${itemId})`;
