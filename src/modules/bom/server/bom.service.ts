// Specifications (production.md §1): the BOMs of products and semi-finished items — read with their cost roll-up
// and available stock, written with stable line ids, unit conversion to the stock unit, the cycle check, one default
// per item, archiving guarded by active recipes and deleting guarded by MOs. Every change is one audited transaction.
import { and, asc, count, desc, eq, ilike, inArray, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { DomainError } from '@/shared/api-error.ts';
import { add, dec, div, fixed, mul, round, type Dec } from '@/shared/decimal.ts';
import { pageWindow, parseSort } from '@/shared/list.ts';
import type { z } from '@/shared/zod-uk.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { audit, auditLog, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { effectivePerUnit } from '@/modules/production/server/index.ts';
import { manufacturingOrders, moMaterials } from '@/modules/manufacturing/server/manufacturing.table.ts';
import { recipes } from '@/modules/recipes/server/recipes.table.ts';
import { users } from '@/modules/users/server/users.table.ts';
import { categories } from '@/resources/categories/categories.table.ts';
import { items, type ItemKind } from '@/resources/items/items.table.ts';
import { units } from '@/resources/units/units.table.ts';
import {
  bomItemSortFields,
  bomMessages,
  bomSortFields,
  type Bom,
  type BomCreateBody,
  type BomHistoryEntry,
  type BomItemRow,
  type bomItemsQuerySchema,
  type bomListQuerySchema,
  type BomStatus,
  type BomSummary,
  type BomUnit,
  type BomUpdateBody,
} from '../bom.contract.ts';
import { toStockUnit } from './bom.calc.ts';
import { CostRoll, isMadeKind } from './bom.rollup.ts';
import { availableByItem, bomCycleCheck } from './bom.structure.ts';
import { bomLines, boms } from './bom.table.ts';

export const BOM_ENTITY = 'boms';

type LineInput = BomCreateBody['lines'][number];

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v));
const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => '\\' + c)}%`;

// ---- reading ---------------------------------------------------------------------------------------------------

const headerColumns = {
  id: boms.id,
  itemId: boms.itemId,
  itemSku: items.sku,
  itemName: items.name,
  itemKind: items.kind,
  itemUnitShortName: units.shortName,
  name: boms.name,
  outputQty: boms.outputQty,
  isDefault: boms.isDefault,
  status: boms.status,
  notes: boms.notes,
  version: boms.version,
  lineCount: sql<number>`(select count(*)::int from ${bomLines} where ${bomLines.bomId} = ${boms.id})`,
  createdAt: boms.createdAt,
  updatedAt: boms.updatedAt,
};

const headers = (db: DbOrTx) =>
  db
    .select(headerColumns)
    .from(boms)
    .innerJoin(items, eq(items.id, boms.itemId))
    .leftJoin(units, eq(units.id, items.unitId));

type HeaderRow = Awaited<ReturnType<ReturnType<typeof headers>['where']>>[number];

async function summaryOf(roll: CostRoll, row: HeaderRow): Promise<BomSummary> {
  const material = await roll.materialPerUnit(row.id, [row.itemId]);
  return {
    ...row,
    lineCount: Number(row.lineCount),
    materialCost: fixed(round(material.perUnit, 2), 2),
    noPriceCount: material.noPrice.length,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export async function listBoms(
  db: DbOrTx,
  q: z.output<typeof bomListQuerySchema>,
): Promise<{ rows: BomSummary[]; total: number }> {
  const where: SQL[] = [];
  if (q.itemId) where.push(eq(boms.itemId, q.itemId));
  if (q.status) where.push(eq(boms.status, q.status));
  if (q.search) {
    const text = like(q.search);
    where.push(or(ilike(boms.name, text), ilike(items.sku, text), ilike(items.name, text))!);
  }
  const condition = where.length ? and(...where) : undefined;
  const { field, desc: isDesc } = parseSort(q.sort ?? 'itemName', bomSortFields, 'itemName');
  const column = { itemName: items.name, name: boms.name, status: boms.status, updatedAt: boms.updatedAt }[field];
  const { limit, offset } = pageWindow(q);
  const rows = await headers(db)
    .where(condition)
    .orderBy(isDesc ? desc(column) : asc(column), desc(boms.isDefault), asc(boms.id))
    .limit(limit)
    .offset(offset);
  const [{ total }] = (await db
    .select({ total: count() })
    .from(boms)
    .innerJoin(items, eq(items.id, boms.itemId))
    .where(condition)) as [{ total: number }];
  const roll = new CostRoll(db);
  const result: BomSummary[] = [];
  for (const row of rows) result.push(await summaryOf(roll, row));
  return { rows: result, total: Number(total) };
}

const enteredUnits = alias(units, 'bom_entered_units');

/** One BOM with its lines: SKU, unit, the typed quantity, effective quantity, unit and line cost, available stock. */
export async function getBom(db: DbOrTx, id: number, roll = new CostRoll(db)): Promise<Bom> {
  const [header] = await headers(db).where(eq(boms.id, id));
  if (!header) throw new DomainError(404, bomMessages.notFound);
  const lines = await db
    .select({
      id: bomLines.id,
      lineNo: bomLines.lineNo,
      componentItemId: bomLines.componentItemId,
      sku: items.sku,
      name: items.name,
      kind: items.kind,
      unitId: items.unitId,
      unitShortName: units.shortName,
      qty: bomLines.qty,
      enteredQty: bomLines.enteredQty,
      enteredUnitId: bomLines.enteredUnitId,
      enteredUnitShortName: enteredUnits.shortName,
      scrapPercent: bomLines.scrapPercent,
      designators: bomLines.designators,
      notes: bomLines.notes,
    })
    .from(bomLines)
    .innerJoin(items, eq(items.id, bomLines.componentItemId))
    .leftJoin(units, eq(units.id, items.unitId))
    .leftJoin(enteredUnits, eq(enteredUnits.id, bomLines.enteredUnitId))
    .where(eq(bomLines.bomId, id))
    .orderBy(asc(bomLines.lineNo), asc(bomLines.id));
  const available = await availableByItem(
    db,
    lines.map((l) => l.componentItemId),
  );
  await roll.load(lines.map((l) => l.componentItemId));
  let perUnit: Dec = dec(0);
  let linesCost: Dec = dec(0);
  const noPrice = new Set<number>();
  const result: Bom['lines'] = [];
  for (const line of lines) {
    const cost = await roll.cost(line.componentItemId, [header.itemId]);
    const e = effectivePerUnit(line.qty, line.scrapPercent, header.outputQty);
    const withScrap = mul(dec(line.qty), add(dec(1), div(dec(line.scrapPercent), dec(100), 8)));
    const lineCost = mul(withScrap, dec(cost.unitCost));
    perUnit = add(perUnit, mul(dec(e), dec(cost.unitCost)));
    linesCost = add(linesCost, lineCost);
    cost.noPrice.forEach((x) => noPrice.add(x));
    result.push({
      ...line,
      perUnitQty: e,
      unitCost: cost.unitCost,
      costSource: cost.source,
      lineCost: fixed(round(lineCost, 2), 2),
      noPrice: cost.noPrice.length > 0,
      made: cost.source === 'planned',
      available: available.get(line.componentItemId) ?? '0.0000',
    });
  }
  return {
    ...header,
    lineCount: lines.length,
    materialCost: fixed(round(perUnit, 2), 2),
    noPriceCount: noPrice.size,
    createdAt: iso(header.createdAt),
    updatedAt: iso(header.updatedAt),
    linesCost: fixed(round(linesCost, 2), 2),
    lines: result,
  };
}

/** A BOM's header row (404 when missing). */
export async function bomHeader(db: DbOrTx, id: number) {
  const [row] = await db.select().from(boms).where(eq(boms.id, id));
  if (!row) throw new DomainError(404, bomMessages.notFound);
  return row;
}

/** The BOM as the audit log keeps it: the header and the lines as stored (no costs). */
async function snapshot(db: DbOrTx, id: number) {
  const [header] = await db.select().from(boms).where(eq(boms.id, id));
  if (!header) throw new DomainError(404, bomMessages.notFound);
  const lines = await db
    .select({
      id: bomLines.id,
      lineNo: bomLines.lineNo,
      componentItemId: bomLines.componentItemId,
      sku: items.sku,
      qty: bomLines.qty,
      enteredQty: bomLines.enteredQty,
      enteredUnitId: bomLines.enteredUnitId,
      scrapPercent: bomLines.scrapPercent,
      designators: bomLines.designators,
      notes: bomLines.notes,
    })
    .from(bomLines)
    .innerJoin(items, eq(items.id, bomLines.componentItemId))
    .where(eq(bomLines.bomId, id))
    .orderBy(asc(bomLines.lineNo), asc(bomLines.id));
  return { ...header, lines };
}
type Snapshot = Awaited<ReturnType<typeof snapshot>>;

/** The audit trail of one BOM ('Історія'), newest first. */
export async function bomHistory(db: DbOrTx, id: number): Promise<BomHistoryEntry[]> {
  const [exists] = await db.select({ id: boms.id }).from(boms).where(eq(boms.id, id));
  if (!exists) throw new DomainError(404, bomMessages.notFound);
  const rows = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      action: auditLog.action,
      actor: auditLog.actor,
      lastName: users.lastName,
      firstName: users.firstName,
      username: users.username,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(and(eq(auditLog.entityType, BOM_ENTITY), eq(auditLog.entityId, String(id))))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(200);
  return rows.map((r) => ({
    id: Number(r.id),
    at: iso(r.at),
    action: r.action,
    actor: r.actor,
    userName: r.username ? `${r.lastName ?? ''} ${r.firstName ?? ''}`.trim() || r.username : null,
    before: r.before,
    after: r.after,
  }));
}

/** The left pane: items with their BOM marker; also the component picker (kind 'stocked'). */
export async function listBomItems(
  db: DbOrTx,
  q: z.output<typeof bomItemsQuerySchema>,
): Promise<{ rows: BomItemRow[]; total: number }> {
  const where: SQL[] = [];
  const kinds: Record<typeof q.kind, readonly string[] | null> = {
    made: ['product', 'semi_finished'],
    product: ['product'],
    semi_finished: ['semi_finished'],
    component: ['component'],
    material: ['material'],
    stocked: ['product', 'semi_finished', 'component', 'material'],
    all: null,
  };
  const ids = q.ids ? q.ids.split(',').map(Number) : null;
  if (ids) where.push(inArray(items.id, ids));
  else where.push(eq(items.isActive, true));
  // Rows asked by id (labels, a deep link) come whatever their kind.
  const kindList = ids ? null : kinds[q.kind];
  if (kindList) where.push(inArray(items.kind, [...kindList] as ItemKind[]));
  if (q.categoryId) where.push(eq(items.categoryId, q.categoryId));
  if (q.exceptId) where.push(ne(items.id, q.exceptId));
  const hasBom = sql`exists (select 1 from ${boms} b where b.item_id = ${items.id} and b.status <> 'archived')`;
  if (q.hasBom === 'true') where.push(hasBom);
  if (q.hasBom === 'false') where.push(sql`not ${hasBom}`);
  if (q.search) {
    const text = like(q.search);
    where.push(or(ilike(items.sku, text), ilike(items.name, text), ilike(items.mpn, text))!);
  }
  const condition = and(...where);
  const { field, desc: isDesc } = parseSort(q.sort ?? 'name', bomItemSortFields, 'name');
  const column = { sku: items.sku, name: items.name, kind: items.kind }[field];
  const { limit, offset } = pageWindow(q);
  const rows = await db
    .select({
      id: items.id,
      sku: items.sku,
      name: items.name,
      kind: items.kind,
      isActive: items.isActive,
      categoryId: items.categoryId,
      categoryName: categories.name,
      unitId: items.unitId,
      unitShortName: units.shortName,
      unitType: units.type,
      bomCount: sql<number>`(select count(*)::int from ${boms} b where b.item_id = ${items.id} and b.status <> 'archived')`,
      defaultBomId: sql<number | null>`(select b.id from ${boms} b where b.item_id = ${items.id} and b.is_default)`,
      defaultBomStatus: sql<BomStatus | null>`(select b.status from ${boms} b where b.item_id = ${items.id} and b.is_default)`,
    })
    .from(items)
    .leftJoin(categories, eq(categories.id, items.categoryId))
    .leftJoin(units, eq(units.id, items.unitId))
    .where(condition)
    .orderBy(isDesc ? desc(column) : asc(column), asc(items.id))
    .limit(limit)
    .offset(offset);
  const [{ total }] = (await db.select({ total: count() }).from(items).where(condition)) as [{ total: number }];
  return {
    rows: rows.map((r) => ({
      ...r,
      bomCount: Number(r.bomCount),
      hasBom: Number(r.bomCount) > 0,
      defaultBomId: r.defaultBomId == null ? null : Number(r.defaultBomId),
    })),
    total: Number(total),
  };
}

/** The active units, for the line editor's unit choice (same type as the component's stock unit). */
export async function listBomUnits(db: DbOrTx): Promise<BomUnit[]> {
  return db
    .select({ id: units.id, name: units.name, shortName: units.shortName, type: units.type, factor: units.factor })
    .from(units)
    .where(eq(units.isActive, true))
    .orderBy(asc(units.type), asc(units.factor), asc(units.name));
}

// ---- writing ---------------------------------------------------------------------------------------------------

interface LineRow {
  id: number | null;
  componentItemId: number;
  qty: string;
  enteredQty: string;
  enteredUnitId: number;
  scrapPercent: string;
  designators: string | null;
  notes: string | null;
}

async function lockBom(tx: DbOrTx, id: number) {
  const [row] = await tx.select().from(boms).where(eq(boms.id, id)).for('update');
  if (!row) throw new DomainError(404, bomMessages.notFound);
  return row;
}

/** The parent must be a product or a semi-finished item. */
async function madeItem(tx: DbOrTx, itemId: number, field = 'itemId') {
  const [item] = await tx
    .select({ id: items.id, kind: items.kind, name: items.name, sku: items.sku })
    .from(items)
    .where(eq(items.id, itemId));
  if (!item) throw new DomainError(400, bomMessages.itemNotFound, { [field]: bomMessages.itemNotFound });
  if (!isMadeKind(item.kind)) throw new DomainError(400, bomMessages.notMade, { [field]: bomMessages.notMade });
  return item;
}

/**
 * Checks and converts the lines: the component exists, is stocked (not a service), is not the parent and is active
 * (unless a kept line already had it); the typed quantity in a unit of the same type becomes the stock unit's.
 */
async function resolveLines(
  tx: DbOrTx,
  parentItemId: number,
  lines: readonly LineInput[],
  own: ReadonlyMap<number, { componentItemId: number }>,
  opts: { allowInactive?: boolean } = {},
): Promise<LineRow[]> {
  const fields: Record<string, string> = {};
  const componentIds = [...new Set(lines.map((l) => l.componentItemId))];
  const components = componentIds.length
    ? await tx
        .select({ id: items.id, kind: items.kind, sku: items.sku, isActive: items.isActive, unitId: items.unitId })
        .from(items)
        .where(inArray(items.id, componentIds))
    : [];
  const byId = new Map(components.map((c) => [c.id, c]));
  const unitIds = [...new Set([...components.map((c) => c.unitId), ...lines.map((l) => l.unitId ?? 0)])].filter(
    (x) => x > 0,
  );
  const unitRows = unitIds.length
    ? await tx
        .select({ id: units.id, shortName: units.shortName, type: units.type, factor: units.factor })
        .from(units)
        .where(inArray(units.id, unitIds))
    : [];
  const unitById = new Map(unitRows.map((u) => [u.id, u]));
  const rows: LineRow[] = [];
  lines.forEach((line, i) => {
    const at = (name: string) => `lines.${i}.${name}`;
    if (line.id != null && !own.has(line.id)) fields[at('id')] = bomMessages.lineNotOwn;
    const component = byId.get(line.componentItemId);
    if (!component) fields[at('componentItemId')] = bomMessages.componentNotFound;
    else if (component.kind === 'service') fields[at('componentItemId')] = bomMessages.componentService;
    else if (component.id === parentItemId) fields[at('componentItemId')] = bomMessages.componentSelf;
    else if (
      !component.isActive &&
      !opts.allowInactive &&
      !(line.id != null && own.get(line.id)?.componentItemId === component.id)
    ) {
      fields[at('componentItemId')] = bomMessages.componentInactive(component.sku);
    }
    if (!component) return;
    const stockUnit = unitById.get(component.unitId);
    const enteredUnitId = line.unitId ?? component.unitId;
    const enteredUnit = unitById.get(enteredUnitId);
    if (!enteredUnit || !stockUnit) {
      fields[at('unitId')] = bomMessages.unitNotFound;
      return;
    }
    const converted = toStockUnit(line.qty, enteredUnit, stockUnit);
    if (!converted.ok) {
      fields[converted.error === bomMessages.qtyTooSmall ? at('qty') : at('unitId')] = converted.error;
      return;
    }
    rows.push({
      id: line.id ?? null,
      componentItemId: component.id,
      qty: converted.qty,
      enteredQty: fixed(dec(line.qty), 6),
      enteredUnitId,
      scrapPercent: fixed(dec(line.scrapPercent), 2),
      designators: line.designators ?? null,
      notes: line.notes ?? null,
    });
  });
  if (Object.keys(fields).length) throw new DomainError(400, Object.values(fields)[0]!, fields);
  return rows;
}

/** 409 with the path when the components lead back to the parent (production.md §1). */
async function assertNoCycle(tx: DbOrTx, itemId: number, componentIds: readonly number[]) {
  const path = await bomCycleCheck(tx, itemId, componentIds);
  if (path) throw new DomainError(409, bomMessages.cycle(path));
}

/** Writes the lines in order: kept ids updated in place, new ones inserted, the missing ones deleted. */
async function writeLines(tx: DbOrTx, bomId: number, rows: readonly LineRow[]) {
  const keep = rows.map((r) => r.id).filter((x): x is number => x != null);
  await tx
    .delete(bomLines)
    .where(and(eq(bomLines.bomId, bomId), keep.length ? notInArray(bomLines.id, keep) : undefined));
  for (const [i, row] of rows.entries()) {
    const values = {
      lineNo: i + 1,
      componentItemId: row.componentItemId,
      qty: row.qty,
      enteredQty: row.enteredQty,
      enteredUnitId: row.enteredUnitId,
      scrapPercent: row.scrapPercent,
      designators: row.designators,
      notes: row.notes,
    };
    if (row.id != null) await tx.update(bomLines).set(values).where(eq(bomLines.id, row.id));
    else await tx.insert(bomLines).values({ bomId, ...values });
  }
}

async function hasDefault(tx: DbOrTx, itemId: number) {
  const [row] = await tx
    .select({ id: boms.id })
    .from(boms)
    .where(and(eq(boms.itemId, itemId), eq(boms.isDefault, true)));
  return row?.id ?? null;
}

/** Clears the item's current default (audited) so another BOM can take it, in the caller's transaction. */
async function clearDefault(tx: DbOrTx, ctx: AuditContext, itemId: number, exceptId: number | null) {
  const current = await hasDefault(tx, itemId);
  if (current == null || current === exceptId) return;
  const before = await snapshot(tx, current);
  await tx
    .update(boms)
    .set({ isDefault: false, updatedAt: sql`now()` })
    .where(eq(boms.id, current));
  await audit(tx, ctx, {
    action: 'update',
    entityType: BOM_ENTITY,
    entityId: current,
    before,
    after: await snapshot(tx, current),
  });
}

/** Creates a BOM inside the caller's transaction (used by POST, copy, import and the demo). */
export async function createBomIn(
  tx: DbOrTx,
  ctx: AuditContext,
  input: BomCreateBody,
  opts: { allowInactive?: boolean; copiedFromBomId?: number } = {},
): Promise<number> {
  await madeItem(tx, input.itemId);
  // Serialise BOM changes of one item (the default is one per item).
  await tx.select({ id: items.id }).from(items).where(eq(items.id, input.itemId)).for('update');
  const rows = await resolveLines(tx, input.itemId, input.lines, new Map(), opts);
  if (input.status === 'active' && !rows.length) {
    throw new DomainError(400, bomMessages.activeEmpty, { lines: bomMessages.activeEmpty });
  }
  await assertNoCycle(
    tx,
    input.itemId,
    rows.map((r) => r.componentItemId),
  );
  const makeDefault = input.isDefault === true || (await hasDefault(tx, input.itemId)) == null;
  if (makeDefault) await clearDefault(tx, ctx, input.itemId, null);
  const [row] = await tx
    .insert(boms)
    .values({
      itemId: input.itemId,
      name: input.name,
      outputQty: fixed(dec(input.outputQty), 4),
      status: input.status,
      notes: input.notes ?? null,
      isDefault: makeDefault,
      createdBy: ctx.userId,
    })
    .returning({ id: boms.id });
  const id = row!.id;
  await writeLines(tx, id, rows);
  const after = await snapshot(tx, id);
  await audit(tx, ctx, {
    action: 'create',
    entityType: BOM_ENTITY,
    entityId: id,
    after: opts.copiedFromBomId ? { ...after, copiedFromBomId: opts.copiedFromBomId } : after,
  });
  return id;
}

export async function createBom(db: DbOrTx, ctx: AuditContext, input: BomCreateBody): Promise<Bom> {
  return db.transaction(async (tx) => getBom(tx, await createBomIn(tx, ctx, input)));
}

/** The active recipes that name a BOM ('Archiving a BOM that an active recipe uses is refused'). */
async function activeRecipesOf(tx: DbOrTx, bomId: number) {
  return tx
    .select({ id: recipes.id, name: recipes.name })
    .from(recipes)
    .where(and(eq(recipes.bomId, bomId), eq(recipes.status, 'active')))
    .orderBy(asc(recipes.name));
}

export async function updateBom(db: DbOrTx, ctx: AuditContext, id: number, change: BomUpdateBody): Promise<Bom> {
  return db.transaction(async (tx) => {
    const locked = await lockBom(tx, id);
    await tx.select({ id: items.id }).from(items).where(eq(items.id, locked.itemId)).for('update');
    if (change.version !== locked.version) throw new DomainError(409, bomMessages.version);
    const before = await snapshot(tx, id);
    const status = change.status ?? locked.status;
    const touchesContent =
      change.name !== undefined ||
      change.outputQty !== undefined ||
      change.notes !== undefined ||
      change.lines !== undefined;
    if (locked.status === 'archived' && status === 'archived' && touchesContent) {
      throw new DomainError(409, bomMessages.archivedEdit);
    }
    if (status === 'archived' && locked.status !== 'archived') {
      const used = await activeRecipesOf(tx, id);
      if (used.length) throw new DomainError(409, bomMessages.usedByRecipes(used.map((r) => `«${r.name}»`).join(', ')));
    }
    let componentIds = before.lines.map((l) => l.componentItemId);
    if (change.lines) {
      const own = new Map(before.lines.map((l) => [l.id, { componentItemId: l.componentItemId }]));
      const rows = await resolveLines(tx, locked.itemId, change.lines, own);
      componentIds = rows.map((r) => r.componentItemId);
      await writeLines(tx, id, rows);
    }
    if (status === 'active' && !componentIds.length) {
      throw new DomainError(400, bomMessages.activeEmpty, { lines: bomMessages.activeEmpty });
    }
    // Saving lines or activating runs the cycle check.
    if (change.lines || (status === 'active' && locked.status !== 'active')) {
      await assertNoCycle(tx, locked.itemId, componentIds);
    }
    await tx
      .update(boms)
      .set({
        ...(change.name !== undefined ? { name: change.name } : {}),
        ...(change.outputQty !== undefined ? { outputQty: fixed(dec(change.outputQty), 4) } : {}),
        ...(change.notes !== undefined ? { notes: change.notes } : {}),
        status,
        // An archived BOM is offered nowhere, so it stops being the default.
        ...(status === 'archived' ? { isDefault: false } : {}),
        version: sql`${boms.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(boms.id, id));
    const after = await snapshot(tx, id);
    await audit(tx, ctx, {
      action: !touchesContent && status !== locked.status ? 'status_change' : 'update',
      entityType: BOM_ENTITY,
      entityId: id,
      before,
      after,
    });
    return getBom(tx, id);
  });
}

export async function deleteBom(db: DbOrTx, ctx: AuditContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockBom(tx, id);
    const before = await snapshot(tx, id);
    // An MO that used it (by its header or by a material line taken from it) keeps it: archive instead.
    const used = await tx
      .selectDistinct({ number: manufacturingOrders.number })
      .from(manufacturingOrders)
      .where(
        or(
          eq(manufacturingOrders.bomId, id),
          inArray(
            manufacturingOrders.id,
            tx
              .select({ id: moMaterials.moId })
              .from(moMaterials)
              .where(
                inArray(
                  moMaterials.bomLineId,
                  tx.select({ id: bomLines.id }).from(bomLines).where(eq(bomLines.bomId, id)),
                ),
              ),
          ),
        ),
      )
      .orderBy(asc(manufacturingOrders.number))
      .limit(6);
    if (used.length) {
      const numbers = used.slice(0, 5).map((u) => u.number);
      throw new DomainError(409, bomMessages.usedByMo(numbers.join(', ') + (used.length > 5 ? ' …' : '')));
    }
    const named = await tx
      .select({ name: recipes.name })
      .from(recipes)
      .where(eq(recipes.bomId, id))
      .orderBy(asc(recipes.name));
    if (named.length) {
      throw new DomainError(409, bomMessages.usedByRecipesDelete(named.map((r) => `«${r.name}»`).join(', ')));
    }
    await tx.delete(boms).where(eq(boms.id, id));
    await audit(tx, ctx, { action: 'delete', entityType: BOM_ENTITY, entityId: id, before });
  });
}

/** One default per item: the previous default is cleared in the same transaction; the walk must find no cycle. */
export async function makeDefaultBom(db: DbOrTx, ctx: AuditContext, id: number): Promise<Bom> {
  return db.transaction(async (tx) => {
    const locked = await lockBom(tx, id);
    await tx.select({ id: items.id }).from(items).where(eq(items.id, locked.itemId)).for('update');
    if (locked.status === 'archived') throw new DomainError(409, bomMessages.archivedDefault);
    if (!locked.isDefault) {
      const before = await snapshot(tx, id);
      await assertNoCycle(
        tx,
        locked.itemId,
        before.lines.map((l) => l.componentItemId),
      );
      await clearDefault(tx, ctx, locked.itemId, id);
      await tx
        .update(boms)
        .set({ isDefault: true, updatedAt: sql`now()` })
        .where(eq(boms.id, id));
      await audit(tx, ctx, {
        action: 'update',
        entityType: BOM_ENTITY,
        entityId: id,
        before,
        after: await snapshot(tx, id),
      });
    }
    return getBom(tx, id);
  });
}

const copyLines = (source: Snapshot): LineInput[] =>
  source.lines.map((l) => ({
    componentItemId: l.componentItemId,
    qty: l.enteredQty ?? l.qty,
    unitId: l.enteredUnitId,
    scrapPercent: l.scrapPercent,
    designators: l.designators,
    notes: l.notes,
  }));

/** `POST …/:id/copy` — to another item, or as a new version ('v2', 'v3' …) of this one; a draft. */
export async function copyBom(
  db: DbOrTx,
  ctx: AuditContext,
  id: number,
  input: { targetItemId?: number | null; name?: string },
): Promise<Bom> {
  return db.transaction(async (tx) => {
    const source = await snapshot(tx, id);
    const targetItemId = input.targetItemId ?? source.itemId;
    await madeItem(tx, targetItemId, 'targetItemId');
    let name = input.name;
    if (!name && targetItemId === source.itemId) {
      const [{ n }] = (await tx.select({ n: count() }).from(boms).where(eq(boms.itemId, targetItemId))) as [
        { n: number },
      ];
      name = `v${Number(n) + 1}`;
    }
    const newId = await createBomIn(
      tx,
      ctx,
      {
        itemId: targetItemId,
        name: name ?? source.name,
        outputQty: source.outputQty,
        status: 'draft',
        notes: source.notes,
        lines: copyLines(source),
      },
      { allowInactive: true, copiedFromBomId: id },
    );
    return getBom(tx, newId);
  });
}
