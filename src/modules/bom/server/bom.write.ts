// Specifications (production.md §1), writing: with stable line ids, unit conversion to the stock unit, the cycle
// check, one default per item, archiving guarded by active recipes and deleting guarded by MOs. Every change is one
// audited transaction. Reading is bom.read.ts.
import { checkVersion } from '@/server/kernel/documents.ts';
import { and, asc, count, eq, inArray, notInArray, or, sql } from 'drizzle-orm';
import { ukOrder } from '@/server/kernel/collation.ts';
import { DomainError } from '@/shared/api-error.ts';
import { dec, fixed } from '@/shared/decimal.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { manufacturingOrders, moMaterials } from '@/modules/manufacturing/server/manufacturing.table.ts';
import { recipes } from '@/modules/recipes/server/recipes.table.ts';
import { items } from '@/resources/items/items.table.ts';
import { units } from '@/resources/units/units.table.ts';
import { bomMessages, type Bom, type BomCreateBody, type BomUpdateBody } from '../bom.contract.ts';
import { toStockUnit } from '@/shared/unit-conversion.ts';
import { isMadeKind } from './bom.rollup.ts';
import { bomCycleCheck } from './bom.structure.ts';
import { bomLines, boms } from './bom.table.ts';
import { BOM_ENTITY, getBom, snapshot, type Snapshot } from './bom.read.ts';

/** A BOM line's quantities are numeric(18,6). */
const BOM_QTY_SCALE = 6;

type LineInput = BomCreateBody['lines'][number];

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
    const converted = toStockUnit(line.qty, enteredUnit, stockUnit, BOM_QTY_SCALE);
    if (!converted.ok) {
      fields[at(converted.field)] = converted.error;
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
    .orderBy(ukOrder(recipes.name));
}

export async function updateBom(db: DbOrTx, ctx: AuditContext, id: number, change: BomUpdateBody): Promise<Bom> {
  return db.transaction(async (tx) => {
    const locked = await lockBom(tx, id);
    await tx.select({ id: items.id }).from(items).where(eq(items.id, locked.itemId)).for('update');
    checkVersion(change.version, locked.version, bomMessages.version);
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
      .orderBy(ukOrder(recipes.name));
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
