// /api/sales-analytics-products (reports-admin.md §6): per item, the period's sale facts (qty, revenue, distinct
// clients), the last sale up to the period's end (per listed item from the facts' index: the sale facts of all time
// grouped by item were 1,6 s of it on the bench year), and the monthly quantities of the 12 months ending with it —
// one statement; the share, the average price, ABC by revenue and XYZ by demand stability are decided in Node on exact
// decimals (xyz.ts). 'Показати без продажів' adds the items of the filter that did not sell, with zeros.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { ukOrderByKey } from '@/server/kernel/collation.ts';
import { containsPattern } from '@/server/kernel/like.ts';
import { rowsOf } from '@/server/kernel/rows.ts';
import { DomainError } from '@/shared/api-error.ts';
import { add, cmp, dec, div, fixed, isZero, mul } from '@/shared/decimal.ts';
import { kyivToday } from '@/shared/kyiv-date.ts';
import { pageOfRows } from '@/shared/list.ts';
import { lastSaleDay, saleFacts } from '@/modules/reports/server/index.ts';
import type {
  SalesItemTrend,
  SalesProductRow,
  SalesProducts,
  SalesProductsQuery,
} from '../sales-analytics.contract.ts';
import { salesAnalyticsMessages as m } from '../sales-analytics.messages.ts';
import { abcClasses, xyzClass } from './xyz.ts';

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

interface ItemRow {
  item_id: number;
  sku: string;
  name: string;
  qty: string;
  revenue: string;
  clients: number;
  last_day: string | null;
  monthly: string[];
}

/** Every item of the filter with its figures: sold items, and with `withoutSales` the unsold ones with zeros. */
async function productRows(db: DbOrTx, q: SalesProductsQuery, months: string[]): Promise<SalesProductRow[]> {
  const first = months[0]!;
  const last = lastDayOf(months.at(-1)!);
  const filter = { categoryId: q.categoryId, clientId: q.clientId };
  const period = saleFacts({ from: q.from, to: q.to, ...filter });
  const trend = saleFacts({ from: first, to: last < q.to ? last : q.to, ...filter });
  const search = q.search ? containsPattern(q.search) : null;
  const found = rowsOf<Omit<ItemRow, 'monthly'>>(
    await db.execute(sql`with p as (select f.item_id, sum(f.qty) as qty, sum(f.revenue) as revenue,
          count(distinct f.client_id) as clients from (${period}) f group by f.item_id)
      select i.id as item_id, i.sku, i.name, coalesce(p.qty, 0)::numeric(18,4)::text as qty,
        coalesce(p.revenue, 0)::numeric(18,2)::text as revenue, coalesce(p.clients, 0)::int as clients,
        ${lastSaleDay(sql`i.id`, { to: q.to, clientId: q.clientId })}::text as last_day
      from items i
      ${q.withoutSales ? sql`left join` : sql`join`} p on p.item_id = i.id
      where ${q.withoutSales ? sql`i.kind in ('product', 'semi_finished', 'service') and i.is_active` : sql`true`}
        ${
          q.categoryId
            ? sql`and i.category_id in (with recursive tree as (select id from categories where id = ${q.categoryId}
          union all select c.id from categories c join tree on c.parent_id = tree.id) select id from tree)`
            : sql``
        }
        ${search ? sql`and (i.name ilike ${search} or i.sku ilike ${search})` : sql``}
      order by coalesce(p.revenue, 0) desc, ${ukOrderByKey(sql`i.name_sort_key`, sql`i.name`)}, i.id`),
  );
  // The 12 months' quantities in one grouped statement (not one per item), laid out by month in Node.
  const monthly = new Map<number, string[]>();
  for (const r of rowsOf<{ item_id: number; month: string; qty: string }>(
    await db.execute(sql`select f.item_id, date_trunc('month', f.day)::date::text as month,
        sum(f.qty)::numeric(18,4)::text as qty
      from (${trend}) f group by 1, 2`),
  )) {
    const at = months.indexOf(r.month);
    if (at < 0) continue;
    const id = Number(r.item_id);
    if (!monthly.has(id))
      monthly.set(
        id,
        months.map(() => '0.0000'),
      );
    monthly.get(id)![at] = r.qty;
  }
  const rows: ItemRow[] = found.map((r) => ({
    ...r,
    monthly: monthly.get(Number(r.item_id)) ?? months.map(() => '0.0000'),
  }));
  const total = rows.reduce((acc, r) => add(acc, dec(r.revenue)), dec(0));
  const sold = rows.filter((r) => !isZero(dec(r.revenue)) || !isZero(dec(r.qty)));
  const ranked = abcClasses(sold.map((r) => r.revenue));
  const classes = new Map(sold.map((r, i) => [r.item_id, ranked[i]!.abcClass]));
  return rows.map((r) => {
    const xyz = xyzClass(r.monthly);
    return {
      itemId: Number(r.item_id),
      sku: r.sku,
      name: r.name,
      qty: r.qty,
      revenue: r.revenue,
      sharePercent: isZero(total) ? null : fixed(div(mul(dec(r.revenue), dec(100)), total, 8), 2),
      averagePrice: isZero(dec(r.qty)) ? null : fixed(div(dec(r.revenue), dec(r.qty), 8), 2),
      clients: Number(r.clients),
      lastSaleDate: r.last_day,
      trend: r.monthly,
      abcClass: classes.get(r.item_id) ?? null,
      xyzClass: xyz?.xyzClass ?? null,
      cv: xyz?.cv ?? null,
    };
  });
}

function sortRows(rows: SalesProductRow[], sort: SalesProductsQuery['sort']): SalesProductRow[] {
  if (sort === '-revenue') return rows; // the statement's order
  const desc = sort.startsWith('-');
  const key = sort.replace(/^-/, '');
  const collator = new Intl.Collator('uk');
  const compare = (a: SalesProductRow, b: SalesProductRow): number => {
    if (key === 'name') return collator.compare(a.name, b.name);
    if (key === 'lastSale') return (a.lastSaleDate ?? '').localeCompare(b.lastSaleDate ?? '');
    return key === 'qty' ? cmp(dec(a.qty), dec(b.qty)) : cmp(dec(a.revenue), dec(b.revenue));
  };
  return [...rows].sort((a, b) => (desc ? -compare(a, b) : compare(a, b)) || a.itemId - b.itemId);
}

export async function salesProducts(
  db: DbOrTx,
  q: SalesProductsQuery,
): Promise<SalesProducts & { all: SalesProductRow[] }> {
  const months = monthsEnding(q.to, 12);
  const all = sortRows(await productRows(db, q, months), q.sort);
  const qty = all.reduce((acc, r) => add(acc, dec(r.qty)), dec(0));
  const revenue = all.reduce((acc, r) => add(acc, dec(r.revenue)), dec(0));
  return {
    from: q.from,
    to: q.to,
    months,
    totals: { qty: fixed(qty, 4), revenue: fixed(revenue, 2), items: all.filter((r) => r.abcClass !== null).length },
    ...pageOfRows(all, q),
    all,
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
