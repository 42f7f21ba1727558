// The shortage calculation (warehouse.md §4), for every bought item:
//   needs  a. open MO material lines: max(0, required − issued) − reserved, dated by the MO's planned start (today
//             when past or unset); planned MOs have no snapshot yet, so their spec is exploded for qty − produced
//             (setting includePlannedMOs);
//          b. toProduce of made items (sales.md §7) exploded through the production spec (the default recipe's BOM,
//             else the default BOM — the core's resolveProductionSpec rule, asked for a whole level at once), scrap
//             included (the core's effectivePerUnit, as bomMaterials); every made child is first
//             netted against its free stock and its open MO quantity (one pool per item, taken by need date) and
//             only the rest is exploded further; dated by the earliest due date of the orders behind it;
//          c. bought items that are resold: their uncovered demand (toBuy before free stock — the supply below
//             nets the free stock once), dated by the earliest due date.
//   supply available (Σ over planning warehouses of on hand − reserved) and on order (sent / confirmed / partially
//          received supplier orders). Drafts are not supply: shown as 'У чернетках'.
//   result shortage, the date of the first need the supply leaves uncovered (needs by date), critical, suggested
//          quantity (rounded up to the pack), estimated cost, alternatives with free stock.
// "Bought" means not made: a component or material, or a product / semi-finished item without a production spec.
// The inputs are read by a handful of set-based queries (the specs one query per BOM level) and the explosion runs
// in memory. The result is memoised for 60 s per database and dropped by invalidateShortage() or by any change
// of its inputs (a cheap fingerprint query).
import { sql } from 'drizzle-orm';
import { add, cmp, dec, div, fixed, isZero, mul, round, sub, type Dec } from '@/shared/decimal.ts';
import { addDays, kyivToday } from '@/shared/kyiv-date.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import type { BomMaterial } from '@/modules/production/server/index.ts';
import { orderedProducts } from '@/modules/ordered-products/server/index.ts';
import { onOrderByItem } from '@/modules/supplier-orders/server/index.ts';
import type { LeadTimeSource, ShortageAlternative, ShortageRow, ShortageSettings } from '../shortage.contract.ts';
import { getShortageSettings } from './shortage-settings.ts';
import { defaultBomIds, materialsOfBoms, recipeBomIds } from './shortage.specs.ts';
import { rowsOf } from '@/server/kernel/rows.ts';

const idList = (values: Iterable<number>) =>
  sql.join(
    [...values].map((v) => sql`${v}`),
    sql`, `,
  );

const ZERO = dec(0);
const QTY = 4;
/** Scale of the quantities inside the explosion (rounded to the stock's 4 decimals at the end). */
const WORK = 8;
const MADE_KINDS = new Set(['product', 'semi_finished']);
const maxZero = (a: Dec) => (cmp(a, ZERO) > 0 ? a : ZERO);
const minDec = (a: Dec, b: Dec) => (cmp(a, b) <= 0 ? a : b);
const num = (v: unknown) => Number(v);

export type MoStatus = 'planned' | 'released' | 'in_progress';

/** What a need comes from: an open MO, or the open orders of an item (its toProduce or toBuy). */
export type NeedRoot =
  | { kind: 'mo'; moId: number; moNumber: string; moStatus: MoStatus; productId: number; productQty: string }
  | { kind: 'demand'; productId: number };

export interface Need {
  root: NeedRoot;
  /** null: the orders behind it have no due date (sorted last, never critical by date). */
  date: string | null;
  qty: string;
  /** Of qty, what the supply leaves uncovered (needs covered in date order). */
  uncovered: string;
  /** The made items between the root's item and this one, top first. */
  via: number[];
}

export interface ItemShortage {
  row: ShortageRow;
  needs: Need[];
  /** Every supplier linked to the item (filter 'Постачальник'). */
  supplierIds: number[];
  /** Lower-case SKU, name, MPN and preferred supplier (the search). */
  haystack: string;
}

export interface ShortageSnapshot {
  today: string;
  settings: ShortageSettings;
  /** Every bought item with a need, short or not. */
  items: Map<number, ItemShortage>;
  /** Rows with shortage > 0, most urgent first. */
  rows: ShortageRow[];
}

// ---- inputs -------------------------------------------------------------------------------------------------

interface OpenMo {
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

async function openMos(db: DbOrTx, includePlanned: boolean): Promise<OpenMo[]> {
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
      where m.status in (${sql.join(
        statuses.map((s) => sql`${s}`),
        sql`, `,
      )})
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

interface MoLine {
  moId: number;
  itemId: number;
  /** max(0, required − issued) − reserved, never below 0. */
  need: Dec;
}

/** The snapshot lines of the given MOs with what was issued (posted MOIs, net of returns) and what is reserved. */
async function moLines(db: DbOrTx, moIds: readonly number[]): Promise<MoLine[]> {
  if (!moIds.length) return [];
  const rows = rowsOf<{ mo_id: number; item_id: number; required: string; issued: string; reserved: string }>(
    await db.execute(sql`with lines as (
        select mm.id, mm.mo_id, mm.item_id, mm.required_qty from mo_materials mm where mm.mo_id in (${idList(moIds)})
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

async function kindsOf(db: DbOrTx, ids: readonly number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = rowsOf<{ id: number; kind: string }>(
    await db.execute(sql`select id, kind from items where id in (${idList(ids)})`),
  );
  return new Map(rows.map((r) => [num(r.id), r.kind]));
}

/** Free stock per item: Σ over the planning warehouses of max(0, on hand − reserved) (as /ordered-products). */
async function freeByItem(db: DbOrTx, ids: readonly number[]): Promise<Map<number, Dec>> {
  if (!ids.length) return new Map();
  const rows = rowsOf<{ item_id: number; free: string }>(
    await db.execute(sql`select b.item_id, sum(greatest(b.on_hand - b.reserved, 0))::numeric(18,4)::text as free
      from stock_balances b join warehouses w on w.id = b.warehouse_id and w.include_in_planning
      where b.item_id in (${idList(ids)}) group by b.item_id`),
  );
  return new Map(rows.map((r) => [num(r.item_id), dec(r.free)]));
}

/** Σ over open MOs of the item of max(0, qty − produced). */
async function inProductionByItem(db: DbOrTx, ids: readonly number[]): Promise<Map<number, Dec>> {
  if (!ids.length) return new Map();
  const rows = rowsOf<{ item_id: number; qty: string }>(
    await db.execute(sql`select m.item_id, sum(greatest(m.qty - coalesce(p.good, 0), 0))::numeric(18,4)::text as qty
      from manufacturing_orders m
      left join (select mo_id, sum(coalesce(good_qty, 0)) as good from mo_postings
        where kind = 'output' and status = 'posted' group by mo_id) p on p.mo_id = m.id
      where m.status in ('planned', 'released', 'in_progress') and m.item_id in (${idList(ids)})
      group by m.item_id`),
  );
  return new Map(rows.map((r) => [num(r.item_id), dec(r.qty)]));
}

/** Σ qty of the lines of draft supplier orders per item ('У чернетках'). */
async function inDraftsByItem(db: DbOrTx, ids: readonly number[]): Promise<Map<number, Dec>> {
  if (!ids.length) return new Map();
  const rows = rowsOf<{ item_id: number; qty: string }>(
    await db.execute(sql`select l.item_id, sum(l.qty)::numeric(18,4)::text as qty
      from supplier_order_lines l join supplier_orders o on o.id = l.order_id
      where o.status = 'draft' and l.item_id in (${idList(ids)}) group by l.item_id`),
  );
  return new Map(rows.map((r) => [num(r.item_id), dec(r.qty)]));
}

interface ItemInfo {
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
async function itemInfo(db: DbOrTx, ids: readonly number[]): Promise<Map<number, ItemInfo>> {
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
      where i.id in (${idList(ids)})`),
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
async function alternativesOf(db: DbOrTx, ids: readonly number[]): Promise<Map<number, ShortageAlternative[]>> {
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
        where a.item_id in (${idList(ids)})
        union all
        select a.alternative_id, a.item_id, a.note from item_alternatives a where a.alternative_id in (${idList(ids)})
      ), free as (
        select b.item_id, sum(greatest(b.on_hand - b.reserved, 0)) as qty
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

// ---- the calculation ----------------------------------------------------------------------------------------

/** shortage rounded up to a whole number of packs (no pack, or a pack of 0: the shortage itself). */
export function roundUpToPack(shortage: Dec, packQty: string | null): Dec {
  if (!packQty || cmp(dec(packQty), ZERO) <= 0 || isZero(shortage)) return shortage;
  const pack = dec(packQty);
  const packs = div(shortage, pack, 0);
  const whole = cmp(mul(packs, pack), shortage) >= 0 ? packs : add(packs, dec(1));
  return mul(whole, pack);
}

const rootKey = (root: NeedRoot) => (root.kind === 'mo' ? `mo:${root.moId}` : `demand:${root.productId}`);
const byDate = (a: { date: string | null }, b: { date: string | null }) =>
  (a.date ?? '9999-12-31').localeCompare(b.date ?? '9999-12-31');

/** Computes the whole shortage from the database (no memo): every bought item with a need. */
export async function computeShortageSnapshot(db: DbOrTx, today = kyivToday()): Promise<ShortageSnapshot> {
  const settings = await getShortageSettings(db);
  const products = await orderedProducts(db, { approvedOnly: true });
  const mos = await openMos(db, settings.includePlannedMOs);
  const lines = await moLines(
    db,
    mos.filter((m) => m.hasSnapshot).map((m) => m.id),
  );
  const moById = new Map(mos.map((m) => [m.id, m]));
  const productRows = new Map(products.map((p) => [p.itemId, p]));

  // Kinds and production specs (the core's rule, a whole level of the explosion per query — shortage.specs.ts).
  const kinds = new Map<number, string>(products.map((p) => [p.itemId, p.kind]));
  const specs = new Map<string, BomMaterial[] | null>();
  const bomCache = new Map<number, BomMaterial[]>();
  const specKey = (itemId: number, recipeId: number | null = null) => `${itemId}:${recipeId ?? ''}`;
  async function loadKinds(ids: Iterable<number>) {
    const unknown = [...new Set(ids)].filter((id) => !kinds.has(id));
    for (const [id, kind] of await kindsOf(db, unknown)) kinds.set(id, kind);
  }
  const madeKind = (id: number) => MADE_KINDS.has(kinds.get(id) ?? '');
  /** Resolves the specs of the made items among `starts` and of every made item below them, level by level. */
  async function loadClosure(starts: Array<[number, number | null]>) {
    await loadKinds(starts.map(([id]) => id));
    let frontier = starts.filter(([id, recipe]) => madeKind(id) && !specs.has(specKey(id, recipe)));
    while (frontier.length) {
      const withRecipe = frontier
        .filter(([, recipe]) => recipe != null)
        .map(([itemId, recipeId]) => ({ itemId, recipeId: recipeId! }));
      const defaults = await defaultBomIds(
        db,
        frontier.map(([id]) => id),
      );
      const byRecipe = await recipeBomIds(db, withRecipe);
      // A recipe the core would refuse falls back to the item's default spec.
      const bomOf = (id: number, recipe: number | null) =>
        (recipe != null ? byRecipe.get(recipe) : undefined) ?? defaults.get(id) ?? null;
      const missing = [
        ...new Set(frontier.map(([id, recipe]) => bomOf(id, recipe)).filter((b): b is number => b !== null)),
      ].filter((b) => !bomCache.has(b));
      const loaded = await materialsOfBoms(db, missing);
      for (const [bomId, list] of loaded.materials) bomCache.set(bomId, list);
      for (const [id, kind] of loaded.kinds) kinds.set(id, kind);
      const children = new Set<number>();
      for (const [id, recipe] of frontier) {
        const bomId = bomOf(id, recipe);
        const list = bomId === null ? null : (bomCache.get(bomId) ?? []);
        specs.set(specKey(id, recipe), list);
        for (const m of list ?? []) children.add(m.itemId);
      }
      frontier = [...children].filter((id) => madeKind(id) && !specs.has(specKey(id))).map((id) => [id, null]);
    }
  }
  const plannedMos = mos.filter((m) => !m.hasSnapshot && m.status === 'planned');
  await loadClosure([
    ...products.filter((p) => p.made && cmp(dec(p.toProduce), ZERO) > 0).map((p): [number, null] => [p.itemId, null]),
    ...plannedMos.map((m): [number, number | null] => [m.itemId, m.recipeId]),
    ...lines.map((l): [number, null] => [l.itemId, null]),
  ]);
  const materialsOf = (id: number, recipeId: number | null = null) => specs.get(specKey(id, recipeId)) ?? null;
  const isMade = (id: number) => madeKind(id) && materialsOf(id) !== null;

  // Pools of the made items: free stock + open MO quantity, less what their own sales demand already takes.
  const madeIds = [...specs.keys()].map((k) => Number(k.split(':')[0])).filter((id) => isMade(id));
  const [madeFree, madeInProduction] = await inTurn(db, [
    () => freeByItem(db, madeIds),
    () => inProductionByItem(db, madeIds),
  ] as const);
  const pool = new Map<number, Dec>();
  for (const id of new Set(madeIds)) {
    let p = add(madeFree.get(id) ?? ZERO, madeInProduction.get(id) ?? ZERO);
    const demand = productRows.get(id);
    if (demand) p = sub(p, dec(demand.uncovered));
    pool.set(id, maxZero(p));
  }
  function takeFromPool(id: number, qty: Dec): Dec {
    const have = pool.get(id) ?? ZERO;
    const take = minDec(have, qty);
    pool.set(id, sub(have, take));
    return sub(qty, take);
  }

  // Needs, merged per (item, root, path, date).
  const needs = new Map<number, Map<string, { root: NeedRoot; date: string | null; qty: Dec; via: number[] }>>();
  function addNeed(itemId: number, qty: Dec, date: string | null, root: NeedRoot, via: number[]) {
    if (cmp(qty, ZERO) <= 0) return;
    let byKey = needs.get(itemId);
    if (!byKey) {
      byKey = new Map();
      needs.set(itemId, byKey);
    }
    const key = `${rootKey(root)}|${via.join('>')}|${date ?? ''}`;
    const found = byKey.get(key);
    if (found) found.qty = add(found.qty, qty);
    else byKey.set(key, { root, date, qty, via });
  }
  function explode(
    itemId: number,
    qty: Dec,
    date: string | null,
    root: NeedRoot,
    via: number[],
    recipeId: number | null = null,
    path: ReadonlySet<number> = new Set([itemId]),
  ) {
    for (const m of materialsOf(itemId, recipeId) ?? []) {
      const q = round(mul(qty, dec(m.perUnitQty)), WORK);
      if (cmp(q, ZERO) <= 0) continue;
      if (isMade(m.itemId)) {
        if (path.has(m.itemId)) continue; // a cyclic BOM (refused on save) must not loop here
        const rest = takeFromPool(m.itemId, q);
        if (cmp(rest, ZERO) > 0) {
          explode(m.itemId, rest, date, root, [...via, m.itemId], null, new Set([...path, m.itemId]));
        }
      } else {
        addNeed(m.itemId, q, date, root, via);
      }
    }
  }

  const moDate = (mo: OpenMo) => (mo.plannedStart && mo.plannedStart > today ? mo.plannedStart : today);
  const moRoot = (mo: OpenMo): NeedRoot => ({
    kind: 'mo',
    moId: mo.id,
    moNumber: mo.number,
    moStatus: mo.status,
    productId: mo.itemId,
    productQty: fixed(maxZero(sub(mo.qty, mo.produced)), QTY),
  });

  // The pools are taken by need date: MOs before orders on the same day.
  const tasks: Array<{ date: string | null; rank: number; run: () => void }> = [];
  for (const line of lines) {
    const mo = moById.get(line.moId)!;
    if (cmp(line.need, ZERO) <= 0) continue;
    if (isMade(line.itemId)) {
      tasks.push({
        date: moDate(mo),
        rank: 0,
        run: () => {
          const rest = takeFromPool(line.itemId, line.need);
          if (cmp(rest, ZERO) > 0) explode(line.itemId, rest, moDate(mo), moRoot(mo), [line.itemId]);
        },
      });
    } else {
      addNeed(line.itemId, line.need, moDate(mo), moRoot(mo), []);
    }
  }
  for (const mo of plannedMos) {
    const left = maxZero(sub(mo.qty, mo.produced));
    if (cmp(left, ZERO) <= 0 || !madeKind(mo.itemId)) continue;
    tasks.push({
      date: moDate(mo),
      rank: 0,
      run: () => explode(mo.itemId, left, moDate(mo), moRoot(mo), [], mo.recipeId),
    });
  }
  for (const p of products) {
    const root: NeedRoot = { kind: 'demand', productId: p.itemId };
    if (p.made) {
      const toProduce = dec(p.toProduce);
      if (cmp(toProduce, ZERO) > 0) {
        tasks.push({ date: p.earliestDue, rank: 1, run: () => explode(p.itemId, toProduce, p.earliestDue, root, []) });
      }
    } else {
      // toBuy is net of the item's free stock; the supply below nets it, so the need is the demand before it.
      const need = maxZero(sub(dec(p.uncovered), dec(p.inProduction)));
      addNeed(p.itemId, need, p.earliestDue, root, []);
    }
  }
  tasks.sort((a, b) => byDate(a, b) || a.rank - b.rank);
  for (const task of tasks) task.run();

  // Supply and the rows.
  const ids = [...needs.keys()];
  const [available, onOrder, drafts, info, alternatives] = await inTurn(db, [
    () => freeByItem(db, ids),
    () => onOrderByItem(db, ids),
    () => inDraftsByItem(db, ids),
    () => itemInfo(db, ids),
    () => alternativesOf(db, ids),
  ] as const);
  const horizon = (days: number) => addDays(today, days);
  const items = new Map<number, ItemShortage>();
  for (const itemId of ids) {
    const item = info.get(itemId);
    if (!item) continue;
    const list = [...needs.get(itemId)!.values()]
      .map((n) => ({ ...n, qty: round(n.qty, QTY) }))
      .filter((n) => cmp(n.qty, ZERO) > 0)
      .sort((a, b) => byDate(a, b) || (a.root.kind === 'mo' ? 0 : 1) - (b.root.kind === 'mo' ? 0 : 1));
    if (!list.length) continue;
    const total = list.reduce((s, n) => add(s, n.qty), ZERO);
    const free = available.get(itemId) ?? ZERO;
    const coming = dec(onOrder.get(itemId) ?? '0');
    let supply = add(free, coming);
    let shortageDate: string | null = null;
    let firstUncovered = true;
    const blocked = new Map<number, string>();
    const finished: Need[] = list.map((n) => {
      const covered = minDec(supply, n.qty);
      supply = sub(supply, covered);
      const uncovered = sub(n.qty, covered);
      if (cmp(uncovered, ZERO) > 0) {
        if (firstUncovered) shortageDate = n.date;
        firstUncovered = false;
        if (n.root.kind === 'mo') blocked.set(n.root.moId, n.root.moNumber);
      }
      return { root: n.root, date: n.date, qty: fixed(n.qty, QTY), uncovered: fixed(uncovered, QTY), via: n.via };
    });
    const shortage = maxZero(sub(sub(total, free), coming));
    const leadTimeSource: LeadTimeSource =
      item.supplierLeadTimeDays != null ? 'supplier' : item.leadTimeDays != null ? 'item' : 'default';
    const leadTimeDays = item.supplierLeadTimeDays ?? item.leadTimeDays ?? settings.defaultLeadTimeDays;
    const neededInProgress = list.some((n) => n.root.kind === 'mo' && n.root.moStatus === 'in_progress');
    const isShort = cmp(shortage, ZERO) > 0;
    const date = shortageDate as string | null;
    const critical = isShort && ((date !== null && date <= horizon(leadTimeDays)) || neededInProgress);
    const suggested = roundUpToPack(shortage, item.packQty);
    const price = item.lastPrice ?? item.avgCost;
    const row: ShortageRow = {
      itemId,
      sku: item.sku,
      name: item.name,
      kind: item.kind,
      categoryId: item.categoryId,
      categoryName: item.categoryName,
      unitShortName: item.unitShortName,
      needs: fixed(total, QTY),
      available: fixed(free, QTY),
      onOrder: fixed(coming, QTY),
      inDrafts: fixed(drafts.get(itemId) ?? ZERO, QTY),
      shortage: fixed(shortage, QTY),
      shortageDate: isShort ? date : null,
      leadTimeDays,
      leadTimeSource,
      critical,
      neededInProgress,
      blockedMos: [...blocked].map(([id, number]) => ({ id, number })),
      preferredSupplierId: item.preferredSupplierId,
      preferredSupplierName: item.preferredSupplierName,
      packQty: item.packQty,
      lastPrice: item.lastPrice,
      avgCost: item.avgCost,
      suggestedQty: fixed(suggested, QTY),
      estimatedCost: fixed(price ? round(mul(suggested, dec(price)), 2) : ZERO, 2),
      alternatives: alternatives.get(itemId) ?? [],
    };
    items.set(itemId, {
      row,
      needs: finished,
      supplierIds: item.supplierIds,
      haystack: [item.sku, item.name, item.mpn ?? '', item.preferredSupplierName ?? ''].join('\n').toLowerCase(),
    });
  }
  const rows = [...items.values()]
    .map((i) => i.row)
    .filter((r) => cmp(dec(r.shortage), ZERO) > 0)
    .sort(priorityOrder);
  return { today, settings, items, rows };
}

/** Critical first, then by 'Потрібно до' (undated last), then SKU. */
export function priorityOrder(a: ShortageRow, b: ShortageRow): number {
  if (a.critical !== b.critical) return a.critical ? -1 : 1;
  return byDate({ date: a.shortageDate }, { date: b.shortageDate }) || a.sku.localeCompare(b.sku, 'uk');
}

// ---- the memo -------------------------------------------------------------------------------------------------

const TTL_MS = 60_000;
let generation = 0;
interface MemoEntry {
  generation: number;
  at: number;
  today: string;
  fingerprint: string;
  snapshot: Promise<ShortageSnapshot>;
}
const memo = new WeakMap<object, MemoEntry>();

/** Drops the memo: the next read recomputes (call after postings, order, MO and supplier-order changes). */
export function invalidateShortage(): void {
  generation += 1;
}

/**
 * Did any input change? Every writing statement on an input table — stock balances and reservations, items,
 * warehouses, orders, shipments, supplier orders and receipts, MOs, BOMs, recipes, supplier links, alternatives,
 * settings — bumps the sequence `shortage_inputs_stamp` (migration 0017), so a change made anywhere, wired to
 * invalidateShortage() or not, is never hidden by the memo, and asking costs one row read instead of whole-table
 * counts. A writer's bump shows before its commit: a read in between memoises the old figures under the new stamp
 * until the next change, invalidateShortage() or the TTL — as a generation bump inside a posting always did.
 */
async function fingerprint(db: DbOrTx): Promise<string> {
  const [row] = rowsOf<{ fp: string }>(
    await db.execute(sql`select last_value::text || ':' || is_called::text as fp from shortage_inputs_stamp`),
  );
  return row?.fp ?? '';
}

/** The shortage, memoised for 60 s per database (recomputed at once after invalidateShortage() or a change). */
export async function shortageSnapshot(db: DbOrTx): Promise<ShortageSnapshot> {
  const today = kyivToday();
  const print = await fingerprint(db);
  const entry = memo.get(db);
  if (
    entry &&
    entry.generation === generation &&
    entry.today === today &&
    entry.fingerprint === print &&
    Date.now() - entry.at < TTL_MS
  ) {
    return entry.snapshot;
  }
  const snapshot = computeShortageSnapshot(db, today);
  const fresh: MemoEntry = { generation, at: Date.now(), today, fingerprint: print, snapshot };
  memo.set(db, fresh);
  snapshot.catch(() => {
    if (memo.get(db) === fresh) memo.delete(db);
  });
  return snapshot;
}
