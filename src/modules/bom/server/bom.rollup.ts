// The material cost roll-up (production.md §1) and the full planned unit cost of a made item (§9): a bought
// component costs its average (AVCO), else its last purchase price, else 0 flagged 'Немає ціни'; a made component
// (one whose spec resolves, §0) costs its own full planned unit cost — material + labour + overhead — computed
// recursively and memoised for the whole request by one CostRoll. The spec, the BOM's effective quantities and the
// operations' costs come from the production core; nothing here keeps its own copy of those rules.
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { add, cmp, dec, div, fixed, isZero, mul, round, type Dec } from '@/shared/decimal.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { anyId } from '@/server/kernel/sql-arrays.ts';
import {
  bomMaterials,
  bomMaterialsOf,
  costOperations,
  effectiveOperations,
  effectiveOperationsOf,
  operationRates,
  resolveProductionSpec,
  resolveProductionSpecs,
  type BomMaterial,
  type EffectiveOperation,
  type OperationCosts,
  type ResolvedSpec,
} from '@/modules/production/server/index.ts';
import { itemCosts } from '@/modules/stock/server/stock.table.ts';
import { supplierReceipts } from '@/modules/supplier-receipts/server/supplier-receipts.table.ts';
import { items, itemSuppliers } from '@/resources/items/items.table.ts';
import { units } from '@/resources/units/units.table.ts';
import type { CostSource } from '../bom.contract.ts';

const BASE_CURRENCY = 'UAH';
export const MADE_KINDS = ['product', 'semi_finished'] as const;
export const isMadeKind = (kind: string) => (MADE_KINDS as readonly string[]).includes(kind);

export interface ItemInfo {
  id: number;
  sku: string;
  name: string;
  kind: string;
  isActive: boolean;
  unitId: number;
  unitShortName: string | null;
  avgCost: string | null;
  /** The latest purchase price in UAH (the preferred supplier's first), or null. */
  lastPriceUah: string | null;
}

export interface ItemCost {
  /** UAH per stock unit, 6 decimals. */
  unitCost: string;
  source: CostSource;
  /** Items (at any depth) that had no price and counted as 0. */
  noPrice: number[];
}

export interface PlannedUnitCost {
  /** For `qty` units, UAH, 2 decimals. */
  material: string;
  labour: string;
  overhead: string;
  total: string;
  /** total ÷ qty, 6 decimals. */
  perUnit: string;
  /** Items without a price (counted as 0). */
  noPrice: number[];
  /** The quantity the figures are for: the asked one, else the recipe's batch size, else 1. */
  qty: string;
  /** The spec it resolved to (null: nothing resolves — the item was costed as bought). */
  spec: ResolvedSpec | null;
}

export interface MaterialLine {
  bomLineId: number;
  itemId: number;
  perUnitQty: string;
  cost: ItemCost;
}

const union = (a: readonly number[], b: readonly number[]) => [...new Set([...a, ...b])];

/** One request's memo of item facts, unit costs, specs and planned costs (production.md §1: memoised per request). */
export class CostRoll {
  private readonly info = new Map<number, ItemInfo>();
  private readonly costs = new Map<number, Promise<ItemCost>>();
  private readonly planned = new Map<string, Promise<PlannedUnitCost>>();
  private readonly specs = new Map<number, Promise<ResolvedSpec | null>>();
  private readonly bomLines = new Map<number, BomMaterial[]>();
  private readonly cardOperations = new Map<number, EffectiveOperation[]>();
  private readonly positionRates = new Map<number, string | null>();
  private readonly overheadRates = new Map<number, string | null>();
  private fxRates: Map<string, string> | null = null;

  readonly db: DbOrTx;

  constructor(db: DbOrTx) {
    this.db = db;
  }

  /** The default spec of an item (§0 steps 2–3), memoised. */
  spec(itemId: number): Promise<ResolvedSpec | null> {
    let found = this.specs.get(itemId);
    if (!found) {
      found = resolveProductionSpec(this.db, itemId);
      this.specs.set(itemId, found);
    }
    return found;
  }

  /**
   * Reads everything the planned costs of these items need, level by level down their BOMs, in a fixed handful of
   * set-based queries per level — the items' facts, their specs, the BOMs' lines, the tech cards' operations and
   * the rates — so that costing a page of items afterwards reads only the memo (no query per item).
   */
  async prepare(itemIds: readonly number[]): Promise<void> {
    const seen = new Set<number>();
    let level = [...new Set(itemIds)];
    while (level.length) {
      for (const id of level) seen.add(id);
      await this.load(level);
      const made = level.filter((id) => isMadeKind(this.info.get(id)?.kind ?? '') && !this.specs.has(id));
      if (made.length) {
        const specs = await resolveProductionSpecs(this.db, made);
        for (const id of made) this.specs.set(id, Promise.resolve(specs.get(id) ?? null));
      }
      const specs = (await Promise.all(level.map((id) => this.specs.get(id)))).filter(
        (s): s is ResolvedSpec => s != null,
      );
      await this.prepareCards(specs.flatMap((s) => (s.techCard ? [s.techCard.id] : [])));
      const components = await this.prepareBoms(specs.map((s) => s.bom.id));
      level = components.filter((id) => !seen.has(id));
    }
  }

  /** Reads the lines of the BOMs not yet known (one set-based read); returns the components of all of them. */
  private async prepareBoms(bomIds: readonly number[]): Promise<number[]> {
    const missing = [...new Set(bomIds)].filter((id) => !this.bomLines.has(id));
    if (missing.length) for (const [id, lines] of await bomMaterialsOf(this.db, missing)) this.bomLines.set(id, lines);
    return [...new Set(bomIds.flatMap((id) => (this.bomLines.get(id) ?? []).map((l) => l.itemId)))];
  }

  /** Reads the effective operations of the tech cards not yet known and the rates they name (set-based). */
  private async prepareCards(cardIds: readonly number[]): Promise<void> {
    const missing = [...new Set(cardIds)].filter((id) => !this.cardOperations.has(id));
    if (!missing.length) return;
    const found = await effectiveOperationsOf(this.db, missing);
    for (const [id, ops] of found) this.cardOperations.set(id, ops);
    await this.loadRates([...found.values()].flat());
  }

  /** The BOMs' components and everything their costs need, for lists of BOMs (the /bom list). */
  async prepareBomList(bomIds: readonly number[]): Promise<void> {
    await this.prepare(await this.prepareBoms(bomIds));
  }

  private async loadRates(ops: readonly EffectiveOperation[]): Promise<void> {
    const unknown = ops.filter(
      (o) =>
        (o.positionId != null && !this.positionRates.has(o.positionId)) ||
        (o.departmentId != null && !this.overheadRates.has(o.departmentId)),
    );
    if (!unknown.length) return;
    const rates = await operationRates(this.db, unknown);
    for (const o of unknown) {
      if (o.positionId != null) this.positionRates.set(o.positionId, rates.positionRate(o.positionId));
      if (o.departmentId != null) this.overheadRates.set(o.departmentId, rates.overheadRate(o.departmentId));
    }
  }

  /** A tech card's effective operations, from the memo. */
  async operations(techCardId: number): Promise<EffectiveOperation[]> {
    let ops = this.cardOperations.get(techCardId);
    if (!ops) {
      ops = await effectiveOperations(this.db, techCardId);
      this.cardOperations.set(techCardId, ops);
    }
    return ops;
  }

  /** The rates of the operations (labour: the recipe's rate, else the position's; overhead: the department's). */
  async rates(
    ops: readonly EffectiveOperation[],
    labourRatePerHour: string | null,
  ): Promise<Array<{ labourRate: string | null; overheadRate: string | null }>> {
    await this.loadRates(ops);
    return ops.map((o) => ({
      labourRate: labourRatePerHour ?? (o.positionId != null ? (this.positionRates.get(o.positionId) ?? null) : null),
      overheadRate: o.departmentId != null ? (this.overheadRates.get(o.departmentId) ?? null) : null,
    }));
  }

  /** Minutes, labour and overhead of the operations for quantity Q (the production core's arithmetic, memo rates). */
  async conversion(
    ops: readonly EffectiveOperation[],
    qty: string,
    labourRatePerHour: string | null,
  ): Promise<OperationCosts> {
    await this.loadRates(ops);
    return costOperations(ops, qty, {
      labourRatePerHour,
      positionRate: (id) => this.positionRates.get(id) ?? null,
      overheadRate: (id) => this.overheadRates.get(id) ?? null,
    });
  }

  /** Loads the facts of the items not yet known (one query for the items, one for their suppliers' prices). */
  async load(ids: readonly number[]): Promise<void> {
    const missing = [...new Set(ids)].filter((id) => !this.info.has(id));
    if (!missing.length) return;
    const rows = await this.db
      .select({
        id: items.id,
        sku: items.sku,
        name: items.name,
        kind: items.kind,
        isActive: items.isActive,
        unitId: items.unitId,
        unitShortName: units.shortName,
        avgCost: itemCosts.avgCost,
      })
      .from(items)
      .leftJoin(units, eq(units.id, items.unitId))
      .leftJoin(itemCosts, eq(itemCosts.itemId, items.id))
      .where(anyId(items.id, missing));
    const prices = await this.db
      .select({
        itemId: itemSuppliers.itemId,
        price: itemSuppliers.lastPrice,
        currency: itemSuppliers.lastPriceCurrency,
      })
      .from(itemSuppliers)
      .where(and(anyId(itemSuppliers.itemId, missing), isNotNull(itemSuppliers.lastPrice)))
      // The preferred supplier's price first, then the latest.
      .orderBy(
        desc(itemSuppliers.isPreferred),
        sql`${itemSuppliers.lastPriceDate} desc nulls last`,
        desc(itemSuppliers.id),
      );
    const needsFx = prices.some((p) => p.currency && p.currency !== BASE_CURRENCY);
    const rates = needsFx ? await this.currencyRates() : new Map<string, string>();
    const lastPrice = new Map<number, string>();
    for (const p of prices) {
      if (lastPrice.has(p.itemId) || !p.price) continue;
      const currency = p.currency ?? BASE_CURRENCY;
      if (currency === BASE_CURRENCY) lastPrice.set(p.itemId, p.price);
      else {
        const rate = rates.get(currency);
        if (rate) lastPrice.set(p.itemId, fixed(round(mul(dec(p.price), dec(rate)), 6), 6));
      }
    }
    for (const row of rows) this.info.set(row.id, { ...row, lastPriceUah: lastPrice.get(row.id) ?? null });
  }

  /** UAH per unit of each foreign currency: the rate of the latest posted supplier receipt in it. */
  private async currencyRates(): Promise<Map<string, string>> {
    if (this.fxRates) return this.fxRates;
    const rows = await this.db
      .select({ currency: supplierReceipts.currencyCode, rate: supplierReceipts.fxRate })
      .from(supplierReceipts)
      .where(eq(supplierReceipts.status, 'posted'))
      .orderBy(desc(supplierReceipts.documentDate), desc(supplierReceipts.id));
    this.fxRates = new Map();
    for (const r of rows) if (!this.fxRates.has(r.currency)) this.fxRates.set(r.currency, r.rate);
    return this.fxRates;
  }

  async item(id: number): Promise<ItemInfo | undefined> {
    await this.load([id]);
    return this.info.get(id);
  }

  /** A bought item's cost: avgCost, else the last purchase price, else 0 flagged. */
  private boughtCost(info: ItemInfo | undefined, itemId: number): ItemCost {
    if (info?.avgCost && !isZero(dec(info.avgCost))) {
      return { unitCost: fixed(dec(info.avgCost), 6), source: 'avg', noPrice: [] };
    }
    if (info?.lastPriceUah && !isZero(dec(info.lastPriceUah))) {
      return { unitCost: fixed(dec(info.lastPriceUah), 6), source: 'last_price', noPrice: [] };
    }
    return { unitCost: '0.000000', source: 'none', noPrice: [itemId] };
  }

  /**
   * The unit cost of a component (§1): made and resolvable → its full planned unit cost; otherwise as bought.
   * `stack` holds the items being costed above it: one reached again (a cycle in the data) counts as 0.
   */
  cost(itemId: number, stack: readonly number[] = []): Promise<ItemCost> {
    if (stack.includes(itemId)) return Promise.resolve({ unitCost: '0.000000', source: 'none', noPrice: [] });
    let found = this.costs.get(itemId);
    if (!found) {
      found = this.computeCost(itemId, stack);
      this.costs.set(itemId, found);
    }
    return found;
  }

  private async computeCost(itemId: number, stack: readonly number[]): Promise<ItemCost> {
    const info = await this.item(itemId);
    if (info && isMadeKind(info.kind) && (await this.spec(itemId))) {
      const planned = await this.plannedCost(itemId, {}, stack);
      return { unitCost: planned.perUnit, source: 'planned', noPrice: planned.noPrice };
    }
    return this.boughtCost(info, itemId);
  }

  /** The lines of a BOM with their effective per-unit quantities and their components' costs. */
  async materials(bomId: number, stack: readonly number[] = []): Promise<MaterialLine[]> {
    let lines = this.bomLines.get(bomId);
    if (!lines) {
      lines = await bomMaterials(this.db, bomId);
      this.bomLines.set(bomId, lines);
    }
    await this.load(lines.map((l) => l.itemId));
    const result: MaterialLine[] = [];
    // One after the other: a shared sub-assembly is costed once and then read from the memo.
    for (const line of lines) {
      result.push({
        bomLineId: line.bomLineId,
        itemId: line.itemId,
        perUnitQty: line.perUnitQty,
        cost: await this.cost(line.itemId, stack),
      });
    }
    return result;
  }

  /** material(item) per one unit of the BOM's parent = Σ e × cost(component), exact; and the unpriced items. */
  async materialPerUnit(bomId: number, stack: readonly number[] = []): Promise<{ perUnit: Dec; noPrice: number[] }> {
    let perUnit = dec(0);
    let noPrice: number[] = [];
    for (const line of await this.materials(bomId, stack)) {
      perUnit = add(perUnit, mul(dec(line.perUnitQty), dec(line.cost.unitCost)));
      noPrice = union(noPrice, line.cost.noPrice);
    }
    return { perUnit, noPrice };
  }

  /** The full planned cost of `qty` units of an item (§9), memoised per item, recipe and quantity. */
  plannedCost(
    itemId: number,
    opts: { recipeId?: number | null; qty?: string } = {},
    stack: readonly number[] = [],
  ): Promise<PlannedUnitCost> {
    const key = `${itemId}:${opts.recipeId ?? ''}:${opts.qty ?? ''}`;
    let found = this.planned.get(key);
    if (!found) {
      found = this.computePlanned(itemId, opts, stack);
      this.planned.set(key, found);
      // A failure (a wrong recipe) is not remembered.
      found.catch(() => this.planned.delete(key));
    }
    return found;
  }

  private async computePlanned(
    itemId: number,
    opts: { recipeId?: number | null; qty?: string },
    stack: readonly number[],
  ): Promise<PlannedUnitCost> {
    const spec =
      opts.recipeId != null ? await resolveProductionSpec(this.db, itemId, opts.recipeId) : await this.spec(itemId);
    const qtyText = opts.qty ?? spec?.recipe?.batchSize ?? '1';
    const qty = dec(qtyText);
    let materialPerUnit: Dec;
    let noPrice: number[];
    let labour = dec(0);
    let overhead = dec(0);
    if (!spec) {
      // Nothing resolves: the item is costed as bought (its average or last price).
      const bought = this.boughtCost(await this.item(itemId), itemId);
      materialPerUnit = dec(bought.unitCost);
      noPrice = bought.noPrice;
    } else {
      const material = await this.materialPerUnit(spec.bom.id, [...stack, itemId]);
      materialPerUnit = material.perUnit;
      noPrice = material.noPrice;
      if (spec.techCard) {
        const ops = await this.operations(spec.techCard.id);
        const costs = await this.conversion(ops, qtyText, spec.recipe?.labourRatePerHour ?? null);
        labour = dec(costs.labour);
        overhead = dec(costs.overhead);
      }
    }
    const material = round(mul(materialPerUnit, qty), 2);
    const total = add(add(material, labour), overhead);
    return {
      material: fixed(material, 2),
      labour: fixed(labour, 2),
      overhead: fixed(overhead, 2),
      total: fixed(total, 2),
      perUnit: cmp(qty, dec(0)) > 0 ? fixed(div(total, qty, 6), 6) : '0.000000',
      noPrice,
      qty: qtyText,
      spec,
    };
  }
}

/**
 * The full planned cost of an item (production.md §1 roll-up + §9): material through the resolved BOM, labour and
 * overhead from the resolved tech card's effective operations, for `qty` (default: the recipe's batch size, else 1).
 * Made components are costed recursively at their own full planned unit cost, memoised per call (or per `roll`).
 */
export async function plannedUnitCost(
  db: DbOrTx,
  itemId: number,
  opts: { recipeId?: number | null; qty?: string; roll?: CostRoll } = {},
): Promise<{ material: string; labour: string; overhead: string; total: string; perUnit: string; noPrice: number[] }> {
  const roll = opts.roll ?? new CostRoll(db);
  const result = await roll.plannedCost(itemId, {
    recipeId: opts.recipeId ?? null,
    ...(opts.qty !== undefined ? { qty: opts.qty } : {}),
  });
  const { material, labour, overhead, total, perUnit, noPrice } = result;
  return { material, labour, overhead, total, perUnit, noPrice };
}
