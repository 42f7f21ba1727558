// The fact layer of every report (reports-admin.md §0): each fact is one SELECT here, and no report recomputes one
// its own way. The facts read other modules' tables in SQL (shipments, orders, the ledger, adjustments, audits, MOs,
// repairs) — read-only, and only here; the module README names them.
//
// - Sale: a line of a posted shipment, dated by the shipment's date. revenue = lineNet × the order's fxRate, COGS =
//   the value its ledger movement took out (0 for a service, which moves no stock); posting stores these on the line.
//   Cancelled shipments are not sales (their movements were reversed and their figures leave the period they were
//   in).
// - Write-off: the value of a posted adjustment's outgoing lines for damage, correction or other reasons, and an
//   audit's shortages less its surpluses — from the ledger's movements of documents still posted.
// - Production variance: the cost of an MO completed in the period that its outputs did not absorb.
// - Warranty cost: the parts and labour of warranty repairs returned in the period.
import { sql, type SQL } from 'drizzle-orm';
import { kyivDayEnd, kyivDayStart } from '@/server/kernel/kyiv-sql.ts';

export interface SalesFilter {
  from: string;
  to: string;
  companyId?: number | undefined;
  clientId?: number | undefined;
  categoryId?: number | undefined;
  itemId?: number | undefined;
  managerUserId?: number | undefined;
}

/** The ids of a category and of its subcategories (every fact's category filter). */
export const categoryTree = (categoryId: number) => sql`(with recursive tree as (
    select id from categories where id = ${categoryId}
    union all select c.id from categories c join tree on c.parent_id = tree.id) select id from tree)`;

/** `and …` for the item and category filters, on an item id column. */
function itemFilter(q: SalesFilter, itemColumn: SQL): SQL {
  const parts: SQL[] = [];
  if (q.itemId) parts.push(sql`and ${itemColumn} = ${q.itemId}`);
  if (q.categoryId) {
    parts.push(sql`and ${itemColumn} in (select id from items where category_id in ${categoryTree(q.categoryId)})`);
  }
  return sql.join(parts, sql` `);
}

/** A sale's client and company as the line keeps them; its manager from the order. */
const SALE_COLUMNS: DimensionColumns = {
  company: 'sl.company_id',
  client: 'sl.client_id',
  manager: 'o.manager_user_id',
};

/**
 * The sale facts of the period: columns day, order_id, client_id, company_id, manager_user_id, item_id, category_id,
 * carrier_id, qty, revenue, revenue_gross, cogs, gross_profit (UAH, numeric). The posting transaction keeps each
 * line's figures on it (shipments.sale-facts.ts), so a period is a range of one index; the manager, the carrier and
 * the category come from their documents by left joins on keys, which PostgreSQL drops when a report does not use
 * them.
 */
export function saleFacts(q: SalesFilter): SQL {
  return sql`select sl.sale_date as day, sl.order_id, sl.client_id, sl.company_id, o.manager_user_id, sl.item_id,
      i.category_id, s.carrier_id, sl.qty, sl.revenue, sl.revenue_gross, sl.cogs, sl.revenue - sl.cogs as gross_profit
    from shipment_lines sl
    left join orders o on o.id = sl.order_id
    left join shipments s on s.id = sl.shipment_id
    left join items i on i.id = sl.item_id
    where sl.sale_date between ${q.from}::date and ${q.to}::date
      ${dimensionFilter(q, SALE_COLUMNS)} ${itemFilter(q, sql`sl.item_id`)}`;
}

/**
 * The day of an item's last sale fact up to `to` (for one client when asked): a scalar subquery on the item column
 * of the caller's row, read from the sale facts' (item, day) index — one item's facts, not all of them grouped.
 */
export function lastSaleDay(item: SQL, q: { to: string; clientId?: number | undefined }): SQL {
  return sql`(select max(sl.sale_date) from shipment_lines sl
    where sl.item_id = ${item} and sl.sale_date between '2000-01-01'::date and ${q.to}::date
      ${dimensionFilter({ clientId: q.clientId }, SALE_COLUMNS)})`;
}

/** Σ write-offs of the period (UAH): damage, correction and other adjustments out, audit shortages less surpluses. */
export function writeOffsOf(q: SalesFilter): SQL {
  return sql`select coalesce(-sum(m.value), 0) as amount from stock_movements m
    where m.reverses_movement_id is null and m.occurred_on between ${q.from}::date and ${q.to}::date
      ${itemFilter(q, sql`m.item_id`)}
      and (
        (m.document_type = 'adjustment' and m.value < 0 and exists (select 1 from stock_adjustments a
          where a.id = m.document_id and a.status = 'posted' and a.reason in ('damage', 'correction', 'other')))
        or (m.document_type = 'inventory_audit' and exists (select 1 from inventory_audits a
          where a.id = m.document_id and a.status = 'posted'))
      )`;
}

/** Σ of what completed MOs' outputs did not absorb (actual total − output value), MOs completed in the period. */
export function productionVariancesOf(q: SalesFilter): SQL {
  return sql`select coalesce(sum(mo.actual_total - coalesce((select sum(coalesce(p.material_value, 0)
        + coalesce(p.conversion_value, 0)) from mo_postings p
        where p.mo_id = mo.id and p.kind = 'output' and p.status = 'posted'), 0)), 0) as amount
    from manufacturing_orders mo
    where mo.status = 'completed' and mo.actual_total is not null
      and mo.completed_at >= ${kyivDayStart(q.from)} and mo.completed_at < ${kyivDayEnd(q.to)}
      ${itemFilter(q, sql`mo.item_id`)}`;
}

/** Σ warranty cost (parts + labour) of warranty repairs returned in the period. */
export function warrantyCostOf(q: SalesFilter): SQL {
  return sql`select coalesce(sum(r.warranty_cost), 0) as amount from repairs r
    where r.status = 'returned' and r.is_warranty
      and r.returned_at >= ${kyivDayStart(q.from)} and r.returned_at < ${kyivDayEnd(q.to)}
      ${itemFilter(q, sql`r.item_id`)}`;
}

/** The columns a fact carries its order dimensions in. */
interface DimensionColumns {
  company: string;
  client: string;
  manager: string;
}

/** The order's own columns on an orders alias `o`. */
const ORDER_COLUMNS: DimensionColumns = {
  company: 'o.company_id',
  client: 'o.client_id',
  manager: 'o.manager_user_id',
};

/** `and …` for the order dimensions (company, client, manager) that are set, on the given columns. */
export function dimensionFilter(
  q: Pick<SalesFilter, 'companyId' | 'clientId' | 'managerUserId'>,
  columns: DimensionColumns = ORDER_COLUMNS,
): SQL {
  const parts: SQL[] = [];
  if (q.companyId) parts.push(sql`and ${sql.raw(columns.company)} = ${q.companyId}`);
  if (q.clientId) parts.push(sql`and ${sql.raw(columns.client)} = ${q.clientId}`);
  if (q.managerUserId) parts.push(sql`and ${sql.raw(columns.manager)} = ${q.managerUserId}`);
  return sql.join(parts, sql` `);
}

/**
 * The booking facts of the period (§0 'Booking'): a line of an order confirmed at some time (any status but draft and
 * cancelled), dated by the order's date. Columns day, order_id, client_id, company_id, manager_user_id, item_id,
 * category_id, qty, amount (lineGross × the order's fxRate, UAH). An unmapped draft line cannot be here (a confirmed
 * order has every line mapped). The item is a left join on its key, which PostgreSQL drops when the category is not
 * used (a year's bookings: 550 ms → 225 ms).
 */
export function bookingFacts(q: SalesFilter): SQL {
  return sql`select o.order_date as day, o.id as order_id, o.client_id, o.company_id, o.manager_user_id, ol.item_id,
      i.category_id, ol.qty, round(ol.line_gross * o.fx_rate, 2) as amount
    from orders o
    join order_lines ol on ol.order_id = o.id
    left join items i on i.id = ol.item_id
    where o.status not in ('draft', 'cancelled') and o.order_date between ${q.from}::date and ${q.to}::date
      and ol.item_id is not null
      ${dimensionFilter(q)} ${itemFilter(q, sql`ol.item_id`)}`;
}

/**
 * The booking facts of the period summed per order: columns day, order_id, client_id, company_id, manager_user_id,
 * amount — one row per order with a booking fact, amount = Σ of its facts' amounts (no item filter: the sum is the
 * order's). For a tile's count and value: the period's orders by their date index, each order's lines by the
 * order_lines index in an aggregate the planner cannot turn into a hash join over every line of every order (a
 * month of the bench year: 150 ms → 40 ms). analytics.routes.test.ts holds it equal to `bookingFacts`.
 */
export function bookingsByOrder(q: Pick<SalesFilter, 'from' | 'to' | 'companyId' | 'clientId' | 'managerUserId'>): SQL {
  return sql`select o.order_date as day, o.id as order_id, o.client_id, o.company_id, o.manager_user_id, l.amount
    from orders o
    cross join lateral (select sum(round(ol.line_gross * o.fx_rate, 2)) as amount from order_lines ol
      where ol.order_id = o.id and ol.item_id is not null) l
    where o.status not in ('draft', 'cancelled') and o.order_date between ${q.from}::date and ${q.to}::date
      and l.amount is not null
      ${dimensionFilter(q)}`;
}

/**
 * The period's bookings in one row: bookings_count (orders) and bookings_value (UAH, 2 decimals). Without an item or
 * category filter they are summed per order (`bookingsByOrder`, by the orders' indexes); with one, over the line facts
 * of those items (an order counts once however many of its lines match).
 */
export function bookingTotals(q: SalesFilter): SQL {
  return q.itemId || q.categoryId
    ? sql`select count(distinct b.order_id)::int as bookings_count,
        coalesce(sum(b.amount), 0)::numeric(18,2)::text as bookings_value from (${bookingFacts(q)}) b`
    : sql`select count(*)::int as bookings_count,
        coalesce(sum(b.amount), 0)::numeric(18,2)::text as bookings_value from (${bookingsByOrder(q)}) b`;
}

/**
 * The cash facts of the period (§0 'Cash'): a posted payment dated by its payment date; amount = receipts minus
 * refunds in UAH (amount × the payment's fxRate). Columns day, payment_id, client_id, company_id, amount. Payments
 * carry no item or manager: under an item, category or manager filter there is no cash fact (see
 * `filtersBeyondCash`).
 */
export function cashFacts(q: SalesFilter): SQL {
  const parts: SQL[] = [];
  if (q.companyId) parts.push(sql`and p.company_id = ${q.companyId}`);
  if (q.clientId) parts.push(sql`and p.client_id = ${q.clientId}`);
  return sql`select p.payment_date as day, p.id as payment_id, p.client_id, p.company_id,
      case when p.type = 'refund' then -1 else 1 end * round(p.amount * p.fx_rate, 2) as amount
    from payments p
    where p.status = 'posted' and p.payment_date between ${q.from}::date and ${q.to}::date
      ${sql.join(parts, sql` `)}`;
}

/** True when a filter names a dimension the cash facts do not carry (item, category, manager). */
export const filtersBeyondCash = (q: SalesFilter): boolean => Boolean(q.itemId || q.categoryId || q.managerUserId);

/**
 * The stock facts at the end of a day (§0 'Stock', README §3): quantity and value per item × warehouse, the sum of
 * every movement on or before the date (reversals included — a reversed document nets to 0). Read as the balance,
 * which holds the sum of all the pair's movements (on hand, and the value kept by migration 0050, decision 0034),
 * less the movements after the date: a report of this month reads days of movements, not the year's ledger. Columns
 * item_id, warehouse_id, category_id, qty, value; only pairs whose quantity or value is not 0. Only the item and
 * category filters apply (stock has no client, company or manager).
 */
export function stockFactsAt(asOf: string, q: Pick<SalesFilter, 'itemId' | 'categoryId'> = {}): SQL {
  const range = { from: asOf, to: asOf, ...q };
  return sql`select x.item_id, x.warehouse_id, i.category_id, x.qty, x.value
    from (select b.item_id, b.warehouse_id, b.on_hand - coalesce(a.qty, 0) as qty, b.value - coalesce(a.value, 0) as value
      from stock_balances b
      left join (select m.item_id, m.warehouse_id, sum(m.qty) as qty, sum(m.value) as value
        from stock_movements m
        where m.occurred_on > ${asOf}::date ${itemFilter(range, sql`m.item_id`)}
        group by m.item_id, m.warehouse_id) a on a.item_id = b.item_id and a.warehouse_id = b.warehouse_id
      where true ${itemFilter(range, sql`b.item_id`)}) x
    join items i on i.id = x.item_id
    where x.qty <> 0 or x.value <> 0`;
}

/** True when a filter names a dimension the non-sale facts do not carry (client, company, manager). */
export const filtersBeyondStock = (q: SalesFilter): boolean => Boolean(q.companyId || q.clientId || q.managerUserId);
