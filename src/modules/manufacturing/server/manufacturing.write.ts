// Writing manufacturing orders (production.md §4): create a planned order (warehouses by default, make-to-order
// links), change it (the §4 quantity rules once released), delete a planned one, make child orders for
// semi-finished shortfalls. Every function runs in the caller's transaction, locks the MO first and writes the audit
// record.
import { checkVersion } from '@/server/kernel/documents.ts';
import { rowsOf } from '@/server/kernel/rows.ts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import { add, cmp, dec, div, fixed, isZero, mul, round, sub, type Dec } from '@/shared/decimal.ts';
import { kyivToday } from '@/shared/kyiv-date.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { nextNumber } from '@/modules/stock/server/index.ts';
import { resolveByKey } from '@/modules/notifications/server/index.ts';
import { plannedMinutes, resolveProductionSpec } from '@/modules/production/server/index.ts';
import { orderLines } from '@/modules/orders/server/orders.table.ts';
import { items } from '@/resources/items/items.table.ts';
import { warehouses } from '@/resources/warehouses/warehouses.table.ts';
import { workers } from '@/resources/workers/workers.table.ts';
import { moMessages, type MoPriority } from '../manufacturing.contract.ts';
import { manufacturingOrders, moDemands, moMaterials, moOperations, moPostings } from './manufacturing.table.ts';
import {
  ACTIVE_STATUSES,
  MO_ENTITY,
  OPEN_STATUSES,
  ZERO,
  availableIn,
  lockManufacturingOrder,
  materialStates,
  maxDec,
  overdueKey,
  plannedConversion,
  plannedMaterial,
  producedOf,
  qtyText,
  statusError,
  syncMaterialReservations,
  syncSerialAllocation,
  wholeUnits,
  type MoRow,
} from './manufacturing.common.ts';

export interface CreateManufacturingOrderInput {
  itemId: number;
  qty: string;
  recipeId?: number | null;
  plannedStart?: string | null;
  dueDate?: string | null;
  priority?: MoPriority;
  responsibleWorkerId?: number | null;
  notes?: string | null;
  outputWarehouseId?: number | null;
  materialsWarehouseId?: number | null;
  demands?: Array<{ orderLineId: number; qty: string }>;
  parentMoId?: number | null;
  parentMaterialId?: number | null;
}

export interface UpdateManufacturingOrderPatch {
  qty?: string;
  dueDate?: string | null;
  plannedStart?: string | null;
  priority?: MoPriority;
  responsibleWorkerId?: number | null;
  notes?: string | null;
  recipeId?: number | null;
  outputWarehouseId?: number;
  materialsWarehouseId?: number;
}
/** The warehouse of a type, the default one first; 400 when there is none. */
async function defaultWarehouse(tx: DbOrTx, type: 'materials' | 'finished_goods'): Promise<number> {
  const [row] = await tx
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(eq(warehouses.type, type))
    .orderBy(sql`${warehouses.isDefault} desc`, asc(warehouses.id))
    .limit(1);
  if (row) return row.id;
  const [any] = await tx.select({ id: warehouses.id }).from(warehouses).orderBy(asc(warehouses.id)).limit(1);
  if (!any) {
    const label = type === 'materials' ? 'Матеріали' : 'Готова продукція';
    const message = moMessages.noWarehouse(label);
    throw new DomainError(400, message, {
      [type === 'materials' ? 'materialsWarehouseId' : 'outputWarehouseId']: message,
    });
  }
  return any.id;
}

async function checkWarehouse(tx: DbOrTx, id: number, field: string) {
  const [row] = await tx.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.id, id));
  if (!row) throw new DomainError(400, moMessages.warehouseNotFound, { [field]: moMessages.warehouseNotFound });
}

async function checkWorker(tx: DbOrTx, id: number | null | undefined) {
  if (id == null) return;
  const [row] = await tx.select({ id: workers.id }).from(workers).where(eq(workers.id, id));
  if (!row) throw new DomainError(400, moMessages.workerNotFound, { responsibleWorkerId: moMessages.workerNotFound });
}

async function makeableItem(tx: DbOrTx, itemId: number) {
  const [item] = await tx
    .select({
      id: items.id,
      kind: items.kind,
      sku: items.sku,
      name: items.name,
      serialTracking: items.serialTracking,
    })
    .from(items)
    .where(eq(items.id, itemId));
  if (!item || (item.kind !== 'product' && item.kind !== 'semi_finished')) {
    throw new DomainError(400, moMessages.notMakeable, { itemId: moMessages.notMakeable });
  }
  return item;
}

function checkWholeQty(serialTracking: boolean, qty: string) {
  if (serialTracking && /\.\d*[1-9]/.test(qty)) {
    throw new DomainError(400, moMessages.wholeSerialQty, { qty: moMessages.wholeSerialQty });
  }
}

/** Adds make-to-order links (sales.md §7): each order line must be of the MO's item; repeated lines add up. */
async function insertDemands(
  tx: DbOrTx,
  moId: number,
  itemId: number,
  demands: ReadonlyArray<{ orderLineId: number; qty: string }>,
) {
  const merged = new Map<number, Dec>();
  for (const d of demands) merged.set(d.orderLineId, add(merged.get(d.orderLineId) ?? ZERO, dec(d.qty)));
  if (!merged.size) return;
  const lines = await tx
    .select({ id: orderLines.id, itemId: orderLines.itemId })
    .from(orderLines)
    .where(inArray(orderLines.id, [...merged.keys()]));
  const byId = new Map(lines.map((l) => [l.id, l]));
  for (const [lineId, qty] of merged) {
    const line = byId.get(lineId);
    if (!line) throw new DomainError(400, moMessages.demandLine, { demands: moMessages.demandLine });
    if (line.itemId !== itemId) throw new DomainError(400, moMessages.demandItem, { demands: moMessages.demandItem });
    if (cmp(qty, ZERO) <= 0) continue;
    await tx
      .insert(moDemands)
      .values({ moId, orderLineId: lineId, qty: fixed(qty, 4) })
      .onConflictDoUpdate({
        target: [moDemands.moId, moDemands.orderLineId],
        set: { qty: sql`${moDemands.qty} + excluded.qty` },
      });
  }
}

async function snapshotOf(tx: DbOrTx, id: number) {
  const [row] = await tx.select().from(manufacturingOrders).where(eq(manufacturingOrders.id, id));
  return row;
}

/** 'Нове замовлення': a planned MO (§4). Warehouses default: materials; output = finished goods (semi-finished: materials). */
export async function createManufacturingOrder(
  tx: DbOrTx,
  ctx: AuditContext,
  input: CreateManufacturingOrderInput,
): Promise<{ id: number; number: string }> {
  const item = await makeableItem(tx, input.itemId);
  if (cmp(dec(input.qty), ZERO) <= 0) throw new DomainError(400, moMessages.positive, { qty: moMessages.positive });
  checkWholeQty(item.serialTracking, input.qty);
  // A given recipe must be the item's and active (resolveProductionSpec refuses it otherwise).
  if (input.recipeId != null) await resolveProductionSpec(tx, input.itemId, input.recipeId);
  const materialsWarehouseId = input.materialsWarehouseId ?? (await defaultWarehouse(tx, 'materials'));
  if (input.materialsWarehouseId != null) await checkWarehouse(tx, materialsWarehouseId, 'materialsWarehouseId');
  const outputWarehouseId =
    input.outputWarehouseId ??
    (item.kind === 'semi_finished' ? materialsWarehouseId : await defaultWarehouse(tx, 'finished_goods'));
  if (input.outputWarehouseId != null) await checkWarehouse(tx, outputWarehouseId, 'outputWarehouseId');
  await checkWorker(tx, input.responsibleWorkerId);
  if (input.parentMoId != null) {
    const [parent] = await tx
      .select({ id: manufacturingOrders.id })
      .from(manufacturingOrders)
      .where(eq(manufacturingOrders.id, input.parentMoId));
    if (!parent) throw new DomainError(400, moMessages.parentNotFound, { parentMoId: moMessages.parentNotFound });
  }
  const date = kyivToday();
  const number = await nextNumber(tx, 'manufacturing_order', date);
  const [row] = await tx
    .insert(manufacturingOrders)
    .values({
      number,
      itemId: input.itemId,
      recipeId: input.recipeId ?? null,
      qty: fixed(dec(input.qty), 4),
      outputWarehouseId,
      materialsWarehouseId,
      plannedStart: input.plannedStart ?? null,
      dueDate: input.dueDate ?? null,
      priority: input.priority ?? 'normal',
      status: 'planned',
      responsibleWorkerId: input.responsibleWorkerId ?? null,
      parentMoId: input.parentMoId ?? null,
      parentMaterialId: input.parentMaterialId ?? null,
      notes: input.notes ?? null,
      createdBy: ctx.userId,
    })
    .returning();
  await insertDemands(tx, row!.id, input.itemId, input.demands ?? []);
  const demands = await tx.select().from(moDemands).where(eq(moDemands.moId, row!.id));
  await audit(tx, ctx, { action: 'create', entityType: MO_ENTITY, entityId: row!.id, after: { ...row, demands } });
  return { id: row!.id, number };
}

/** Guards and effects of a quantity change once released (§4 'Quantity changes'). */
async function applyReleasedQty(tx: DbOrTx, ctx: AuditContext, mo: MoRow, qty: string) {
  const { produced } = await producedOf(tx, mo.id);
  if (cmp(dec(qty), produced) < 0) {
    const message = moMessages.qtyBelowProduced(qtyText(produced));
    throw new DomainError(409, message, { qty: message });
  }
  for (const m of await tx.select().from(moMaterials).where(eq(moMaterials.moId, mo.id))) {
    await tx
      .update(moMaterials)
      .set({ requiredQty: fixed(round(mul(dec(m.perUnitQty), dec(qty)), 4), 4) })
      .where(eq(moMaterials.id, m.id));
  }
  for (const op of await tx.select().from(moOperations).where(eq(moOperations.moId, mo.id))) {
    await tx
      .update(moOperations)
      .set({ plannedMinutes: plannedMinutes(op, qty) })
      .where(eq(moOperations.id, op.id));
  }
  const changed = { ...mo, qty };
  await syncMaterialReservations(tx, changed);
  await syncSerialAllocation(tx, ctx, changed, produced);
  const conversion = await plannedConversion(tx, changed);
  // Material at the release day's average, for the new quantity.
  const material =
    mo.plannedMaterial != null && !isZero(dec(mo.qty))
      ? fixed(round(div(mul(dec(mo.plannedMaterial), dec(qty)), dec(mo.qty), 8), 2), 2)
      : await plannedMaterial(tx, changed);
  return {
    plannedLabour: conversion.labour,
    plannedOverhead: conversion.overhead,
    plannedMaterial: material,
    plannedTotal: fixed(add(add(dec(material), dec(conversion.labour)), dec(conversion.overhead)), 2),
  };
}

/** PATCH (§4): planned — anything; released / in progress — qty ≥ produced (requirements re-derived); closed — nothing. */
export async function updateManufacturingOrder(
  tx: DbOrTx,
  ctx: AuditContext,
  id: number,
  patch: UpdateManufacturingOrderPatch,
  version?: number,
): Promise<void> {
  const mo = await lockManufacturingOrder(tx, id);
  checkVersion(version, mo.version, moMessages.version);
  if (mo.status === 'completed' || mo.status === 'cancelled') throw statusError(mo.status, moMessages.closedLocked);
  const set: Partial<typeof manufacturingOrders.$inferInsert> = {};
  const item = await makeableItem(tx, mo.itemId);
  if (patch.recipeId !== undefined && patch.recipeId !== mo.recipeId) {
    if (mo.status !== 'planned') throw statusError(mo.status, moMessages.recipeLocked);
    if (patch.recipeId != null) await resolveProductionSpec(tx, mo.itemId, patch.recipeId);
    set.recipeId = patch.recipeId;
  }
  for (const field of ['outputWarehouseId', 'materialsWarehouseId'] as const) {
    const value = patch[field];
    if (value === undefined || value === mo[field]) continue;
    if (mo.status !== 'planned') throw statusError(mo.status, moMessages.recipeLocked.replace('Рецепт', 'Склад'));
    await checkWarehouse(tx, value, field);
    set[field] = value;
  }
  if (patch.responsibleWorkerId !== undefined) {
    await checkWorker(tx, patch.responsibleWorkerId);
    set.responsibleWorkerId = patch.responsibleWorkerId;
  }
  if (patch.dueDate !== undefined) set.dueDate = patch.dueDate;
  if (patch.plannedStart !== undefined) set.plannedStart = patch.plannedStart;
  if (patch.priority !== undefined) set.priority = patch.priority;
  if (patch.notes !== undefined) set.notes = patch.notes;
  if (patch.qty !== undefined && cmp(dec(patch.qty), dec(mo.qty)) !== 0) {
    if (cmp(dec(patch.qty), ZERO) <= 0) throw new DomainError(400, moMessages.positive, { qty: moMessages.positive });
    checkWholeQty(item.serialTracking, patch.qty);
    const qty = fixed(dec(patch.qty), 4);
    set.qty = qty;
    if (mo.status !== 'planned') Object.assign(set, await applyReleasedQty(tx, ctx, mo, qty));
  }
  if (!Object.keys(set).length) return;
  await tx
    .update(manufacturingOrders)
    .set({ ...set, version: sql`${manufacturingOrders.version} + 1`, updatedAt: new Date() })
    .where(eq(manufacturingOrders.id, id));
  const after = await snapshotOf(tx, id);
  if (patch.dueDate !== undefined && after && (!after.dueDate || after.dueDate >= kyivToday())) {
    await resolveByKey(tx, overdueKey(id));
  }
  await audit(tx, ctx, { action: 'update', entityType: MO_ENTITY, entityId: id, before: mo, after });
}

/** DELETE: planned only (no snapshot, no stock effect). */
export async function deleteManufacturingOrder(tx: DbOrTx, ctx: AuditContext, id: number): Promise<void> {
  const mo = await lockManufacturingOrder(tx, id);
  if (mo.status !== 'planned') throw statusError(mo.status, moMessages.deletePlannedOnly);
  const [posting] = await tx.select({ id: moPostings.id }).from(moPostings).where(eq(moPostings.moId, id)).limit(1);
  if (posting) throw statusError(mo.status, moMessages.deletePlannedOnly);
  await tx
    .update(manufacturingOrders)
    .set({ parentMoId: null, parentMaterialId: null })
    .where(eq(manufacturingOrders.parentMoId, id));
  await tx.delete(manufacturingOrders).where(eq(manufacturingOrders.id, id));
  await resolveByKey(tx, overdueKey(id));
  await audit(tx, ctx, { action: 'delete', entityType: MO_ENTITY, entityId: id, before: mo });
}
/**
 * 'Створити МВ на напівфабрикати': for each semi-finished material line (or the lines asked) short of stock —
 * required − issued − reserved − free − what open child MOs still make — a planned child MO whose output goes to
 * the parent's materials warehouse (and is reserved to the parent's line on output).
 */
export async function createChildOrders(
  tx: DbOrTx,
  ctx: AuditContext,
  id: number,
  materialIds?: readonly number[],
): Promise<
  Array<{ id: number; number: string; itemId: number; itemName: string; qty: string; parentMaterialId: number }>
> {
  const mo = await lockManufacturingOrder(tx, id);
  if (!OPEN_STATUSES.includes(mo.status)) throw statusError(mo.status, moMessages.childNotReleased);
  const lines = (await materialStates(tx, id)).filter(
    (l) => l.kind === 'semi_finished' && (!materialIds || materialIds.includes(l.id)),
  );
  const created: Array<{
    id: number;
    number: string;
    itemId: number;
    itemName: string;
    qty: string;
    parentMaterialId: number;
  }> = [];
  for (const line of lines) {
    const free = await availableIn(tx, line.itemId, mo.materialsWarehouseId);
    const [children] = rowsOf<{ open: string }>(
      await tx.execute(sql`select coalesce(sum(greatest(c.qty - coalesce((select sum(p.good_qty) from mo_postings p
          where p.mo_id = c.id and p.kind = 'output' and p.status = 'posted'), 0), 0)), 0)::text as open
        from manufacturing_orders c where c.parent_material_id = ${line.id}
          and c.status in ('planned', 'released', 'in_progress')`),
    );
    const short = sub(
      sub(sub(sub(dec(line.requiredQty), line.issued), line.reserved), maxDec(free, ZERO)),
      dec(children?.open ?? '0'),
    );
    if (cmp(short, ZERO) <= 0) continue;
    if (!(await resolveProductionSpec(tx, line.itemId))) continue;
    const [item] = await tx
      .select({ serialTracking: items.serialTracking })
      .from(items)
      .where(eq(items.id, line.itemId));
    // Serial-tracked semi-finished items are made in whole units.
    const qty = item?.serialTracking ? dec(String(wholeUnits(add(short, dec('0.9999'))))) : round(short, 4);
    const child = await createManufacturingOrder(tx, ctx, {
      itemId: line.itemId,
      qty: fixed(qty, 4),
      dueDate: mo.plannedStart ?? mo.dueDate,
      priority: mo.priority,
      responsibleWorkerId: mo.responsibleWorkerId,
      outputWarehouseId: mo.materialsWarehouseId,
      materialsWarehouseId: mo.materialsWarehouseId,
      parentMoId: mo.id,
      parentMaterialId: line.id,
      notes: `Напівфабрикат для ${mo.number}`,
    });
    created.push({ ...child, itemId: line.itemId, itemName: line.name, qty: fixed(qty, 4), parentMaterialId: line.id });
  }
  if (!created.length) throw new DomainError(409, moMessages.childNothing);
  return created;
}
/** Open MOs of these order lines (for other modules: coverage of a line by production). */
export async function openDemandsOf(db: DbOrTx, orderLineIds: readonly number[]) {
  if (!orderLineIds.length) return [];
  return db
    .select({ moId: moDemands.moId, orderLineId: moDemands.orderLineId, qty: moDemands.qty })
    .from(moDemands)
    .innerJoin(manufacturingOrders, eq(manufacturingOrders.id, moDemands.moId))
    .where(
      and(inArray(moDemands.orderLineId, [...orderLineIds]), inArray(manufacturingOrders.status, [...ACTIVE_STATUSES])),
    );
}
