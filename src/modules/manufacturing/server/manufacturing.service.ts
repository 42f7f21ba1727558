// Manufacturing orders' state machine (production.md §4): create → release (snapshot, reservations, serials,
// readiness, planned cost) → start → complete (time closed, short confirmation, excess, actual cost), unrelease and
// cancel with their guards, quantity changes, child MOs for semi-finished shortfalls, and time-entry corrections.
// Every function runs in the caller's transaction, locks the MO first and writes the audit record.
import { rowsOf } from '@/server/kernel/rows.ts';
import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import { add, cmp, dec, div, fixed, isZero, min, mul, round, sub, type Dec } from '@/shared/decimal.ts';
import { kyivToday } from '@/shared/kyiv-date.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { nextNumber } from '@/modules/stock/server/index.ts';
import { notify, resolveByKey } from '@/modules/notifications/server/index.ts';
import {
  bomMaterials,
  effectiveOperations,
  plannedMinutes,
  requireProductionSpec,
  resolveProductionSpec,
  type EffectiveOperation,
} from '@/modules/production/server/index.ts';
import { orderLines } from '@/modules/orders/server/orders.table.ts';
import { items } from '@/resources/items/items.table.ts';
import { warehouses } from '@/resources/warehouses/warehouses.table.ts';
import { workers } from '@/resources/workers/workers.table.ts';
import { moMessages, type MoExcess, type MoPriority } from '../manufacturing.contract.ts';
import {
  manufacturingOrders,
  moDemands,
  moMaterials,
  moOperations,
  moPostings,
  timeEntries,
  type MoOperationStatus,
} from './manufacturing.table.ts';
import {
  ACTIVE_STATUSES,
  MO_ENTITY,
  OPEN_STATUSES,
  TIME_ENTRY_ENTITY,
  ZERO,
  actualCosts,
  allocatedSerials,
  availableIn,
  lockManufacturingOrder,
  materialStates,
  maxDec,
  plannedConversion,
  plannedMaterial,
  producedOf,
  qtyText,
  releaseMaterialReservations,
  statusError,
  syncMaterialReservations,
  syncSerialAllocation,
  voidAllocatedSerials,
  wholeUnits,
  type MoRow,
} from './manufacturing.common.ts';
import { postMoIssue } from './manufacturing.postings.ts';

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

export const overdueKey = (moId: number) => `mo-overdue:${moId}`;
export const producedKey = (moId: number, orderId: number) => `mo-produced:${moId}:${orderId}`;

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
  if (version !== undefined && version !== mo.version) throw new DomainError(409, moMessages.version);
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

/** The operations of a release: the tech card's effective ones, or one 'Виготовлення' without a department. */
function releaseOperations(ops: readonly EffectiveOperation[]) {
  if (ops.length) return ops;
  return [
    {
      seq: 10,
      name: 'Виготовлення',
      instructions: null,
      departmentId: null,
      positionId: null,
      setupMinutes: '0',
      runMinutesPerUnit: '0',
      equipment: null,
      canRunParallel: false,
      qualityCheck: false,
      techCardOperationId: null,
    },
  ];
}

/** 'Запустити' (§4 Release). */
export async function releaseManufacturingOrder(tx: DbOrTx, ctx: AuditContext, id: number): Promise<void> {
  const mo = await lockManufacturingOrder(tx, id);
  if (mo.status !== 'planned') throw statusError(mo.status, moMessages.releasePlannedOnly);
  const spec = await requireProductionSpec(tx, mo.itemId, mo.recipeId);
  const materials = await bomMaterials(tx, spec.bom.id);
  const ops = releaseOperations(spec.techCard ? await effectiveOperations(tx, spec.techCard.id) : []);
  // A leftover snapshot (none expected) is replaced.
  await tx.delete(moMaterials).where(eq(moMaterials.moId, id));
  await tx.delete(moOperations).where(eq(moOperations.moId, id));
  if (materials.length) {
    await tx.insert(moMaterials).values(
      materials.map((m, i) => ({
        moId: id,
        lineNo: i + 1,
        itemId: m.itemId,
        bomLineId: m.bomLineId,
        perUnitQty: m.perUnitQty,
        requiredQty: fixed(round(mul(dec(m.perUnitQty), dec(mo.qty)), 4), 4),
      })),
    );
  }
  await tx.insert(moOperations).values(
    ops.map((op) => ({
      moId: id,
      seq: op.seq,
      name: op.name,
      techCardOperationId: op.techCardOperationId,
      departmentId: op.departmentId,
      positionId: op.positionId,
      setupMinutes: op.setupMinutes,
      runMinutesPerUnit: op.runMinutesPerUnit,
      plannedMinutes: plannedMinutes(op, mo.qty),
      equipment: op.equipment,
      instructions: op.instructions,
      canRunParallel: op.canRunParallel,
      qualityCheck: op.qualityCheck,
      status: 'pending' as const,
    })),
  );
  const released = { ...mo, recipeId: spec.recipe?.id ?? null };
  await syncMaterialReservations(tx, released);
  await syncSerialAllocation(tx, ctx, released, ZERO);
  await refreshOperationReadiness(tx, id);
  const conversion = await plannedConversion(tx, released);
  const material = await plannedMaterial(tx, released);
  await tx
    .update(manufacturingOrders)
    .set({
      status: 'released',
      recipeId: released.recipeId,
      bomId: spec.bom.id,
      techCardId: spec.techCard?.id ?? null,
      bomVersion: spec.bom.version,
      techCardVersion: spec.techCard?.version ?? null,
      releasedAt: new Date(),
      releasedBy: ctx.userId,
      plannedLabour: conversion.labour,
      plannedOverhead: conversion.overhead,
      plannedMaterial: material,
      plannedTotal: fixed(add(add(dec(material), dec(conversion.labour)), dec(conversion.overhead)), 2),
      version: sql`${manufacturingOrders.version} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(manufacturingOrders.id, id));
  await audit(tx, ctx, {
    action: 'status_change',
    entityType: MO_ENTITY,
    entityId: id,
    before: { status: mo.status },
    after: {
      status: 'released',
      bomId: spec.bom.id,
      techCardId: spec.techCard?.id ?? null,
      recipeId: released.recipeId,
      materials: materials.length,
      operations: ops.length,
      plannedMaterial: material,
      plannedLabour: conversion.labour,
      plannedOverhead: conversion.overhead,
    },
  });
}

/** 'Відкликати' (§4): back to planned while nothing happened — reservations released, serials voided, snapshot dropped. */
export async function unreleaseManufacturingOrder(tx: DbOrTx, ctx: AuditContext, id: number): Promise<void> {
  const mo = await lockManufacturingOrder(tx, id);
  if (mo.status !== 'released') throw statusError(mo.status, moMessages.unreleaseReleasedOnly);
  const [posting] = await tx.select({ id: moPostings.id }).from(moPostings).where(eq(moPostings.moId, id)).limit(1);
  if (posting) throw new DomainError(409, moMessages.unreleaseHasPostings);
  const [entry] = rowsOf<{ id: number }>(
    await tx.execute(sql`select te.id from time_entries te join mo_operations o on o.id = te.mo_operation_id
      where o.mo_id = ${id} limit 1`),
  );
  if (entry) throw new DomainError(409, moMessages.unreleaseHasTime);
  await releaseMaterialReservations(tx, id);
  await voidAllocatedSerials(tx, ctx, mo, 'Замовлення відкликано');
  // Child MOs made for a material line keep their parent but lose the line (the snapshot goes).
  await tx.update(manufacturingOrders).set({ parentMaterialId: null }).where(eq(manufacturingOrders.parentMoId, id));
  await tx.delete(moMaterials).where(eq(moMaterials.moId, id));
  await tx.delete(moOperations).where(eq(moOperations.moId, id));
  await tx
    .update(manufacturingOrders)
    .set({
      status: 'planned',
      bomId: null,
      techCardId: null,
      bomVersion: null,
      techCardVersion: null,
      releasedAt: null,
      releasedBy: null,
      plannedLabour: null,
      plannedOverhead: null,
      plannedMaterial: null,
      plannedTotal: null,
      version: sql`${manufacturingOrders.version} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(manufacturingOrders.id, id));
  await audit(tx, ctx, {
    action: 'status_change',
    entityType: MO_ENTITY,
    entityId: id,
    before: { status: mo.status },
    after: { status: 'planned', action: 'unrelease' },
  });
}

/** 'Почати' (§4): released → in progress; already in progress is a no-op; planned is not released here. */
export async function startManufacturingOrder(tx: DbOrTx, ctx: AuditContext, id: number): Promise<void> {
  const mo = await lockManufacturingOrder(tx, id);
  if (mo.status === 'in_progress') return;
  if (mo.status !== 'released') throw statusError(mo.status, moMessages.startNotReleased);
  await markInProgress(tx, ctx, mo);
}

/** released → in_progress (first MES start, issue, output or 'Почати'); the MO is locked by the caller. */
export async function markInProgress(tx: DbOrTx, ctx: AuditContext, mo: MoRow): Promise<void> {
  if (mo.status !== 'released') return;
  await tx
    .update(manufacturingOrders)
    .set({
      status: 'in_progress',
      startedAt: mo.startedAt ?? new Date(),
      version: sql`${manufacturingOrders.version} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(manufacturingOrders.id, mo.id));
  mo.status = 'in_progress';
  await audit(tx, ctx, {
    action: 'status_change',
    entityType: MO_ENTITY,
    entityId: mo.id,
    before: { status: 'released' },
    after: { status: 'in_progress' },
  });
}

/**
 * Readiness (§6): an operation is ready when it is the first, can run in parallel, or every earlier operation is
 * done (or skipped) or has more good units than it. Only pending ↔ ready change; running, paused, done and skipped
 * operations are left alone.
 */
export async function refreshOperationReadiness(tx: DbOrTx, moId: number): Promise<void> {
  const ops = await tx
    .select({
      id: moOperations.id,
      status: moOperations.status,
      canRunParallel: moOperations.canRunParallel,
      goodQty: moOperations.goodQty,
    })
    .from(moOperations)
    .where(eq(moOperations.moId, moId))
    .orderBy(asc(moOperations.seq), asc(moOperations.id));
  const toReady: number[] = [];
  const toPending: number[] = [];
  ops.forEach((op, i) => {
    if (op.status !== 'pending' && op.status !== 'ready') return;
    const ready =
      i === 0 ||
      op.canRunParallel ||
      ops
        .slice(0, i)
        .every((e) => e.status === 'done' || e.status === 'skipped' || cmp(dec(e.goodQty), dec(op.goodQty)) > 0);
    const next: MoOperationStatus = ready ? 'ready' : 'pending';
    if (next === op.status) return;
    (ready ? toReady : toPending).push(op.id);
  });
  if (toReady.length) {
    await tx
      .update(moOperations)
      .set({ status: 'ready', version: sql`${moOperations.version} + 1` })
      .where(inArray(moOperations.id, toReady));
  }
  if (toPending.length) {
    await tx
      .update(moOperations)
      .set({ status: 'pending', version: sql`${moOperations.version} + 1` })
      .where(inArray(moOperations.id, toPending));
  }
}

/**
 * Closes open time entries (minutes = ended − started) — of one MO, or those open longer than `olderThanHours` —
 * flagged autoClosed ('Автозакриття') when `auto`. An operation left running with nobody on it goes paused.
 * Answers how many it closed.
 */
export async function closeOpenTimeEntries(
  tx: DbOrTx,
  ctx: AuditContext,
  opts: { moId?: number; olderThanHours?: number; auto: boolean },
): Promise<number> {
  const now = new Date();
  const where = [isNull(timeEntries.endedAt)];
  if (opts.olderThanHours !== undefined) {
    where.push(lt(timeEntries.startedAt, new Date(now.getTime() - opts.olderThanHours * 3600_000)));
  }
  if (opts.moId !== undefined) {
    where.push(
      inArray(
        timeEntries.moOperationId,
        tx.select({ id: moOperations.id }).from(moOperations).where(eq(moOperations.moId, opts.moId)),
      ),
    );
  }
  const open = await tx
    .select()
    .from(timeEntries)
    .where(and(...where))
    .orderBy(asc(timeEntries.id))
    .for('update');
  for (const entry of open) {
    const minutes = minutesBetween(entry.startedAt, now);
    await tx
      .update(timeEntries)
      .set({ endedAt: now, minutes, autoClosed: opts.auto, updatedAt: now })
      .where(eq(timeEntries.id, entry.id));
    await audit(tx, ctx, {
      action: 'update',
      entityType: TIME_ENTRY_ENTITY,
      entityId: entry.id,
      before: { endedAt: null, minutes: null },
      after: { endedAt: now.toISOString(), minutes, autoClosed: opts.auto },
    });
  }
  const opIds = [...new Set(open.map((e) => e.moOperationId).filter((v): v is number => v != null))];
  for (const opId of opIds) {
    const [still] = await tx
      .select({ id: timeEntries.id })
      .from(timeEntries)
      .where(and(eq(timeEntries.moOperationId, opId), isNull(timeEntries.endedAt)))
      .limit(1);
    if (still) continue;
    await tx
      .update(moOperations)
      .set({ status: 'paused', version: sql`${moOperations.version} + 1` })
      .where(and(eq(moOperations.id, opId), eq(moOperations.status, 'in_progress')));
  }
  return open.length;
}

/** Whole minutes and hundredths between two moments. */
export function minutesBetween(start: Date, end: Date): string {
  const ms = Math.max(0, end.getTime() - start.getTime());
  return fixed(div(dec(ms), dec(60_000), 2), 2);
}

/** Materials issued beyond perUnit × (produced + scrap), per line (what completion may return). */
export async function excessMaterials(tx: DbOrTx, moId: number, produced: Dec, scrap: Dec) {
  const lines = await materialStates(tx, moId);
  return lines
    .filter((l) => l.stockable)
    .map((l) => ({
      line: l,
      excess: sub(l.issued, round(mul(dec(l.perUnitQty), add(produced, scrap)), 4)),
    }))
    .filter((x) => cmp(x.excess, ZERO) > 0);
}

/** Shrinks the demand links to what was produced, earliest-due lines kept first ('Завершити з недовипуском'). */
async function shrinkDemands(tx: DbOrTx, moId: number, produced: Dec) {
  const rows = rowsOf<{ id: number; qty: string }>(
    await tx.execute(sql`select d.id, d.qty::text from mo_demands d
      join order_lines l on l.id = d.order_line_id join orders o on o.id = l.order_id
      where d.mo_id = ${moId} order by o.due_date asc nulls last, o.id, l.line_no, d.id`),
  );
  let left = produced;
  for (const row of rows) {
    const keep = min(dec(row.qty), maxDec(left, ZERO));
    left = sub(left, keep);
    if (cmp(keep, ZERO) <= 0) await tx.delete(moDemands).where(eq(moDemands.id, Number(row.id)));
    else if (cmp(keep, dec(row.qty)) !== 0) {
      await tx
        .update(moDemands)
        .set({ qty: fixed(keep, 4) })
        .where(eq(moDemands.id, Number(row.id)));
    }
  }
}

/** 'Виготовлено {item} × {qty}' to the managers of the MO's linked orders (one per order, refreshed). */
export async function notifyProduced(tx: DbOrTx, mo: Pick<MoRow, 'id' | 'number' | 'itemId'>, qty: Dec) {
  const rows = rowsOf<{ order_id: number; order_number: string; manager_user_id: number | null; name: string }>(
    await tx.execute(sql`select distinct o.id as order_id, o.order_number, o.manager_user_id, i.name
      from mo_demands d join order_lines l on l.id = d.order_line_id join orders o on o.id = l.order_id
      join manufacturing_orders mo on mo.id = d.mo_id join items i on i.id = mo.item_id
      where d.mo_id = ${mo.id} and o.manager_user_id is not null`),
  );
  for (const r of rows) {
    await notify(tx, {
      type: 'success',
      priority: 'medium',
      title: moMessages.produced(r.name, qtyText(qty)),
      message: `${mo.number} — для замовлення ${r.order_number}`,
      actionUrl: `/orders?search=${encodeURIComponent(r.order_number)}`,
      related: { type: 'orders', id: Number(r.order_id) },
      userIds: [Number(r.manager_user_id)],
      dedupeKey: producedKey(mo.id, Number(r.order_id)),
    });
  }
}

/**
 * 'Завершити' (§4 Completion): open time closed (auto), short output confirmed (demand links shrink), excess
 * materials returned or left as variance, reservations released, unused serials voided, the actual cost stored.
 */
export async function completeManufacturingOrder(
  tx: DbOrTx,
  ctx: AuditContext,
  id: number,
  opts: { excess?: MoExcess; confirmShort?: boolean } = {},
): Promise<void> {
  const mo = await lockManufacturingOrder(tx, id);
  if (mo.status !== 'in_progress') throw statusError(mo.status, moMessages.completeNotInProgress);
  const { produced, scrap } = await producedOf(tx, id);
  if (cmp(produced, dec(mo.qty)) < 0 && !opts.confirmShort) {
    const message = moMessages.shortConfirm(qtyText(produced), qtyText(mo.qty));
    throw new DomainError(409, message, { confirmShort: message });
  }
  const excess = await excessMaterials(tx, id, produced, scrap);
  if (excess.length && !opts.excess) {
    throw new DomainError(409, moMessages.excessChoice, { excess: moMessages.excessChoice });
  }
  const closed = await closeOpenTimeEntries(tx, ctx, { moId: id, auto: true });
  if (cmp(produced, dec(mo.qty)) < 0) await shrinkDemands(tx, id, produced);
  if (excess.length && opts.excess === 'return') {
    await postMoIssue(tx, ctx, id, {
      lines: excess.map((x) => ({
        moMaterialId: x.line.id,
        itemId: x.line.itemId,
        qty: fixed(sub(ZERO, x.excess), 4),
      })),
      notes: 'Повернення надлишку при завершенні',
    });
  }
  await releaseMaterialReservations(tx, id);
  await voidAllocatedSerials(tx, ctx, mo, 'Замовлення завершено — номер не використано');
  const actual = await actualCosts(tx, id);
  await tx
    .update(manufacturingOrders)
    .set({
      status: 'completed',
      completedAt: new Date(),
      completedBy: ctx.userId,
      actualMaterial: actual.material,
      actualLabour: actual.labour,
      actualOverhead: actual.overhead,
      actualTotal: actual.total,
      excessHandling: excess.length ? (opts.excess ?? null) : null,
      version: sql`${manufacturingOrders.version} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(manufacturingOrders.id, id));
  await resolveByKey(tx, overdueKey(id));
  if (cmp(produced, ZERO) > 0) await notifyProduced(tx, mo, produced);
  await audit(tx, ctx, {
    action: 'status_change',
    entityType: MO_ENTITY,
    entityId: id,
    before: { status: mo.status },
    after: {
      status: 'completed',
      produced: fixed(produced, 4),
      scrap: fixed(scrap, 4),
      short: cmp(produced, dec(mo.qty)) < 0,
      excess: excess.length ? (opts.excess ?? null) : null,
      closedTimeEntries: closed,
      actual,
    },
  });
}

/**
 * 'Скасувати' {reason} (§4): while no issue or output stays posted (they are cancelled first). Reservations are
 * released, serials voided, demand links removed (the order lines become uncovered again).
 */
export async function cancelManufacturingOrder(
  tx: DbOrTx,
  ctx: AuditContext,
  id: number,
  reason: string,
): Promise<void> {
  if (!reason.trim()) throw new DomainError(400, moMessages.reason, { reason: moMessages.reason });
  const mo = await lockManufacturingOrder(tx, id);
  if (!ACTIVE_STATUSES.includes(mo.status)) throw statusError(mo.status, moMessages.cancelNotAllowed);
  const posted = await tx
    .select({ number: moPostings.number })
    .from(moPostings)
    .where(and(eq(moPostings.moId, id), eq(moPostings.status, 'posted')))
    .orderBy(asc(moPostings.id));
  if (posted.length) {
    throw new DomainError(409, moMessages.cancelHasPostings(posted.map((p) => p.number)));
  }
  await closeOpenTimeEntries(tx, ctx, { moId: id, auto: true });
  await releaseMaterialReservations(tx, id);
  await voidAllocatedSerials(tx, ctx, mo, `Замовлення скасовано: ${reason}`);
  const demands = await tx.select().from(moDemands).where(eq(moDemands.moId, id));
  await tx.delete(moDemands).where(eq(moDemands.moId, id));
  await tx
    .update(manufacturingOrders)
    .set({
      status: 'cancelled',
      cancelledAt: new Date(),
      cancelReason: reason,
      version: sql`${manufacturingOrders.version} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(manufacturingOrders.id, id));
  await resolveByKey(tx, overdueKey(id));
  await audit(tx, ctx, {
    action: 'cancel',
    entityType: MO_ENTITY,
    entityId: id,
    before: { status: mo.status, demands },
    after: { status: 'cancelled', reason },
  });
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

/** Foreman correction of a time entry (§6 Time): times, quantities (the operation's totals follow), audited. */
export async function correctTimeEntry(
  tx: DbOrTx,
  ctx: AuditContext,
  entryId: number,
  patch: {
    startedAt?: string;
    endedAt?: string | null;
    goodQty?: string;
    scrapQty?: string;
    scrapReason?: string | null;
    reason?: string | null;
  },
): Promise<{ moId: number }> {
  const [entry] = await tx.select().from(timeEntries).where(eq(timeEntries.id, entryId)).for('update');
  if (!entry || entry.moOperationId == null) throw new DomainError(404, moMessages.timeEntryNotFound);
  const [op] = await tx.select().from(moOperations).where(eq(moOperations.id, entry.moOperationId));
  if (!op) throw new DomainError(404, moMessages.timeEntryNotFound);
  const mo = await lockManufacturingOrder(tx, op.moId);
  if (mo.status === 'cancelled') throw statusError(mo.status, moMessages.timeEntryClosedMo);
  const startedAt = patch.startedAt !== undefined ? new Date(patch.startedAt) : entry.startedAt;
  const endedAt =
    patch.endedAt !== undefined ? (patch.endedAt === null ? null : new Date(patch.endedAt)) : entry.endedAt;
  if (endedAt && endedAt.getTime() <= startedAt.getTime()) {
    throw new DomainError(400, moMessages.timeEntryEnd, { endedAt: moMessages.timeEntryEnd });
  }
  if (mo.status === 'completed' && !endedAt) {
    throw new DomainError(400, moMessages.timeEntryEnd, { endedAt: moMessages.timeEntryEnd });
  }
  const goodQty = patch.goodQty !== undefined ? fixed(dec(patch.goodQty), 4) : entry.goodQty;
  const scrapQty = patch.scrapQty !== undefined ? fixed(dec(patch.scrapQty), 4) : entry.scrapQty;
  const set = {
    startedAt,
    endedAt,
    minutes: endedAt ? minutesBetween(startedAt, endedAt) : null,
    goodQty,
    scrapQty,
    scrapReason: patch.scrapReason !== undefined ? patch.scrapReason : entry.scrapReason,
    updatedAt: new Date(),
  };
  await tx.update(timeEntries).set(set).where(eq(timeEntries.id, entryId));
  const goodDelta = sub(dec(goodQty), dec(entry.goodQty));
  const scrapDelta = sub(dec(scrapQty), dec(entry.scrapQty));
  if (!isZero(goodDelta) || !isZero(scrapDelta)) {
    await tx
      .update(moOperations)
      .set({
        goodQty: fixed(maxDec(add(dec(op.goodQty), goodDelta), ZERO), 4),
        scrapQty: fixed(maxDec(add(dec(op.scrapQty), scrapDelta), ZERO), 4),
        version: sql`${moOperations.version} + 1`,
      })
      .where(eq(moOperations.id, op.id));
    await refreshOperationReadiness(tx, mo.id);
  }
  // A completed MO's stored actual cost follows the corrected time.
  if (mo.status === 'completed') {
    const actual = await actualCosts(tx, mo.id);
    await tx
      .update(manufacturingOrders)
      .set({
        actualMaterial: actual.material,
        actualLabour: actual.labour,
        actualOverhead: actual.overhead,
        actualTotal: actual.total,
        updatedAt: new Date(),
      })
      .where(eq(manufacturingOrders.id, mo.id));
  }
  await audit(tx, ctx, {
    action: 'update',
    entityType: TIME_ENTRY_ENTITY,
    entityId: entryId,
    before: entry,
    after: { ...entry, ...set, reason: patch.reason ?? null, moId: mo.id, moNumber: mo.number },
  });
  return { moId: mo.id };
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

/** The serials still allocated to an MO (for the output dialog and MES). */
export { allocatedSerials };
