// The sale facts kept on shipment lines (reports-admin.md §0, decision 0028): posting a shipment writes each line's
// sale date, the order's client and company, revenue, gross revenue and COGS in the same transaction; cancelling it
// clears them. The reports' fact layer reads these columns instead of joining shipments, orders and the ledger per
// line — a year of sales was 1,6 s of SQL that way. `checkSaleFacts` proves the stored facts equal their sources.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { rowsOf } from '@/server/kernel/rows.ts';

/** The facts of one line computed from its sources: the shipment, its order and the line's own ledger movements. */
const sourceColumns = sql`s.shipment_date as sale_date, o.id as order_id, o.client_id, o.company_id,
    round(sl.line_net * o.fx_rate, 2) as revenue, round(sl.line_gross * o.fx_rate, 2) as revenue_gross,
    coalesce((select -sum(m.value) from stock_movements m
      where m.document_type = 'shipment' and m.document_id = s.id and m.document_line_id = sl.id
        and m.reverses_movement_id is null), 0)::numeric(18,2) as cogs`;

/**
 * Writes the sale facts of the lines of these posted shipments (after their ledger movements are in); 'all' for every
 * posted shipment (data written in bulk, as the bench's generator does).
 */
export async function recordSaleFacts(tx: DbOrTx, shipmentIds: readonly number[] | 'all'): Promise<void> {
  if (shipmentIds !== 'all' && !shipmentIds.length) return;
  const which =
    shipmentIds === 'all'
      ? sql``
      : sql`and s.id in (${sql.join(
          shipmentIds.map((id) => sql`${id}::int`),
          sql`, `,
        )})`;
  await tx.execute(sql`update shipment_lines t set sale_date = f.sale_date, order_id = f.order_id,
      client_id = f.client_id, company_id = f.company_id, revenue = f.revenue, revenue_gross = f.revenue_gross,
      cogs = f.cogs
    from (select sl.id, ${sourceColumns}
      from shipment_lines sl join shipments s on s.id = sl.shipment_id join orders o on o.id = s.order_id
      where s.status = 'posted' ${which}) f
    where t.id = f.id`);
}

/** A cancelled shipment's lines are no longer sales. */
export async function clearSaleFacts(tx: DbOrTx, shipmentId: number): Promise<void> {
  await tx.execute(sql`update shipment_lines set sale_date = null, order_id = null, client_id = null,
      company_id = null, revenue = null, revenue_gross = null, cogs = null
    where shipment_id = ${shipmentId}`);
}

/**
 * The lines whose stored sale facts differ from their sources (a posted shipment's line without them or with other
 * figures, or a line of an unposted shipment that still has them), as Ukrainian problem texts; empty when they agree.
 */
export async function checkSaleFacts(db: DbOrTx): Promise<string[]> {
  const rows = rowsOf<{ number: string; line_id: number }>(
    await db.execute(sql`select s.number, sl.id as line_id
      from shipment_lines sl join shipments s on s.id = sl.shipment_id
      left join lateral (select ${sourceColumns} from orders o where o.id = s.order_id) f on s.status = 'posted'
      where (s.status = 'posted') is distinct from (sl.sale_date is not null)
        or (s.status = 'posted' and (sl.sale_date, sl.order_id, sl.client_id, sl.company_id, sl.revenue,
          sl.revenue_gross, sl.cogs) is distinct from (f.sale_date, f.order_id, f.client_id, f.company_id, f.revenue,
          f.revenue_gross, f.cogs))
      order by sl.id limit 50`),
  );
  return rows.map((r) => `Відвантаження ${r.number}, рядок ${r.line_id}: факт продажу не збігається з документом`);
}
