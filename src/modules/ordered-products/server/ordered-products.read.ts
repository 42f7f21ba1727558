// The read side of /ordered-products (sales.md §7): open order lines with their coverage (`demandLines`) and the
// per-item figures (`orderedProducts`). Every figure is set-based: the order lines, the balances and the MOs are
// aggregated SEPARATELY and only then put side by side per item — never joined row by row, so an item whose stock
// sits in three warehouses shows the same figures as one whose stock sits in one (the old fan-out bug).
import { sql, type SQL } from 'drizzle-orm';
import { add, cmp, dec, div, fixed, mul, sub, type Dec } from '@/shared/decimal.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { intArray, valueList } from '@/server/kernel/sql-arrays.ts';
import { ORDER_LINE, orders, paidSql, paymentStatusOf } from '@/modules/orders/server/index.ts';
import type { PaymentStatus } from '@/modules/orders/orders.contract.ts';
import type { DemandLine, ItemKind, OrderedProductRow } from '../ordered-products.contract.ts';
import { inProductionByItem as remainingInProduction } from '@/modules/manufacturing/server/index.ts';
import { rowsOf } from '@/server/kernel/rows.ts';
import { containsPattern } from '@/server/kernel/like.ts';

export type { DemandLine, OrderedProductRow } from '../ordered-products.contract.ts';

const QTY = 4;
const max = (a: Dec, b: Dec) => (cmp(a, b) >= 0 ? a : b);

/** Orders whose unshipped lines are demand (sales.md §1.1: active). */
export const ACTIVE_ORDER_STATUSES = ['confirmed', 'partially_shipped'] as const;
/** MOs that still make something (production.md §4). */
export const OPEN_MO_STATUSES = ['planned', 'released', 'in_progress'] as const;

export interface DemandFilters {
  /** Only orders approved for production (default true). */
  approvedOnly?: boolean;
  itemIds?: number[];
  clientId?: number;
  /** Orders due on or before this date (orders without a due date are left out). */
  dueBefore?: string;
}

/**
 * Open order lines: lines of confirmed / partially shipped orders with something left to ship, one row each, ordered
 * by the order's due date (earliest first, undated last), then the order and line number. Services are left out.
 * One query: shipped, reserved and MO coverage are each grouped per line in their own CTE, then joined 1:1.
 */
export async function demandLines(db: DbOrTx, filters: DemandFilters = {}): Promise<DemandLine[]> {
  const approvedOnly = filters.approvedOnly ?? true;
  if (filters.itemIds && !filters.itemIds.length) return [];
  const where: SQL[] = [
    sql`${orders.status} in (${valueList(ACTIVE_ORDER_STATUSES)})`,
    sql`l.item_id is not null`,
    sql`i.kind <> 'service'`,
  ];
  if (approvedOnly) where.push(sql`${orders.productionApproved}`);
  if (filters.itemIds) where.push(sql`l.item_id = any(${intArray(filters.itemIds)})`);
  if (filters.clientId) where.push(sql`${orders.clientId} = ${filters.clientId}`);
  if (filters.dueBefore) where.push(sql`${orders.dueDate} <= ${filters.dueBefore}`);

  const rows = rowsOf<{
    order_line_id: number;
    order_id: number;
    order_number: string;
    client_id: number;
    client_name: string;
    item_id: number;
    sku: string;
    item_name: string;
    kind: ItemKind;
    qty: string;
    shipped: string;
    reserved: string;
    covered: string;
    line_net: string;
    fx_rate: string;
    due_date: string | null;
    paid: string;
    total_gross: string;
    approved: boolean | string;
  }>(
    await db.execute(sql`with open_lines as (
        select l.id, l.order_id, l.item_id, l.qty, l.line_no
        from order_lines l
        join orders on orders.id = l.order_id
        join items i on i.id = l.item_id
        where ${sql.join(where, sql` and `)}
      ),
      shipped as (
        select sl.order_line_id as line_id, sum(sl.qty) as qty
        from shipment_lines sl join shipments s on s.id = sl.shipment_id
        where s.status = 'posted' and sl.order_line_id in (select id from open_lines)
        group by sl.order_line_id
      ),
      reserved as (
        select r.source_id as line_id, sum(r.qty) as qty
        from stock_reservations r
        where r.source_type = ${ORDER_LINE} and r.source_id in (select id from open_lines)
        group by r.source_id
      ),
      covered as (
        select d.order_line_id as line_id, sum(d.qty) as qty
        from mo_demands d join manufacturing_orders m on m.id = d.mo_id
        where m.status in (${valueList(OPEN_MO_STATUSES)}) and d.order_line_id in (select id from open_lines)
        group by d.order_line_id
      )
      select ol.id as order_line_id, ol.order_id, orders.order_number, orders.client_id, c.name as client_name,
        ol.item_id, i.sku, i.name as item_name, i.kind, ol.qty::text as qty,
        coalesce(sh.qty, 0)::numeric(18,4)::text as shipped,
        coalesce(rs.qty, 0)::numeric(18,4)::text as reserved,
        coalesce(cv.qty, 0)::numeric(18,4)::text as covered,
        l.line_net::text as line_net, orders.fx_rate::text as fx_rate, orders.due_date::text as due_date,
        (${paidSql})::numeric(18,2)::text as paid, orders.total_gross::text as total_gross,
        orders.production_approved as approved
      from open_lines ol
      join order_lines l on l.id = ol.id
      join orders on orders.id = ol.order_id
      join counterparties c on c.id = orders.client_id
      join items i on i.id = ol.item_id
      left join shipped sh on sh.line_id = ol.id
      left join reserved rs on rs.line_id = ol.id
      left join covered cv on cv.line_id = ol.id
      where ol.qty > coalesce(sh.qty, 0)
      order by orders.due_date asc nulls last, orders.order_date, orders.id, ol.line_no, ol.id`),
  );

  return rows.map((r) => {
    const qty = dec(r.qty);
    const remaining = sub(qty, dec(r.shipped));
    const reserved = dec(r.reserved);
    const uncovered = max(sub(remaining, reserved), dec(0));
    return {
      orderLineId: Number(r.order_line_id),
      orderId: Number(r.order_id),
      orderNumber: r.order_number,
      clientId: Number(r.client_id),
      clientName: r.client_name,
      itemId: Number(r.item_id),
      sku: r.sku,
      itemName: r.item_name,
      kind: r.kind,
      remaining: fixed(remaining, QTY),
      reserved: fixed(reserved, QTY),
      uncovered: fixed(uncovered, QTY),
      dueDate: r.due_date,
      paymentStatus: paymentStatusOf(dec(r.paid), dec(r.total_gross)) as PaymentStatus,
      approved: r.approved === true || r.approved === 't',
      netUnitPrice: fixed(div(mul(dec(r.line_net), dec(r.fx_rate)), qty, 6), 6),
      coveredByMo: fixed(dec(r.covered), QTY),
    };
  });
}

/**
 * Free stock per item: Σ over the planning warehouses (warehouses.include_in_planning, as /inventory) of
 * on hand − reserved (warehouse.md §4 'available'), each balance row counted once. A warehouse below its
 * reservations (negative stock allowed) lowers the sum: its reservations are met from the other warehouses. Grouped
 * by item alone; used by /ordered-products and /shortage.
 */
export async function freeByItem(db: DbOrTx, itemIds: readonly number[]): Promise<Map<number, Dec>> {
  const free = new Map<number, Dec>(itemIds.map((id) => [id, dec(0)]));
  if (!itemIds.length) return free;
  const rows = rowsOf<{ item_id: number; free: string }>(
    await db.execute(sql`select b.item_id, sum(b.on_hand - b.reserved)::numeric(18,4)::text as free
      from stock_balances b
      where b.item_id = any(${intArray(itemIds)})
        and b.warehouse_id in (select w.id from warehouses w where w.include_in_planning)
      group by b.item_id`),
  );
  for (const r of rows) free.set(Number(r.item_id), dec(r.free));
  return free;
}

/**
 * In production per item: Σ over open MOs of (qty − produced), produced = Σ good units of the MO's posted outputs
 * (mo_postings kind 'output'); an MO that produced more than planned counts 0. Grouped by item alone.
 */
export async function inProductionByItem(db: DbOrTx, itemIds: readonly number[]): Promise<Map<number, Dec>> {
  const result = new Map<number, Dec>(itemIds.map((id) => [id, dec(0)]));
  for (const [itemId, qty] of await remainingInProduction(db, itemIds)) result.set(itemId, dec(qty));
  return result;
}

/**
 * Which items are MADE here. Rule: a product or semi-finished item (the kinds an MO can make, production.md §4) that
 * is makeable (§0: "an item is makeable when step 2 or step 3 resolves") — it has a default active recipe whose BOM
 * is not archived, or a default active BOM: exactly what resolveProductionSpec(db, itemId) resolves without a recipe,
 * in one query. Everything else — components, materials, and products without a spec (bought and resold) — is
 * BOUGHT: its shortfall is toBuy (sales.md §7).
 */
export async function makeableItems(db: DbOrTx, itemIds: readonly number[]): Promise<Set<number>> {
  if (!itemIds.length) return new Set();
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`select i.id from items i
      where i.id = any(${intArray(itemIds)}) and i.kind in ('product', 'semi_finished') and (
        exists (select 1 from recipes r join boms b on b.id = r.bom_id
          where r.item_id = i.id and r.is_default and r.status = 'active' and b.status <> 'archived')
        or exists (select 1 from boms b where b.item_id = i.id and b.is_default and b.status = 'active'))`),
  );
  return new Set(rows.map((r) => Number(r.id)));
}

export interface OrderedProductsFilters extends Omit<DemandFilters, 'itemIds'> {
  itemIds?: number[];
  categoryId?: number;
  kind?: ItemKind;
  search?: string;
}

/** Lines of the item filters (category with its subcategories, kind, search over SKU and name). */
async function filteredItemIds(db: DbOrTx, itemIds: readonly number[], f: OrderedProductsFilters) {
  if (!itemIds.length) return [];
  if (!f.categoryId && !f.kind && !f.search) return [...itemIds];
  const where: SQL[] = [sql`i.id = any(${intArray(itemIds)})`];
  if (f.kind) where.push(sql`i.kind = ${f.kind}`);
  if (f.search) {
    const like = containsPattern(f.search);
    where.push(sql`(i.sku ilike ${like} or i.name ilike ${like} or coalesce(i.barcode, '') = ${f.search})`);
  }
  if (f.categoryId) {
    where.push(sql`i.category_id in (with recursive tree as (
        select id from categories where id = ${f.categoryId}
        union all select c.id from categories c join tree t on c.parent_id = t.id
      ) select id from tree)`);
  }
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`select i.id from items i where ${sql.join(where, sql` and `)}`),
  );
  return rows.map((r) => Number(r.id));
}

/**
 * One row per item with open demand (sales.md §7): demand, reserved, uncovered (Σ of the lines), free, in
 * production, toProduce (made items) or toBuy (bought items) = max(0, uncovered − free − inProduction), the number of
 * orders, the earliest due date and the value (Σ remaining × net unit price, UAH). Ordered by earliest due, SKU.
 */
export async function orderedProducts(db: DbOrTx, filters: OrderedProductsFilters = {}): Promise<OrderedProductRow[]> {
  const lines = await demandLines(db, {
    approvedOnly: filters.approvedOnly,
    itemIds: filters.itemIds,
    clientId: filters.clientId,
    dueBefore: filters.dueBefore,
  });
  const allIds = [...new Set(lines.map((l) => l.itemId))];
  const itemIds = await filteredItemIds(db, allIds, filters);
  if (!itemIds.length) return [];
  const keep = new Set(itemIds);

  // One after another: inside a transaction they share one connection.
  const free = await freeByItem(db, itemIds);
  const inProduction = await inProductionByItem(db, itemIds);
  const makeable = await makeableItems(db, itemIds);
  const info = await itemInfo(db, itemIds);

  interface Acc {
    demand: Dec;
    reserved: Dec;
    uncovered: Dec;
    covered: Dec;
    value: Dec;
    orders: Set<number>;
    lines: number;
    earliestDue: string | null;
  }
  const acc = new Map<number, Acc>();
  for (const line of lines) {
    if (!keep.has(line.itemId)) continue;
    let a = acc.get(line.itemId);
    if (!a) {
      a = {
        demand: dec(0),
        reserved: dec(0),
        uncovered: dec(0),
        covered: dec(0),
        value: dec(0),
        orders: new Set(),
        lines: 0,
        earliestDue: null,
      };
      acc.set(line.itemId, a);
    }
    a.demand = add(a.demand, dec(line.remaining));
    a.reserved = add(a.reserved, dec(line.reserved));
    a.uncovered = add(a.uncovered, dec(line.uncovered));
    a.covered = add(a.covered, dec(line.coveredByMo));
    a.value = add(a.value, mul(dec(line.remaining), dec(line.netUnitPrice)));
    a.orders.add(line.orderId);
    a.lines += 1;
    if (line.dueDate && (!a.earliestDue || line.dueDate < a.earliestDue)) a.earliestDue = line.dueDate;
  }

  const rows: OrderedProductRow[] = [];
  for (const [itemId, a] of acc) {
    const item = info.get(itemId)!;
    const f = free.get(itemId) ?? dec(0);
    const p = inProduction.get(itemId) ?? dec(0);
    const short = max(sub(sub(a.uncovered, f), p), dec(0));
    const made = makeable.has(itemId);
    rows.push({
      itemId,
      sku: item.sku,
      itemName: item.name,
      kind: item.kind,
      categoryId: item.categoryId,
      categoryName: item.categoryName,
      unitShortName: item.unitShortName,
      made,
      demand: fixed(a.demand, QTY),
      reserved: fixed(a.reserved, QTY),
      uncovered: fixed(a.uncovered, QTY),
      free: fixed(f, QTY),
      inProduction: fixed(p, QTY),
      toProduce: fixed(made ? short : dec(0), QTY),
      toBuy: fixed(made ? dec(0) : short, QTY),
      coveredByMo: fixed(a.covered, QTY),
      orders: a.orders.size,
      lines: a.lines,
      earliestDue: a.earliestDue,
      value: fixed(a.value, 2),
    });
  }
  return rows.sort(
    (x, y) =>
      (x.earliestDue ?? '9999-12-31').localeCompare(y.earliestDue ?? '9999-12-31') || x.sku.localeCompare(y.sku),
  );
}

async function itemInfo(db: DbOrTx, itemIds: readonly number[]) {
  const rows = rowsOf<{
    id: number;
    sku: string;
    name: string;
    kind: ItemKind;
    category_id: number | null;
    category_name: string | null;
    unit_short_name: string | null;
  }>(
    await db.execute(sql`select i.id, i.sku, i.name, i.kind, i.category_id, c.name as category_name,
        u.short_name as unit_short_name
      from items i left join categories c on c.id = i.category_id left join units u on u.id = i.unit_id
      where i.id = any(${intArray(itemIds)})`),
  );
  return new Map(
    rows.map((r) => [
      Number(r.id),
      {
        sku: r.sku,
        name: r.name,
        kind: r.kind,
        categoryId: r.category_id == null ? null : Number(r.category_id),
        categoryName: r.category_name,
        unitShortName: r.unit_short_name,
      },
    ]),
  );
}
