// The consumption fact (reports-admin.md §8), beside the fact layer of facts.ts: what production, assembly and
// repairs used up of an item — its ledger movements of MO issues (net of the returns, which are MO-issue movements
// into stock), of assembly inputs (the outgoing assembly movements) and of repair parts, dated by the movement.
// Shipments, transfers, adjustments and audits are never consumption. A movement that was reversed (its document
// cancelled) and its reversal count for nothing.
import { sql, type SQL } from 'drizzle-orm';

/**
 * The consumption facts of the period: columns day, item_id, document_type, qty, value — both positive for what was
 * used up (−movement), negative for a return.
 */
export function consumptionFacts(q: { from: string; to: string }, itemIds?: SQL): SQL {
  return sql`select m.occurred_on as day, m.item_id, m.document_type, -m.qty as qty, -m.value as value
    from stock_movements m
    where m.occurred_on between ${q.from}::date and ${q.to}::date
      ${itemIds ? sql`and m.item_id in (${itemIds})` : sql``}
      and (m.document_type in ('mo_issue', 'repair_parts') or (m.document_type = 'assembly' and m.qty < 0))
      and m.reverses_movement_id is null
      and not exists (select 1 from stock_movements r where r.document_type = m.document_type
        and r.document_id = m.document_id and r.reverses_movement_id = m.id)`;
}
