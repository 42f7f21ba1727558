// The reads of /api/production-forecasts (production.md §12): the list, a forecast, the items × periods table (a page
// of items), one item's chart series and the 'Створити МВ' suggestions. Realised accuracy is computed on read from the
// lines that have actuals: per item and in total.
import { sql, type SQL } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import { compareUk } from '@/shared/collation.ts';
import { cmp, dec, fixed, sub, type Dec } from '@/shared/decimal.ts';
import { pageWindow, parseSort } from '@/shared/list.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { listOrder, ukOrder } from '@/server/kernel/collation.ts';
import { containsPattern } from '@/server/kernel/like.ts';
import { rowsOf, isoStamp } from '@/server/kernel/rows.ts';
import { freeByItem, inProductionByItem, makeableItems } from '@/modules/ordered-products/server/index.ts';
import {
  forecastSortFields,
  type ForecastCell,
  type ForecastDetail,
  type ForecastLineRow,
  type ForecastLinesQuery,
  type ForecastListQuery,
  type ForecastRealised,
  type ForecastRow,
  type ForecastSeries,
  type ForecastSuggestions,
} from '../production-forecasts.contract.ts';
import { forecastScopeLabels, productionForecastsMessages as m } from '../production-forecasts.messages.ts';
import { accuracyOf, addPeriods, roundForecast, type AccuracySums } from './forecast-math.ts';
import { intArray } from '@/server/kernel/sql-arrays.ts';
import { itemFacts, shippedByPeriod } from './forecast-history.ts';

const iso = isoStamp;
const num1 = (v: string | null) => (v == null ? null : fixed(dec(v), 1));

interface SumsRow {
  lines: number | string;
  actual: string | null;
  abs_error: string | null;
  error: string | null;
}

function realisedOf(r: SumsRow | undefined): ForecastRealised {
  const sums: AccuracySums = {
    lines: Number(r?.lines ?? 0),
    actual: dec(r?.actual ?? '0'),
    absError: dec(r?.abs_error ?? '0'),
    error: dec(r?.error ?? '0'),
  };
  return { lines: sums.lines, sumActual: fixed(sums.actual, 4), ...accuracyOf(sums) };
}

/** Σ over the lines with actuals, grouped by `group` (forecast_id or item_id) of the filtered lines. */
const sumsSelect = (group: SQL, where: SQL) => sql`select ${group} as key, count(*) as lines,
    sum(fl.actual_qty)::text as actual, sum(abs(fl.forecast_qty - fl.actual_qty))::text as abs_error,
    sum(fl.forecast_qty - fl.actual_qty)::text as error
  from forecast_lines fl where fl.actual_qty is not null and ${where} group by ${group}`;

const rowSelect = sql`select f.id, f.name, f.scope, f.item_ids, f.category_id, c.name as category_name, f.granularity,
    f.method, f.window_n, f.alpha::text as alpha, f.history_periods, f.horizon_periods, f.status, f.calculated_at,
    f.backtest_accuracy::text as backtest_accuracy, f.updated_at, f.version, f.notes,
    f.history_from::text as history_from, f.history_to::text as history_to, f.created_at,
    nullif(trim(cu.first_name || ' ' || cu.last_name), '') as created_by_name,
    nullif(trim(uu.first_name || ' ' || uu.last_name), '') as updated_by_name,
    (select count(*) from forecast_items fi where fi.forecast_id = f.id) as item_count
  from production_forecasts f
  left join categories c on c.id = f.category_id
  left join users cu on cu.id = f.created_by
  left join users uu on uu.id = f.updated_by`;

interface ForecastDbRow {
  id: number;
  name: string;
  scope: ForecastRow['scope'];
  item_ids: number[] | string;
  category_id: number | null;
  category_name: string | null;
  granularity: ForecastRow['granularity'];
  method: ForecastRow['method'];
  window_n: number;
  alpha: string;
  history_periods: number;
  horizon_periods: number;
  status: ForecastRow['status'];
  calculated_at: unknown;
  backtest_accuracy: string | null;
  updated_at: unknown;
  version: number;
  notes: string | null;
  history_from: string | null;
  history_to: string | null;
  created_at: unknown;
  created_by_name: string | null;
  updated_by_name: string | null;
  item_count: number | string;
}

const itemIdsOf = (r: ForecastDbRow): number[] =>
  (typeof r.item_ids === 'string' ? (JSON.parse(r.item_ids) as number[]) : r.item_ids).map(Number);

function rowOf(r: ForecastDbRow, realised: ForecastRealised): ForecastRow {
  const ids = itemIdsOf(r);
  return {
    id: Number(r.id),
    name: r.name,
    scope: r.scope,
    scopeLabel:
      r.scope === 'all'
        ? forecastScopeLabels.all
        : r.scope === 'category'
          ? (r.category_name ?? forecastScopeLabels.category)
          : m.itemsCount(ids.length),
    granularity: r.granularity,
    method: r.method,
    windowN: Number(r.window_n),
    alpha: fixed(dec(r.alpha), 4).replace(/0+$/, '').replace(/\.$/, ''),
    historyPeriods: Number(r.history_periods),
    horizonPeriods: Number(r.horizon_periods),
    status: r.status,
    calculatedAt: iso(r.calculated_at),
    backtestAccuracy: num1(r.backtest_accuracy),
    realisedAccuracy: realised.accuracy,
    itemCount: Number(r.item_count),
    updatedAt: iso(r.updated_at)!,
  };
}

async function realisedByForecast(db: DbOrTx, ids: readonly number[]) {
  if (!ids.length) return new Map<number, ForecastRealised>();
  const rows = rowsOf<SumsRow & { key: number }>(
    await db.execute(sumsSelect(sql`fl.forecast_id`, sql`fl.forecast_id = any(${intArray(ids)})`)),
  );
  return new Map(rows.map((r) => [Number(r.key), realisedOf(r)]));
}

/** GET /api/production-forecasts: a page, newest change first by default. */
export async function listForecasts(db: DbOrTx, q: ForecastListQuery): Promise<{ rows: ForecastRow[]; total: number }> {
  const where: SQL[] = [sql`true`];
  if (q.status) where.push(sql`f.status = ${q.status}`);
  if (q.method) where.push(sql`f.method = ${q.method}`);
  if (q.granularity) where.push(sql`f.granularity = ${q.granularity}`);
  if (q.search)
    where.push(sql`(f.name ilike ${containsPattern(q.search)} or f.notes ilike ${containsPattern(q.search)})`);
  const condition = sql.join(where, sql` and `);
  const { field, desc } = parseSort<(typeof forecastSortFields)[number]>(q.sort, forecastSortFields, '-updatedAt');
  const column = {
    name: sql`f.name`,
    status: sql`f.status`,
    method: sql`f.method`,
    granularity: sql`f.granularity`,
    calculatedAt: sql`f.calculated_at`,
    backtestAccuracy: sql`f.backtest_accuracy`,
    updatedAt: sql`f.updated_at`,
  }[field];
  const nulls = field === 'calculatedAt' || field === 'backtestAccuracy' ? 'last' : undefined;
  const { limit, offset } = pageWindow(q);
  const [count] = rowsOf<{ n: number | string }>(
    await db.execute(sql`select count(*) as n from production_forecasts f where ${condition}`),
  );
  const rows = rowsOf<ForecastDbRow>(
    await db.execute(sql`${rowSelect} where ${condition}
      order by ${listOrder(column, field, desc, nulls)}, f.id desc limit ${limit} offset ${offset}`),
  );
  const realised = await realisedByForecast(
    db,
    rows.map((r) => Number(r.id)),
  );
  return {
    rows: rows.map((r) => rowOf(r, realised.get(Number(r.id)) ?? realisedOf(undefined))),
    total: Number(count?.n ?? 0),
  };
}

/** The forecast's row, or 404. */
export async function forecastRow(db: DbOrTx, id: number): Promise<ForecastDbRow> {
  const [row] = rowsOf<ForecastDbRow>(await db.execute(sql`${rowSelect} where f.id = ${id}`));
  if (!row) throw new DomainError(404, m.notFound);
  return row;
}

/** GET /api/production-forecasts/:id */
export async function getForecast(db: DbOrTx, id: number): Promise<ForecastDetail> {
  const r = await forecastRow(db, id);
  const realised = (await realisedByForecast(db, [id])).get(id) ?? realisedOf(undefined);
  const periods = rowsOf<{ period: string }>(
    await db.execute(sql`select distinct period_start::text as period from forecast_lines
      where forecast_id = ${id} order by 1`),
  );
  return {
    ...rowOf(r, realised),
    version: Number(r.version),
    notes: r.notes,
    itemIds: itemIdsOf(r),
    categoryId: r.category_id == null ? null : Number(r.category_id),
    historyFrom: r.history_from,
    historyTo: r.history_to,
    periods: periods.map((p) => p.period),
    realised,
    createdAt: iso(r.created_at)!,
    createdByName: r.created_by_name,
    updatedByName: r.updated_by_name,
  };
}

interface ItemDbRow {
  item_id: number;
  sku: string;
  name: string;
  short_name: string | null;
  whole_units: boolean;
  low_history: boolean;
  backtest_accuracy: string | null;
}

/** GET /api/production-forecasts/:id/lines: a page of the forecast's items (by name), each with its periods. */
export async function forecastLinesPage(
  db: DbOrTx,
  id: number,
  q: ForecastLinesQuery,
): Promise<{ rows: ForecastLineRow[]; total: number }> {
  await forecastRow(db, id);
  const where: SQL[] = [sql`fi.forecast_id = ${id}`];
  if (q.itemId) where.push(sql`fi.item_id = ${q.itemId}`);
  if (q.search)
    where.push(sql`(i.sku ilike ${containsPattern(q.search)} or i.name ilike ${containsPattern(q.search)})`);
  const condition = sql.join(where, sql` and `);
  const { limit, offset } = pageWindow(q);
  const from = sql`from forecast_items fi join items i on i.id = fi.item_id left join units u on u.id = i.unit_id`;
  const [count] = rowsOf<{ n: number | string }>(
    await db.execute(sql`select count(*) as n ${from} where ${condition}`),
  );
  const items = rowsOf<ItemDbRow>(
    await db.execute(sql`select fi.item_id, i.sku, i.name, u.short_name, fi.whole_units, fi.low_history,
        fi.backtest_accuracy::text as backtest_accuracy
      ${from} where ${condition} order by ${ukOrder(sql`i.name`)}, i.id limit ${limit} offset ${offset}`),
  );
  const ids = items.map((r) => Number(r.item_id));
  const cells = new Map<number, ForecastCell[]>();
  const realised = new Map<number, ForecastRealised>();
  if (ids.length) {
    const lines = rowsOf<{ item_id: number; period: string; forecast: string; actual: string | null }>(
      await db.execute(sql`select item_id, period_start::text as period, forecast_qty::text as forecast,
          actual_qty::text as actual
        from forecast_lines where forecast_id = ${id} and item_id = any(${intArray(ids)})
        order by item_id, period_start`),
    );
    for (const l of lines) {
      const list = cells.get(Number(l.item_id)) ?? [];
      list.push({ periodStart: l.period, forecastQty: l.forecast, actualQty: l.actual });
      cells.set(Number(l.item_id), list);
    }
    const sums = rowsOf<SumsRow & { key: number }>(
      await db.execute(sumsSelect(sql`fl.item_id`, sql`fl.forecast_id = ${id} and fl.item_id = any(${intArray(ids)})`)),
    );
    for (const s of sums) realised.set(Number(s.key), realisedOf(s));
  }
  return {
    total: Number(count?.n ?? 0),
    rows: items.map((r) => {
      const itemCells = cells.get(Number(r.item_id)) ?? [];
      return {
        itemId: Number(r.item_id),
        sku: r.sku,
        name: r.name,
        unitShortName: r.short_name,
        wholeUnits: r.whole_units,
        lowHistory: r.low_history,
        nextForecast: itemCells[0]?.forecastQty ?? '0',
        backtestAccuracy: num1(r.backtest_accuracy),
        realised: realised.get(Number(r.item_id)) ?? realisedOf(undefined),
        cells: itemCells,
      };
    }),
  };
}

/** GET /api/production-forecasts/:id/series?itemId=: history bars, forecast line and actuals of one item. */
export async function forecastSeries(db: DbOrTx, id: number, itemId: number): Promise<ForecastSeries> {
  const f = await forecastRow(db, id);
  if (f.status === 'draft') throw new DomainError(409, m.notCalculated);
  const page = await forecastLinesPage(db, id, { itemId, limit: 1 });
  const item = page.rows[0];
  if (!item) throw new DomainError(404, m.notInForecast);
  const points: ForecastSeries['points'] = [];
  if (f.history_from && f.history_to) {
    const end = addPeriods(f.history_to, f.granularity, 1);
    const shipped = (await shippedByPeriod(db, [itemId], f.granularity, f.history_from, end)).get(itemId);
    for (let p = f.history_from; p < end; p = addPeriods(p, f.granularity, 1)) {
      points.push({ periodStart: p, history: fixed(shipped?.get(p) ?? dec(0), 4), forecast: null, actual: null });
    }
  }
  for (const c of item.cells) {
    points.push({ periodStart: c.periodStart, history: null, forecast: c.forecastQty, actual: c.actualQty });
  }
  return {
    itemId,
    sku: item.sku,
    name: item.name,
    unitShortName: item.unitShortName,
    granularity: f.granularity,
    lowHistory: item.lowHistory,
    points,
  };
}

/** The next period's forecast per item (items forecast above 0). */
async function nextForecasts(db: DbOrTx, id: number) {
  const [first] = rowsOf<{ period: string | null }>(
    await db.execute(sql`select min(period_start)::text as period from forecast_lines where forecast_id = ${id}`),
  );
  const period = first?.period ?? null;
  if (!period) return { period, rows: [] };
  const rows = rowsOf<{ item_id: number; qty: string; whole_units: boolean }>(
    await db.execute(sql`select fl.item_id, fl.forecast_qty::text as qty, fi.whole_units
      from forecast_lines fl join forecast_items fi on fi.forecast_id = fl.forecast_id and fi.item_id = fl.item_id
      where fl.forecast_id = ${id} and fl.period_start = ${period}::date and fl.forecast_qty > 0`),
  );
  return { period, rows };
}

const max0 = (v: Dec) => (cmp(v, dec(0)) < 0 ? dec(0) : v);

/**
 * GET /api/production-forecasts/:id/suggestions: per item forecast above 0 in the next period,
 * max(0, F_next − free − inProduction) — free and in production as /ordered-products computes them (freeByItem,
 * inProductionByItem) — and why an MO cannot be made when it cannot.
 */
export async function forecastSuggestions(db: DbOrTx, id: number): Promise<ForecastSuggestions> {
  const f = await forecastRow(db, id);
  if (f.status !== 'calculated') throw new DomainError(409, f.status === 'archived' ? m.archived : m.notCalculated);
  const next = await nextForecasts(db, id);
  const ids = next.rows.map((r) => Number(r.item_id));
  const [facts, free, inProduction, makeable] = [
    await itemFacts(db, ids),
    await freeByItem(db, ids),
    await inProductionByItem(db, ids),
    await makeableItems(db, ids),
  ];
  const rows = next.rows.map((r) => {
    const itemId = Number(r.item_id);
    const fact = facts.get(itemId)!;
    const itemFree = free.get(itemId) ?? dec(0);
    const itemInProduction = inProduction.get(itemId) ?? dec(0);
    const suggested = max0(sub(sub(dec(r.qty), itemFree), itemInProduction));
    return {
      itemId,
      sku: fact.sku,
      name: fact.name,
      unitShortName: fact.unitShortName,
      wholeUnits: r.whole_units,
      forecastQty: r.qty,
      free: fixed(itemFree, 4),
      inProduction: fixed(itemInProduction, 4),
      suggestedQty: roundForecast(suggested, r.whole_units),
      problem: makeable.has(itemId) ? null : m.notMakeable,
    };
  });
  rows.sort((a, b) => compareUk(a.name, b.name) || a.itemId - b.itemId);
  return { periodStart: next.period, rows };
}
