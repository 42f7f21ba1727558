// The terminal's actions (production.md §6 'Actions'): 'Почати', 'Пауза', 'Продовжити', 'Звітувати', 'Завершити'.
// Time is a side effect: each worker has at most one open time entry; pausing or finishing closes it with the exact
// minutes. Quantities go to the operation (and to the worker's entry) under a row lock, so two operators finishing
// the same operation at once are counted one after the other. The flow check keeps an operation from passing on
// more than it received. Finishing the last operation posts the output at once (setting
// manufacturing.autoOutputOnLastOperation). Each action is idempotent by its Idempotency-Key (idempotency.ts).
//
// Locks, always in this order so that actions cannot deadlock each other: the worker, the MOs (by id), the
// operations (by id), the worker's open entry.
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import { add, cmp, dec, fixed, isZero, sub, type Dec } from '@/shared/decimal.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { uniqueViolation } from '@/server/kernel/db-errors.ts';
import { withPostingRetry } from '@/server/kernel/posting-retry.ts';
import { positions } from '@/resources/positions/positions.table.ts';
import { workers } from '@/resources/workers/workers.table.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { getProductionSettings } from '@/modules/production/server/index.ts';
import {
  completeIfFinished,
  materialAvailability,
  moProducedQty,
  postMoOutput,
  shortMaterialsText,
  refreshOperationReadiness,
  startManufacturingOrder,
} from '@/modules/manufacturing/server/index.ts';
import {
  manufacturingOrders,
  moOperations,
  timeEntries,
  type MoOperationStatus,
} from '@/modules/manufacturing/server/manufacturing.table.ts';
import { moStatusLabels, type MoStatus } from '@/modules/manufacturing/manufacturing.contract.ts';
import {
  mesMessages,
  QC_SCRAP_REASON,
  SWITCH_PAUSE_REASON,
  type MesAction,
  type MesActionBody,
  type MesActionResult,
} from '../mes.contract.ts';
import { claimIdempotencyKey, storeIdempotentAnswer } from './idempotency.ts';
import { activeWorker, mesEntry, mesOperationRow, OPEN_MO_STATUSES } from './mes.read.ts';

export interface MesActionOptions {
  /** The Idempotency-Key of the request (a retry with the same key gets the first answer and changes nothing). */
  idempotencyKey: string;
  /** The moment of the action; default now. The demo books past shifts with it. */
  now?: Date;
  /** The signed-in user's own worker: acting as him needs no badge even when the setting requires one. */
  linkedWorkerId?: number | null;
}

export interface MesActionAnswer {
  statusCode: number;
  body: MesActionResult;
  /** True when the answer is the stored one of an earlier request with the same key. */
  replayed: boolean;
}

const ZERO = dec(0);
const q4 = (d: Dec) => fixed(d, 4);
/** A quantity for a message: '10.0000' → '10', '2.5000' → '2,5'. */
export const shortQty = (value: Dec | string) => {
  const text = fixed(typeof value === 'string' ? dec(value) : value, 4);
  return text.includes('.') ? text.replace(/\.?0+$/, '').replace('.', ',') : text;
};

// ---- the action ---------------------------------------------------------------------------------------------------

/**
 * Runs one terminal action on an operation in its own transaction (a savepoint when `db` is a transaction): claims
 * the Idempotency-Key, does the action, stores the answer. A repeated key answers the stored answer untouched.
 */
export async function performMesAction(
  db: DbOrTx,
  ctx: AuditContext,
  operationId: number,
  action: MesAction,
  input: MesActionBody,
  opts: MesActionOptions,
): Promise<MesActionAnswer> {
  const scope = `mes.${action}:${operationId}`;
  try {
    // Deadlock / serialization failures re-run the whole transaction (README §3, kernel/posting-retry.ts).
    return await withPostingRetry(db, async (tx) => {
      const stored = await claimIdempotencyKey<MesActionResult>(tx, opts.idempotencyKey, scope, ctx.userId);
      if (stored) return { ...stored, replayed: true };
      const body = await runAction(tx, ctx, operationId, action, input, opts);
      await storeIdempotentAnswer(tx, opts.idempotencyKey, { statusCode: 200, body });
      return { statusCode: 200, body, replayed: false };
    });
  } catch (err) {
    if (uniqueViolation(err)?.constraint === 'time_entries_open_per_worker_key') {
      throw new DomainError(409, mesMessages.openEntry);
    }
    throw err;
  }
}

type OperationRow = typeof moOperations.$inferSelect;
type EntryRow = typeof timeEntries.$inferSelect;

interface Locked {
  worker: { id: number; hourlyRate: string | null; positionRate: string | null };
  mo: { id: number; number: string; status: MoStatus; qty: string };
  op: OperationRow;
  /** The worker's open entry (on this operation or another one), locked. */
  open: EntryRow | null;
  /** The operation of an open entry elsewhere (locked), if it is an MO operation. */
  openOp: OperationRow | null;
}

/** The acting worker (locked): active, and identified by badge when the setting requires it. */
async function lockWorker(tx: DbOrTx, input: MesActionBody, linkedWorkerId: number | null, requireBadge: boolean) {
  const [row] = await tx
    .select({
      id: workers.id,
      badgeCode: workers.badgeCode,
      hourlyRate: workers.hourlyRate,
      positionId: workers.positionId,
      active: sql<boolean>`${activeWorker}`,
    })
    .from(workers)
    .where(eq(workers.id, input.workerId))
    .for('update');
  if (!row) throw new DomainError(404, mesMessages.workerUnknown);
  if (!row.active) throw new DomainError(409, mesMessages.workerInactive);
  if (requireBadge && row.id !== linkedWorkerId) {
    const given = input.badgeCode?.trim().toLowerCase() ?? '';
    if (!given || given !== (row.badgeCode ?? '').trim().toLowerCase()) {
      throw new DomainError(403, mesMessages.badgeRequired);
    }
  }
  const [position] = row.positionId
    ? await tx.select({ rate: positions.hourlyRate }).from(positions).where(eq(positions.id, row.positionId))
    : [];
  return { id: row.id, hourlyRate: row.hourlyRate, positionRate: position?.rate ?? null };
}

async function openEntryOf(tx: DbOrTx, workerId: number, lock: boolean) {
  const query = tx
    .select()
    .from(timeEntries)
    .where(and(eq(timeEntries.workerId, workerId), isNull(timeEntries.endedAt)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

async function lockAll(
  tx: DbOrTx,
  operationId: number,
  input: MesActionBody,
  linkedWorkerId: number | null,
  requireBadge: boolean,
): Promise<Locked> {
  const worker = await lockWorker(tx, input, linkedWorkerId, requireBadge);
  const [head] = await tx
    .select({ moId: moOperations.moId })
    .from(moOperations)
    .where(eq(moOperations.id, operationId));
  if (!head) throw new DomainError(404, mesMessages.operationUnknown);
  // The worker's open entry is stable under the worker's lock (every terminal action takes it first).
  const seen = await openEntryOf(tx, worker.id, false);
  const seenOp = seen?.moOperationId
    ? (
        await tx
          .select({ id: moOperations.id, moId: moOperations.moId })
          .from(moOperations)
          .where(eq(moOperations.id, seen.moOperationId))
      )[0]
    : undefined;
  const moIds = [...new Set([head.moId, ...(seenOp ? [seenOp.moId] : [])])].sort((a, b) => a - b);
  const mos = await tx
    .select({
      id: manufacturingOrders.id,
      number: manufacturingOrders.number,
      status: manufacturingOrders.status,
      qty: manufacturingOrders.qty,
    })
    .from(manufacturingOrders)
    .where(inArray(manufacturingOrders.id, moIds))
    .orderBy(asc(manufacturingOrders.id))
    .for('update');
  const opIds = [...new Set([operationId, ...(seenOp ? [seenOp.id] : [])])].sort((a, b) => a - b);
  const ops = await tx
    .select()
    .from(moOperations)
    .where(inArray(moOperations.id, opIds))
    .orderBy(asc(moOperations.id))
    .for('update');
  const op = ops.find((o) => o.id === operationId)!;
  const mo = mos.find((m) => m.id === op.moId)!;
  // Read again under the locks: an MO completion may have closed it meanwhile.
  const open = await openEntryOf(tx, worker.id, true);
  const openOp =
    open?.moOperationId && open.moOperationId !== operationId
      ? (ops.find((o) => o.id === open.moOperationId) ?? null)
      : null;
  return { worker, mo, op, open, openOp };
}

/** Closes an entry at `now` (never before its start), with the exact minutes (2 decimals). */
async function closeEntry(
  tx: DbOrTx,
  entryId: number,
  now: Date,
  extra: Partial<Pick<EntryRow, 'pauseReason' | 'goodQty' | 'scrapQty' | 'scrapReason' | 'qcPassed'>> = {},
) {
  const at = now.toISOString();
  await tx
    .update(timeEntries)
    .set({
      ...extra,
      endedAt: sql`greatest(${at}::timestamptz, ${timeEntries.startedAt})`,
      minutes: sql`round(extract(epoch from (greatest(${at}::timestamptz, ${timeEntries.startedAt})
        - ${timeEntries.startedAt})) / 60, 2)`,
      updatedAt: sql`now()`,
    })
    .where(eq(timeEntries.id, entryId));
}

async function othersOn(tx: DbOrTx, operationId: number, workerId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(timeEntries)
    .where(
      and(eq(timeEntries.moOperationId, operationId), isNull(timeEntries.endedAt), ne(timeEntries.workerId, workerId)),
    );
  return Number(row?.n ?? 0);
}

async function setOperation(
  tx: DbOrTx,
  op: OperationRow,
  change: Partial<Pick<OperationRow, 'status' | 'goodQty' | 'scrapQty' | 'startedAt' | 'finishedAt'>>,
) {
  const [after] = await tx
    .update(moOperations)
    .set({ ...change, version: sql`${moOperations.version} + 1` })
    .where(eq(moOperations.id, op.id))
    .returning();
  return after!;
}

/** The last operation of an MO: no later one that is not skipped. */
async function isLastOperation(tx: DbOrTx, op: OperationRow): Promise<boolean> {
  const [later] = await tx
    .select({ id: moOperations.id })
    .from(moOperations)
    .where(
      and(eq(moOperations.moId, op.moId), sql`${moOperations.seq} > ${op.seq}`, ne(moOperations.status, 'skipped')),
    )
    .limit(1);
  return !later;
}

/** What the previous (non-parallel, not skipped) operation passed on and this one has not used; null: no limit. */
async function availableFromPrevious(tx: DbOrTx, op: OperationRow): Promise<Dec | null> {
  if (op.canRunParallel) return null;
  const [prev] = await tx
    .select({ goodQty: moOperations.goodQty })
    .from(moOperations)
    .where(
      and(
        eq(moOperations.moId, op.moId),
        sql`${moOperations.seq} < ${op.seq}`,
        ne(moOperations.status, 'skipped'),
        eq(moOperations.canRunParallel, false),
      ),
    )
    .orderBy(sql`${moOperations.seq} desc`)
    .limit(1);
  if (!prev) return null;
  const left = sub(dec(prev.goodQty), add(dec(op.goodQty), dec(op.scrapQty)));
  return cmp(left, ZERO) < 0 ? ZERO : left;
}

function requireWorkable(status: MoOperationStatus) {
  if (status === 'done') throw new DomainError(409, mesMessages.alreadyDone);
  if (status === 'skipped') throw new DomainError(409, mesMessages.skipped);
  if (status === 'pending') throw new DomainError(409, mesMessages.notReady);
}

/**
 * The MO's first start (no operation of it started yet) with materials short: refused when the setting says so,
 * otherwise asked ('Бракує матеріалів: … Почати все одно?') until the operator confirms.
 */
async function checkMaterialsOnFirstStart(tx: DbOrTx, moId: number, input: MesActionBody, refuse: boolean) {
  const [started] = await tx
    .select({ id: moOperations.id })
    .from(moOperations)
    .where(and(eq(moOperations.moId, moId), sql`${moOperations.startedAt} is not null`))
    .limit(1);
  if (started) return;
  const short = (await materialAvailability(tx, [moId])).get(moId) ?? [];
  if (!short.length) return;
  const text = shortMaterialsText(short);
  if (refuse) throw new DomainError(409, mesMessages.startShortRefused(text));
  if (input.confirmShortMaterials) return;
  const question = mesMessages.startShortConfirm(text);
  throw new DomainError(409, question, { confirmShortMaterials: question });
}

async function runAction(
  tx: DbOrTx,
  ctx: AuditContext,
  operationId: number,
  action: MesAction,
  input: MesActionBody,
  opts: MesActionOptions,
): Promise<MesActionResult> {
  const now = opts.now ?? new Date();
  const settings = await getProductionSettings(tx);
  const { worker, mo, op, open, openOp } = await lockAll(
    tx,
    operationId,
    input,
    opts.linkedWorkerId ?? null,
    settings.requireBadge,
  );
  if (!(OPEN_MO_STATUSES as readonly string[]).includes(mo.status)) {
    throw new DomainError(409, mesMessages.moNotOpen(mo.number, moStatusLabels[mo.status]));
  }
  const openHere = open && open.moOperationId === op.id ? open : null;
  const before = op;
  let after = op;
  let entryId: number | null = null;
  let pausedEntryId: number | null = null;
  let output: MesActionResult['output'] = null;
  const touchedMos = new Set<number>([mo.id]);

  if (action === 'start' || action === 'resume') {
    requireWorkable(op.status);
    if (openHere) throw new DomainError(409, mesMessages.alreadyOn);
    if (action === 'start') await checkMaterialsOnFirstStart(tx, mo.id, input, settings.refuseStartWhenShort);
    // The worker's other open entry is paused for him: each worker has at most one.
    if (open) {
      await closeEntry(tx, open.id, now, { pauseReason: SWITCH_PAUSE_REASON });
      pausedEntryId = open.id;
      await audit(tx, ctx, {
        action: 'update',
        entityType: 'time_entries',
        entityId: open.id,
        before: open,
        after: await mesEntry(tx, open.id),
      });
      if (openOp && openOp.status === 'in_progress' && (await othersOn(tx, openOp.id, worker.id)) === 0) {
        const pausedOp = await setOperation(tx, openOp, { status: 'paused' });
        await audit(tx, ctx, {
          action: 'status_change',
          entityType: 'mo_operations',
          entityId: openOp.id,
          before: openOp,
          after: pausedOp,
        });
        touchedMos.add(openOp.moId);
      }
    }
    const [entry] = await tx
      .insert(timeEntries)
      .values({
        workerId: worker.id,
        moOperationId: op.id,
        startedAt: now,
        hourlyRate: worker.hourlyRate ?? worker.positionRate,
        source: 'mes',
        createdBy: ctx.userId,
      })
      .returning();
    entryId = entry!.id;
    await audit(tx, ctx, { action: 'create', entityType: 'time_entries', entityId: entry!.id, after: entry });
    after = await setOperation(tx, op, { status: 'in_progress', startedAt: op.startedAt ?? now });
    if (mo.status === 'released') await startManufacturingOrder(tx, ctx, mo.id, now);
  } else if (action === 'pause') {
    if (!input.pauseReason) {
      throw new DomainError(400, mesMessages.pauseReason, { pauseReason: mesMessages.pauseReason });
    }
    if (!openHere) throw new DomainError(409, mesMessages.notOn);
    await closeEntry(tx, openHere.id, now, { pauseReason: input.pauseReason });
    entryId = openHere.id;
    await audit(tx, ctx, {
      action: 'update',
      entityType: 'time_entries',
      entityId: openHere.id,
      before: openHere,
      after: await mesEntry(tx, openHere.id),
    });
    if (op.status === 'in_progress' && (await othersOn(tx, op.id, worker.id)) === 0) {
      after = await setOperation(tx, op, { status: 'paused' });
    }
  } else {
    // 'Звітувати' and 'Завершити': quantities.
    if (action === 'report') {
      requireWorkable(op.status);
      if (!openHere) throw new DomainError(409, mesMessages.notOn);
    }
    // Finishing after a pause books the quantities on the worker's latest entry of this operation.
    const entry =
      openHere ??
      (
        await tx
          .select()
          .from(timeEntries)
          .where(and(eq(timeEntries.moOperationId, op.id), eq(timeEntries.workerId, worker.id)))
          .orderBy(sql`${timeEntries.startedAt} desc`, sql`${timeEntries.id} desc`)
          .limit(1)
          .for('update')
      )[0];
    if (!entry) throw new DomainError(409, mesMessages.notStarted);
    if (op.status === 'skipped') throw new DomainError(409, mesMessages.skipped);
    if (op.status === 'pending') throw new DomainError(409, mesMessages.notReady);

    let good = dec(input.goodQty ?? '0');
    let scrap = dec(input.scrapQty ?? '0');
    let scrapReason = input.scrapReason ?? null;
    if (action === 'report' && isZero(good) && isZero(scrap)) {
      throw new DomainError(400, mesMessages.noQty, { goodQty: mesMessages.noQty });
    }
    if (!isZero(scrap) && !scrapReason) {
      throw new DomainError(400, mesMessages.scrapReason, { scrapReason: mesMessages.scrapReason });
    }
    if (action === 'finish' && op.qualityCheck && input.qcPassed === undefined) {
      throw new DomainError(400, mesMessages.qcRequired, { qcPassed: mesMessages.qcRequired });
    }
    // QC failure: the units go to scrap as 'Брак ОТК', or are not counted and the operation stays for rework.
    const qcFailed = input.qcPassed === false;
    const rework = qcFailed && input.qcFailAction === 'rework';
    if (qcFailed && !isZero(good)) {
      if (rework) {
        good = ZERO;
      } else {
        scrap = add(scrap, good);
        good = ZERO;
        scrapReason = scrapReason ? `${scrapReason}; ${QC_SCRAP_REASON}` : QC_SCRAP_REASON;
      }
    }
    // Flow check: no more than the previous operation passed on (parallel operations are exempt).
    const limit = await availableFromPrevious(tx, op);
    if (limit !== null && cmp(add(good, scrap), limit) > 0) {
      const message = mesMessages.available(shortQty(limit));
      throw new DomainError(409, message, { goodQty: message });
    }

    const entryChange = {
      goodQty: q4(add(dec(entry.goodQty), good)),
      scrapQty: q4(add(dec(entry.scrapQty), scrap)),
      scrapReason: isZero(scrap) ? entry.scrapReason : scrapReason,
      qcPassed: input.qcPassed ?? entry.qcPassed,
    };
    if (action === 'finish' && openHere) {
      await closeEntry(tx, entry.id, now, entryChange);
    } else {
      await tx
        .update(timeEntries)
        .set({ ...entryChange, updatedAt: sql`now()` })
        .where(eq(timeEntries.id, entry.id));
    }
    entryId = entry.id;
    await audit(tx, ctx, {
      action: 'update',
      entityType: 'time_entries',
      entityId: entry.id,
      before: entry,
      after: await mesEntry(tx, entry.id),
    });

    const opGood = add(dec(op.goodQty), good);
    const opScrap = add(dec(op.scrapQty), scrap);
    const change: Parameters<typeof setOperation>[2] = { goodQty: q4(opGood), scrapQty: q4(opScrap) };
    if (action === 'finish' && op.status !== 'done') {
      const complete = !rework && (input.closeOperation === true || cmp(add(opGood, opScrap), dec(mo.qty)) >= 0);
      if (complete) {
        change.status = 'done';
        change.finishedAt = now;
        // Whoever else was on it stops too: a done operation has nobody on it.
        const others = await tx
          .select()
          .from(timeEntries)
          .where(and(eq(timeEntries.moOperationId, op.id), isNull(timeEntries.endedAt)))
          .orderBy(asc(timeEntries.id))
          .for('update');
        for (const other of others) {
          await closeEntry(tx, other.id, now);
          await audit(tx, ctx, {
            action: 'update',
            entityType: 'time_entries',
            entityId: other.id,
            before: other,
            after: await mesEntry(tx, other.id),
          });
        }
      } else if ((await othersOn(tx, op.id, worker.id)) === 0) {
        change.status = 'paused';
      }
    }
    after = await setOperation(tx, op, change);

    // The last operation finished: its good units become the output (MOO) at once.
    if (
      action === 'finish' &&
      after.status === 'done' &&
      settings.autoOutputOnLastOperation &&
      (await isLastOperation(tx, after))
    ) {
      const produced = (await moProducedQty(tx, [mo.id])).get(mo.id)?.produced ?? '0';
      const toPost = sub(dec(after.goodQty), dec(produced));
      if (cmp(toPost, ZERO) > 0) {
        const posted = await postMoOutput(
          tx,
          ctx,
          mo.id,
          {
            goodQty: q4(toPost),
            ...(input.serials?.length ? { serials: input.serials } : {}),
          },
          { at: now },
        );
        output = { id: posted.id, number: posted.number, goodQty: q4(toPost) };
      }
    }
    // The last open operation done after the output was posted elsewhere: the MO may be finished now (decision 0020).
    if (action === 'finish' && after.status === 'done') await completeIfFinished(tx, ctx, mo.id, now);
  }

  if (after !== before) {
    await audit(tx, ctx, {
      action: after.status !== before.status ? 'status_change' : 'update',
      entityType: 'mo_operations',
      entityId: op.id,
      before,
      after: {
        ...after,
        mes: {
          action,
          workerId: worker.id,
          entryId,
          goodQty: input.goodQty ?? null,
          scrapQty: input.scrapQty ?? null,
        },
      },
    });
  }
  for (const moId of touchedMos) await refreshOperationReadiness(tx, moId);
  return {
    action,
    operation: await mesOperationRow(tx, op.id),
    entry: entryId === null ? null : await mesEntry(tx, entryId),
    pausedEntryId,
    output,
  };
}
