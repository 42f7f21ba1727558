// /api/components-analysis (reports-admin.md §8): the components and materials with their consumption in the period
// (the reports module's consumption facts), the last purchase and the period's receipt unit costs (ledger receipts
// of posted supplier receipts), the active BOMs using them, the last outgoing movement — one SQL statement, whose
// per-component lookups over all components (the where-used count, the last purchase) are set-based joins — and,
// through the owning modules' reads, the available stock (/component-stock), what is on order (supplier orders) and
// the lead time (/shortage). Node shapes the answer: avgDaily, coverage, the reorder flag, ABC and dead stock.
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { ukOrder } from '@/server/kernel/collation.ts';
import { rowsOf } from '@/server/kernel/rows.ts';
import { DomainError } from '@/shared/api-error.ts';
import { add, cmp, dec, div, fixed, isZero, mul, type Dec } from '@/shared/decimal.ts';
import { addDays, kyivToday } from '@/shared/kyiv-date.ts';
import { consumptionFacts } from '@/modules/reports/server/index.ts';
import { freeStockOf } from '@/modules/stock/server/index.ts';
import { onOrderByItem } from '@/modules/supplier-orders/server/index.ts';
import { leadTimesOf } from '@/modules/shortage/server/index.ts';
import { whereUsed } from '@/modules/bom/server/index.ts';
import type {
  AbcClass,
  ComponentDetail,
  ComponentRow,
  ComponentsAnalysis,
  ComponentsAnalysisQuery,
} from '../components-analysis.contract.ts';
import { componentsAnalysisMessages as m } from '../components-analysis.messages.ts';
import { deadStockDays } from './components-analysis-settings.ts';

interface SqlRow {
  item_id: number;
  sku: string;
  name: string;
  unit_short_name: string | null;
  consumption_qty: string;
  consumption_value: string;
  where_used: number;
  last_price: string | null;
  last_date: string | null;
  last_supplier: string | null;
  price_change: string | null;
  last_out: string | null;
  first_in: string | null;
}

/** A posted supplier receipt's incoming ledger movements (not reversed), on a movement alias `m`. */
const receiptMovement = sql`m.document_type = 'supplier_receipt' and m.qty > 0 and m.reverses_movement_id is null
  and exists (select 1 from supplier_receipts r where r.id = m.document_id and r.status = 'posted')`;

/** The components and materials the filters name: `select id, sku, name, unit_short_name`. */
function components(q: ComponentsAnalysisQuery): SQL {
  const parts: SQL[] = [];
  if (q.categoryId) {
    parts.push(sql`and i.category_id in (with recursive tree as (select id from categories where id = ${q.categoryId}
      union all select c.id from categories c join tree on c.parent_id = tree.id) select id from tree)`);
  }
  if (q.supplierId) {
    parts.push(sql`and (exists (select 1 from item_suppliers s where s.item_id = i.id and s.supplier_id = ${q.supplierId})
      or exists (select 1 from supplier_receipt_lines rl join supplier_receipts r on r.id = rl.receipt_id
        where rl.item_id = i.id and r.status = 'posted' and r.supplier_id = ${q.supplierId}))`);
  }
  return sql`select i.id, i.sku, i.name, u.short_name as unit_short_name from items i
    left join units u on u.id = i.unit_id
    where i.kind in ('component', 'material') and i.is_active ${sql.join(parts, sql` `)}`;
}

async function readRows(db: DbOrTx, q: ComponentsAnalysisQuery): Promise<SqlRow[]> {
  return rowsOf<SqlRow>(
    await db.execute(sql`with comp as (${components(q)})
      select c.id as item_id, c.sku, c.name, c.unit_short_name,
        coalesce(cons.qty, 0)::numeric(18,4)::text as consumption_qty,
        coalesce(cons.value, 0)::numeric(18,2)::text as consumption_value,
        coalesce(wu.n, 0)::int as where_used,
        lp.price as last_price, lp.day as last_date, lp_supplier.name as last_supplier,
        case when fr.cost is not null and fr.cost <> 0
          then round((lr.cost - fr.cost) * 100 / fr.cost, 2)::text end as price_change,
        (select max(m.occurred_on) from stock_movements m
          where m.item_id = c.id and m.qty < 0 and m.document_type <> 'transfer')::text as last_out,
        (select min(m.occurred_on) from stock_movements m where m.item_id = c.id and m.qty > 0)::text as first_in
      from comp c
      left join (select f.item_id, sum(f.qty) as qty, sum(f.value) as value
        from (${consumptionFacts(q, sql`select id from comp`)}) f group by f.item_id) cons on cons.item_id = c.id
      left join (select bl.component_item_id as item_id, count(distinct b.id) as n
        from bom_lines bl join boms b on b.id = bl.bom_id
        where b.status = 'active'
        group by bl.component_item_id) wu on wu.item_id = c.id
      left join (select distinct on (m.item_id) m.item_id, round(m.value / m.qty, 2)::text as price,
          m.occurred_on::text as day, m.document_id
        from stock_movements m where ${receiptMovement}
        order by m.item_id, m.occurred_on desc, m.id desc) lp on lp.item_id = c.id
      left join supplier_receipts lp_doc on lp_doc.id = lp.document_id
      left join counterparties lp_supplier on lp_supplier.id = lp_doc.supplier_id
      left join lateral (select m.value / m.qty as cost from stock_movements m
        where m.item_id = c.id and ${receiptMovement} and m.occurred_on between ${q.from}::date and ${q.to}::date
        order by m.occurred_on, m.id limit 1) fr on true
      left join lateral (select m.value / m.qty as cost from stock_movements m
        where m.item_id = c.id and ${receiptMovement} and m.occurred_on between ${q.from}::date and ${q.to}::date
        order by m.occurred_on desc, m.id desc limit 1) lr on true
      order by coalesce(cons.value, 0) desc, ${ukOrder(sql`c.name`)}, c.id`),
  );
}

/**
 * ABC by value (rows sorted by value, largest first): A while the running total is within 80 %, B within
 * 95 %, C the rest (and whatever has no value).
 */
export function abcOf(values: readonly Dec[]): AbcClass[] {
  const total = values.reduce((s, v) => add(s, v), dec(0));
  let running = dec(0);
  return values.map((v, i) => {
    if (isZero(total) || cmp(v, dec(0)) <= 0) return 'C';
    running = add(running, v);
    const share = mul(running, dec(100));
    // The first row is A even when it alone passes 80 %.
    if (i === 0 || cmp(share, mul(total, dec(80))) <= 0) return 'A';
    return cmp(share, mul(total, dec(95))) <= 0 ? 'B' : 'C';
  });
}

const daysOf = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

export async function componentsAnalysis(
  db: DbOrTx,
  q: ComponentsAnalysisQuery,
  today = kyivToday(),
): Promise<Omit<ComponentsAnalysis, 'total'>> {
  const rows = await readRows(db, q);
  const ids = rows.map((r) => Number(r.item_id));
  const [free, ordered, leadTimes, deadDays] = await Promise.all([
    freeStockOf(db, ids, null),
    onOrderByItem(db, ids),
    leadTimesOf(db, ids),
    deadStockDays(db),
  ]);
  const days = daysOf(q.from, q.to);
  const deadBefore = addDays(today, -deadDays);
  const classes = abcOf(rows.map((r) => dec(r.consumption_value)));
  let all: ComponentRow[] = rows.map((r, i) => {
    const itemId = Number(r.item_id);
    const available = dec(free.get(itemId) ?? '0');
    const qty = dec(r.consumption_qty);
    const consuming = cmp(qty, dec(0)) > 0;
    const inStock = cmp(available, dec(0)) > 0;
    const coverage = !consuming ? null : inStock ? div(mul(available, dec(days)), qty, 1) : dec(0);
    const leadTimeDays = leadTimes.get(itemId) ?? 0;
    const quietSince = r.last_out ?? r.first_in;
    return {
      itemId,
      sku: r.sku,
      name: r.name,
      unitShortName: r.unit_short_name,
      consumptionQty: r.consumption_qty,
      consumptionValue: r.consumption_value,
      avgDaily: fixed(div(qty, dec(days), 4), 4),
      available: fixed(available, 4),
      onOrder: fixed(dec(ordered.get(itemId) ?? '0'), 4),
      leadTimeDays,
      coverageDays: coverage === null ? null : fixed(coverage, 1),
      reorder: coverage !== null && cmp(coverage, dec(leadTimeDays)) < 0,
      whereUsed: Number(r.where_used),
      lastPrice: r.last_price,
      lastPurchaseDate: r.last_date,
      lastSupplierName: r.last_supplier,
      priceChange: r.price_change,
      abc: classes[i]!,
      lastOutgoing: r.last_out,
      dead: inStock && quietSince !== null && quietSince < deadBefore,
    };
  });
  const totals = {
    consumptionValue: fixed(
      rows.reduce((s, r) => add(s, dec(r.consumption_value)), dec(0)),
      2,
    ),
    reorderCount: all.filter((r) => r.reorder).length,
    deadCount: all.filter((r) => r.dead).length,
  };
  if (q.abc) all = all.filter((r) => r.abc === q.abc);
  if (q.deadOnly === 'true') all = all.filter((r) => r.dead);
  return { from: q.from, to: q.to, days, deadStockDays: deadDays, totals, rows: all };
}

/** One component's drill-down: consumption by month of the period, receipt prices per supplier, the where-used tree. */
export async function componentDetail(
  db: DbOrTx,
  itemId: number,
  q: { from: string; to: string },
): Promise<ComponentDetail> {
  const [item] = rowsOf<{ sku: string; name: string }>(
    await db.execute(sql`select sku, name from items where id = ${itemId} and kind in ('component', 'material')`),
  );
  if (!item) throw new DomainError(404, m.notFound);
  const months = rowsOf<{ month: string; qty: string; value: string }>(
    await db.execute(sql`select mm.month::date::text as month,
        coalesce(sum(f.qty), 0)::numeric(18,4)::text as qty, coalesce(sum(f.value), 0)::numeric(18,2)::text as value
      from generate_series(date_trunc('month', ${q.from}::date), date_trunc('month', ${q.to}::date), interval '1 month')
        as mm(month)
      left join (${consumptionFacts(q, sql`${itemId}`)}) f on date_trunc('month', f.day) = mm.month
      group by mm.month order by mm.month`),
  );
  const prices = rowsOf<{
    supplier_id: number | null;
    supplier_name: string | null;
    day: string;
    qty: string;
    cost: string;
  }>(
    await db.execute(sql`select r.supplier_id, cp.name as supplier_name, m.occurred_on::text as day,
        m.qty::numeric(18,4)::text as qty, round(m.value / m.qty, 2)::text as cost
      from stock_movements m
      join supplier_receipts r on r.id = m.document_id
      left join counterparties cp on cp.id = r.supplier_id
      where m.item_id = ${itemId} and ${receiptMovement}
        and m.occurred_on between ${q.from}::date and ${q.to}::date
      order by ${ukOrder(sql`cp.name`)}, m.occurred_on, m.id`),
  );
  return {
    itemId,
    sku: item.sku,
    name: item.name,
    months,
    prices: prices.map((p) => ({
      supplierId: p.supplier_id === null ? null : Number(p.supplier_id),
      supplierName: p.supplier_name,
      date: p.day,
      qty: p.qty,
      unitCost: p.cost,
    })),
    whereUsed: await whereUsed(db, itemId),
  };
}
