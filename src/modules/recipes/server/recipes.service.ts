// Recipes (production.md §3): a variant of an item that names one of its BOMs and (optionally) one of its tech cards,
// with a batch size, instructions and an optional labour rate. The preview — materials for a batch, operations with
// minutes, cost per unit at the batch size — is computed live from the BOM and the tech card through the production
// core and the BOM roll-up, so any change there shows at once. Every change is one audited transaction.
import { checkVersion } from '@/server/kernel/documents.ts';
import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { listOrder, ukOrder } from '@/server/kernel/collation.ts';
import { DomainError } from '@/shared/api-error.ts';
import { dec, fixed, mul } from '@/shared/decimal.ts';
import { pageWindow, parseSort } from '@/shared/list.ts';
import type { z } from '@/shared/zod-uk.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { uniqueViolation } from '@/server/kernel/db-errors.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import {
  bomMaterials,
  getProductionSettings,
  leadTimeDays,
  operationCosts,
} from '@/modules/production/server/index.ts';
import { plannedUnitCost } from '@/modules/bom/server/index.ts';
import { boms } from '@/modules/bom/server/bom.table.ts';
import { manufacturingOrders } from '@/modules/manufacturing/server/manufacturing.table.ts';
import { effectiveOperationViews, techCardsOfItem } from '@/modules/tech-cards/server/index.ts';
import { techCards } from '@/modules/tech-cards/server/tech-cards.table.ts';
import { items } from '@/resources/items/items.table.ts';
import { units } from '@/resources/units/units.table.ts';
import {
  recipeMessages as m,
  recipeSortFields,
  type Recipe,
  type RecipeCost,
  type RecipeCreateValues,
  type recipeListQuerySchema,
  type RecipeOptions,
  type RecipePreview,
  type RecipeSummary,
  type RecipeUpdateValues,
} from '../recipes.contract.ts';
import { recipes, type RecipeStatus } from './recipes.table.ts';
import { containsPattern } from '@/server/kernel/like.ts';

const ENTITY = 'recipes';
const MADE_KINDS = ['product', 'semi_finished'];
const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v));
/** The recipe's own row for the audit log (the preview is derived, not stored). */
const auditRow = ({ preview: _preview, ...rest }: Recipe) => rest;

// ---- the live preview ------------------------------------------------------------------------------------------

export interface VariantInput {
  itemId: number;
  bomId: number;
  techCardId: number | null;
  batchSize: string;
  labourRatePerHour: string | null;
}

/** The planned cost of a saved, active recipe at its batch size (the BOM roll-up of production.md §1 and §9). */
async function savedCost(db: DbOrTx, itemId: number, recipeId: number, batchSize: string): Promise<RecipeCost> {
  const cost = await plannedUnitCost(db, itemId, { recipeId, qty: batchSize });
  return { ...cost, noPrice: [...cost.noPrice] };
}

/** Carries a result out of a transaction that must not commit. */
class Rollback<T> extends Error {
  readonly value: T;
  constructor(value: T) {
    super('rollback');
    this.value = value;
  }
}

/**
 * The cost of a variant not saved yet: the same roll-up, asked about a recipe that exists only inside a transaction
 * that is then rolled back — so the preview and the saved recipe can never be costed by two different rules.
 */
async function unsavedCost(db: DbOrTx, v: VariantInput): Promise<RecipeCost> {
  try {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(recipes)
        .values({
          itemId: v.itemId,
          name: 'preview',
          bomId: v.bomId,
          techCardId: v.techCardId,
          batchSize: v.batchSize,
          labourRatePerHour: v.labourRatePerHour,
          status: 'active',
          isDefault: false,
        })
        .returning({ id: recipes.id });
      throw new Rollback(await savedCost(tx, v.itemId, row!.id, v.batchSize));
    });
  } catch (error) {
    if (error instanceof Rollback) return error.value as RecipeCost;
    throw error;
  }
  throw new Error('unreachable');
}

/** Materials for one batch (BOM × batch), operations with minutes (tech card × batch), cost per unit. */
export async function variantPreview(
  db: DbOrTx,
  v: VariantInput,
  cost: () => Promise<RecipeCost>,
): Promise<RecipePreview> {
  const [bom] = await db
    .select({ id: boms.id, name: boms.name, status: boms.status, outputQty: boms.outputQty })
    .from(boms)
    .where(eq(boms.id, v.bomId));
  if (!bom) throw new DomainError(400, m.bomOther, { bomId: m.bomOther });
  const lines = await bomMaterials(db, v.bomId);
  const itemIds = [...new Set(lines.map((l) => l.itemId))];
  const info = itemIds.length
    ? await db
        .select({ id: items.id, sku: items.sku, name: items.name, unitShortName: units.shortName })
        .from(items)
        .leftJoin(units, eq(units.id, items.unitId))
        .where(inArray(items.id, itemIds))
    : [];
  const byId = new Map(info.map((i) => [i.id, i]));
  const [card] = v.techCardId
    ? await db
        .select({
          id: techCards.id,
          name: techCards.name,
          status: techCards.status,
          baseName: sql<string | null>`(select b.name from tech_cards b where b.id = ${techCards.baseTechCardId})`,
        })
        .from(techCards)
        .where(eq(techCards.id, v.techCardId))
    : [];
  const ops = card ? await effectiveOperationViews(db, card.id) : [];
  const [costs, settings] = await Promise.all([
    operationCosts(db, ops, v.batchSize, v.labourRatePerHour),
    getProductionSettings(db),
  ]);
  let planned: RecipeCost | null = null;
  let costError: string | null = null;
  try {
    planned = await cost();
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    costError = error.message;
  }
  return {
    itemId: v.itemId,
    batchSize: v.batchSize,
    labourRatePerHour: v.labourRatePerHour,
    bom: { ...bom, lineCount: lines.length },
    materials: lines.map((line) => {
      const item = byId.get(line.itemId);
      return {
        bomLineId: line.bomLineId,
        lineNo: line.lineNo,
        itemId: line.itemId,
        sku: item?.sku ?? '',
        name: item?.name ?? '',
        unitShortName: item?.unitShortName ?? null,
        perUnitQty: line.perUnitQty,
        batchQty: fixed(mul(dec(line.perUnitQty), dec(v.batchSize)), 6),
      };
    }),
    techCard: card ?? null,
    operations: ops.map((op, i) => ({
      seq: op.seq,
      name: op.name,
      departmentName: op.departmentName,
      positionName: op.positionName,
      setupMinutes: op.setupMinutes,
      runMinutesPerUnit: op.runMinutesPerUnit,
      canRunParallel: op.canRunParallel,
      qualityCheck: op.qualityCheck,
      inherited: op.inherited,
      ...costs.operations[i]!,
    })),
    minutes: costs.minutes,
    leadTimeDays: leadTimeDays(ops, v.batchSize, settings.hoursPerDay),
    cost: planned,
    costError,
  };
}

/** The preview of the form's variant before it is saved (checked like a recipe would be). */
export async function previewVariant(db: DbOrTx, v: VariantInput): Promise<RecipePreview> {
  await checkVariant(db, v.itemId, v.bomId, v.techCardId);
  return variantPreview(db, v, () => unsavedCost(db, v));
}

// ---- reading ---------------------------------------------------------------------------------------------------

const summaryColumns = {
  id: recipes.id,
  itemId: recipes.itemId,
  itemSku: items.sku,
  itemName: items.name,
  name: recipes.name,
  bomId: recipes.bomId,
  bomName: boms.name,
  techCardId: recipes.techCardId,
  techCardName: techCards.name,
  batchSize: recipes.batchSize,
  labourRatePerHour: recipes.labourRatePerHour,
  isDefault: recipes.isDefault,
  status: recipes.status,
  updatedAt: recipes.updatedAt,
};

const joined = (db: DbOrTx, columns: Record<string, unknown>) =>
  db
    .select(columns as typeof summaryColumns)
    .from(recipes)
    .innerJoin(items, eq(items.id, recipes.itemId))
    .innerJoin(boms, eq(boms.id, recipes.bomId))
    .leftJoin(techCards, eq(techCards.id, recipes.techCardId));

/** Cost per unit at the batch size; null when it cannot be computed (an archived recipe or BOM). */
async function costPerUnit(db: DbOrTx, row: { id: number; itemId: number; batchSize: string; status: string }) {
  if (row.status !== 'active') return null;
  try {
    return (await plannedUnitCost(db, row.itemId, { recipeId: row.id, qty: row.batchSize })).perUnit;
  } catch (error) {
    if (error instanceof DomainError) return null;
    throw error;
  }
}

export async function listRecipes(
  db: DbOrTx,
  q: z.output<typeof recipeListQuerySchema>,
): Promise<{ rows: RecipeSummary[]; total: number }> {
  const where: SQL[] = [];
  if (q.itemId) where.push(eq(recipes.itemId, q.itemId));
  if (q.status) where.push(eq(recipes.status, q.status));
  if (q.search) {
    const like = containsPattern(q.search);
    where.push(or(ilike(recipes.name, like), ilike(items.name, like), ilike(items.sku, like))!);
  }
  const condition = where.length ? and(...where) : undefined;
  const { field, desc: isDesc } = parseSort(q.sort ?? 'itemName', recipeSortFields, 'itemName');
  const sortColumn = {
    name: recipes.name,
    itemName: items.name,
    batchSize: recipes.batchSize,
    updatedAt: recipes.updatedAt,
  }[field];
  const { limit, offset } = pageWindow(q);
  const [rows, [{ total }]] = await Promise.all([
    joined(db, summaryColumns)
      .where(condition)
      .orderBy(listOrder(sortColumn, field, isDesc), desc(recipes.isDefault), ukOrder(recipes.name), asc(recipes.id))
      .limit(limit)
      .offset(offset),
    joined(db, { total: count() }).where(condition) as unknown as Promise<[{ total: number }]>,
  ]);
  const result: RecipeSummary[] = [];
  for (const row of rows) {
    result.push({
      ...row,
      status: row.status as RecipeStatus,
      costPerUnit: await costPerUnit(db, row),
      updatedAt: iso(row.updatedAt),
    });
  }
  return { rows: result, total: Number(total) };
}

export async function getRecipe(db: DbOrTx, id: number, lock = false): Promise<Recipe> {
  if (lock) {
    const [locked] = await db.select({ id: recipes.id }).from(recipes).where(eq(recipes.id, id)).for('update');
    if (!locked) throw new DomainError(404, m.notFound);
  }
  const [header] = await joined(db, {
    ...summaryColumns,
    unitShortName: units.shortName,
    instructions: recipes.instructions,
    notes: recipes.notes,
    version: recipes.version,
    createdAt: recipes.createdAt,
  })
    .leftJoin(units, eq(units.id, items.unitId))
    .where(eq(recipes.id, id));
  if (!header) throw new DomainError(404, m.notFound);
  const h = header as typeof header & {
    unitShortName: string | null;
    instructions: string | null;
    notes: string | null;
    version: number;
    createdAt: unknown;
  };
  const preview = await variantPreview(
    db,
    {
      itemId: h.itemId,
      bomId: h.bomId,
      techCardId: h.techCardId,
      batchSize: h.batchSize,
      labourRatePerHour: h.labourRatePerHour,
    },
    () => savedCost(db, h.itemId, h.id, h.batchSize),
  );
  return {
    ...h,
    status: h.status as RecipeStatus,
    costPerUnit: preview.cost?.perUnit ?? null,
    updatedAt: iso(h.updatedAt),
    createdAt: iso(h.createdAt),
    preview,
  };
}

/** The BOMs and tech cards a recipe of the item may name (not archived). */
export async function recipeOptions(db: DbOrTx, itemId: number): Promise<RecipeOptions> {
  const [bomRows, cards] = await Promise.all([
    db
      .select({
        id: boms.id,
        name: boms.name,
        status: boms.status,
        isDefault: boms.isDefault,
        outputQty: boms.outputQty,
      })
      .from(boms)
      .where(and(eq(boms.itemId, itemId), ne(boms.status, 'archived')))
      .orderBy(desc(boms.isDefault), ukOrder(boms.name), asc(boms.id)),
    techCardsOfItem(db, itemId),
  ]);
  return { boms: bomRows, techCards: cards };
}

// ---- writing ---------------------------------------------------------------------------------------------------

function invalid(fields: Record<string, string>): never {
  throw new DomainError(400, Object.values(fields)[0]!, fields);
}

/**
 * §3 invariants: the item is made (product or semi-finished); the BOM is one of the item's and not archived; the
 * tech card resolves to the item — its own card or a modification made for it — and is not archived.
 */
async function checkVariant(tx: DbOrTx, itemId: number, bomId: number, techCardId: number | null) {
  const fields: Record<string, string> = {};
  const [item] = await tx.select({ kind: items.kind }).from(items).where(eq(items.id, itemId));
  if (!item) fields.itemId = m.item;
  else if (!MADE_KINDS.includes(item.kind)) fields.itemId = m.itemKind;
  const [bom] = await tx.select({ itemId: boms.itemId, status: boms.status }).from(boms).where(eq(boms.id, bomId));
  if (!bom || bom.itemId !== itemId) fields.bomId = m.bomOther;
  else if (bom.status === 'archived') fields.bomId = m.bomArchived;
  if (techCardId != null) {
    const [card] = await tx
      .select({ itemId: techCards.itemId, status: techCards.status })
      .from(techCards)
      .where(eq(techCards.id, techCardId));
    if (!card || card.itemId !== itemId) fields.techCardId = m.techCardOther;
    else if (card.status === 'archived') fields.techCardId = m.techCardArchived;
  }
  if (Object.keys(fields).length) invalid(fields);
}

export async function createRecipe(db: DbOrTx, ctx: AuditContext, input: RecipeCreateValues): Promise<Recipe> {
  return db.transaction(async (tx) => {
    await checkVariant(tx, input.itemId, input.bomId, input.techCardId ?? null);
    const [created] = await tx
      .insert(recipes)
      .values({
        itemId: input.itemId,
        name: input.name,
        bomId: input.bomId,
        techCardId: input.techCardId ?? null,
        batchSize: input.batchSize,
        instructions: input.instructions ?? null,
        labourRatePerHour: input.labourRatePerHour ?? null,
        status: input.status,
        notes: input.notes ?? null,
        createdBy: ctx.userId,
      })
      .returning({ id: recipes.id });
    const after = await getRecipe(tx, created!.id);
    await audit(tx, ctx, { action: 'create', entityType: ENTITY, entityId: created!.id, after: auditRow(after) });
    return after;
  });
}

export async function updateRecipe(
  db: DbOrTx,
  ctx: AuditContext,
  id: number,
  change: RecipeUpdateValues,
): Promise<Recipe> {
  return db.transaction(async (tx) => {
    const before = await getRecipe(tx, id, true);
    checkVersion(change.version, before.version, m.version);
    const next = {
      name: change.name ?? before.name,
      bomId: change.bomId ?? before.bomId,
      techCardId: change.techCardId !== undefined ? change.techCardId : before.techCardId,
      batchSize: change.batchSize ?? before.batchSize,
      instructions: change.instructions !== undefined ? change.instructions : before.instructions,
      labourRatePerHour: change.labourRatePerHour !== undefined ? change.labourRatePerHour : before.labourRatePerHour,
      notes: change.notes !== undefined ? change.notes : before.notes,
      status: change.status ?? before.status,
    };
    // An archived recipe may keep naming what has been archived since; a live one may not.
    if (next.status === 'active' || next.bomId !== before.bomId || next.techCardId !== before.techCardId) {
      await checkVariant(tx, before.itemId, next.bomId, next.techCardId);
    }
    await tx
      .update(recipes)
      .set({
        ...next,
        isDefault: before.isDefault && next.status === 'active',
        version: sql`${recipes.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(recipes.id, id));
    const after = await getRecipe(tx, id);
    await audit(tx, ctx, {
      action: 'update',
      entityType: ENTITY,
      entityId: id,
      before: auditRow(before),
      after: auditRow(after),
    });
    return after;
  });
}

/** Makes the recipe its item's default; the previous default is cleared in the same transaction. */
export async function makeDefaultRecipe(db: DbOrTx, ctx: AuditContext, id: number): Promise<Recipe> {
  return db
    .transaction(async (tx) => {
      const before = await getRecipe(tx, id, true);
      if (before.status !== 'active') throw new DomainError(409, m.defaultNotActive);
      if (before.isDefault) return before;
      const previous = await tx
        .select({ id: recipes.id })
        .from(recipes)
        .where(and(eq(recipes.itemId, before.itemId), eq(recipes.isDefault, true), ne(recipes.id, id)))
        .for('update');
      for (const other of previous) {
        await tx
          .update(recipes)
          .set({ isDefault: false, version: sql`${recipes.version} + 1`, updatedAt: sql`now()` })
          .where(eq(recipes.id, other.id));
        await audit(tx, ctx, {
          action: 'update',
          entityType: ENTITY,
          entityId: other.id,
          before: { isDefault: true },
          after: { isDefault: false },
        });
      }
      await tx
        .update(recipes)
        .set({ isDefault: true, version: sql`${recipes.version} + 1`, updatedAt: sql`now()` })
        .where(eq(recipes.id, id));
      const after = await getRecipe(tx, id);
      await audit(tx, ctx, {
        action: 'update',
        entityType: ENTITY,
        entityId: id,
        before: auditRow(before),
        after: auditRow(after),
      });
      return after;
    })
    .catch((err: unknown) => {
      if (uniqueViolation(err)?.constraint === 'recipes_is_default_key') throw new DomainError(409, m.defaultRace);
      throw err;
    });
}

/** Deletes a recipe no MO was made by; otherwise it is archived instead. */
export async function deleteRecipe(db: DbOrTx, ctx: AuditContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await getRecipe(tx, id, true);
    const [{ orders }] = (await tx
      .select({ orders: count() })
      .from(manufacturingOrders)
      .where(eq(manufacturingOrders.recipeId, id))) as [{ orders: number }];
    if (Number(orders) > 0) throw new DomainError(409, m.usedByOrders(Number(orders)));
    await tx.delete(recipes).where(eq(recipes.id, id));
    await audit(tx, ctx, { action: 'delete', entityType: ENTITY, entityId: id, before: auditRow(before) });
  });
}
