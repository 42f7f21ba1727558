// The status changes a manufacturing order's documents share (production.md §4, §6): released → in progress on the
// first issue, output, MES start or 'Почати', and the readiness of its operations. Kept apart from the state machine
// (manufacturing.lifecycle.ts), which calls the postings and the time entries, so that those need not import it.
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { cmp, dec } from '@/shared/decimal.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { manufacturingOrders, moOperations, type MoOperationStatus } from './manufacturing.table.ts';
import { MO_ENTITY, type MoRow } from './manufacturing.common.ts';

/** released → in_progress (first MES start, issue, output or 'Почати'); the MO is locked by the caller. */
export async function markInProgress(tx: DbOrTx, ctx: AuditContext, mo: MoRow, at?: Date): Promise<void> {
  if (mo.status !== 'released') return;
  await tx
    .update(manufacturingOrders)
    .set({
      status: 'in_progress',
      startedAt: mo.startedAt ?? at ?? new Date(),
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
