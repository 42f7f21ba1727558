// The stock and sales reports of the catalogue (reports-admin.md §3): stock at a date and the turnover of a period
// from each item's stock facts (Σ ledger ≤ a day, the movements between two days), the sales register from the sale facts,
// and the receivables of every client with facts from clientReceivables — the balance /clients shows.
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { rowsOf } from '@/server/kernel/rows.ts';
import { ukOrder } from '@/server/kernel/collation.ts';
import { addDays, kyivToday } from '@/shared/kyiv-date.ts';
import { itemStockFacts, saleFacts, stockItemFilter } from '@/modules/reports/server/index.ts';
import { clientReceivables } from '@/modules/payments/server/index.ts';
import { reportMeta, type ReportQuery } from '../advanced-reports.catalogue.ts';
import {
  andEq,
  idOf,
  ITEM_WALK_COLUMNS,
  itemWalk,
  orderOf,
  sqlReader,
  type ReportDefinition,
  type Row,
  type WalkOptions,
} from './report-kit.ts';

const meta = (key: string) => reportMeta(key)!;
const str = (q: ReportQuery, name: string) => String(q[name]);
const stockFilter = (q: ReportQuery) => ({ itemId: idOf(q, 'itemId'), categoryId: idOf(q, 'categoryId') });

// The stock reports have a row per item × warehouse (173 000 on the bench year) in the item's name order, then the
// warehouse's: they walk items (report-kit itemWalk) with each item's stock per warehouse beside it (itemStockFacts).
const byWarehouse = orderOf('~warehouse:__warehouseKey');

/** One item's rows of a stock report: its warehouses' stock from `from` to `to`, where `keep` holds. */
function stockWalk(q: ReportQuery, where: SQL, from: string, to: string, columns: SQL, keep: SQL): SQL {
  return sql`select i.sku, i.name as item, w.name as warehouse, ${columns},
      ${ITEM_WALK_COLUMNS}, uk_sort_key(w.name) as "__warehouseKey"
    from items i
    cross join lateral (${itemStockFacts(sql`i.id`, from, to)}) x
    join warehouses w on w.id = x.warehouse_id
    where (${keep}) and ${where} ${stockItemFilter(stockFilter(q))} ${andEq('x.warehouse_id', idOf(q, 'warehouseId'))}`;
}

/** Stock at a date, walked: the stock at the end of a day is the opening of the next; pairs holding something. */
export const stockAtDateReader = (options?: WalkOptions) =>
  itemWalk(
    (q, where) =>
      stockWalk(
        q,
        where,
        addDays(str(q, 'asOf'), 1),
        str(q, 'asOf'),
        sql`round(x.opening_qty, 4)::text as qty, round(x.opening_value, 2)::text as value`,
        sql`x.opening_qty <> 0 or x.opening_value <> 0`,
      ),
    byWarehouse,
    options,
  );

/** The turnover, walked: a pair is in it when it opened with stock or moved in the period (a reversal too). */
export const stockTurnoverReader = (options?: WalkOptions) =>
  itemWalk(
    (q, where) =>
      stockWalk(
        q,
        where,
        str(q, 'from'),
        str(q, 'to'),
        sql`round(x.opening_qty, 4)::text as "openingQty", round(x.opening_value, 2)::text as "openingValue",
        round(x.in_qty, 4)::text as "inQty", round(x.in_value, 2)::text as "inValue",
        round(x.out_qty, 4)::text as "outQty", round(x.out_value, 2)::text as "outValue",
        round(x.opening_qty + x.in_qty - x.out_qty, 4)::text as "closingQty",
        round(x.opening_value + x.in_value - x.out_value, 2)::text as "closingValue"`,
        sql`x.opening_qty <> 0 or x.opening_value <> 0 or x.moves > 0`,
      ),
    byWarehouse,
    options,
  );

export const stockAtDate: ReportDefinition = { meta: meta('stock-at-date'), ...stockAtDateReader() };
export const stockTurnover: ReportDefinition = { meta: meta('stock-turnover'), ...stockTurnoverReader() };

export const salesRegister: ReportDefinition = {
  meta: meta('sales-register'),
  read: sqlReader(
    (q) => sql`select f.day::text as day, c.name as client, i.sku, i.name as item, f.qty::text as qty,
        round(f.revenue, 2)::text as revenue, round(f.revenue_gross, 2)::text as "revenueGross",
        round(f.cogs, 2)::text as cogs, round(f.gross_profit, 2)::text as "grossProfit", f.day as "__day"
      from (${saleFacts({
        from: str(q, 'from'),
        to: str(q, 'to'),
        clientId: idOf(q, 'clientId'),
        companyId: idOf(q, 'companyId'),
        itemId: idOf(q, 'itemId'),
        categoryId: idOf(q, 'categoryId'),
      })}) f
      left join counterparties c on c.id = f.client_id
      -- A left join (every line has its item: not null, a foreign key) that PostgreSQL drops from the count and the
      -- page's bounds, which read only the day: a year's count took 0,9 s with the join, 0,3 s without.
      left join items i on i.id = f.item_id`,
    orderOf('day', '~client', '~item', 'sku'),
    // The page's bounds read the day as a date, by the sale facts' day index: as text (the column `day`) every
    // bound sorted and counted the year's 400 000 lines (0,97 s a page).
    { leading: '__day' },
  ),
};

/**
 * The clients with any sale or cash fact up to the date: the rows of the receivables report. A sale fact is a line
 * posting dated (shipment_lines.sale_date, the debits clientReceivables sums), found by its (client, day) index — one
 * probe per client, where the shipments joined to their orders were read whole (20 200 clients on the bench year:
 * 400 → 30 ms).
 */
const clientsWithFacts = (asOf: string, clientId: number | undefined) => sql`select c.id, c.name from counterparties c
  where (exists (select 1 from shipment_lines sl where sl.client_id = c.id and sl.sale_date <= ${asOf}::date)
    or exists (select 1 from payments p
      where p.client_id = c.id and p.status = 'posted' and p.payment_date <= ${asOf}::date))
    ${andEq('c.id', clientId)}`;

export const receivables: ReportDefinition = {
  meta: meta('receivables'),
  read: async (db: DbOrTx, q, { offset, limit }) => {
    const asOf = str(q, 'asOf');
    const source = clientsWithFacts(asOf, idOf(q, 'clientId'));
    const [count] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from (${source}) r`));
    const clients = rowsOf<{ id: number; name: string }>(
      await db.execute(
        sql`select * from (${source}) r order by ${ukOrder(sql`r.name`)}, r.id limit ${limit} offset ${offset}`,
      ),
    );
    const owed = await clientReceivables(
      db,
      clients.map((c) => Number(c.id)),
      asOf,
    );
    const rows: Row[] = clients.map((c) => {
      const r = owed.get(Number(c.id))!;
      return { client: c.name, balance: r.balance, ...r.aging, overdue: r.overdue };
    });
    return { rows, total: Number(count?.n ?? 0) };
  },
};

/** Today in Kyiv and the first day of its month: the defaults of a date and of a period. */
export function defaultDates(): { today: string; monthStart: string } {
  const today = kyivToday();
  return { today, monthStart: `${today.slice(0, 8)}01` };
}
