// /api/sales-analytics-products (reports-admin.md §6): per item, the period's sale facts (qty, revenue, distinct
// clients), the last sale up to the period's end, and the monthly quantities of the 12 months ending with it; the
// share, the average price, ABC by revenue and XYZ by demand stability. 'Показати без продажів' adds the items of the
// filter that did not sell, with zeros. The page is read first (issue 27): one statement groups the period's facts by
// item, ranks the items for ABC by a running sum and cuts the page; the clients, the last sale and the 12 months are
// then read for the page's items only. Before, every item of the period was shaped in Node — on the bench year 44 000
// items, SQL p50 14,5 s under the bench's ten requests at once.
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { ukOrderByKey } from '@/server/kernel/collation.ts';
import { containsPattern } from '@/server/kernel/like.ts';
import { rowsOf } from '@/server/kernel/rows.ts';
import { intArray } from '@/server/kernel/sql-arrays.ts';
import { DomainError } from '@/shared/api-error.ts';
import { dec, div, fixed, isZero, mul } from '@/shared/decimal.ts';
import { kyivToday } from '@/shared/kyiv-date.ts';
import { pageWindow } from '@/shared/list.ts';
import { lastSaleDay, saleFacts } from '@/modules/reports/server/index.ts';
import type {
  AbcClass,
  SalesItemTrend,
  SalesProductRow,
  SalesProducts,
  SalesProductsQuery,
} from '../sales-analytics.contract.ts';
import { salesAnalyticsMessages as m } from '../sales-analytics.messages.ts';
import { xyzClass } from './xyz.ts';

/** The first days of the `count` months ending with the month of `day`, oldest first. */
export function monthsEnding(day: string, count: number): string[] {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7)) - 1;
  return Array.from({ length: count }, (_, i) =>
    new Date(Date.UTC(year, month - (count - 1 - i), 1)).toISOString().slice(0, 10),
  );
}

const lastDayOf = (monthStart: string) => {
  const d = new Date(`${monthStart}T00:00:00Z`);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
};

/** The sort's ORDER BY on the ranked rows `r`; every order ends with the item id, as the table's ties do. */
function pageOrder(sort: SalesProductsQuery['sort'], rankOrder: SQL): SQL {
  const desc = sort.startsWith('-');
  const dir = desc ? sql`desc` : sql`asc`;
  switch (sort.replace(/^-/, '')) {
    case 'name':
      return sql`${ukOrderByKey(sql`r.name_sort_key`, sql`r.name`, desc ? 'desc' : 'asc')}, r.item_id`;
    case 'lastSale':
      // Never sold reads as the earliest day: first going up, last going down.
      return sql`r.last_day ${dir} nulls ${desc ? sql`last` : sql`first`}, r.item_id`;
    case 'qty':
      return sql`r.qty ${dir}, r.item_id`;
    default:
      return desc ? rankOrder : sql`r.revenue asc, r.item_id`;
  }
}

interface RankedRow {
  total_rows: number;
  total_qty: string;
  total_revenue: string;
  sold_items: number;
  item_id: number | null;
  sku: string;
  name: string;
  qty: string;
  revenue: string;
  abc: AbcClass | null;
}

/**
 * The items of the filter with their period figures and ABC class, one page of them (all with `window` null), and
 * the totals. ABC is a running sum in the revenue order over every row; the page is cut after it, so a page costs
 * the period's one grouped pass over the sale facts and a sort of its items, not a row object per item in Node.
 */
async function rankedPage(db: DbOrTx, q: SalesProductsQuery, window: { limit: number; offset: number } | null) {
  const period = saleFacts({ from: q.from, to: q.to, categoryId: q.categoryId, clientId: q.clientId });
  const search = q.search ? containsPattern(q.search) : null;
  const byLastSale = q.sort.endsWith('lastSale');
  const rankOrder = sql`r.revenue desc, ${ukOrderByKey(sql`r.name_sort_key`, sql`r.name`)}, r.item_id`;
  return rowsOf<RankedRow>(
    await db.execute(sql`with p as (select f.item_id, sum(f.qty) as qty, sum(f.revenue) as revenue
          from (${period}) f group by f.item_id),
        r as (select i.id as item_id, i.sku, i.name, i.name_sort_key, coalesce(p.qty, 0) as qty,
            coalesce(p.revenue, 0) as revenue, (coalesce(p.qty, 0) <> 0 or coalesce(p.revenue, 0) <> 0) as sold
            ${byLastSale ? sql`, ${lastSaleDay(sql`i.id`, { to: q.to, clientId: q.clientId })} as last_day` : sql``}
          from items i
          ${q.withoutSales ? sql`left join` : sql`join`} p on p.item_id = i.id
          where ${
            q.withoutSales
              ? sql`(p.item_id is not null or (i.kind in ('product', 'semi_finished', 'service') and i.is_active))`
              : sql`true`
          }
            ${
              q.categoryId
                ? sql`and i.category_id in (with recursive tree as (select id from categories
                    where id = ${q.categoryId} union all select c.id from categories c join tree on c.parent_id = tree.id)
                  select id from tree)`
                : sql``
            }
            ${search ? sql`and (i.name ilike ${search} or i.sku ilike ${search})` : sql``}),
        t as (select count(*)::int as rows, coalesce(sum(r.qty), 0) as qty, coalesce(sum(r.revenue), 0) as revenue,
            (count(*) filter (where r.sold))::int as sold from r),
        w as (select r.*, row_number() over (order by ${rankOrder}) as rank,
            sum(r.revenue) over (order by ${rankOrder} rows between unbounded preceding and current row) as running
          from r)
      select t.rows as total_rows, t.qty::text as total_qty, t.revenue::text as total_revenue, t.sold as sold_items,
        page.item_id, page.sku, page.name, page.qty, page.revenue, page.abc
      from t left join lateral (
        select r.item_id, r.sku, r.name, r.qty::numeric(18,4)::text as qty, r.revenue::numeric(18,2)::text as revenue,
          -- reports-admin.md §6 (xyz.ts): A while the running share is ≤ 80 % (the first row always), B ≤ 95 %, else C.
          case when not r.sold then null when t.revenue <= 0 then 'C'
            when r.rank = 1 or r.running * 100 <= t.revenue * 80 then 'A'
            when r.running * 100 <= t.revenue * 95 then 'B' else 'C' end as abc,
          row_number() over (order by ${pageOrder(q.sort, rankOrder)}) as pos
        from w r order by pos
        ${window ? sql`limit ${window.limit} offset ${window.offset}` : sql``}) page on true
      order by page.pos`),
  );
}

/** The page's clients, last sale and 12 months of quantities: one statement each for the listed items only. */
async function pageDetails(db: DbOrTx, q: SalesProductsQuery, ids: number[], months: string[]) {
  const filter = { categoryId: q.categoryId, clientId: q.clientId };
  const period = saleFacts({ from: q.from, to: q.to, ...filter });
  const last = lastDayOf(months.at(-1)!);
  const trend = saleFacts({ from: months[0]!, to: last < q.to ? last : q.to, ...filter });
  const details = new Map<number, { clients: number; lastDay: string | null; monthly: string[] }>();
  if (ids.length === 0) return details;
  for (const r of rowsOf<{ item_id: number; clients: number; last_day: string | null }>(
    await db.execute(sql`select x.id as item_id,
        (select count(distinct f.client_id) from (${period}) f where f.item_id = x.id)::int as clients,
        ${lastSaleDay(sql`x.id`, { to: q.to, clientId: q.clientId })}::text as last_day
      from unnest(${intArray(ids)}) as x(id)`),
  )) {
    details.set(Number(r.item_id), { clients: r.clients, lastDay: r.last_day, monthly: months.map(() => '0.0000') });
  }
  for (const r of rowsOf<{ item_id: number; month: string; qty: string }>(
    await db.execute(sql`select f.item_id, date_trunc('month', f.day)::date::text as month,
        sum(f.qty)::numeric(18,4)::text as qty
      from (${trend}) f where f.item_id = any(${intArray(ids)}) group by 1, 2`),
  )) {
    const at = months.indexOf(r.month);
    const item = details.get(Number(r.item_id));
    if (at >= 0 && item) item.monthly[at] = r.qty;
  }
  return details;
}

/**
 * Sales by product (reports-admin.md §6): one page of items (every item with `all`, for a download). The share and
 * the average price are decided in Node on exact decimals from the page's row and the statement's totals; XYZ from
 * the page's 12 months (xyz.ts).
 */
export async function salesProducts(
  db: DbOrTx,
  q: SalesProductsQuery,
  options: { all?: boolean } = {},
): Promise<SalesProducts> {
  const months = monthsEnding(q.to, 12);
  const ranked = await rankedPage(db, q, options.all ? null : pageWindow(q));
  const head = ranked[0];
  const found = ranked.filter((r) => r.item_id !== null);
  const details = await pageDetails(
    db,
    q,
    found.map((r) => Number(r.item_id)),
    months,
  );
  const total = dec(head?.total_revenue ?? 0);
  const rows = found.map((r): SalesProductRow => {
    const itemId = Number(r.item_id);
    const detail = details.get(itemId);
    const monthly = detail?.monthly ?? months.map(() => '0.0000');
    const xyz = xyzClass(monthly);
    return {
      itemId,
      sku: r.sku,
      name: r.name,
      qty: r.qty,
      revenue: r.revenue,
      sharePercent: isZero(total) ? null : fixed(div(mul(dec(r.revenue), dec(100)), total, 8), 2),
      averagePrice: isZero(dec(r.qty)) ? null : fixed(div(dec(r.revenue), dec(r.qty), 8), 2),
      clients: detail?.clients ?? 0,
      lastSaleDate: detail?.lastDay ?? null,
      trend: monthly,
      abcClass: r.abc,
      xyzClass: xyz?.xyzClass ?? null,
      cv: xyz?.cv ?? null,
    };
  });
  return {
    from: q.from,
    to: q.to,
    months,
    totals: {
      qty: fixed(dec(head?.total_qty ?? 0), 4),
      revenue: fixed(total, 2),
      items: head?.sold_items ?? 0,
    },
    rows,
    total: head?.total_rows ?? 0,
  };
}

export async function salesItemTrend(
  db: DbOrTx,
  itemId: number,
  count: number,
  today = kyivToday(),
): Promise<SalesItemTrend> {
  const [item] = rowsOf<{ name: string }>(await db.execute(sql`select name from items where id = ${itemId}`));
  if (!item) throw new DomainError(404, m.itemNotFound);
  const months = monthsEnding(today, count);
  const rows = rowsOf<{ month: string; qty: string; revenue: string }>(
    await db.execute(sql`select mm.month::date::text as month, coalesce(sum(f.qty), 0)::numeric(18,4)::text as qty,
        coalesce(sum(f.revenue), 0)::numeric(18,2)::text as revenue
      from generate_series(${months[0]!}::date, ${months.at(-1)!}::date, interval '1 month') as mm(month)
      left join (${saleFacts({ from: months[0]!, to: today, itemId })}) f on date_trunc('month', f.day) = mm.month
      group by mm.month order by mm.month`),
  );
  return { itemId, name: item.name, months: rows };
}
