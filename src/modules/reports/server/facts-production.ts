// The production facts of the fact layer (decision 0028, reports-admin.md §0 'Production'), beside facts.ts.
// - Output: a posted MO output posting (MOO 'Випуск продукції') dated by its posting date; its value is what the
//   output absorbed — material plus conversion value (production.md §4), the same sum productionVariancesOf
//   subtracts. A cancelled posting is no fact.
import { sql, type SQL } from 'drizzle-orm';
import { categoryTree, type SalesFilter } from './facts.ts';

/**
 * The output facts of the period: columns day, posting_id, mo_id, item_id, category_id, good_qty, value (UAH). Only
 * the item and category filters apply (an MO has no client, company or manager — see `filtersBeyondStock`). Reads
 * the partial index `mo_postings_output_date_idx` (posted outputs by date).
 */
export function outputFacts(q: Pick<SalesFilter, 'from' | 'to' | 'itemId' | 'categoryId'>): SQL {
  const parts: SQL[] = [];
  if (q.itemId) parts.push(sql`and mo.item_id = ${q.itemId}`);
  if (q.categoryId) {
    parts.push(sql`and i.category_id in ${categoryTree(q.categoryId)}`);
  }
  return sql`select p.posting_date as day, p.id as posting_id, p.mo_id, mo.item_id, i.category_id,
      coalesce(p.good_qty, 0) as good_qty,
      coalesce(p.material_value, 0) + coalesce(p.conversion_value, 0) as value
    from mo_postings p
    join manufacturing_orders mo on mo.id = p.mo_id
    join items i on i.id = mo.item_id
    where p.kind = 'output' and p.status = 'posted' and p.posting_date between ${q.from}::date and ${q.to}::date
      ${sql.join(parts, sql` `)}`;
}
