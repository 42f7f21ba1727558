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
import { freeByItem, orderedProducts } from '@/modules/ordered-products/server/index.ts';
import { onOrderByItem } from '@/modules/supplier-orders/server/index.ts';
import type { LeadTimeSource, ShortageRow, ShortageSettings } from '../shortage.contract.ts';
import { getShortageSettings } from './shortage-settings.ts';
import { defaultBomIds, materialsOfBoms, recipeBomIds } from './shortage.specs.ts';
import { rowsOf } from '@/server/kernel/rows.ts';
import {
  alternativesOf,
  inDraftsByItem,
  inProductionByItem,
  inTurn,
  itemInfo,
  kindsOf,
  moLines,
  openMos,
  type OpenMo,
} from './shortage.inputs.ts';
import { leadTimeOf } from './shortage.lead-times.ts';

const ZERO = dec(0);
const QTY = 4;
/** Scale of the quantities inside the explosion (rounded to the stock's 4 decimals at the end). */
const WORK = 8;
const MADE_KINDS = new Set(['product', 'semi_finished']);
const maxZero = (a: Dec) => (cmp(a, ZERO) > 0 ? a : ZERO);
const minDec = (a: Dec, b: Dec) => (cmp(a, b) <= 0 ? a : b);

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
    const leadTimeDays = leadTimeOf(item, settings.defaultLeadTimeDays);
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
