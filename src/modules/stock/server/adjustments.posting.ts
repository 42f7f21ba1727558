// Adjustments (ADJ, warehouse.md §1), posting and cancelling through the ledger: − lines leave at the average, + lines
// enter at the average (or at the typed cost when the item has none yet), opening-balance lines enter at their own
// cost so the average becomes the file's; serials are registered or written off with them. Every step is one audited
// transaction.
import { eq, sql } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import { cmp, dec, fixed, neg, round } from '@/shared/decimal.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { withPostingRetry } from '@/server/kernel/posting-retry.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import {
  createLineSerials,
  documentSerialMessages,
  documentSerials,
  generateSerialsIn,
  lineSerialValues,
  moveSerials,
  pickLineSerials,
  serialTrackedItems,
} from '@/modules/serial-numbers/server/index.ts';
import { adjustmentMessages as msg, type Adjustment, type AdjustmentLineSerials } from '../adjustments.contract.ts';
import { stockAdjustments } from './adjustments.table.ts';
import { postToLedger, reverseInLedger, type LedgerDocument, type LedgerIntent } from './ledger.ts';
import {
  type AdjustmentMount,
  ENTITY,
  SERIAL_DOCUMENT,
  SERIAL_IN_EVENTS,
  getAdjustment,
  lockDraft,
} from './adjustments.read.ts';

const ledgerDoc = (a: Adjustment, userId: number | null): LedgerDocument => ({
  type: 'adjustment',
  id: a.id,
  number: a.number,
  date: a.documentDate,
  userId,
});

/** The ledger's intents of an adjustment: − at the average, + at the average or (opening) at the typed cost. */
export function adjustmentIntents(a: Pick<Adjustment, 'reason' | 'warehouseId' | 'lines'>): LedgerIntent[] {
  return a.lines.map((l): LedgerIntent => {
    const delta = dec(l.deltaQty);
    const base = { itemId: l.itemId, warehouseId: a.warehouseId, lineId: l.id };
    if (cmp(delta, dec(0)) < 0) return { ...base, kind: 'out', qty: fixed(neg(delta), 4) };
    if (a.reason === 'opening') return { ...base, kind: 'in', qty: l.deltaQty, unitCost: l.unitCost ?? '0' };
    return {
      ...base,
      kind: 'in_at_average',
      qty: l.deltaQty,
      ...(l.unitCost === null ? {} : { unitCost: l.unitCost }),
    };
  });
}

export interface PostOptions {
  /** The note the serials' timeline gets (the document's comment by default), e.g. the reason of a write-off. */
  serialNote?: string | null;
}

/**
 * The serials of the lines of serial-tracked items, after the ledger (its locks first, the serials' rows last):
 * + lines register exactly Δ new serials as available in the warehouse (an opening-balance line given none gets
 * them from the item's template); − lines take exactly |Δ| serials on the shelf there, which become defective.
 */
async function postSerials(
  tx: DbOrTx,
  ctx: AuditContext,
  doc: Adjustment,
  given: readonly AdjustmentLineSerials[],
  options: PostOptions,
) {
  const tracked = await serialTrackedItems(
    tx,
    doc.lines.map((l) => l.itemId),
  );
  const byLine = new Map<number, string[]>();
  for (const entry of given) byLine.set(entry.lineNo, [...(byLine.get(entry.lineNo) ?? []), ...entry.serials]);
  for (const [lineNo, values] of byLine) {
    const line = doc.lines.find((l) => l.lineNo === lineNo);
    if (!line) throw new DomainError(400, msg.serialsNoLine(lineNo));
    if (!tracked.has(line.itemId) && values.length) {
      throw new DomainError(400, documentSerialMessages.notTracked(line.sku));
    }
  }
  const document = { type: SERIAL_DOCUMENT, id: doc.id, number: doc.number };
  const note = options.serialNote === undefined ? doc.comment : options.serialNote;
  for (const line of doc.lines) {
    const sku = tracked.get(line.itemId);
    if (!sku) continue;
    const delta = dec(line.deltaQty);
    const incoming = cmp(delta, dec(0)) > 0;
    const qty = fixed(incoming ? delta : neg(delta), 4);
    const values = byLine.get(line.lineNo) ?? [];
    if (incoming && doc.reason === 'opening' && !values.length) {
      if (cmp(round(dec(qty), 0), dec(qty)) !== 0) throw new DomainError(400, documentSerialMessages.fractional(sku));
      await generateSerialsIn(tx, ctx, {
        itemId: line.itemId,
        count: Number(fixed(dec(qty), 0)),
        warehouseId: doc.warehouseId,
        date: doc.documentDate,
        document,
      });
      continue;
    }
    const serials = lineSerialValues(sku, qty, values);
    if (incoming) {
      await createLineSerials(tx, {
        itemId: line.itemId,
        sku,
        warehouseId: doc.warehouseId,
        values: serials,
        event: 'received',
        document,
        userId: ctx.userId,
        note,
      });
    } else {
      const serialIds = await pickLineSerials(tx, {
        itemId: line.itemId,
        sku,
        warehouseId: doc.warehouseId,
        values: serials,
      });
      await moveSerials(tx, {
        serialIds,
        from: ['available'],
        to: 'defective',
        event: 'written_off',
        document,
        warehouseId: null,
        userId: ctx.userId,
        note,
      });
    }
  }
}

export async function postLocked(
  tx: DbOrTx,
  ctx: AuditContext,
  mount: AdjustmentMount,
  id: number,
  version: number | undefined,
  serials: readonly AdjustmentLineSerials[] = [],
  options: PostOptions = {},
): Promise<Adjustment> {
  const before = await lockDraft(tx, mount, id, version);
  await postToLedger(tx, ledgerDoc(before, ctx.userId), adjustmentIntents(before));
  await postSerials(tx, ctx, before, serials, options);
  await tx
    .update(stockAdjustments)
    .set({
      status: 'posted',
      postedAt: sql`now()`,
      postedBy: ctx.userId,
      version: sql`${stockAdjustments.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(stockAdjustments.id, id));
  const after = await getAdjustment(tx, mount, id);
  await audit(tx, ctx, { action: 'post', entityType: ENTITY, entityId: id, before, after });
  return after;
}

export async function postAdjustment(
  db: DbOrTx,
  ctx: AuditContext,
  mount: AdjustmentMount,
  id: number,
  version: number | undefined,
  serials: readonly AdjustmentLineSerials[] = [],
): Promise<Adjustment> {
  return withPostingRetry(db, (tx) => postLocked(tx, ctx, mount, id, version, serials));
}

export async function cancelAdjustment(
  db: DbOrTx,
  ctx: AuditContext,
  mount: AdjustmentMount,
  id: number,
  reason: string,
): Promise<Adjustment> {
  return withPostingRetry(db, async (tx) => {
    const before = await getAdjustment(tx, mount, id, true);
    if (before.status !== 'posted') throw new DomainError(409, msg.notPosted);
    // The serials it registered must still be on the shelf (they become void); those it wrote off come back.
    const touched = await documentSerials(tx, SERIAL_DOCUMENT, id);
    const registered = touched.filter((x) => (SERIAL_IN_EVENTS as readonly string[]).includes(x.event));
    const writtenOff = touched.filter((x) => x.event === 'written_off');
    const gone = registered.filter((x) => x.status !== 'available' || x.warehouseId !== before.warehouseId);
    if (gone.length) throw new DomainError(409, msg.serialsGone(gone.map((x) => x.serial)));
    await reverseInLedger(tx, ledgerDoc(before, ctx.userId));
    const document = { type: SERIAL_DOCUMENT, id, number: before.number };
    await moveSerials(tx, {
      serialIds: registered.map((x) => x.id),
      from: ['available'],
      to: 'void',
      event: 'voided',
      document,
      warehouseId: null,
      userId: ctx.userId,
      note: `Скасування: ${reason}`,
    });
    await moveSerials(tx, {
      serialIds: writtenOff.map((x) => x.id),
      from: ['defective'],
      to: 'available',
      event: 'returned',
      document,
      warehouseId: before.warehouseId,
      userId: ctx.userId,
      note: `Скасування: ${reason}`,
    });
    await tx
      .update(stockAdjustments)
      .set({
        status: 'cancelled',
        cancelledAt: sql`now()`,
        cancelledBy: ctx.userId,
        cancelReason: reason,
        version: sql`${stockAdjustments.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(stockAdjustments.id, id));
    const after = await getAdjustment(tx, mount, id);
    await audit(tx, ctx, { action: 'cancel', entityType: ENTITY, entityId: id, before, after });
    return after;
  });
}
