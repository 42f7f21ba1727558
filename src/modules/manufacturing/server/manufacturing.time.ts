// The time of manufacturing orders (production.md §6 Time): open entries closed with their minutes (at completion,
// cancellation and by the job for entries open too long) and the foreman's audited correction of an entry.
import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import { add, dec, div, fixed, isZero, sub } from '@/shared/decimal.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { moMessages } from '../manufacturing.contract.ts';
import { manufacturingOrders, moOperations, timeEntries } from './manufacturing.table.ts';
import {
  TIME_ENTRY_ENTITY,
  ZERO,
  actualCosts,
  lockManufacturingOrder,
  maxDec,
  statusError,
} from './manufacturing.common.ts';
import { refreshOperationReadiness } from './manufacturing.status.ts';

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
