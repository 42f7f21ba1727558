// /api/sales-analytics (reports-admin.md §5): the period's sale and booking facts (the reports' fact layer, the same
// definitions /reports reads) summed in SQL by period, client, category and manager, against the same-length period
// before; the clients' history (first and last sale) decides new, returning and dormant; ABC by revenue in Node on
// exact decimals (xyz.ts). Node only shapes the answers.
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { ukOrder } from '@/server/kernel/collation.ts';
import { rowsOf } from '@/server/kernel/rows.ts';
import { add, dec, div, fixed, isZero, mul } from '@/shared/decimal.ts';
import { addDays } from '@/shared/kyiv-date.ts';
import { pageOfRows } from '@/shared/list.ts';
import { changePercent, previousPeriod } from '@/shared/report-period.ts';
import { bookingTotals, saleFacts, type SalesFilter } from '@/modules/reports/server/index.ts';
import type {
  AbcClients,
  SalesByPeriodQuery,
  SalesClientRow,
  SalesFigure,
  SalesPagedQuery,
  SalesQuery,
  SalesSummary,
} from '../sales-analytics.contract.ts';
import { salesAnalyticsMessages as m } from '../sales-analytics.messages.ts';
import { abcClasses } from './xyz.ts';

/** Dormant: no sale in this many days up to the period's end (§5). */
export const DORMANT_DAYS = 180;
/** The first day any history is read from (the documents' years start in 2000). */
const HISTORY_FROM = '2000-01-01';

const filterOf = (q: SalesQuery): SalesFilter => ({
  from: q.from,
  to: q.to,
  companyId: q.companyId,
  clientId: q.clientId,
  categoryId: q.categoryId,
  managerUserId: q.managerUserId,
});

const sums = sql.raw(`coalesce(sum(f.revenue), 0)::numeric(18,2)::text as revenue,
  coalesce(sum(f.qty), 0)::numeric(18,4)::text as qty, count(distinct f.order_id)::int as orders`);

interface Sums {
  revenue: string;
  qty: string;
  orders: number;
}

const averageOf = (revenue: string, orders: number) =>
  orders === 0 ? null : fixed(div(dec(revenue), dec(orders), 8), 2);
const shareOf = (part: string, total: string) =>
  isZero(dec(total)) ? null : fixed(div(mul(dec(part), dec(100)), dec(total), 8), 2);
const shaped = (r: Sums, total: string) => ({
  revenue: r.revenue,
  qty: r.qty,
  orders: Number(r.orders),
  averageOrder: averageOf(r.revenue, Number(r.orders)),
  sharePercent: shareOf(r.revenue, total),
});

async function totalsOf(db: DbOrTx, f: SalesFilter) {
  const [row] = rowsOf<Sums & { bookings_count: number; bookings_value: string }>(
    await db.execute(sql`select s.*, b.bookings_count, b.bookings_value
      from (select ${sums} from (${saleFacts(f)}) f) s, (${bookingTotals(f)}) b`),
  );
  return row!;
}

const figure = (current: string | null, previous: string | null): SalesFigure => ({
  current,
  previous,
  growthPercent: changePercent(current, previous),
});

/**
 * Each client of the filter with sales up to the period's end: the first and the last sale day ever, and whether it
 * bought in the period. New: first sale in the period; returning: in the period and before; dormant: earlier sales,
 * none in the 180 days up to the period's end.
 */
function clientHistory(q: SalesQuery): SQL {
  const f = { ...filterOf(q), from: HISTORY_FROM };
  return sql`select f.client_id, min(f.day) as first_day, max(f.day) as last_day,
      bool_or(f.day >= ${q.from}::date) as in_period
    from (${saleFacts(f)}) f group by f.client_id`;
}

export async function salesSummary(db: DbOrTx, q: SalesQuery): Promise<SalesSummary> {
  const before = previousPeriod(q.from, q.to);
  const dormantFrom = addDays(q.to, -DORMANT_DAYS + 1);
  // Three statements side by side (on PostgreSQL each on its own connection).
  const [current, previous, history] = await Promise.all([
    totalsOf(db, filterOf(q)),
    totalsOf(db, { ...filterOf(q), ...before }),
    db.execute(sql`select count(*) filter (where h.in_period)::int as active,
        count(*) filter (where h.first_day >= ${q.from}::date)::int as new,
        count(*) filter (where h.in_period and h.first_day < ${q.from}::date)::int as returning,
        count(*) filter (where h.last_day < ${dormantFrom}::date)::int as dormant
      from (${clientHistory(q)}) h`),
  ]);
  const [clients] = rowsOf<{ active: number; new: number; returning: number; dormant: number }>(history);
  const avg = (t: Sums) => averageOf(t.revenue, Number(t.orders));
  return {
    from: q.from,
    to: q.to,
    previousFrom: before.from,
    previousTo: before.to,
    revenue: figure(current.revenue, previous.revenue),
    qty: figure(current.qty, previous.qty),
    orders: figure(String(current.orders), String(previous.orders)),
    averageOrder: figure(avg(current), avg(previous)),
    bookingsCount: figure(String(current.bookings_count), String(previous.bookings_count)),
    bookingsValue: figure(current.bookings_value, previous.bookings_value),
    clients: {
      active: clients!.active,
      new: clients!.new,
      returning: clients!.returning,
      dormant: clients!.dormant,
    },
  };
}

export async function salesByPeriod(db: DbOrTx, q: SalesByPeriodQuery) {
  const unit = sql.raw(`'${q.granularity}'`);
  const step = sql.raw(`interval '1 ${q.granularity}'`);
  const rows = rowsOf<Sums & { period: string }>(
    await db.execute(sql`select p.period::date::text as period,
        coalesce(s.revenue, 0)::numeric(18,2)::text as revenue, coalesce(s.qty, 0)::numeric(18,4)::text as qty,
        coalesce(s.orders, 0)::int as orders
      from generate_series(date_trunc(${unit}, ${q.from}::date), ${q.to}::date, ${step}) as p(period)
      left join (select date_trunc(${unit}, f.day) as period, sum(f.revenue) as revenue, sum(f.qty) as qty,
          count(distinct f.order_id) as orders
        from (${saleFacts(filterOf(q))}) f group by 1) s on s.period = p.period
      order by p.period`),
  );
  const total = totalOf(rows);
  return rows.map((r) => ({ period: r.period, ...shaped(r, total) }));
}

const totalOf = (rows: readonly { revenue: string }[]) =>
  fixed(
    rows.reduce((acc, r) => add(acc, dec(r.revenue)), dec(0)),
    2,
  );

/** Every client with sales in the period, by revenue (then the name): the figures, the history and the ABC class. */
async function clientRows(db: DbOrTx, q: SalesQuery): Promise<SalesClientRow[]> {
  const rows = rowsOf<Sums & { client_id: number; name: string; first_day: string }>(
    await db.execute(sql`select f.client_id, c.name, ${sums}, h.first_day::text as first_day
      from (${saleFacts(filterOf(q))}) f
      join counterparties c on c.id = f.client_id
      join (${clientHistory(q)}) h on h.client_id = f.client_id
      group by f.client_id, c.name, h.first_day
      order by sum(f.revenue) desc, ${ukOrder(sql`c.name`)}, f.client_id`),
  );
  const total = totalOf(rows);
  const classes = abcClasses(rows.map((r) => r.revenue));
  return rows.map((r, i) => ({
    clientId: Number(r.client_id),
    name: r.name,
    ...shaped(r, total),
    firstSaleDate: r.first_day,
    status: r.first_day >= q.from ? ('new' as const) : ('returning' as const),
    abcClass: classes[i]!.abcClass,
  }));
}

export async function salesByClient(db: DbOrTx, q: SalesPagedQuery) {
  return pageOfRows(await clientRows(db, q), q);
}

export async function abcClients(db: DbOrTx, q: SalesPagedQuery): Promise<AbcClients> {
  const rows = await clientRows(db, q);
  const cumulative = abcClasses(rows.map((r) => r.revenue));
  const total = totalOf(rows);
  const classes = (['A', 'B', 'C'] as const).map((abcClass) => {
    const of = rows.filter((r) => r.abcClass === abcClass);
    const revenue = totalOf(of);
    return { abcClass, clients: of.length, revenue, sharePercent: shareOf(revenue, total) };
  });
  const listed = rows.map((r, i) => ({
    clientId: r.clientId,
    name: r.name,
    revenue: r.revenue,
    cumulativePercent: cumulative[i]!.cumulativePercent,
    abcClass: r.abcClass,
  }));
  return { classes, ...pageOfRows(listed, q) };
}

export async function salesByCategory(db: DbOrTx, q: SalesQuery) {
  const rows = rowsOf<Sums & { category_id: number | null; name: string | null }>(
    await db.execute(sql`select f.category_id, c.name, ${sums}
      from (${saleFacts(filterOf(q))}) f left join categories c on c.id = f.category_id
      group by f.category_id, c.name
      order by sum(f.revenue) desc, ${ukOrder(sql`c.name`, 'asc', 'last')}`),
  );
  const total = totalOf(rows);
  return rows.map((r) => ({
    categoryId: r.category_id === null ? null : Number(r.category_id),
    name: r.name ?? m.noCategory,
    ...shaped(r, total),
  }));
}

export async function salesByManager(db: DbOrTx, q: SalesQuery) {
  const rows = rowsOf<Sums & { user_id: number | null; name: string | null }>(
    await db.execute(sql`select f.manager_user_id as user_id,
        nullif(trim(concat_ws(' ', u.last_name, u.first_name)), '') as name, u.username, ${sums}
      from (${saleFacts(filterOf(q))}) f left join users u on u.id = f.manager_user_id
      group by f.manager_user_id, u.last_name, u.first_name, u.username
      order by sum(f.revenue) desc, f.manager_user_id nulls last`),
  );
  const total = totalOf(rows);
  return rows.map((r) => ({
    userId: r.user_id === null ? null : Number(r.user_id),
    name: r.name ?? (r as { username?: string | null }).username ?? m.noManager,
    ...shaped(r, total),
  }));
}
