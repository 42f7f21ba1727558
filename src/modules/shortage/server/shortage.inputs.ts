// What the shortage calculation reads (warehouse.md §4): open MOs and their snapshot lines, item kinds, free stock,
// what open MOs still make, draft supplier orders, the facts of each item (lead time, pack, prices, suppliers) and
// the interchangeable items with free stock — each a set-based query for a whole set of items.
import { sql } from 'drizzle-orm';
import { cmp, dec, sub, type Dec } from '@/shared/decimal.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import type { ShortageAlternative } from '../shortage.contract.ts';
import { inProductionByItem as remainingInProduction } from '@/modules/manufacturing/server/index.ts';
import { intArray, valueList } from '@/server/kernel/sql-arrays.ts';
import { rowsOf } from '@/server/kernel/rows.ts';
import type { MoStatus } from './shortage.compute.ts';

const ZERO = dec(0);
const maxZero = (a: Dec) => (cmp(a, ZERO) > 0 ? a : ZERO);
const num = (v: unknown) => Number(v);

export interface OpenMo {
  id: number;
  number: string;
  itemId: number;
  status: MoStatus;
  qty: Dec;
  recipeId: number | null;
  plannedStart: string | null;
  produced: Dec;
  hasSnapshot: boolean;
}

export async function openMos(db: DbOrTx, includePlanned: boolean): Promise<OpenMo[]> {
  const statuses = includePlanned ? ['planned', 'released', 'in_progress'] : ['released', 'in_progress'];
  const rows = rowsOf<{
    id: number;
    number: string;
    item_id: number;
    status: MoStatus;
    qty: string;
    recipe_id: number | null;
    planned_start: string | null;
    produced: string;
    has_snapshot: boolean | string;
  }>(
    await db.execute(sql`with produced as (
        select p.mo_id, sum(coalesce(p.good_qty, 0)) as qty from mo_postings p
        where p.kind = 'output' and p.status = 'posted' group by p.mo_id
      ), snap as (select distinct mm.mo_id from mo_materials mm)
      select m.id, m.number, m.item_id, m.status, m.qty::text as qty, m.recipe_id,
        m.planned_start::text as planned_start, coalesce(pr.qty, 0)::numeric(18,4)::text as produced,
        (s.mo_id is not null) as has_snapshot
      from manufacturing_orders m
      left join produced pr on pr.mo_id = m.id
      left join snap s on s.mo_id = m.id
      where m.status in (${valueList(statuses)})
      order by m.id`),
  );
  return rows.map((r) => ({
    id: num(r.id),
    number: r.number,
    itemId: num(r.item_id),
    status: r.status,
    qty: dec(r.qty),
    recipeId: r.recipe_id == null ? null : num(r.recipe_id),
    plannedStart: r.planned_start,
    produced: dec(r.produced),
    hasSnapshot: r.has_snapshot === true || r.has_snapshot === 't',
  }));
}

export interface MoLine {
  moId: number;
  itemId: number;
  /** max(0, required − issued) − reserved, never below 0. */
  need: Dec;
}

/** The snapshot lines of the given MOs with what was issued (posted MOIs, net of returns) and what is reserved. */
export async function moLines(db: DbOrTx, moIds: readonly number[]): Promise<MoLine[]> {
  if (!moIds.length) return [];
  const rows = rowsOf<{ mo_id: number; item_id: number; required: string; issued: string; reserved: string }>(
    await db.execute(sql`with lines as (
        select mm.id, mm.mo_id, mm.item_id, mm.required_qty from mo_materials mm where mm.mo_id = any(${intArray(moIds)})
      ), issued as (
        select pl.mo_material_id as id, sum(pl.qty) as qty
        from mo_posting_lines pl join mo_postings p on p.id = pl.posting_id
        where p.status = 'posted' and p.kind = 'issue' and pl.mo_material_id in (select id from lines)
        group by pl.mo_material_id
      ), reserved as (
        select r.source_id as id, sum(r.qty) as qty from stock_reservations r
        where r.source_type = 'mo_material' and r.source_id in (select id from lines)
        group by r.source_id
      )
      select l.mo_id, l.item_id, l.required_qty::text as required,
        coalesce(i.qty, 0)::numeric(18,4)::text as issued, coalesce(r.qty, 0)::numeric(18,4)::text as reserved
      from lines l left join issued i on i.id = l.id left join reserved r on r.id = l.id
      order by l.mo_id, l.id`),
  );
  return rows.map((r) => ({
    moId: num(r.mo_id),
    itemId: num(r.item_id),
    need: maxZero(sub(maxZero(sub(dec(r.required), dec(r.issued))), dec(r.reserved))),
  }));
}

export async function kindsOf(db: DbOrTx, ids: readonly number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = rowsOf<{ id: number; kind: string }>(
    await db.execute(sql`select id, kind from items where id = any(${intArray(ids)})`),
  );
  return new Map(rows.map((r) => [num(r.id), r.kind]));
}

/** Σ over open MOs of the item of max(0, qty − produced). */
export async function inProductionByItem(db: DbOrTx, ids: readonly number[]): Promise<Map<number, Dec>> {
  const remaining = await remainingInProduction(db, ids);
  return new Map([...remaining].map(([itemId, qty]) => [itemId, dec(qty)]));
}

/** Σ qty of the lines of draft supplier orders per item ('У чернетках'). */
export async function inDraftsByItem(db: DbOrTx, ids: readonly number[]): Promise<Map<number, Dec>> {
  if (!ids.length) return new Map();
  const rows = rowsOf<{ item_id: number; qty: string }>(
    await db.execute(sql`select l.item_id, sum(l.qty)::numeric(18,4)::text as qty
      from supplier_order_lines l join supplier_orders o on o.id = l.order_id
      where o.status = 'draft' and l.item_id = any(${intArray(ids)}) group by l.item_id`),
  );
  return new Map(rows.map((r) => [num(r.item_id), dec(r.qty)]));
}

export interface ItemInfo {
  sku: string;
  name: string;
  kind: string;
  mpn: string | null;
  categoryId: number | null;
  categoryName: string | null;
  unitShortName: string | null;
  leadTimeDays: number | null;
  preferredSupplierId: number | null;
  preferredSupplierName: string | null;
  packQty: string | null;
  supplierLeadTimeDays: number | null;
  lastPrice: string | null;
  avgCost: string | null;
  supplierIds: number[];
}

/**
 * The row data of the items: category, unit, lead times, the preferred supplier, every linked supplier, the average
 * cost and the last purchase price in UAH — the preferred supplier's last price when it is in hryvnias, else the
 * net unit price of the last posted receipt line of the item × its rate, else the most recent hryvnia price of any
 * supplier of the item.
 */
export async function itemInfo(db: DbOrTx, ids: readonly number[]): Promise<Map<number, ItemInfo>> {
  if (!ids.length) return new Map();
  const rows = rowsOf<{
    id: number;
    sku: string;
    name: string;
    kind: string;
    mpn: string | null;
    category_id: number | null;
    category_name: string | null;
    unit_short_name: string | null;
    lead_time_days: number | null;
    pref_supplier_id: number | null;
    pref_supplier_name: string | null;
    pack_qty: string | null;
    pref_lead_time_days: number | null;
    pref_price: string | null;
    receipt_price: string | null;
    any_price: string | null;
    avg_cost: string | null;
    supplier_ids: string | null;
  }>(
    await db.execute(sql`select i.id, i.sku, i.name, i.kind, i.mpn, i.category_id, c.name as category_name,
        u.short_name as unit_short_name, i.lead_time_days,
        ps.supplier_id as pref_supplier_id, cp.name as pref_supplier_name, ps.pack_qty::text as pack_qty,
        ps.lead_time_days as pref_lead_time_days,
        case when coalesce(upper(ps.last_price_currency), 'UAH') = 'UAH' then ps.last_price::text end as pref_price,
        (select round(rl.line_net * r.fx_rate / rl.qty, 6)::text
          from supplier_receipt_lines rl join supplier_receipts r on r.id = rl.receipt_id
          where rl.item_id = i.id and r.status = 'posted' and rl.qty > 0
          order by r.document_date desc, r.id desc, rl.id desc limit 1) as receipt_price,
        (select s.last_price::text from item_suppliers s
          where s.item_id = i.id and s.last_price is not null and coalesce(upper(s.last_price_currency), 'UAH') = 'UAH'
          order by s.last_price_date desc nulls last, s.id desc limit 1) as any_price,
        ic.avg_cost::text as avg_cost,
        (select string_agg(distinct s.supplier_id::text, ',') from item_suppliers s where s.item_id = i.id)
          as supplier_ids
      from items i
      left join categories c on c.id = i.category_id
      left join units u on u.id = i.unit_id
      left join item_suppliers ps on ps.item_id = i.id and ps.is_preferred
      left join counterparties cp on cp.id = ps.supplier_id
      left join item_costs ic on ic.item_id = i.id
      where i.id = any(${intArray(ids)})`),
  );
  return new Map(
    rows.map((r) => [
      num(r.id),
      {
        sku: r.sku,
        name: r.name,
        kind: r.kind,
        mpn: r.mpn,
        categoryId: r.category_id == null ? null : num(r.category_id),
        categoryName: r.category_name,
        unitShortName: r.unit_short_name,
        leadTimeDays: r.lead_time_days == null ? null : num(r.lead_time_days),
        preferredSupplierId: r.pref_supplier_id == null ? null : num(r.pref_supplier_id),
        preferredSupplierName: r.pref_supplier_name,
        packQty: r.pack_qty,
        supplierLeadTimeDays: r.pref_lead_time_days == null ? null : num(r.pref_lead_time_days),
        lastPrice: r.pref_price ?? r.receipt_price ?? r.any_price,
        avgCost: r.avg_cost,
        supplierIds: r.supplier_ids ? r.supplier_ids.split(',').map(Number) : [],
      },
    ]),
  );
}

/** Interchangeable items (either side of the pair) that have free stock, per item asked for. */
export async function alternativesOf(db: DbOrTx, ids: readonly number[]): Promise<Map<number, ShortageAlternative[]>> {
  const result = new Map<number, ShortageAlternative[]>();
  if (!ids.length) return result;
  const rows = rowsOf<{
    for_id: number;
    id: number;
    sku: string;
    name: string;
    unit_short_name: string | null;
    available: string;
    note: string | null;
  }>(
    await db.execute(sql`with pairs as (
        select a.item_id as for_id, a.alternative_id as alt_id, a.note from item_alternatives a
        where a.item_id = any(${intArray(ids)})
        union all
        select a.alternative_id, a.item_id, a.note from item_alternatives a where a.alternative_id = any(${intArray(ids)})
      ), free as (
        select b.item_id, sum(b.on_hand - b.reserved) as qty
        from stock_balances b join warehouses w on w.id = b.warehouse_id and w.include_in_planning
        where b.item_id in (select alt_id from pairs) group by b.item_id
      )
      select p.for_id, i.id, i.sku, i.name, u.short_name as unit_short_name,
        f.qty::numeric(18,4)::text as available, p.note
      from pairs p join items i on i.id = p.alt_id left join units u on u.id = i.unit_id
      join free f on f.item_id = p.alt_id
      where f.qty > 0 and i.is_active
      order by p.for_id, i.sku`),
  );
  for (const r of rows) {
    const list = result.get(num(r.for_id)) ?? [];
    list.push({
      itemId: num(r.id),
      sku: r.sku,
      name: r.name,
      unitShortName: r.unit_short_name,
      available: r.available,
      note: r.note,
    });
    result.set(num(r.for_id), list);
  }
  return result;
}

/**
 * Runs the loads side by side on a pool, one after another inside a transaction (a transaction is one connection,
 * and node-postgres refuses overlapping queries on one client).
 */
export async function inTurn<T extends readonly unknown[]>(
  db: DbOrTx,
  loads: { [K in keyof T]: () => Promise<T[K]> },
): Promise<T> {
  if (!('rollback' in db)) return Promise.all(loads.map((load) => load())) as unknown as Promise<T>;
  const results: unknown[] = [];
  for (const load of loads) results.push(await load());
  return results as unknown as T;
}
