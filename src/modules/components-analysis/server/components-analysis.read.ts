// /api/components-analysis (reports-admin.md §8): the components and materials with their consumption in the period
// (the reports module's consumption facts), the last purchase and the period's receipt unit costs (ledger receipts
// of posted supplier receipts), the active BOMs using them, the last outgoing movement, and, through the owning
// modules' reads, the available stock (/component-stock), what is on order (supplier orders) and the lead time
// (/shortage). Node shapes the answer: avgDaily, coverage, the reorder flag and ABC.
//
// A year of data has 59 000 components, few of which were consumed in a month, so the page is read first and its
// rows only are looked up (DESIGN §9: O(page)). The order is consumption value, largest first, then the Ukrainian
// name: the consumed components (one small aggregate) lead, those worth nothing follow in name order (one query for
// the page's slice), and a negative value (more returned than issued) comes last. ABC and the reorder count need the
// consumed components only; the dead-stock count is one set query over the days the balances keep (the stock
// module's `deadStockItemsSql`), the same predicate as the rows' `dead`, so the two cannot disagree.
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { ukOrder } from '@/server/kernel/collation.ts';
import { rowsOf } from '@/server/kernel/rows.ts';
import { intArray } from '@/server/kernel/sql-arrays.ts';
import { pageWindow } from '@/shared/list.ts';
import { DomainError } from '@/shared/api-error.ts';
import { add, cmp, dec, div, fixed, isZero, mul, type Dec } from '@/shared/decimal.ts';
import { addDays, kyivToday } from '@/shared/kyiv-date.ts';
import { consumptionFacts } from '@/modules/reports/server/index.ts';
import { deadStockItemsSql, deadStockSql, freeStockOf } from '@/modules/stock/server/index.ts';
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
  dead: boolean;
}

/** A posted supplier receipt's incoming ledger movements (not reversed), on a movement alias `m`. */
const receiptMovement = sql`m.document_type = 'supplier_receipt' and m.qty > 0 and m.reverses_movement_id is null
  and exists (select 1 from supplier_receipts r where r.id = m.document_id and r.status = 'posted')`;

/** The components and materials the filters name, as a condition on an items alias `i`. */
function isComponent(q: ComponentsAnalysisQuery): SQL {
  const parts: SQL[] = [sql`i.kind in ('component', 'material') and i.is_active`];
  if (q.categoryId) {
    parts.push(sql`i.category_id in (with recursive tree as (select id from categories where id = ${q.categoryId}
      union all select c.id from categories c join tree on c.parent_id = tree.id) select id from tree)`);
  }
  if (q.supplierId) {
    parts.push(sql`(exists (select 1 from item_suppliers s where s.item_id = i.id and s.supplier_id = ${q.supplierId})
      or exists (select 1 from supplier_receipt_lines rl join supplier_receipts r on r.id = rl.receipt_id
        where rl.item_id = i.id and r.status = 'posted' and r.supplier_id = ${q.supplierId}))`);
  }
  return sql.join(parts, sql` and `);
}

interface Consumed {
  itemId: number;
  qty: string;
  value: string;
  /** Dead stock; read only when the dead-stock filter asks for it. */
  dead: boolean;
}

/** The components consumed in the period (net of returns), in the table's order: value, largest first, then name. */
async function readConsumed(db: DbOrTx, q: ComponentsAnalysisQuery, deadBefore: string): Promise<Consumed[]> {
  const rows = rowsOf<{ item_id: number; qty: string; value: string; dead: boolean }>(
    await db.execute(sql`with cons as (select f.item_id, sum(f.qty) as qty, sum(f.value) as value
        from (${consumptionFacts(q, sql`select i.id from items i where ${isComponent(q)}`)}) f group by f.item_id)
      select cons.item_id, cons.qty::numeric(18,4)::text as qty, cons.value::numeric(18,2)::text as value,
        ${q.deadOnly === 'true' ? deadStockSql(sql`cons.item_id`, deadBefore) : sql`false`} as dead
      from cons join items i on i.id = cons.item_id
      order by cons.value desc, ${ukOrder(sql`i.name`)}, i.id`),
  );
  return rows.map((r) => ({ itemId: Number(r.item_id), qty: r.qty, value: r.value, dead: r.dead === true }));
}

/** The page's rows, looked up for its item ids only. */
async function readRows(db: DbOrTx, q: ComponentsAnalysisQuery, ids: readonly number[], deadBefore: string) {
  if (!ids.length) return new Map<number, SqlRow>();
  const rows = rowsOf<SqlRow>(
    await db.execute(sql`with comp as (select i.id, i.sku, i.name, u.short_name as unit_short_name from items i
        left join units u on u.id = i.unit_id where i.id = any(${intArray(ids)}))
      select c.id as item_id, c.sku, c.name, c.unit_short_name,
        coalesce(cons.qty, 0)::numeric(18,4)::text as consumption_qty,
        coalesce(cons.value, 0)::numeric(18,2)::text as consumption_value,
        (select count(distinct b.id) from bom_lines bl join boms b on b.id = bl.bom_id
          where bl.component_item_id = c.id and b.status = 'active')::int as where_used,
        lp.price as last_price, lp.day as last_date, lp_supplier.name as last_supplier,
        case when fr.cost is not null and fr.cost <> 0
          then round((lr.cost - fr.cost) * 100 / fr.cost, 2)::text end as price_change,
        (select max(m.occurred_on) from stock_movements m
          where m.item_id = c.id and m.qty < 0 and m.document_type <> 'transfer')::text as last_out,
        ${deadStockSql(sql`c.id`, deadBefore)} as dead
      from comp c
      left join (select f.item_id, sum(f.qty) as qty, sum(f.value) as value
        from (${consumptionFacts(q, sql`select id from comp`)}) f group by f.item_id) cons on cons.item_id = c.id
      left join lateral (select round(m.value / m.qty, 2)::text as price, m.occurred_on::text as day, m.document_id
        from stock_movements m where m.item_id = c.id and ${receiptMovement}
        order by m.occurred_on desc, m.id desc limit 1) lp on true
      left join supplier_receipts lp_doc on lp_doc.id = lp.document_id
      left join counterparties lp_supplier on lp_supplier.id = lp_doc.supplier_id
      left join lateral (select m.value / m.qty as cost from stock_movements m
        where m.item_id = c.id and ${receiptMovement} and m.occurred_on between ${q.from}::date and ${q.to}::date
        order by m.occurred_on, m.id limit 1) fr on true
      left join lateral (select m.value / m.qty as cost from stock_movements m
        where m.item_id = c.id and ${receiptMovement} and m.occurred_on between ${q.from}::date and ${q.to}::date
        order by m.occurred_on desc, m.id desc limit 1) lr on true`),
  );
  return new Map(rows.map((r) => [Number(r.item_id), r]));
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

/** Days of stock at the period's rate: null without consumption, 0 with nothing available. */
function coverageOf(qty: Dec, available: Dec, days: number): Dec | null {
  if (cmp(qty, dec(0)) <= 0) return null;
  return cmp(available, dec(0)) > 0 ? div(mul(available, dec(days)), qty, 1) : dec(0);
}

/**
 * The table for the filters: `rows` is the asked page (`all`: every row, for a download), `total` the rows of the
 * whole filter; the totals are over the components the period, category and supplier name (ABC and the dead-stock
 * filter narrow the rows, not the totals).
 */
export async function componentsAnalysis(
  db: DbOrTx,
  q: ComponentsAnalysisQuery,
  options: { all?: boolean; today?: string } = {},
): Promise<ComponentsAnalysis> {
  const deadDays = await deadStockDays(db);
  const deadBefore = addDays(options.today ?? kyivToday(), -deadDays);
  const days = daysOf(q.from, q.to);
  const consumed = await readConsumed(db, q, deadBefore);
  const positive = consumed.filter((c) => cmp(dec(c.value), dec(0)) > 0);
  const classes = new Map(abcOf(positive.map((c) => dec(c.value))).map((abc, i) => [positive[i]!.itemId, abc]));
  const classOf = (itemId: number): AbcClass => classes.get(itemId) ?? 'C';
  const kept = (c: Consumed) => (!q.abc || classOf(c.itemId) === q.abc) && (q.deadOnly !== 'true' || c.dead);
  const negative = consumed.filter((c) => cmp(dec(c.value), dec(0)) < 0);
  const head = positive.filter(kept);
  const tail = negative.filter(kept);
  // Worth nothing in the period: every other component, in name order. Dead stock is counted as one set, and tested
  // per row for the page, which walks the name index and stops after the page's rows.
  const zeroWhere = (dead: 'set' | 'row') => sql`${isComponent(q)}
    and i.id <> all(${intArray([...positive, ...negative].map((c) => c.itemId))})
    ${q.deadOnly !== 'true' ? sql`` : dead === 'set' ? sql`and i.id in (${deadStockItemsSql(deadBefore)})` : sql`and ${deadStockSql(sql`i.id`, deadBefore)}`}`;
  const withZero = !q.abc || q.abc === 'C';

  // The page's window over head, then the components worth nothing, then tail; the name-ordered slice of the middle
  // part is read beside the counts (a download reads every row).
  const { limit, offset } = options.all ? { limit: Infinity, offset: 0 } : pageWindow(q);
  const ids = head.slice(offset, offset + limit).map((c) => c.itemId);
  const zeroWanted = limit - ids.length;
  const reorderIds = consumed.filter((c) => cmp(dec(c.qty), dec(0)) > 0).map((c) => c.itemId);
  const [zeroCount, zeroIds, deadCount, reorderFree, reorderLeads] = await Promise.all([
    withZero ? countOf(db, sql`select count(*)::int as n from items i where ${zeroWhere('set')}`) : 0,
    withZero && zeroWanted > 0
      ? db
          .execute(
            sql`select i.id from items i where ${zeroWhere('row')} order by ${ukOrder(sql`i.name`)}, i.id
              limit ${Number.isFinite(zeroWanted) ? sql`${zeroWanted}` : sql.raw('all')}
              offset ${Math.max(0, offset - head.length)}`,
          )
          .then((r) => rowsOf<{ id: number }>(r).map((row) => Number(row.id)))
      : [],
    countOf(
      db,
      sql`select count(*)::int as n from items i where ${isComponent(q)} and i.id in (${deadStockItemsSql(deadBefore)})`,
    ),
    freeStockOf(db, reorderIds, null),
    leadTimesOf(db, reorderIds),
  ]);
  const reorderCount = consumed.filter((c) => {
    const coverage = coverageOf(dec(c.qty), dec(reorderFree.get(c.itemId) ?? '0'), days);
    return coverage !== null && cmp(coverage, dec(reorderLeads.get(c.itemId) ?? 0)) < 0;
  }).length;
  const total = head.length + zeroCount + tail.length;
  ids.push(...zeroIds);
  const tailOffset = Math.max(0, offset - head.length - zeroCount);
  ids.push(...tail.slice(tailOffset, tailOffset + limit - ids.length).map((c) => c.itemId));

  const [rows, free, ordered, leadTimes] = await Promise.all([
    readRows(db, q, ids, deadBefore),
    freeStockOf(db, ids, null),
    onOrderByItem(db, ids),
    leadTimesOf(db, ids),
  ]);
  const page: ComponentRow[] = ids.map((itemId) => {
    const r = rows.get(itemId)!;
    const available = dec(free.get(itemId) ?? '0');
    const qty = dec(r.consumption_qty);
    const coverage = coverageOf(qty, available, days);
    const leadTimeDays = leadTimes.get(itemId) ?? 0;
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
      abc: classOf(itemId),
      lastOutgoing: r.last_out,
      dead: r.dead === true,
    };
  });
  const totals = {
    consumptionValue: fixed(
      consumed.reduce((s, c) => add(s, dec(c.value)), dec(0)),
      2,
    ),
    reorderCount,
    deadCount,
  };
  return { from: q.from, to: q.to, days, deadStockDays: deadDays, totals, rows: page, total };
}

async function countOf(db: DbOrTx, query: SQL): Promise<number> {
  return Number(rowsOf<{ n: number }>(await db.execute(query))[0]?.n ?? 0);
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
