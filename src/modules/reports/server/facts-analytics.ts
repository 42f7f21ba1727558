// The facts /analytics adds to the fact layer (decision 0028, reports-admin.md §4), beside facts.ts:
// - Order lead time: an order fully shipped in the period (every line's posted shipments reach its quantity), from
//   the Kyiv day of its confirmation (`confirmedAt`) to the date of the last posted shipment, which completed it.
// - Stock value at month-ends: Σ value of `stockFactsAt(monthEnd)` for a run of months in one statement — the
//   opening value before the first month (today's item values less the movements since) plus each month's
//   movements, summed cumulatively. stockFactsAt only drops
//   item × warehouse pairs whose quantity and value are both 0, so the sums are equal (a test holds them so).
import { sql, type SQL } from 'drizzle-orm';
import { dimensionFilter, type SalesFilter } from './facts.ts';

/**
 * The orders fully shipped in the period: columns order_id, client_id, company_id, manager_user_id, confirmed_on,
 * shipped_on, days (shipped_on − confirmed_on, whole days). The candidates are the orders with a posted shipment in
 * the period (`shipments_shipment_date_idx`); an order still short of a line is not there.
 */
export function orderLeadTimes(q: Pick<SalesFilter, 'from' | 'to' | 'companyId' | 'clientId' | 'managerUserId'>): SQL {
  return sql`select o.id as order_id, o.client_id, o.company_id, o.manager_user_id,
      (o.confirmed_at at time zone 'Europe/Kyiv')::date as confirmed_on, d.shipped_on,
      d.shipped_on - (o.confirmed_at at time zone 'Europe/Kyiv')::date as days
    from (select distinct s.order_id from shipments s
        where s.status = 'posted' and s.shipment_date between ${q.from}::date and ${q.to}::date) c
    -- The limit keeps the order a lookup by its key per candidate: as a join, the planner hashed the candidates
    -- against a scan of every order (a month of the bench year: 9 185 candidates, 173 000 orders read).
    cross join lateral (select * from orders o where o.id = c.order_id limit 1) o
    join lateral (select max(s.shipment_date) as shipped_on from shipments s
      where s.order_id = o.id and s.status = 'posted') d on true
    where o.status not in ('draft', 'cancelled') and o.confirmed_at is not null
      and d.shipped_on between ${q.from}::date and ${q.to}::date
      and not exists (select 1 from order_lines ol where ol.order_id = o.id
        and ol.qty > coalesce((select sum(sl.qty) from shipment_lines sl join shipments s on s.id = sl.shipment_id
          where sl.order_line_id = ol.id and s.status = 'posted'), 0))
      ${dimensionFilter(q)}`;
}

/**
 * Σ stock value at the end of a day, fast: today's value of every item (item_costs, which the ledger keeps equal to
 * the sum of the item's movements — stock/server/invariants.ts) less the movements dated after the day (few for a
 * recent day, by the occurred_on index). Equal to Σ value of `stockFactsAt(asOf)` (a test holds them so). Column value.
 */
export function stockValueAt(asOf: string): SQL {
  return sql`select (select coalesce(sum(c.value), 0) from item_costs c)
    - (select coalesce(sum(m.value), 0) from stock_movements m where m.occurred_on > ${asOf}::date) as value`;
}

/**
 * The stock value at the end of each month from `firstMonth` to `lastMonth` (first days, YYYY-MM-01): columns
 * month (date), value — Σ value of stockFactsAt(the month's last day), 0 where nothing was ever in stock. Today's
 * value less the movements dated after each month: one pass groups the movements since `firstMonth` by month (later
 * ones included), and each month subtracts the months after it — a year of the bench ledger was read twice before
 * (1,2 s), once now.
 */
export function stockValueAtMonthEnds(firstMonth: string, lastMonth: string): SQL {
  // Materialized: the months' subquery reads the grouped movements once per month, not the ledger once per month.
  return sql`with mv as materialized (select date_trunc('month', m.occurred_on) as month, sum(m.value) as value
        from stock_movements m where m.occurred_on >= ${firstMonth}::date group by 1),
      today as (select coalesce(sum(c.value), 0) as value from item_costs c)
    select mm.month::date as month,
      today.value - coalesce((select sum(mv.value) from mv where mv.month > mm.month), 0) as value
    from generate_series(${firstMonth}::date, ${lastMonth}::date, interval '1 month') as mm(month), today`;
}
