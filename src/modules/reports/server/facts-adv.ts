// A fact the advanced reports need beside facts.ts (reports-admin.md §3 'stock-turnover'): the stock movements of a
// period per item × warehouse, split into what came in (positive quantities) and what went out (negative ones, shown
// positive). A reversal is a movement like any other, so a cancelled document nets to 0 across in and out and the
// closing balance stays Σ ledger ≤ the period's end, exactly as stockFactsAt counts it.
import { sql, type SQL } from 'drizzle-orm';

export interface StockFilter {
  itemId?: number | undefined;
  categoryId?: number | undefined;
}

const categoryTree = (categoryId: number) => sql`(with recursive tree as (
    select id from categories where id = ${categoryId}
    union all select c.id from categories c join tree on c.parent_id = tree.id) select id from tree)`;

/** Columns item_id, warehouse_id, in_qty, in_value, out_qty, out_value of the movements dated from…to (Kyiv days). */
export function stockMovementsBetween(from: string, to: string, q: StockFilter = {}): SQL {
  const parts: SQL[] = [];
  if (q.itemId) parts.push(sql`and m.item_id = ${q.itemId}`);
  if (q.categoryId) {
    parts.push(sql`and m.item_id in (select id from items where category_id in ${categoryTree(q.categoryId)})`);
  }
  return sql`select m.item_id, m.warehouse_id,
      coalesce(sum(m.qty) filter (where m.qty > 0), 0) as in_qty,
      coalesce(sum(m.value) filter (where m.qty > 0), 0) as in_value,
      coalesce(-sum(m.qty) filter (where m.qty < 0), 0) as out_qty,
      coalesce(-sum(m.value) filter (where m.qty < 0), 0) as out_value
    from stock_movements m
    where m.occurred_on between ${from}::date and ${to}::date ${sql.join(parts, sql` `)}
    group by m.item_id, m.warehouse_id`;
}
