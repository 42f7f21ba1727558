// `GET /api/reports/profitability` (reports-admin.md §2): the period's sales figures from the fact layer, the
// write-offs, production variances and warranty cost beside them, the months for the chart, a table grouped by
// month, company, category, client or item, and the top 10 clients and items by gross profit. Every aggregate is
// SQL over the facts; Node only shapes the answer.
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { rowsOf } from '@/server/kernel/rows.ts';
import { add, dec, fixed, sub, isZero, div, mul } from '@/shared/decimal.ts';
import { pageWindow } from '@/shared/list.ts';
import {
  ROWS_DEFAULT_LIMIT,
  type Profitability,
  type ProfitabilityGroup,
  type ProfitabilityQuery,
  type ProfitabilityRow,
  type SaleFigures,
} from '../reports.contract.ts';
import { groupByLabels, reportsMessages as m } from '../reports.messages.ts';
import {
  filtersBeyondStock,
  productionVariancesOf,
  saleFacts,
  warrantyCostOf,
  writeOffsOf,
  type SalesFilter,
} from './facts.ts';
import { rankedGroups } from './ranked.ts';

interface FigureRow {
  qty: string | null;
  revenue: string | null;
  cogs: string | null;
}

const sums = sql.raw(`coalesce(sum(f.qty), 0)::numeric(18,4)::text as qty,
  coalesce(sum(f.revenue), 0)::numeric(18,2)::text as revenue,
  coalesce(sum(f.cogs), 0)::numeric(18,2)::text as cogs`);

/** The sale figures of summed facts: gross profit and the margin (2 decimals, null without revenue). */
export function saleFigures(r: FigureRow | undefined): SaleFigures {
  const revenue = dec(r?.revenue ?? '0');
  const cogs = dec(r?.cogs ?? '0');
  const grossProfit = sub(revenue, cogs);
  return {
    qty: fixed(dec(r?.qty ?? '0'), 4),
    revenue: fixed(revenue, 2),
    cogs: fixed(cogs, 2),
    grossProfit: fixed(grossProfit, 2),
    margin: isZero(revenue) ? null : fixed(div(mul(grossProfit, dec(100)), revenue, 8), 2),
  };
}

/** How a group is keyed (over the facts `f`) and named (joins on the ranked groups' `a.key`). */
const groups: Record<Exclude<ProfitabilityGroup, 'month'>, { key: string; label: string; join: string }> = {
  company: {
    key: 'f.company_id',
    label: `coalesce(g.name, '${m.noCompany}')`,
    join: 'left join companies g on g.id = a.key',
  },
  category: {
    key: 'f.category_id',
    label: `coalesce(g.name, '${m.noCategory}')`,
    join: 'left join categories g on g.id = a.key',
  },
  client: {
    key: 'f.client_id',
    label: `coalesce(g.name, '${m.noClient}')`,
    join: 'left join counterparties g on g.id = a.key',
  },
  item: { key: 'f.item_id', label: 'g.name', join: 'join items g on g.id = a.key' },
};

type GroupRow = FigureRow & { key: string | number | null; label: string; sku: string | null; total: string };

/** Every group of the period (all of them, or one page): grossProfit first, then the name (Ukrainian order). */
async function groupRows(
  db: DbOrTx,
  q: SalesFilter,
  groupBy: ProfitabilityGroup,
  window: { limit: number; offset: number } | null,
): Promise<{ rows: ProfitabilityRow[]; total: number }> {
  let rows: GroupRow[];
  if (groupBy === 'month') {
    rows = rowsOf<GroupRow>(
      await db.execute(sql`select date_trunc('month', f.day)::date::text as key, '' as label, null::text as sku,
          ${sums}, count(*) over () as total
        from (${saleFacts(q)}) f
        group by 1 order by 1
        ${window ? sql`limit ${window.limit} offset ${window.offset}` : sql``}`),
    );
  } else {
    const g = groups[groupBy];
    rows = rowsOf<GroupRow>(
      await db.execute(
        rankedGroups({
          groups: sql`select ${sql.raw(g.key)} as key, sum(f.revenue) - sum(f.cogs) as rank, ${sums}
            from (${saleFacts(q)}) f group by 1`,
          names: sql.raw(g.join),
          label: sql.raw(g.label),
          extra: sql.raw(groupBy === 'item' ? 'g.sku as sku' : 'null::text as sku'),
          window,
        }),
      ),
    );
  }
  const total = rows.length ? Number(rows[0]!.total) : window ? await countGroups(db, q, groupBy) : 0;
  return {
    total,
    rows: rows.map((r) => ({
      key: r.key === null ? null : groupBy === 'month' ? String(r.key) : Number(r.key),
      label: groupBy === 'month' ? String(r.key) : r.label,
      sku: r.sku,
      ...saleFigures(r),
    })),
  };
}

/** The number of groups when the page asked for is past the last one. */
async function countGroups(db: DbOrTx, q: SalesFilter, groupBy: ProfitabilityGroup): Promise<number> {
  const key = groupBy === 'month' ? `date_trunc('month', f.day)` : groups[groupBy].key;
  const [row] = rowsOf<{ n: string }>(
    await db.execute(sql`select count(distinct ${sql.raw(key)})::text as n from (${saleFacts(q)}) f`),
  );
  return Number(row?.n ?? 0);
}

async function amount(db: DbOrTx, fact: SQL): Promise<string> {
  const [row] = rowsOf<{ amount: string }>(await db.execute(sql`select (${fact})::numeric(18,2)::text as amount`));
  return row?.amount ?? '0.00';
}

/** The top 10 of a dimension by gross profit. */
async function top(db: DbOrTx, q: SalesFilter, dimension: 'client' | 'item') {
  const g = groups[dimension];
  const rows = rowsOf<{ key: number; label: string; revenue: string; gross_profit: string }>(
    await db.execute(
      rankedGroups({
        groups: sql`select ${sql.raw(g.key)} as key, sum(f.revenue) - sum(f.cogs) as rank,
            sum(f.revenue)::numeric(18,2)::text as revenue,
            (sum(f.revenue) - sum(f.cogs))::numeric(18,2)::text as gross_profit
          from (${saleFacts(q)}) f where ${sql.raw(g.key)} is not null group by 1`,
        names: sql.raw(g.join),
        label: sql.raw(g.label),
        window: { limit: 10, offset: 0 },
      }),
    ),
  );
  return rows.map((r) => ({ id: Number(r.key), name: r.label, revenue: r.revenue, grossProfit: r.gross_profit }));
}

/**
 * The top 10 from the first page of the same ranking (grouped by client or item, gross profit first, then the name),
 * instead of ranking the period a second time; null when the page cannot tell.
 */
function firstTen(rows: ProfitabilityRow[], total: number) {
  // A page shorter than 10 rows holds the top 10 only when it holds every group.
  if (rows.length < 10 && rows.length !== total) return null;
  return rows
    .slice(0, 10)
    .map((r) => ({ id: Number(r.key), name: r.label, revenue: r.revenue, grossProfit: r.grossProfit }));
}

/** The months the period touches, each with its figures (zero where nothing sold). */
async function months(db: DbOrTx, q: SalesFilter) {
  const rows = rowsOf<FigureRow & { month: string }>(
    await db.execute(sql`select mm.month::date::text as month, ${sums}
      from generate_series(date_trunc('month', ${q.from}::date), date_trunc('month', ${q.to}::date), interval '1 month')
        as mm(month)
      left join (${saleFacts(q)}) f on date_trunc('month', f.day) = mm.month
      group by mm.month order by mm.month`),
  );
  return rows.map((r) => ({ month: r.month, ...saleFigures(r) }));
}

export async function profitability(db: DbOrTx, q: ProfitabilityQuery): Promise<Profitability> {
  const split = filtersBeyondStock(q);
  const window = pageWindow({ page: q.page, limit: q.limit ?? ROWS_DEFAULT_LIMIT });
  // The top 10 of the grouping's own dimension comes from its first page; the other one is ranked beside it.
  const topOf = (dimension: 'client' | 'item') =>
    q.groupBy === dimension && window.offset === 0 ? null : top(db, q, dimension);
  // Independent statements, side by side (on PostgreSQL each on its own connection of the pool).
  const [monthRows, writeOffs, productionVariances, warrantyCost, page, clientsTop, itemsTop] = await Promise.all([
    months(db, q),
    split ? null : amount(db, writeOffsOf(q)),
    split ? null : amount(db, productionVariancesOf(q)),
    split ? null : amount(db, warrantyCostOf(q)),
    groupRows(db, q, q.groupBy, window),
    topOf('client'),
    topOf('item'),
  ]);
  // The months cover the period, so their sums are its totals (exact: the facts' columns are at the shown scale) —
  // one pass over a year's sale facts fewer than a separate total.
  const sum = (k: keyof FigureRow) =>
    fixed(
      monthRows.reduce((acc, r) => add(acc, dec(r[k])), dec(0)),
      4,
    );
  const sales = saleFigures({ qty: sum('qty'), revenue: sum('revenue'), cogs: sum('cogs') });
  const operatingResult =
    writeOffs === null || productionVariances === null || warrantyCost === null
      ? null
      : fixed(sub(dec(sales.grossProfit), add(add(dec(writeOffs), dec(productionVariances)), dec(warrantyCost))), 2);
  const { rows, total } = page;
  return {
    from: q.from,
    to: q.to,
    groupBy: q.groupBy,
    totals: { ...sales, writeOffs, productionVariances, warrantyCost, operatingResult },
    rows,
    rowsTotal: total,
    months: monthRows,
    topClients: clientsTop ?? firstTen(rows, total) ?? (await top(db, q, 'client')),
    topItems: itemsTop ?? firstTen(rows, total) ?? (await top(db, q, 'item')),
  };
}

/** Every row of the grouping, for the download. */
export async function profitabilityExportRows(db: DbOrTx, q: ProfitabilityQuery) {
  return (await groupRows(db, q, q.groupBy, null)).rows;
}

export const groupLabel = (groupBy: ProfitabilityGroup) => groupByLabels[groupBy];
