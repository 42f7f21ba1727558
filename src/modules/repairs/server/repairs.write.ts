// Changing repairs (production.md §7): intake (by serial: warranty from soldAt + the item's warrantyMonths, the serial
// sold → in_repair), the card's fields with the warranty override and client approval, deletion of a fresh repair,
// and booked time at the worker's rate. Every change locks the row, checks its version and is audited.
import { and, eq, sql } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { checkVersion } from '@/server/kernel/documents.ts';
import { kyivToday } from '@/shared/kyiv-date.ts';
import type { z } from '@/shared/zod-uk.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { nextNumber } from '@/modules/stock/server/index.ts';
import { moveSerials, serialNumbers, warrantyUntil } from '@/modules/serial-numbers/server/index.ts';
import { timeEntries } from '@/modules/manufacturing/server/manufacturing.table.ts';
import { items } from '@/resources/items/items.table.ts';
import { counterparties } from '@/resources/counterparties/counterparties.table.ts';
import { workers } from '@/resources/workers/workers.table.ts';
import { positions } from '@/resources/positions/positions.table.ts';
import {
  repairMessages,
  repairStatusLabels,
  type Repair,
  type RepairStatus,
  type repairCreateSchema,
  type repairTimeEntrySchema,
  type repairUpdateSchema,
} from '../repairs.contract.ts';
import { repairParts, repairPartsPostings, repairs, repairStatusHistory } from './repairs.table.ts';
import { getRepair, repairCosts } from './repairs.read.ts';
import { ENTITY } from './repairs.common.ts';

type CreateBody = z.output<typeof repairCreateSchema>;
type UpdateBody = z.output<typeof repairUpdateSchema>;
type TimeBody = z.output<typeof repairTimeEntrySchema>;
export type RepairRow = typeof repairs.$inferSelect;

export const CLOSED: readonly RepairStatus[] = ['returned', 'cancelled'];

/** The repair's row, locked for the change when `lock`; 404 when there is none. */
export async function loadRepair(tx: DbOrTx, id: number, lock = false): Promise<RepairRow> {
  const q = tx.select().from(repairs).where(eq(repairs.id, id));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw new DomainError(404, repairMessages.notFound);
  return row;
}

export function refuseClosed(row: RepairRow) {
  if (CLOSED.includes(row.status as RepairStatus)) throw new DomainError(409, repairMessages.closedLocked);
}

/** Writes one history row (one per status change, with the user). */
export async function writeHistory(
  tx: DbOrTx,
  repairId: number,
  from: RepairStatus | null,
  to: RepairStatus,
  userId: number | null,
  comment: string | null,
) {
  await tx.insert(repairStatusHistory).values({ repairId, fromStatus: from, toStatus: to, userId, comment });
}

const effectiveWarranty = (computed: boolean, override: boolean | null) => override ?? computed;

/** Keeps the stored parts, labour and warranty costs current (the profitability report reads them). */
export async function storeCosts(tx: DbOrTx, id: number) {
  const [row] = await tx.select({ isWarranty: repairs.isWarranty }).from(repairs).where(eq(repairs.id, id));
  const costs = await repairCosts(tx, id, row?.isWarranty ?? false);
  await tx
    .update(repairs)
    .set({ partsCost: costs.partsCost, labourCost: costs.labourCost, warrantyCost: costs.warrantyCost })
    .where(eq(repairs.id, id));
}

function checkOverride(override: boolean | null | undefined, reason: string | null | undefined) {
  if (override != null && !reason) {
    throw new DomainError(400, repairMessages.overrideReason, {
      warrantyOverrideReason: repairMessages.overrideReason,
    });
  }
}

export async function createRepair(tx: DbOrTx, ctx: AuditContext, body: CreateBody): Promise<Repair> {
  const [item] = await tx
    .select({ id: items.id, warrantyMonths: items.warrantyMonths })
    .from(items)
    .where(eq(items.id, body.itemId));
  if (!item) throw new DomainError(400, repairMessages.reference, { itemId: repairMessages.reference });
  const [client] = await tx
    .select({ id: counterparties.id })
    .from(counterparties)
    .where(eq(counterparties.id, body.clientId));
  if (!client) throw new DomainError(400, repairMessages.reference, { clientId: repairMessages.reference });
  checkOverride(body.warrantyOverride, body.warrantyOverrideReason);
  const intakeDate = body.intakeDate ?? kyivToday();
  let soldAt: Date | null = null;
  let until: string | null = null;
  if (body.serialNumberId) {
    const [serial] = await tx
      .select({ itemId: serialNumbers.itemId, soldAt: serialNumbers.soldAt })
      .from(serialNumbers)
      .where(eq(serialNumbers.id, body.serialNumberId));
    if (!serial) throw new DomainError(404, repairMessages.serialNotFound);
    if (serial.itemId !== body.itemId) {
      throw new DomainError(400, repairMessages.serialItemMismatch, {
        serialNumberId: repairMessages.serialItemMismatch,
      });
    }
    soldAt = serial.soldAt;
    until = item.warrantyMonths ? warrantyUntil(soldAt, item.warrantyMonths) : null;
  }
  const computed = until != null && intakeDate <= until;
  const override = body.warrantyOverride ?? null;
  const [row] = await tx
    .insert(repairs)
    .values({
      number: await nextNumber(tx, 'repair', intakeDate),
      intakeDate,
      status: 'received',
      serialNumberId: body.serialNumberId ?? null,
      itemId: body.itemId,
      clientId: body.clientId,
      contactId: body.contactId ?? null,
      problemDescription: body.problemDescription,
      accessories: body.accessories ?? null,
      visualDamage: body.visualDamage ?? null,
      soldAt,
      warrantyUntil: until,
      computedWarranty: computed,
      warrantyOverride: override,
      warrantyOverrideReason: override == null ? null : (body.warrantyOverrideReason ?? null),
      isWarranty: effectiveWarranty(computed, override),
      assignedWorkerId: body.assignedWorkerId ?? null,
      estimatedCost: body.estimatedCost ?? null,
      notes: body.notes ?? null,
      createdBy: ctx.userId,
    })
    .returning();
  const repair = row!;
  if (repair.serialNumberId) {
    await moveSerials(tx, {
      serialIds: [repair.serialNumberId],
      from: ['sold'],
      to: 'in_repair',
      event: 'repair_in',
      document: { type: 'repair', id: repair.id, number: repair.number },
      userId: ctx.userId,
    });
  }
  await writeHistory(tx, repair.id, null, 'received', ctx.userId, null);
  await audit(tx, ctx, { action: 'create', entityType: ENTITY, entityId: repair.id, after: repair });
  return getRepair(tx, repair.id);
}

export async function updateRepair(tx: DbOrTx, ctx: AuditContext, id: number, body: UpdateBody): Promise<Repair> {
  const before = await loadRepair(tx, id, true);
  checkVersion(body.version, before.version, repairMessages.version);
  refuseClosed(before);
  const { version: _v, ...fields } = body;
  const set: Partial<typeof repairs.$inferInsert> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined) (set as Record<string, unknown>)[key] = value;
  }
  if (body.intakeDate !== undefined) {
    set.computedWarranty = before.warrantyUntil != null && body.intakeDate <= before.warrantyUntil;
  }
  if (body.warrantyOverride !== undefined) {
    const reason = body.warrantyOverrideReason ?? before.warrantyOverrideReason;
    checkOverride(body.warrantyOverride, reason);
    set.warrantyOverrideReason = body.warrantyOverride == null ? null : reason;
  }
  if (body.warrantyOverride !== undefined || body.intakeDate !== undefined) {
    set.isWarranty = effectiveWarranty(
      set.computedWarranty ?? before.computedWarranty,
      set.warrantyOverride !== undefined ? (set.warrantyOverride ?? null) : before.warrantyOverride,
    );
  }
  if (body.clientApproved !== undefined && body.clientApproved !== before.clientApproved) {
    set.clientApprovedAt = body.clientApproved ? new Date() : null;
  }
  const [after] = await tx
    .update(repairs)
    .set({ ...set, version: before.version + 1, updatedAt: new Date() })
    .where(eq(repairs.id, id))
    .returning();
  if (set.isWarranty !== undefined) await storeCosts(tx, id);
  await audit(tx, ctx, { action: 'update', entityType: ENTITY, entityId: id, before, after });
  return getRepair(tx, id);
}

/** Only a received repair without part lines (production.md §7). The serial goes back to sold. */
export async function deleteRepair(tx: DbOrTx, ctx: AuditContext, id: number): Promise<void> {
  const before = await loadRepair(tx, id, true);
  const [parts] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(repairParts)
    .where(eq(repairParts.repairId, id));
  const [postings] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(repairPartsPostings)
    .where(eq(repairPartsPostings.repairId, id));
  const [time] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(timeEntries)
    .where(eq(timeEntries.repairId, id));
  const used = Number(parts?.n ?? 0) + Number(postings?.n ?? 0) + Number(time?.n ?? 0);
  if (before.status !== 'received' || used > 0) {
    throw new DomainError(409, repairMessages.deleteReceivedOnly);
  }
  if (before.serialNumberId) {
    await moveSerials(tx, {
      serialIds: [before.serialNumberId],
      from: ['in_repair'],
      to: 'sold',
      event: 'repair_out',
      document: { type: 'repair', id, number: before.number },
      userId: ctx.userId,
      note: repairMessages.deleted,
    });
  }
  await tx.delete(repairs).where(eq(repairs.id, id));
  await audit(tx, ctx, { action: 'delete', entityType: ENTITY, entityId: id, before });
}

/** Time at the worker's rate (the worker's own, else the position's), booked in time_entries by repair_id. */
export async function addTimeEntry(tx: DbOrTx, ctx: AuditContext, id: number, body: TimeBody): Promise<Repair> {
  const repair = await loadRepair(tx, id, true);
  refuseClosed(repair);
  const [worker] = await tx
    .select({
      id: workers.id,
      rate: sql<string | null>`coalesce(${workers.hourlyRate}, ${positions.hourlyRate})::text`,
    })
    .from(workers)
    .leftJoin(positions, eq(positions.id, workers.positionId))
    .where(eq(workers.id, body.workerId));
  if (!worker) throw new DomainError(400, repairMessages.reference, { workerId: repairMessages.reference });
  if (worker.rate == null)
    throw new DomainError(409, repairMessages.workerNoRate, { workerId: repairMessages.workerNoRate });
  let startedAt: Date;
  let endedAt: Date;
  let minutes: string;
  if (body.startedAt && body.endedAt) {
    startedAt = new Date(body.startedAt);
    endedAt = new Date(body.endedAt);
    minutes = ((endedAt.getTime() - startedAt.getTime()) / 60000).toFixed(2);
  } else {
    const whole = body.minutes!;
    startedAt = new Date(`${body.date ?? kyivToday()}T07:00:00Z`);
    endedAt = new Date(startedAt.getTime() + whole * 60000);
    minutes = `${whole}.00`;
  }
  const [entry] = await tx
    .insert(timeEntries)
    .values({
      workerId: worker.id,
      repairId: id,
      startedAt,
      endedAt,
      minutes,
      hourlyRate: worker.rate,
      source: 'manual',
      note: body.note ?? null,
      createdBy: ctx.userId,
    })
    .returning();
  await tx
    .update(repairs)
    .set({ version: repair.version + 1, updatedAt: new Date() })
    .where(and(eq(repairs.id, id)));
  await storeCosts(tx, id);
  await audit(tx, ctx, { action: 'create', entityType: 'time_entries', entityId: entry!.id, after: entry });
  return getRepair(tx, id);
}

export const statusLabel = (s: string) => repairStatusLabels[s as RepairStatus] ?? s;
