// `GET /api/analytics/overview` and `/trends` (reports-admin.md §4). Every figure is an SQL aggregate over the
// reports' fact layer (sale, booking, cash, stock, output and lead-time facts) or the payments' receivables — the
// same definitions /reports and the receivables report read, so the figures agree. One statement sums the facts of
// a period; Node only shapes the answer and computes the change between the periods.
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { rowsOf } from '@/server/kernel/rows.ts';
import { addDays, kyivToday } from '@/shared/kyiv-date.ts';
import { dec, div, fixed, isZero, mul, sub } from '@/shared/decimal.ts';
import { changePercent, previousPeriod } from '@/shared/report-period.ts';
import {
  bookingTotals,
  cashFacts,
  orderLeadTimes,
  outputFacts,
  saleFacts,
  stockValueAt,
  stockValueAtMonthEnds,
  type SalesFilter,
} from '@/modules/reports/server/index.ts';
import { clientReceivables, receivablesBalance, receivablesTotal } from '@/modules/payments/server/index.ts';
import type { Overview, OverviewQuery, Tile, TileKey, Trends, TrendsQuery } from '../analytics.contract.ts';

type Figures = Record<TileKey, string | null>;

interface PeriodRow {
  revenue: string;
  cogs: string;
  cash: string;
  output: string;
  stock: string;
  bookings_count: number;
  bookings_value: string;
  lead_days: string | null;
}

const sum = (fact: SQL, column: string) =>
  sql`(select coalesce(sum(f.${sql.raw(column)}), 0) from (${fact}) f)::numeric(18,2)::text`;

/** The tiles' figures of one period: one statement over the facts and the receivables at its end, side by side. */
async function figuresOf(db: DbOrTx, q: OverviewQuery): Promise<Figures> {
  const f: SalesFilter = { from: q.from, to: q.to, companyId: q.companyId, clientId: q.clientId };
  const split = Boolean(q.companyId || q.clientId);
  // The receivables are their own statement: on PostgreSQL it runs beside the facts' one, on another connection.
  const receivables = q.companyId ? Promise.resolve(null) : receivablesAt(db, q.to, q.clientId);
  // The sale and the booking facts are read once each, for both of their figures.
  const facts = db.execute(sql`select s.revenue, s.cogs, ${sum(cashFacts(f), 'amount')} as cash,
        ${split ? sql`'0'` : sum(outputFacts(f), 'value')} as output,
        ${split ? sql`'0'` : sum(stockValueAt(q.to), 'value')} as stock,
        b.bookings_count, b.bookings_value,
        (select avg(f.days) from (${orderLeadTimes(f)}) f)::numeric(18,1)::text as lead_days
      from (select coalesce(sum(f.revenue), 0)::numeric(18,2)::text as revenue,
          coalesce(sum(f.cogs), 0)::numeric(18,2)::text as cogs from (${saleFacts(f)}) f) s,
        (${bookingTotals(f)}) b`);
  const [result, receivablesEnd] = await Promise.all([facts, receivables]);
  const r = rowsOf<PeriodRow>(result)[0]!;
  const revenue = dec(r.revenue);
  const grossProfit = sub(revenue, dec(r.cogs));
  const count = Number(r.bookings_count);
  return {
    revenue: fixed(revenue, 2),
    grossProfit: fixed(grossProfit, 2),
    margin: isZero(revenue) ? null : fixed(div(mul(grossProfit, dec(100)), revenue, 8), 2),
    cashReceived: r.cash,
    receivables: receivablesEnd,
    stockValue: split ? null : r.stock,
    outputValue: split ? null : r.output,
    bookingsCount: String(count),
    bookingsValue: r.bookings_value,
    averageBooking: count === 0 ? '0.00' : fixed(div(dec(r.bookings_value), dec(count), 8), 2),
    leadTimeDays: r.lead_days,
  };
}

/** Σ balances of every client at the date, or the one client's balance. */
async function receivablesAt(db: DbOrTx, asOf: string, clientId: number | undefined): Promise<string> {
  if (!clientId) return receivablesBalance(db, asOf);
  return (await clientReceivables(db, [clientId], asOf)).get(clientId)!.balance;
}

/** Tiles that ignore a company or client filter: their facts carry neither (receivables carry a client). */
function filteredTile(key: TileKey, q: OverviewQuery): boolean {
  if (key === 'stockValue' || key === 'outputValue') return !q.companyId && !q.clientId;
  if (key === 'receivables') return !q.companyId;
  return true;
}

export async function overview(db: DbOrTx, q: OverviewQuery): Promise<Overview> {
  const before = previousPeriod(q.from, q.to);
  const [current, previous] = await Promise.all([figuresOf(db, q), figuresOf(db, { ...q, ...before })]);
  const tiles = Object.fromEntries(
    (Object.keys(current) as TileKey[]).map((key): [TileKey, Tile] => [
      key,
      {
        current: current[key],
        previous: previous[key],
        changePercent: changePercent(current[key], previous[key]),
        filtered: filteredTile(key, q),
      },
    ]),
  ) as Overview['tiles'];
  return { from: q.from, to: q.to, previousFrom: before.from, previousTo: before.to, tiles };
}

/** The first day of the month `back` months before the month of `day`. */
function monthStart(day: string, back: number): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7)) - 1 - back;
  const d = new Date(Date.UTC(year, month, 1));
  return d.toISOString().slice(0, 10);
}

export async function trends(db: DbOrTx, q: TrendsQuery, today = kyivToday()): Promise<Trends> {
  const first = monthStart(today, q.months - 1);
  const last = monthStart(today, 0);
  const f: SalesFilter = { from: first, to: addDays(monthStart(today, -1), -1), ...pick(q) };
  const split = Boolean(q.companyId || q.clientId);
  // The aging today is its own statement, run beside the months' one (on another connection on PostgreSQL).
  const aging = q.companyId
    ? Promise.resolve(null)
    : q.clientId
      ? clientReceivables(db, [q.clientId], today).then((r) => r.get(q.clientId!)!.aging)
      : receivablesTotal(db, today).then((r) => r.aging);
  const months = db.execute(sql`select mm.month::date::text as month,
        coalesce(s.revenue, 0)::numeric(18,2)::text as revenue, coalesce(s.cogs, 0)::numeric(18,2)::text as cogs,
        coalesce(c.amount, 0)::numeric(18,2)::text as cash,
        ${split ? sql`null::text` : sql`st.value::numeric(18,2)::text`} as stock
      from generate_series(${first}::date, ${last}::date, interval '1 month') as mm(month)
      left join (select date_trunc('month', f.day) as month, sum(f.revenue) as revenue, sum(f.cogs) as cogs
        from (${saleFacts(f)}) f group by 1) s on s.month = mm.month
      left join (select date_trunc('month', f.day) as month, sum(f.amount) as amount
        from (${cashFacts(f)}) f group by 1) c on c.month = mm.month
      ${split ? sql`` : sql`left join (${stockValueAtMonthEnds(first, last)}) st on st.month = mm.month::date`}
      order by mm.month`);
  const [result, agingToday] = await Promise.all([months, aging]);
  const rows = rowsOf<{ month: string; revenue: string; cogs: string; cash: string; stock: string | null }>(result);
  return {
    asOf: today,
    aging: agingToday,
    months: rows.map((r) => ({
      month: r.month,
      revenue: r.revenue,
      grossProfit: fixed(sub(dec(r.revenue), dec(r.cogs)), 2),
      cashIn: r.cash,
      stockValue: r.stock,
    })),
  };
}

const pick = (q: { companyId?: number | undefined; clientId?: number | undefined }) => ({
  companyId: q.companyId,
  clientId: q.clientId,
});
