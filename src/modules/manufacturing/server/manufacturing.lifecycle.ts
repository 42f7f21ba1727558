// Manufacturing orders' state machine (production.md §4): release (snapshot, reservations, serials, readiness,
// planned cost) → start → complete (time closed, short confirmation, excess, actual cost), unrelease and cancel with
// their guards. Every function runs in the caller's transaction, locks the MO first and writes the audit record. The
// status changes the postings and the time entries share (in progress, operations' readiness) are in
// manufacturing.status.ts.
import { rowsOf } from '@/server/kernel/rows.ts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import { add, cmp, dec, fixed, min, mul, round, sub, type Dec } from '@/shared/decimal.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { notify, resolveByKey } from '@/modules/notifications/server/index.ts';
import { emailEvent } from '@/modules/email-notifications/server/index.ts';
import {
  bomMaterials,
  effectiveOperations,
  plannedMinutes,
  requireProductionSpec,
  type EffectiveOperation,
} from '@/modules/production/server/index.ts';
import { moMessages, type MoExcess } from '../manufacturing.contract.ts';
import { manufacturingOrders, moDemands, moMaterials, moOperations, moPostings } from './manufacturing.table.ts';
import {
  ACTIVE_STATUSES,
  MO_ENTITY,
  ZERO,
  actualCosts,
  lockManufacturingOrder,
  materialStates,
  maxDec,
  overdueKey,
  plannedConversion,
  plannedMaterial,
  producedKey,
  producedOf,
  qtyText,
  releaseMaterialReservations,
  statusError,
  syncMaterialReservations,
  syncSerialAllocation,
  voidAllocatedSerials,
  type MoRow,
} from './manufacturing.common.ts';
import { postMoIssue } from './manufacturing.postings.ts';
import { markInProgress, refreshOperationReadiness } from './manufacturing.status.ts';
import { closeOpenTimeEntries } from './manufacturing.time.ts';

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
export async function releaseManufacturingOrder(
  tx: DbOrTx,
  ctx: AuditContext,
  id: number,
  /** The moment of the release (default now; the demo releases past batches). */
  opts: { at?: Date } = {},
): Promise<void> {
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
      releasedAt: opts.at ?? new Date(),
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
export async function startManufacturingOrder(tx: DbOrTx, ctx: AuditContext, id: number, at?: Date): Promise<void> {
  const mo = await lockManufacturingOrder(tx, id);
  if (mo.status === 'in_progress') return;
  if (mo.status !== 'released') throw statusError(mo.status, moMessages.startNotReleased);
  await markInProgress(tx, ctx, mo, at);
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

/**
 * 'Виготовлено {item} × {qty}' to the managers of the MO's linked orders (one per order, refreshed) — the guide's 'MO
 * completed' event (reports-admin.md §9): success / low, about the manufacturing order, opening it.
 */
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
      priority: 'low',
      title: moMessages.produced(r.name, qtyText(qty)),
      message: `${mo.number} — для замовлення ${r.order_number}`,
      actionUrl: `/manufacturing?search=${encodeURIComponent(mo.number)}`,
      related: { type: 'manufacturing_order', id: mo.id, label: `Виробниче замовлення ${mo.number}` },
      userIds: [Number(r.manager_user_id)],
      dedupeKey: producedKey(mo.id, Number(r.order_id)),
    });
  }
}

/** The e-mail rule 'Виробниче замовлення завершено' (reports-admin.md §14). */
async function emailCompleted(tx: DbOrTx, mo: Pick<MoRow, 'id' | 'number' | 'itemId'>, produced: Dec) {
  const [item] = rowsOf<{ name: string }>(await tx.execute(sql`select name from items where id = ${mo.itemId}`));
  await emailEvent(tx, 'mo_completed', {
    values: {
      moNumber: mo.number,
      itemName: item?.name ?? '',
      quantity: qtyText(produced),
      link: `/manufacturing?search=${encodeURIComponent(mo.number)}`,
    },
  });
}

/**
 * 'Завершити' (§4 Completion): open time closed (auto), short output confirmed (demand links shrink), excess
 * materials returned or left as variance, reservations released, unused serials voided, the actual cost stored.
 */
export async function completeManufacturingOrder(
  tx: DbOrTx,
  ctx: AuditContext,
  id: number,
  opts: { excess?: MoExcess; confirmShort?: boolean; auto?: boolean; at?: Date } = {},
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
    await postMoIssue(
      tx,
      ctx,
      id,
      {
        lines: excess.map((x) => ({
          moMaterialId: x.line.id,
          itemId: x.line.itemId,
          qty: fixed(sub(ZERO, x.excess), 4),
        })),
        notes: 'Повернення надлишку при завершенні',
      },
      { at: opts.at },
    );
  }
  await releaseMaterialReservations(tx, id);
  await voidAllocatedSerials(tx, ctx, mo, 'Замовлення завершено — номер не використано');
  const actual = await actualCosts(tx, id);
  await tx
    .update(manufacturingOrders)
    .set({
      status: 'completed',
      completedAt: opts.at ?? new Date(),
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
  await emailCompleted(tx, mo, produced);
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
      ...(opts.auto ? { auto: true } : {}),
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
