// The stock facts the advanced reports read item by item (reports-admin.md §3 'stock-at-date', 'stock-turnover'):
// those reports have a row per item × warehouse (173 000 on the bench year) in the item's name order, so they walk
// items along that order and stop after a page (advanced-reports' report-kit `itemWalk`) instead of deriving every
// pair's stock and sorting it. The figures are stockFactsAt's (facts.ts): the balance, which holds the sum of all the
// pair's movements, less the movements after the day — here per item, from its own movements.
import { sql, type SQL } from 'drizzle-orm';
import { categoryTree } from './facts.ts';

export interface StockFilter {
  itemId?: number | undefined;
  categoryId?: number | undefined;
}

/** `and …` for the item and category filters on the items alias `i`. */
export function stockItemFilter(q: StockFilter): SQL {
  const parts: SQL[] = [];
  if (q.itemId) parts.push(sql`and i.id = ${q.itemId}`);
  if (q.categoryId) parts.push(sql`and i.category_id in ${categoryTree(q.categoryId)}`);
  return sql.join(parts, sql` `);
}

/**
 * One item's stock per warehouse it has a balance in (`item`: the walking query's item id, for a lateral join):
 * - opening_qty, opening_value: at the end of the day before `from` — the balance less the movements dated `from`
 *   or later, which is stockFactsAt(from − 1); the stock at a day D is the opening of from = D + 1;
 * - in_qty, in_value / out_qty, out_value (shown positive): the movements dated from…to with a positive / negative
 *   quantity; moves: how many movements are dated from…to.
 * A reversal is a movement like any other, so a cancelled document nets to 0 across in and out, and the closing
 * opening + in − out is stockFactsAt(to). One index range per pair (stock_movements by item and day).
 */
export function itemStockFacts(item: SQL, from: string, to: string): SQL {
  const within = sql`m.occurred_on <= ${to}::date`;
  return sql`select b.warehouse_id,
      b.on_hand - coalesce(a.qty, 0) as opening_qty, b.value - coalesce(a.value, 0) as opening_value,
      coalesce(a.in_qty, 0) as in_qty, coalesce(a.in_value, 0) as in_value,
      coalesce(a.out_qty, 0) as out_qty, coalesce(a.out_value, 0) as out_value, coalesce(a.moves, 0) as moves
    from stock_balances b
    left join lateral (select sum(m.qty) as qty, sum(m.value) as value,
        sum(m.qty) filter (where m.qty > 0 and ${within}) as in_qty,
        sum(m.value) filter (where m.qty > 0 and ${within}) as in_value,
        -sum(m.qty) filter (where m.qty < 0 and ${within}) as out_qty,
        -sum(m.value) filter (where m.qty < 0 and ${within}) as out_value,
        count(*) filter (where ${within}) as moves
      from stock_movements m
      where m.item_id = b.item_id and m.warehouse_id = b.warehouse_id and m.occurred_on >= ${from}::date) a on true
    where b.item_id = ${item}`;
}
