// What open manufacturing orders are still to make of each item (warehouse.md §1 'У виробництві', sales.md §7
// inProduction): Σ over the item's planned, released and in-progress MOs of max(0, qty − good units of their posted
// outputs). One set-based query for a whole page of items.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { intArray } from '@/server/kernel/sql-arrays.ts';
import { rowsOf } from '@/server/kernel/rows.ts';

/** The open MOs' remaining quantity per item, 4 decimals; an item with none is absent from the map. */
export async function inProductionByItem(db: DbOrTx, itemIds: readonly number[]): Promise<Map<number, string>> {
  if (!itemIds.length) return new Map();
  const rows = rowsOf<{ item_id: number; qty: string }>(
    await db.execute(sql`select m.item_id, sum(greatest(m.qty - coalesce(p.good, 0), 0))::numeric(18, 4)::text as qty
      from manufacturing_orders m
      left join (
        select mo_id, sum(coalesce(good_qty, 0)) as good from mo_postings
        where kind = 'output' and status = 'posted' group by mo_id
      ) p on p.mo_id = m.id
      where m.status in ('planned', 'released', 'in_progress') and m.item_id = any(${intArray(itemIds)})
      group by m.item_id`),
  );
  return new Map(rows.filter((r) => Number(r.qty) !== 0).map((r) => [Number(r.item_id), r.qty]));
}
