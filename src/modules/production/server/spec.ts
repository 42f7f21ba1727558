// One rule for "how is this item made" (production.md §0): resolveProductionSpec picks the variant (a recipe, else
// the item's default recipe, else its default active BOM plus default active tech card), effectiveOperations
// builds a tech card's operations (a modification applied over its base), bomMaterials gives the effective
// quantity per unit of each BOM line, and operationTimes/operationCosts turn operations into minutes and money.
// MOs, costing, shortage, recipes and planning all call these — none keeps its own copy of the rule.
import { and, asc, eq } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import { add, cmp, dec, div, fixed, mul, round, type Dec } from '@/shared/decimal.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { anyId } from '@/server/kernel/sql-arrays.ts';
import { departments } from '@/resources/departments/departments.table.ts';
import { positions } from '@/resources/positions/positions.table.ts';
import { bomLines, boms } from '@/modules/bom/server/bom.table.ts';
import { techCardOperations, techCards } from '@/modules/tech-cards/server/tech-cards.table.ts';
import { recipes } from '@/modules/recipes/server/recipes.table.ts';

export const specMessages = {
  noSpec: 'Немає діючої специфікації',
  recipeNotOfItem: 'Рецепт не належить цьому товару',
  recipeArchived: 'Рецепт в архіві',
  recipeNotFound: 'Рецепт не знайдено',
} as const;

export interface ResolvedSpec {
  itemId: number;
  /** How it resolved: 'recipe' (asked), 'default_recipe' or 'default_bom' (§0 steps 1–3). */
  source: 'recipe' | 'default_recipe' | 'default_bom';
  recipe: {
    id: number;
    name: string;
    batchSize: string;
    labourRatePerHour: string | null;
    instructions: string | null;
  } | null;
  bom: { id: number; name: string; outputQty: string; version: number };
  techCard: { id: number; name: string; version: number; baseTechCardId: number | null } | null;
}

async function bomHeader(db: DbOrTx, bomId: number) {
  const [row] = await db
    .select({ id: boms.id, name: boms.name, outputQty: boms.outputQty, version: boms.version, status: boms.status })
    .from(boms)
    .where(eq(boms.id, bomId));
  return row;
}

async function cardHeader(db: DbOrTx, techCardId: number) {
  const [row] = await db
    .select({
      id: techCards.id,
      name: techCards.name,
      version: techCards.version,
      baseTechCardId: techCards.baseTechCardId,
      status: techCards.status,
    })
    .from(techCards)
    .where(eq(techCards.id, techCardId));
  return row;
}

type RecipeRow = typeof recipes.$inferSelect;
type BomHeader = NonNullable<Awaited<ReturnType<typeof bomHeader>>>;
type CardHeader = NonNullable<Awaited<ReturnType<typeof cardHeader>>>;

/** The spec a recipe names: its BOM (not archived) and its tech card (dropped when archived); null without a BOM. */
function recipeSpec(
  itemId: number,
  source: ResolvedSpec['source'],
  recipe: RecipeRow,
  bom: BomHeader | undefined,
  card: CardHeader | undefined,
): ResolvedSpec | null {
  if (!bom || bom.status === 'archived') return null;
  return {
    itemId,
    source,
    recipe: {
      id: recipe.id,
      name: recipe.name,
      batchSize: recipe.batchSize,
      labourRatePerHour: recipe.labourRatePerHour,
      instructions: recipe.instructions,
    },
    bom: { id: bom.id, name: bom.name, outputQty: bom.outputQty, version: bom.version },
    techCard:
      card && card.status !== 'archived'
        ? { id: card.id, name: card.name, version: card.version, baseTechCardId: card.baseTechCardId }
        : null,
  };
}

/**
 * The production spec of an item (§0): the given recipe (must be the item's and active; a wrong one is a 409), else
 * the item's default active recipe, else its default active BOM plus its default active tech card (optional).
 * Null when nothing resolves — the item is not makeable.
 */
export async function resolveProductionSpec(
  db: DbOrTx,
  itemId: number,
  recipeId?: number | null,
): Promise<ResolvedSpec | null> {
  if (recipeId == null) return (await resolveProductionSpecs(db, [itemId])).get(itemId) ?? null;
  const [recipe] = await db.select().from(recipes).where(eq(recipes.id, recipeId));
  if (!recipe) throw new DomainError(404, specMessages.recipeNotFound);
  if (recipe.itemId !== itemId) throw new DomainError(409, specMessages.recipeNotOfItem);
  if (recipe.status !== 'active') throw new DomainError(409, specMessages.recipeArchived);
  const spec = recipeSpec(
    itemId,
    'recipe',
    recipe,
    await bomHeader(db, recipe.bomId),
    recipe.techCardId ? await cardHeader(db, recipe.techCardId) : undefined,
  );
  if (!spec) throw new DomainError(409, specMessages.noSpec);
  return spec;
}

/**
 * The default specs of many items at once (§0 steps 2–3), in a fixed handful of set-based queries whatever their
 * number: the default active recipes, their BOMs and tech cards, then the default active BOMs and tech cards of the
 * rest. Every item asked is in the map, null when it is not makeable. resolveProductionSpec uses it for one item.
 */
export async function resolveProductionSpecs(
  db: DbOrTx,
  itemIds: readonly number[],
): Promise<Map<number, ResolvedSpec | null>> {
  const ids = [...new Set(itemIds)];
  const result = new Map<number, ResolvedSpec | null>(ids.map((id) => [id, null]));
  if (!ids.length) return result;
  const defaultRecipes = await db
    .select()
    .from(recipes)
    .where(and(anyId(recipes.itemId, ids), eq(recipes.isDefault, true), eq(recipes.status, 'active')));
  const recipeBomIds = [...new Set(defaultRecipes.map((r) => r.bomId))];
  const recipeCardIds = [...new Set(defaultRecipes.flatMap((r) => (r.techCardId ? [r.techCardId] : [])))];
  const [recipeBoms, recipeCards] = await Promise.all([
    recipeBomIds.length
      ? db
          .select({
            id: boms.id,
            name: boms.name,
            outputQty: boms.outputQty,
            version: boms.version,
            status: boms.status,
          })
          .from(boms)
          .where(anyId(boms.id, recipeBomIds))
      : Promise.resolve([]),
    recipeCardIds.length
      ? db
          .select({
            id: techCards.id,
            name: techCards.name,
            version: techCards.version,
            baseTechCardId: techCards.baseTechCardId,
            status: techCards.status,
          })
          .from(techCards)
          .where(anyId(techCards.id, recipeCardIds))
      : Promise.resolve([]),
  ]);
  const bomById = new Map(recipeBoms.map((b) => [b.id, b]));
  const cardById = new Map(recipeCards.map((c) => [c.id, c]));
  for (const recipe of defaultRecipes) {
    const card = recipe.techCardId ? cardById.get(recipe.techCardId) : undefined;
    const spec = recipeSpec(recipe.itemId, 'default_recipe', recipe, bomById.get(recipe.bomId), card);
    if (spec) result.set(recipe.itemId, spec);
  }
  const rest = ids.filter((id) => result.get(id) == null);
  if (!rest.length) return result;
  const [defaultBoms, defaultCards] = await Promise.all([
    db
      .select({ itemId: boms.itemId, id: boms.id, name: boms.name, outputQty: boms.outputQty, version: boms.version })
      .from(boms)
      .where(and(anyId(boms.itemId, rest), eq(boms.isDefault, true), eq(boms.status, 'active'))),
    db
      .select({
        itemId: techCards.itemId,
        id: techCards.id,
        name: techCards.name,
        version: techCards.version,
        baseTechCardId: techCards.baseTechCardId,
      })
      .from(techCards)
      .where(and(anyId(techCards.itemId, rest), eq(techCards.isDefault, true), eq(techCards.status, 'active'))),
  ]);
  const cardOfItem = new Map(defaultCards.map(({ itemId, ...card }) => [itemId, card]));
  for (const { itemId, ...bom } of defaultBoms) {
    result.set(itemId, { itemId, source: 'default_bom', recipe: null, bom, techCard: cardOfItem.get(itemId) ?? null });
  }
  return result;
}

/** As resolveProductionSpec, but a 409 'Немає діючої специфікації' instead of null. */
export async function requireProductionSpec(db: DbOrTx, itemId: number, recipeId?: number | null) {
  const spec = await resolveProductionSpec(db, itemId, recipeId);
  if (!spec) throw new DomainError(409, specMessages.noSpec);
  return spec;
}

export interface EffectiveOperation {
  seq: number;
  name: string;
  instructions: string | null;
  departmentId: number | null;
  positionId: number | null;
  setupMinutes: string;
  runMinutesPerUnit: string;
  equipment: string | null;
  canRunParallel: boolean;
  qualityCheck: boolean;
  /** The tech-card row that supplies this operation (the base's row, or the modification's replace/add row). */
  techCardOperationId: number;
  /** True when it comes unchanged from the base card of a modification. */
  inherited: boolean;
  /** For a replaced or inherited operation of a modification: the base operation's id. */
  baseOperationId: number | null;
}

type OperationRow = typeof techCardOperations.$inferSelect;

const toEffective = (row: OperationRow, inherited: boolean, baseOperationId: number | null): EffectiveOperation => ({
  seq: row.seq,
  name: row.name,
  instructions: row.instructions,
  departmentId: row.departmentId,
  positionId: row.positionId,
  setupMinutes: row.setupMinutes,
  runMinutesPerUnit: row.runMinutesPerUnit,
  equipment: row.equipment,
  canRunParallel: row.canRunParallel,
  qualityCheck: row.qualityCheck,
  techCardOperationId: row.id,
  inherited,
  baseOperationId,
});

/**
 * A modification's effective operations (§2): the base's operations, each `replace` row swapped in for its base
 * operation, `remove` rows dropping theirs, `add` rows added; sorted by seq. A base card's are its own rows.
 * Pure, so the editor's preview and the server agree.
 */
export function applyModification(
  baseRows: readonly OperationRow[],
  ownRows: readonly OperationRow[],
): EffectiveOperation[] {
  const byBase = new Map<number, OperationRow>();
  for (const row of ownRows) if (row.baseOperationId != null) byBase.set(row.baseOperationId, row);
  const result: EffectiveOperation[] = [];
  for (const base of baseRows) {
    const change = byBase.get(base.id);
    if (!change) result.push(toEffective(base, true, base.id));
    else if (change.action === 'replace') result.push(toEffective(change, false, base.id));
  }
  for (const row of ownRows) {
    if (row.action === 'add' || (row.action == null && row.baseOperationId == null)) {
      result.push(toEffective(row, false, null));
    }
  }
  return result.sort((a, b) => a.seq - b.seq);
}

/** The effective operations of a tech card (base or modification), sorted by seq. */
export async function effectiveOperations(db: DbOrTx, techCardId: number): Promise<EffectiveOperation[]> {
  return (await effectiveOperationsOf(db, [techCardId])).get(techCardId) ?? [];
}

/** The effective operations of many tech cards at once (two queries whatever their number); unknown cards: none. */
export async function effectiveOperationsOf(
  db: DbOrTx,
  techCardIds: readonly number[],
): Promise<Map<number, EffectiveOperation[]>> {
  const ids = [...new Set(techCardIds)];
  const result = new Map<number, EffectiveOperation[]>(ids.map((id) => [id, []]));
  if (!ids.length) return result;
  const cards = await db
    .select({ id: techCards.id, baseTechCardId: techCards.baseTechCardId })
    .from(techCards)
    .where(anyId(techCards.id, ids));
  const rowCardIds = [...new Set(cards.flatMap((c) => (c.baseTechCardId ? [c.id, c.baseTechCardId] : [c.id])))];
  const rows = rowCardIds.length
    ? await db
        .select()
        .from(techCardOperations)
        .where(anyId(techCardOperations.techCardId, rowCardIds))
        .orderBy(asc(techCardOperations.seq), asc(techCardOperations.id))
    : [];
  const byCard = new Map<number, OperationRow[]>();
  for (const row of rows) byCard.set(row.techCardId, [...(byCard.get(row.techCardId) ?? []), row]);
  for (const card of cards) {
    const own = byCard.get(card.id) ?? [];
    if (!card.baseTechCardId)
      result.set(
        card.id,
        own.map((r) => toEffective(r, false, null)),
      );
    else {
      const base = (byCard.get(card.baseTechCardId) ?? []).filter((r) => r.action == null);
      result.set(card.id, applyModification(base, own));
    }
  }
  return result;
}

/** e = qty × (1 + scrap% / 100) ÷ outputQty, to 6 decimals (§1 'Effective quantity per parent unit'). */
export function effectivePerUnit(qty: string, scrapPercent: string, outputQty: string): string {
  const withScrap = mul(dec(qty), add(dec(1), div(dec(scrapPercent), dec(100), 8)));
  return fixed(div(withScrap, dec(outputQty), 6), 6);
}

export interface BomMaterial {
  bomLineId: number;
  lineNo: number;
  itemId: number;
  /** Effective quantity per unit of the parent, scrap included. */
  perUnitQty: string;
}

/** The BOM's lines as effective per-unit quantities of the parent, in line order. */
export async function bomMaterials(db: DbOrTx, bomId: number): Promise<BomMaterial[]> {
  return (await bomMaterialsOf(db, [bomId])).get(bomId) ?? [];
}

/** bomMaterials of many BOMs at once (two queries whatever their number); an unknown BOM has no lines. */
export async function bomMaterialsOf(db: DbOrTx, bomIds: readonly number[]): Promise<Map<number, BomMaterial[]>> {
  const ids = [...new Set(bomIds)];
  const result = new Map<number, BomMaterial[]>(ids.map((id) => [id, []]));
  if (!ids.length) return result;
  const headers = await db.select({ id: boms.id, outputQty: boms.outputQty }).from(boms).where(anyId(boms.id, ids));
  const outputOf = new Map(headers.map((h) => [h.id, h.outputQty]));
  const lines = await db
    .select()
    .from(bomLines)
    .where(anyId(bomLines.bomId, ids))
    .orderBy(asc(bomLines.lineNo), asc(bomLines.id));
  for (const l of lines) {
    const outputQty = outputOf.get(l.bomId);
    if (outputQty === undefined) continue;
    result.get(l.bomId)!.push({
      bomLineId: l.id,
      lineNo: l.lineNo,
      itemId: l.componentItemId,
      perUnitQty: effectivePerUnit(l.qty, l.scrapPercent, outputQty),
    });
  }
  return result;
}

export interface OperationTimeInput {
  setupMinutes: string;
  runMinutesPerUnit: string;
  canRunParallel?: boolean;
  departmentId?: number | null;
  positionId?: number | null;
}

/** Planned minutes of an operation for quantity Q: setup + run/unit × Q (§2). */
export function plannedMinutes(op: OperationTimeInput, qty: string): string {
  return fixed(add(dec(op.setupMinutes), mul(dec(op.runMinutesPerUnit), dec(qty))), 2);
}

/** Lead time in days: ceil(Σ minutes of the sequential operations ÷ (60 × hoursPerDay)) (§2). */
export function leadTimeDays(ops: readonly OperationTimeInput[], qty: string, hoursPerDay = 8): number {
  let total: Dec = dec(0);
  for (const op of ops) if (!op.canRunParallel) total = add(total, dec(plannedMinutes(op, qty)));
  const perDay = mul(dec(60), dec(String(hoursPerDay)));
  // An exact ceiling: the whole days below the quotient, plus one when they do not cover the total.
  const whole = Number(fixed(div(total, perDay, 6), 6).split('.')[0]);
  return cmp(mul(dec(whole), perDay), total) < 0 ? whole + 1 : whole;
}

export interface OperationCost {
  minutes: string;
  labour: string;
  overhead: string;
}

export interface OperationCosts {
  /** Per operation, in the order given. */
  operations: OperationCost[];
  minutes: string;
  labour: string;
  overhead: string;
}

/**
 * Planned minutes, labour and overhead of operations for quantity Q (§2): labour = minutes/60 × (the recipe's
 * labourRatePerHour if given, else the position's hourlyRate); overhead = minutes/60 × the department's
 * overheadRatePerHour. Missing rates count as 0.
 */
export async function operationCosts(
  db: DbOrTx,
  ops: readonly OperationTimeInput[],
  qty: string,
  labourRatePerHour?: string | null,
): Promise<OperationCosts> {
  const rates = await operationRates(db, ops);
  return costOperations(ops, qty, { labourRatePerHour: labourRatePerHour ?? null, ...rates });
}

/**
 * The positions' hourly rates and the departments' overhead rates the operations name, read once (two queries) —
 * for operationCosts, or for costOperations over the operations of many cards at once.
 */
export async function operationRates(
  db: DbOrTx,
  ops: readonly OperationTimeInput[],
): Promise<{ positionRate: (id: number) => string | null; overheadRate: (id: number) => string | null }> {
  const positionIds = [...new Set(ops.map((o) => o.positionId).filter((id): id is number => id != null))];
  const departmentIds = [...new Set(ops.map((o) => o.departmentId).filter((id): id is number => id != null))];
  const [positionRows, departmentRows] = await Promise.all([
    positionIds.length
      ? db
          .select({ id: positions.id, rate: positions.hourlyRate })
          .from(positions)
          .where(anyId(positions.id, positionIds))
      : Promise.resolve([]),
    departmentIds.length
      ? db
          .select({ id: departments.id, rate: departments.overheadRatePerHour })
          .from(departments)
          .where(anyId(departments.id, departmentIds))
      : Promise.resolve([]),
  ]);
  const positionRates = new Map(positionRows.map((r) => [r.id, r.rate]));
  const overheadRates = new Map(departmentRows.map((r) => [r.id, r.rate]));
  return {
    positionRate: (id) => positionRates.get(id) ?? null,
    overheadRate: (id) => overheadRates.get(id) ?? null,
  };
}

/** The arithmetic of operationCosts with the rates given (pure; unit-tested). */
export function costOperations(
  ops: readonly OperationTimeInput[],
  qty: string,
  rates: {
    labourRatePerHour: string | null;
    positionRate: (positionId: number) => string | null;
    overheadRate: (departmentId: number) => string | null;
  },
): OperationCosts {
  let minutes = dec(0);
  let labour = dec(0);
  let overhead = dec(0);
  const operations: OperationCost[] = [];
  for (const op of ops) {
    const m = dec(plannedMinutes(op, qty));
    const hours = div(m, dec(60), 8);
    const labourRate = rates.labourRatePerHour ?? (op.positionId != null ? rates.positionRate(op.positionId) : null);
    const overheadRate = op.departmentId != null ? rates.overheadRate(op.departmentId) : null;
    const l = labourRate ? round(mul(hours, dec(labourRate)), 2) : dec(0);
    const o = overheadRate ? round(mul(hours, dec(overheadRate)), 2) : dec(0);
    minutes = add(minutes, m);
    labour = add(labour, l);
    overhead = add(overhead, o);
    operations.push({ minutes: fixed(m, 2), labour: fixed(l, 2), overhead: fixed(o, 2) });
  }
  return { operations, minutes: fixed(minutes, 2), labour: fixed(labour, 2), overhead: fixed(overhead, 2) };
}
