// /api/product-profitability (reports-admin.md §7): the period's sale facts per item (SQL aggregates over the fact
// layer), each beside its live /costing row (the planned unit cost and the planned margin at the current price,
// costed set-based for the items sold), the flags, the margin distribution, the top items by gross profit and one
// item's monthly trend. Node only shapes the answer.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { intArray } from '@/server/kernel/sql-arrays.ts';
import { rowsOf } from '@/server/kernel/rows.ts';
import { DomainError } from '@/shared/api-error.ts';
import { cmp, dec, div, fixed, isZero } from '@/shared/decimal.ts';
import { kyivToday } from '@/shared/kyiv-date.ts';
import { rankedGroups, saleFacts, saleFigures, type SalesFilter } from '@/modules/reports/server/index.ts';
import { costingRowsOf } from '@/modules/costing/server/index.ts';
import {
  marginBuckets,
  type MarginBucket,
  type ProductProfitability,
  type ProductProfitabilityQuery,
  type ProductRow,
  type ProductTrend,
} from '../product-profitability.contract.ts';
import { productProfitabilityMessages as m } from '../product-profitability.messages.ts';

const sums = sql.raw(`coalesce(sum(f.qty), 0)::numeric(18,4)::text as qty,
  coalesce(sum(f.revenue), 0)::numeric(18,2)::text as revenue,
  coalesce(sum(f.cogs), 0)::numeric(18,2)::text as cogs`);

interface ItemSums {
  item_id: number;
  sku: string;
  name: string;
  qty: string;
  revenue: string;
  cogs: string;
}

const perUnit = (value: string, qty: string) => (isZero(dec(qty)) ? null : fixed(div(dec(value), dec(qty), 2), 2));

function bucketOf(margin: string): MarginBucket {
  const v = dec(margin);
  if (cmp(v, dec(0)) < 0) return 'negative';
  if (cmp(v, dec(10)) < 0) return '0-10';
  if (cmp(v, dec(20)) < 0) return '10-20';
  if (cmp(v, dec(30)) < 0) return '20-30';
  return '30+';
}

/**
 * The items sold in the period with their sale figures, gross profit first, then the name in Ukrainian order — every
 * one (`window` null) or a page, ranked (reports' rankedGroups: names are joined and sorted only for the rows that can
 * be on the page). `only` narrows them to some items (a flag's).
 */
async function soldItems(
  db: DbOrTx,
  q: SalesFilter,
  window: { offset: number; limit: number } | null,
  only?: readonly number[],
): Promise<ItemSums[]> {
  const rows = rowsOf<{ key: number; label: string; sku: string; qty: string; revenue: string; cogs: string }>(
    await db.execute(
      rankedGroups({
        groups: sql`select f.item_id as key, sum(f.revenue) - sum(f.cogs) as rank, ${sums}
          from (${saleFacts(q)}) f ${only ? sql`where f.item_id = any(${intArray(only)})` : sql``}
          group by f.item_id`,
        names: sql`join items g on g.id = a.key`,
        label: sql`g.name`,
        extra: sql`g.sku as sku`,
        window,
      }),
    ),
  );
  return rows.map((r) => ({ item_id: r.key, sku: r.sku, name: r.label, qty: r.qty, revenue: r.revenue, cogs: r.cogs }));
}

/**
 * The rows of these sold items with their planned cost (the live /costing row, costed together) and flags. Costing
 * is the expensive part (a roll-up per made item), so a caller costs only the rows it shows.
 */
async function costedRows(db: DbOrTx, sold: readonly ItemSums[]): Promise<ProductRow[]> {
  const ids = sold.map((r) => Number(r.item_id));
  const [costing, prices] = await Promise.all([
    costingRowsOf(db, ids).then((rows) => new Map(rows.map((r) => [r.itemId, r]))),
    retailPrices(db, ids),
  ]);
  return sold.map((r) => {
    const itemId = Number(r.item_id);
    const figures = saleFigures(r);
    const planned = costing.get(itemId);
    const plannedMargin = planned?.marginPercent ?? null;
    const targetMarkup = planned?.appliedMarkupPercent ?? null;
    return {
      itemId,
      sku: r.sku,
      name: r.name,
      ...figures,
      avgUnitCost: perUnit(figures.cogs, figures.qty),
      avgPrice: perUnit(figures.revenue, figures.qty),
      plannedUnitCost: planned?.total ?? null,
      retailPrice: planned ? planned.retailPrice : (prices.get(itemId) ?? null),
      plannedMargin,
      targetMarkup,
      loss: isLoss(figures.margin),
      belowTarget: plannedMargin !== null && targetMarkup !== null && cmp(dec(plannedMargin), dec(targetMarkup)) < 0,
    };
  });
}

const isLoss = (margin: string | null) => margin !== null && cmp(dec(margin), dec(0)) < 0;

/** The current retail prices of items that are not costed (bought-in goods), 2 decimals. */
async function retailPrices(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = rowsOf<{ id: number; price: string | null }>(
    await db.execute(
      sql`select id, retail_price::numeric(18,2)::text as price from items where id = any(${intArray(ids)})`,
    ),
  );
  return new Map(rows.filter((r) => r.price !== null).map((r) => [Number(r.id), r.price!]));
}

/**
 * The report (§7): the totals, the margin distribution and the rows — every row for a download (`window` absent), else
 * the asked page of them with the count of the whole filter. The order and the distribution come from the sale
 * figures alone, so only the page's rows are costed; the 'Нижче цілі' filter needs every sold item's planned margin
 * and costs them all.
 */
export async function productProfitability(
  db: DbOrTx,
  q: ProductProfitabilityQuery,
  window?: { offset: number; limit: number },
): Promise<ProductProfitability> {
  // Each sold item's figures, unsorted and unnamed: the distribution and the 'Збиткова' flag come from them.
  const [[totalsRow], figures] = await Promise.all([
    db.execute(sql`select ${sums} from (${saleFacts(q)}) f`).then((r) => rowsOf<ItemSums>(r)),
    db
      .execute(sql`select f.item_id, ${sums} from (${saleFacts(q)}) f group by f.item_id`)
      .then((r) =>
        rowsOf<ItemSums>(r).map((row) => ({ itemId: Number(row.item_id), margin: saleFigures(row).margin })),
      ),
  ]);
  const counts = new Map<MarginBucket, number>(marginBuckets.map((b) => [b, 0]));
  for (const { margin } of figures)
    if (margin !== null) counts.set(bucketOf(margin), counts.get(bucketOf(margin))! + 1);
  let rows: ProductRow[];
  let total: number;
  if (q.flag === 'belowTarget') {
    // The planned margin of every sold item decides: all are costed, then filtered and paged.
    const matching = (await costedRows(db, await soldItems(db, q, null))).filter((r) => r.belowTarget);
    rows = window ? matching.slice(window.offset, window.offset + window.limit) : matching;
    total = matching.length;
  } else {
    const losses = q.flag === 'loss' ? figures.filter((f) => isLoss(f.margin)).map((f) => f.itemId) : undefined;
    rows = await costedRows(db, await soldItems(db, q, window ?? null, losses));
    total = losses ? losses.length : figures.length;
  }
  return {
    from: q.from,
    to: q.to,
    totals: saleFigures(totalsRow!),
    rows,
    distribution: marginBuckets.map((bucket) => ({ bucket, count: counts.get(bucket)! })),
    total,
  };
}

/** The top items of the period by gross profit. */
export async function productTop(db: DbOrTx, q: SalesFilter & { limit: number }) {
  const rows = rowsOf<{ key: number; label: string; qty: string; revenue: string; cogs: string }>(
    await db.execute(
      rankedGroups({
        groups: sql`select f.item_id as key, sum(f.revenue) - sum(f.cogs) as rank, ${sums}
          from (${saleFacts(q)}) f group by f.item_id`,
        names: sql`join items g on g.id = a.key`,
        label: sql`g.name`,
        window: { limit: q.limit, offset: 0 },
      }),
    ),
  );
  return rows.map((r) => {
    const figures = saleFigures(r);
    return {
      itemId: Number(r.key),
      name: r.label,
      revenue: figures.revenue,
      grossProfit: figures.grossProfit,
      margin: figures.margin,
    };
  });
}

/** One item's figures by month over the last `months` months up to today (zero where nothing sold). */
export async function productTrend(db: DbOrTx, itemId: number, months: number, today = kyivToday()) {
  const [item] = rowsOf<{ name: string }>(await db.execute(sql`select name from items where id = ${itemId}`));
  if (!item) throw new DomainError(404, m.notFound);
  const last = `${today.slice(0, 7)}-01`;
  const [start] = rowsOf<{ first: string }>(
    await db.execute(sql`select (${last}::date - make_interval(months => ${months - 1}))::date::text as first`),
  );
  const q: SalesFilter = { from: start!.first, to: today, itemId };
  const rows = rowsOf<{ month: string; qty: string; revenue: string; cogs: string }>(
    await db.execute(sql`select mm.month::date::text as month, ${sums}
      from generate_series(${q.from}::date, ${last}::date, interval '1 month') as mm(month)
      left join (${saleFacts(q)}) f on date_trunc('month', f.day) = mm.month
      group by mm.month order by mm.month`),
  );
  const trend: ProductTrend = {
    itemId,
    name: item.name,
    months: rows.map((r) => ({ month: r.month, ...saleFigures(r) })),
  };
  return trend;
}
