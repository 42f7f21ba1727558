// The ledger's invariants (domain README §3), checked by `npm run ledger:check` and by tests: balances (quantity and
// value, decision 0034; the first incoming and last outgoing day, migration 0052) equal what the movements say, item costs equal the sum of movement values, reservations add up
// to what is reserved, and nothing reserved exceeds what is on hand (unless negative stock is allowed). Aggregates
// run in SQL, never in memory.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { allowsNegativeStock } from './ledger.ts';

export interface LedgerCheck {
  ok: boolean;
  problems: string[];
}

type Rows<T> = { rows: T[] };

export async function checkLedger(db: DbOrTx): Promise<LedgerCheck> {
  const problems: string[] = [];
  const balances = (await db.execute(sql`
    select coalesce(m.item_id, b.item_id) as item_id, coalesce(m.warehouse_id, b.warehouse_id) as warehouse_id,
           coalesce(m.qty, 0)::text as moved, coalesce(b.on_hand, 0)::text as on_hand,
           coalesce(m.value, 0)::text as moved_value, coalesce(b.value, 0)::text as value,
           coalesce(m.qty, 0) <> coalesce(b.on_hand, 0) as qty_differs,
           coalesce(m.value, 0) <> coalesce(b.value, 0) as value_differs,
           m.first_in_on::text as moved_first_in, b.first_in_on::text as first_in,
           m.last_out_on::text as moved_last_out, b.last_out_on::text as last_out,
           m.first_in_on is distinct from b.first_in_on or m.last_out_on is distinct from b.last_out_on as days_differ
    from (select item_id, warehouse_id, sum(qty) as qty, sum(value) as value,
            min(occurred_on) filter (where qty > 0) as first_in_on,
            max(occurred_on) filter (where qty < 0 and document_type <> 'transfer') as last_out_on
          from stock_movements group by item_id, warehouse_id) m
    full join stock_balances b on b.item_id = m.item_id and b.warehouse_id = m.warehouse_id
    where coalesce(m.qty, 0) <> coalesce(b.on_hand, 0) or coalesce(m.value, 0) <> coalesce(b.value, 0)
      or m.first_in_on is distinct from b.first_in_on or m.last_out_on is distinct from b.last_out_on
    limit 100`)) as unknown as Rows<{
    item_id: number;
    warehouse_id: number;
    moved: string;
    on_hand: string;
    moved_value: string;
    value: string;
    qty_differs: boolean;
    value_differs: boolean;
    moved_first_in: string | null;
    first_in: string | null;
    moved_last_out: string | null;
    last_out: string | null;
    days_differ: boolean;
  }>;
  for (const r of balances.rows) {
    const at = `item ${r.item_id} @ warehouse ${r.warehouse_id}`;
    // Compared as numbers in SQL: a pair with no movements prints 0 against a balance's 0.0000.
    if (r.qty_differs) problems.push(`${at}: movements ${r.moved} ≠ on hand ${r.on_hand}`);
    if (r.value_differs) problems.push(`${at}: movement value ${r.moved_value} ≠ balance value ${r.value}`);
    if (r.days_differ) {
      problems.push(
        `${at}: movements first in ${r.moved_first_in} / last out ${r.moved_last_out} ≠ balance ${r.first_in} / ${r.last_out}`,
      );
    }
  }
  const costs = (await db.execute(sql`
    select coalesce(m.item_id, c.item_id) as item_id, coalesce(m.qty, 0)::text as moved_qty,
           coalesce(c.qty, 0)::text as cost_qty, coalesce(m.value, 0)::text as moved_value,
           coalesce(c.value, 0)::text as cost_value
    from (select item_id, sum(qty) as qty, sum(value) as value from stock_movements group by item_id) m
    full join item_costs c on c.item_id = m.item_id
    where coalesce(m.qty, 0) <> coalesce(c.qty, 0) or coalesce(m.value, 0) <> coalesce(c.value, 0)
    limit 100`)) as unknown as Rows<{
    item_id: number;
    moved_qty: string;
    cost_qty: string;
    moved_value: string;
    cost_value: string;
  }>;
  for (const r of costs.rows) {
    problems.push(
      `item ${r.item_id}: movements ${r.moved_qty} / ${r.moved_value} ≠ cost ${r.cost_qty} / ${r.cost_value}`,
    );
  }
  const reserved = (await db.execute(sql`
    select b.item_id, b.warehouse_id, b.reserved::text as reserved, coalesce(r.qty, 0)::text as held,
           b.on_hand::text as on_hand, b.reserved <> coalesce(r.qty, 0) as mismatch
    from stock_balances b
    left join (select item_id, warehouse_id, sum(qty) as qty from stock_reservations group by item_id, warehouse_id) r
      on r.item_id = b.item_id and r.warehouse_id = b.warehouse_id
    where b.reserved <> coalesce(r.qty, 0) or b.reserved > b.on_hand or b.on_hand < 0
    limit 100`)) as unknown as Rows<{
    item_id: number;
    warehouse_id: number;
    reserved: string;
    held: string;
    on_hand: string;
    mismatch: boolean;
  }>;
  const negativeAllowed = await allowsNegativeStock(db);
  for (const r of reserved.rows) {
    if (r.mismatch) {
      problems.push(`item ${r.item_id} @ warehouse ${r.warehouse_id}: reserved ${r.reserved} ≠ reservations ${r.held}`);
    } else if (!negativeAllowed) {
      problems.push(`item ${r.item_id} @ warehouse ${r.warehouse_id}: reserved ${r.reserved} > on hand ${r.on_hand}`);
    }
  }
  return { ok: problems.length === 0, problems };
}
