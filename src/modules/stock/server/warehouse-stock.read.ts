// What the warehouses list shows and the deactivation guard asks (reference-data.md §9), read from the ledger's
// balances: the number of items in stock and the stock value at average cost per warehouse, and whether a warehouse
// still holds stock or reservations. Reads only; the ledger stays the only writer.
import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { itemCosts, stockBalances } from './stock.table.ts';

export interface WarehouseStock {
  /** Items with a non-zero quantity on hand. */
  items: number;
  /** Σ on hand × the item's average cost, in UAH to 2 decimals. */
  value: string;
}

/** Per warehouse id asked for (a page of the list), in one grouped query; a warehouse without stock is absent. */
export async function warehouseStock(db: DbOrTx, ids: readonly number[]): Promise<Map<number, WarehouseStock>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({
      warehouseId: stockBalances.warehouseId,
      items: sql<number>`count(*) filter (where ${stockBalances.onHand} <> 0)::int`,
      value: sql<string>`coalesce(round(sum(${stockBalances.onHand} * coalesce(${itemCosts.avgCost}, 0)), 2), 0)::numeric(18, 2)::text`,
    })
    .from(stockBalances)
    .leftJoin(itemCosts, eq(itemCosts.itemId, stockBalances.itemId))
    .where(inArray(stockBalances.warehouseId, [...ids]))
    .groupBy(stockBalances.warehouseId);
  return new Map(rows.map((r) => [r.warehouseId, { items: Number(r.items), value: r.value }]));
}

/** True while any item is on hand (either sign) or reserved in the warehouse. */
export async function warehouseHoldsStock(db: DbOrTx, warehouseId: number): Promise<boolean> {
  const found = await db
    .select({ itemId: stockBalances.itemId })
    .from(stockBalances)
    .where(
      and(
        eq(stockBalances.warehouseId, warehouseId),
        or(ne(stockBalances.onHand, '0'), ne(stockBalances.reserved, '0')),
      ),
    )
    .limit(1);
  return found.length > 0;
}
