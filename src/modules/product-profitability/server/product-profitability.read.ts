// /api/product-profitability (reports-admin.md §7): the period's sale facts per item (SQL aggregates over the fact
// layer), each beside its live /costing row (the planned unit cost and the planned margin at the current price,
// costed set-based for the items sold), the flags, the margin distribution, the top items by gross profit and one
// item's monthly trend. Node only shapes the answer.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { ukOrder } from '@/server/kernel/collation.ts';
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

/** Every item sold in the period with its figures, planned cost and flags: gross profit first, then the name. */
export async function productRows(db: DbOrTx, q: SalesFilter): Promise<ProductRow[]> {
  const sold = rowsOf<ItemSums>(
    await db.execute(sql`select f.item_id, g.sku, g.name, ${sums}
      from (${saleFacts(q)}) f join items g on g.id = f.item_id
      group by f.item_id, g.sku, g.name
      order by sum(f.revenue) - sum(f.cogs) desc, ${ukOrder(sql`g.name`)}, f.item_id`),
  );
  const costing = new Map(
    (
      await costingRowsOf(
        db,
        sold.map((r) => Number(r.item_id)),
      )
    ).map((r) => [r.itemId, r]),
  );
  const prices = await retailPrices(
    db,
    sold.map((r) => Number(r.item_id)),
  );
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
      loss: figures.margin !== null && cmp(dec(figures.margin), dec(0)) < 0,
      belowTarget: plannedMargin !== null && targetMarkup !== null && cmp(dec(plannedMargin), dec(targetMarkup)) < 0,
    };
  });
}

/** The current retail prices of items that are not costed (bought-in goods), 2 decimals. */
async function retailPrices(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = rowsOf<{ id: number; price: string | null }>(
    await db.execute(sql`select id, retail_price::numeric(18,2)::text as price from items where id in (${list})`),
  );
  return new Map(rows.filter((r) => r.price !== null).map((r) => [Number(r.id), r.price!]));
}

export async function productProfitability(
  db: DbOrTx,
  q: ProductProfitabilityQuery,
): Promise<Omit<ProductProfitability, 'total'>> {
  const [totalsRow] = rowsOf<{ qty: string; revenue: string; cogs: string }>(
    await db.execute(sql`select ${sums} from (${saleFacts(q)}) f`),
  );
  const all = await productRows(db, q);
  const counts = new Map<MarginBucket, number>(marginBuckets.map((b) => [b, 0]));
  for (const row of all) {
    if (row.margin !== null) counts.set(bucketOf(row.margin), counts.get(bucketOf(row.margin))! + 1);
  }
  return {
    from: q.from,
    to: q.to,
    totals: saleFigures(totalsRow),
    rows: q.flag ? all.filter((r) => r[q.flag!]) : all,
    distribution: marginBuckets.map((bucket) => ({ bucket, count: counts.get(bucket)! })),
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
