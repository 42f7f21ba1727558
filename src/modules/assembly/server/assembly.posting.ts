// Posting and cancelling assembly documents through the ledger (production.md §8), each in ONE transaction with the
// document's row locked. Assembly: every component goes out at the average, then the kit comes in at Σ their values
// ÷ qty (its average updates). Disassembly: the kit goes out at the average (value V), each component comes in at
// V × w ÷ Σw with w = qty × its average (by qty when every average is 0), the rounding rest on the largest line, so
// the value in equals the value out. Short stock is the ledger's 409 naming every short line. Serials follow: those
// leaving become `defective` (a disassembled kit with the note 'Розібрано'), those arriving are registered
// `available` (typed ones, or generated from the template). Cancelling reverses it all (`reverseInLedger`).
import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { withPostingRetry } from '@/server/kernel/posting-retry.ts';
import { DomainError } from '@/shared/api-error.ts';
import { add, cmp, dec, div, fixed, isZero, mul, neg, round, sub, type Dec } from '@/shared/decimal.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import {
  createLineSerials,
  documentSerialMessages,
  documentSerials,
  generateSerialsIn,
  lineSerialValues,
  moveSerials,
  pickLineSerials,
} from '@/modules/serial-numbers/server/index.ts';
import { postToLedger, reverseInLedger, type LedgerDocument } from '@/modules/stock/server/index.ts';
import { itemCosts } from '@/modules/stock/server/stock.table.ts';
import { assemblyMessages as msg, type Assembly, type AssemblyPostBody } from '../assembly.contract.ts';
import { ENTITY, getAssembly, SERIAL_IN_EVENTS } from './assembly.read.ts';
import { assemblies } from './assembly.table.ts';
import { checkReferences, linesOf, lockDraft } from './assembly.write.ts';

const MONEY = 2;
const PRICE = 6;

const ledgerDoc = (doc: Assembly, userId: number | null): LedgerDocument => ({
  type: doc.type,
  id: doc.id,
  number: doc.number,
  date: doc.documentDate,
  userId,
});

/**
 * A disassembly's split of the kit's value V over its lines (production.md §8): V × w_l ÷ Σw, each rounded to
 * kopecks, with w_l = qty_l × avgCost_l — by qty when every average is 0 — and the rounding rest on the largest
 * share (the first of equal ones), so the shares add up to V exactly.
 */
export function splitValue(total: Dec, lines: ReadonlyArray<{ qty: string; avgCost: string | null }>): Dec[] {
  if (!lines.length) return [];
  let weights = lines.map((line) => mul(dec(line.qty), dec(line.avgCost ?? '0')));
  if (weights.every(isZero)) weights = lines.map((line) => dec(line.qty));
  const sum = weights.reduce(add, dec(0));
  const shares = weights.map((w) => round(div(mul(total, w), sum, MONEY + 6), MONEY));
  const rest = sub(total, shares.reduce(add, dec(0)));
  let largest = 0;
  shares.forEach((share, i) => {
    if (cmp(share, shares[largest]!) > 0) largest = i;
  });
  shares[largest] = add(shares[largest]!, rest);
  return shares;
}

async function averages(tx: DbOrTx, itemIds: number[]): Promise<Map<number, string | null>> {
  const rows = await tx
    .select({ itemId: itemCosts.itemId, avgCost: itemCosts.avgCost })
    .from(itemCosts)
    .where(inArray(itemCosts.itemId, itemIds));
  return new Map(rows.map((r) => [r.itemId, r.avgCost]));
}

/** The serials given at posting by item; refuses (400) serials of an item not in the document or not tracked. */
function serialsByItem(doc: Assembly, given: NonNullable<AssemblyPostBody['serials']>) {
  const byItem = new Map<number, string[]>();
  for (const entry of given) byItem.set(entry.itemId, [...(byItem.get(entry.itemId) ?? []), ...entry.serials]);
  const tracked = new Map<number, { sku: string; serialTracking: boolean }>([
    [doc.itemId, doc],
    ...doc.lines.map((line) => [line.itemId, line] as const),
  ]);
  for (const [itemId, values] of byItem) {
    const item = tracked.get(itemId);
    if (!item) throw new DomainError(400, msg.serialsNotInDocument);
    if (!item.serialTracking && values.length) throw new DomainError(400, documentSerialMessages.notTracked(item.sku));
  }
  return byItem;
}

/** After the ledger: the serials of the tracked items that left and arrived (see the file's head). */
async function postSerials(tx: DbOrTx, ctx: AuditContext, doc: Assembly, byItem: Map<number, string[]>) {
  const document = { type: doc.type, id: doc.id, number: doc.number };
  const kit = { itemId: doc.itemId, sku: doc.sku, qty: doc.qty, serialTracking: doc.serialTracking };
  const assembling = doc.type === 'assembly';
  const leaving = assembling ? doc.lines : [kit];
  const arriving = assembling ? [kit] : doc.lines;
  for (const item of leaving.filter((x) => x.serialTracking)) {
    const serialIds = await pickLineSerials(tx, {
      itemId: item.itemId,
      sku: item.sku,
      warehouseId: doc.warehouseId,
      values: lineSerialValues(item.sku, item.qty, byItem.get(item.itemId)),
    });
    await moveSerials(tx, {
      serialIds,
      from: ['available'],
      to: 'defective',
      event: 'written_off',
      document,
      warehouseId: null,
      userId: ctx.userId,
      note: assembling ? msg.consumedNote(doc.number) : msg.disassembledNote,
    });
  }
  for (const item of arriving.filter((x) => x.serialTracking)) {
    const typed = byItem.get(item.itemId) ?? [];
    if (!typed.length) {
      if (cmp(round(dec(item.qty), 0), dec(item.qty)) !== 0) {
        throw new DomainError(400, documentSerialMessages.fractional(item.sku));
      }
      await generateSerialsIn(tx, ctx, {
        itemId: item.itemId,
        count: Number(fixed(dec(item.qty), 0)),
        warehouseId: doc.warehouseId,
        date: doc.documentDate,
        document,
      });
      continue;
    }
    await createLineSerials(tx, {
      itemId: item.itemId,
      sku: item.sku,
      warehouseId: doc.warehouseId,
      values: lineSerialValues(item.sku, item.qty, typed),
      event: 'received',
      document,
      userId: ctx.userId,
      note: assembling ? msg.assembledNote(doc.number) : msg.disassembledNote,
    });
  }
}

/** The ledger's part of posting (the caller locked the draft). */
async function postStock(tx: DbOrTx, doc: Assembly, userId: number | null) {
  const ledger = ledgerDoc(doc, userId);
  const kitQty = dec(doc.qty);
  if (doc.type === 'assembly') {
    const out = await postToLedger(
      tx,
      ledger,
      doc.lines.map((line) => ({
        kind: 'out' as const,
        itemId: line.itemId,
        qty: line.qty,
        warehouseId: doc.warehouseId,
        lineId: line.id,
      })),
    );
    const total = neg(out.reduce((sum, m) => add(sum, dec(m.value)), dec(0)));
    await postToLedger(tx, ledger, [
      {
        kind: 'in',
        itemId: doc.itemId,
        qty: doc.qty,
        warehouseId: doc.warehouseId,
        unitCost: fixed(div(total, kitQty, PRICE), PRICE),
        value: fixed(total, MONEY),
      },
    ]);
    return;
  }
  const [out] = await postToLedger(tx, ledger, [
    { kind: 'out', itemId: doc.itemId, qty: doc.qty, warehouseId: doc.warehouseId },
  ]);
  const total = neg(dec(out!.value));
  const avg = await averages(
    tx,
    doc.lines.map((line) => line.itemId),
  );
  const shares = splitValue(
    total,
    doc.lines.map((line) => ({ qty: line.qty, avgCost: avg.get(line.itemId) ?? null })),
  );
  await postToLedger(
    tx,
    ledger,
    doc.lines.map((line, i) => ({
      kind: 'in' as const,
      itemId: line.itemId,
      qty: line.qty,
      warehouseId: doc.warehouseId,
      lineId: line.id,
      unitCost: fixed(div(shares[i]!, dec(line.qty), PRICE), PRICE),
      value: fixed(shares[i]!, MONEY),
    })),
  );
}

export async function postAssembly(
  db: DbOrTx,
  ctx: AuditContext,
  id: number,
  version: number | undefined,
  serials: AssemblyPostBody['serials'] = [],
): Promise<Assembly> {
  return withPostingRetry(db, async (tx) => {
    const before = await lockDraft(tx, id, version);
    const byItem = serialsByItem(before, serials ?? []);
    await checkReferences(
      tx,
      before,
      linesOf(before),
      new Set([before.itemId, ...linesOf(before).map((l) => l.itemId)]),
    );
    await postStock(tx, before, ctx.userId);
    // The ledger's locks first, the serials' rows last (the lock order every serial move uses).
    await postSerials(tx, ctx, before, byItem);
    await tx
      .update(assemblies)
      .set({
        status: 'posted',
        postedAt: sql`now()`,
        postedBy: ctx.userId,
        version: sql`${assemblies.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(assemblies.id, id));
    const after = await getAssembly(tx, id);
    await audit(tx, ctx, { action: 'post', entityType: ENTITY, entityId: id, before, after });
    return after;
  });
}

export async function cancelAssembly(db: DbOrTx, ctx: AuditContext, id: number, reason: string): Promise<Assembly> {
  return withPostingRetry(db, async (tx) => {
    const before = await getAssembly(tx, id, true);
    if (before.status !== 'posted') throw new DomainError(409, msg.notPosted);
    // The serials it registered must still be on the shelf (they become void); those it took come back.
    const touched = await documentSerials(tx, before.type, id);
    const registered = touched.filter((s) => (SERIAL_IN_EVENTS as readonly string[]).includes(s.event));
    const taken = touched.filter((s) => s.event === 'written_off');
    const gone = registered.filter((s) => s.status !== 'available' || s.warehouseId !== before.warehouseId);
    if (gone.length) throw new DomainError(409, msg.serialsGone(gone.map((s) => s.serial)));
    await reverseInLedger(tx, ledgerDoc(before, ctx.userId));
    const document = { type: before.type, id, number: before.number };
    await moveSerials(tx, {
      serialIds: registered.map((s) => s.id),
      from: ['available'],
      to: 'void',
      event: 'voided',
      document,
      warehouseId: null,
      userId: ctx.userId,
      note: msg.cancelNote(reason),
    });
    await moveSerials(tx, {
      serialIds: taken.map((s) => s.id),
      from: ['defective'],
      to: 'available',
      event: 'returned',
      document,
      warehouseId: before.warehouseId,
      userId: ctx.userId,
      note: msg.cancelNote(reason),
    });
    await tx
      .update(assemblies)
      .set({
        status: 'cancelled',
        cancelledAt: sql`now()`,
        cancelledBy: ctx.userId,
        cancelReason: reason,
        version: sql`${assemblies.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(assemblies.id, id));
    const after = await getAssembly(tx, id);
    await audit(tx, ctx, { action: 'cancel', entityType: ENTITY, entityId: id, before, after });
    return after;
  });
}
