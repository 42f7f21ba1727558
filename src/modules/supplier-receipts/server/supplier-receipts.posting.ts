// Supplier receipts (warehouse.md §6), posting and cancelling: posting values every line at its true cost in UAH (net
// or gross by the buying company's VAT status, at the document's rate, plus its share of the extra costs) and puts it
// into stock through the ledger with its serials; cancelling reverses it. Every step is one audited transaction.
import { and, eq, sql } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import { add, cmp, dec, div, fixed, isZero, mul, round, sub, type Dec } from '@/shared/decimal.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { withPostingRetry } from '@/server/kernel/posting-retry.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { postToLedger, reverseInLedger, type LedgerDocument } from '@/modules/stock/server/index.ts';
import {
  clearDraftSerials,
  createLineSerials,
  documentSerialMessages,
  documentSerials,
  generateSerialsIn,
  lineSerialValues,
  moveSerials,
  serialStatusLabels,
} from '@/modules/serial-numbers/server/index.ts';
import { companies } from '@/resources/companies/companies.table.ts';
import { itemSuppliers } from '@/resources/items/items.table.ts';
import { receiptMessages, type Receipt, type ReceiptLineSerials } from '../supplier-receipts.contract.ts';
import { supplierReceiptLines, supplierReceipts } from './supplier-receipts.table.ts';
import {
  orderStatusLabels,
  receivableStatuses,
  type OrderStatus,
} from '@/modules/supplier-orders/supplier-orders.contract.ts';
import { syncSupplierOrderStatus } from '@/modules/supplier-orders/server/index.ts';
import { supplierOrders } from '@/modules/supplier-orders/server/supplier-orders.table.ts';
import { SERIAL_DOCUMENT, getReceipt } from './supplier-receipts.read.ts';
import { lockDraft } from './supplier-receipts.write.ts';

/**
 * Splits `extra` over the lines by their weights, each share rounded to kopecks, the rounding rest going to the
 * largest line, so the shares add up to `extra` exactly (warehouse.md §6).
 */
export function allocate(extra: Dec, weights: readonly Dec[]): Dec[] {
  const total = weights.reduce((s, w) => add(s, w), dec(0));
  if (isZero(extra) || isZero(total)) return weights.map(() => dec(0));
  const shares = weights.map((w) => round(div(mul(extra, w), total, 6), 2));
  const rest = sub(
    extra,
    shares.reduce((s, x) => add(s, x), dec(0)),
  );
  let largest = 0;
  weights.forEach((w, i) => {
    if (cmp(w, weights[largest]!) > 0) largest = i;
  });
  shares[largest] = add(shares[largest]!, rest);
  return shares;
}

/**
 * The serials of the receipt's serial-tracked lines, after the ledger: the typed ones (exactly qty, new to the item)
 * or, for a line given none, generated from the item's template; all available in the warehouse with receiptId.
 */
async function postSerials(tx: DbOrTx, ctx: AuditContext, doc: Receipt, given: readonly ReceiptLineSerials[]) {
  const byLine = new Map<number, string[]>();
  for (const entry of given) byLine.set(entry.lineId, [...(byLine.get(entry.lineId) ?? []), ...entry.serials]);
  // A line the body names none for uses the serials kept on the draft line.
  for (const line of doc.lines)
    if (!byLine.get(line.id)?.length && line.serials.length) byLine.set(line.id, line.serials);
  for (const [lineId, values] of byLine) {
    const line = doc.lines.find((l) => l.id === lineId);
    if (!line) throw new DomainError(400, receiptMessages.serialsNoLine);
    if (!line.serialTracking && values.length) throw new DomainError(400, documentSerialMessages.notTracked(line.sku));
  }
  const document = { type: SERIAL_DOCUMENT, id: doc.id, number: doc.number };
  for (const line of doc.lines.filter((l) => l.serialTracking)) {
    const typed = byLine.get(line.id) ?? [];
    if (!typed.length) {
      // 'Згенерувати': the whole quantity from the template (a fractional one is refused by the count check).
      const [whole, fraction = ''] = line.qty.split('.');
      if (/[1-9]/.test(fraction)) lineSerialValues(line.sku, line.qty, []);
      await generateSerialsIn(tx, ctx, {
        itemId: line.itemId,
        count: Number(whole),
        warehouseId: doc.warehouseId,
        date: doc.documentDate,
        document,
        receiptId: doc.id,
      });
      continue;
    }
    await createLineSerials(tx, {
      itemId: line.itemId,
      sku: line.sku,
      warehouseId: doc.warehouseId,
      values: lineSerialValues(line.sku, line.qty, typed),
      event: 'received',
      document,
      receiptId: doc.id,
      userId: ctx.userId,
    });
  }
}

/** Posting against an order that no longer expects goods (closed, cancelled, back in draft) is refused. */
async function checkOrderOpen(tx: DbOrTx, orderId: number) {
  const [order] = await tx
    .select({ status: supplierOrders.status, number: supplierOrders.number })
    .from(supplierOrders)
    .where(eq(supplierOrders.id, orderId))
    .for('update');
  if (order && !(receivableStatuses as readonly string[]).includes(order.status)) {
    const message = receiptMessages.orderNotOpen(order.number, orderStatusLabels[order.status as OrderStatus]);
    throw new DomainError(409, message, { supplierOrderId: message });
  }
}

/** A line's price per stock unit: as typed in the stock unit, else price × entered qty ÷ stock qty. */
const stockUnitPrice = (line: Receipt['lines'][number]) =>
  line.enteredUnitId === null
    ? line.unitPrice
    : fixed(div(mul(dec(line.unitPrice), dec(line.enteredQty)), dec(line.qty), 6), 6);

const ledgerDoc = (r: Receipt, userId: number | null): LedgerDocument => ({
  type: 'supplier_receipt',
  id: r.id,
  number: r.number,
  date: r.documentDate,
  userId,
});

/** Posting: true unit costs, the ledger, the last purchase prices (warehouse.md §6). */
export async function postReceipt(
  db: DbOrTx,
  ctx: AuditContext,
  id: number,
  version: number | undefined,
  serials: readonly ReceiptLineSerials[] = [],
): Promise<Receipt> {
  return withPostingRetry(db, async (tx) => {
    const before = await lockDraft(tx, id, version);
    if (before.supplierOrderId) await checkOrderOpen(tx, before.supplierOrderId);
    // The buying company: the document's, or the default one. A VAT payer recovers VAT, so its cost is net.
    const [company] = await tx
      .select({ isVatPayer: companies.isVatPayer })
      .from(companies)
      .where(before.companyId ? eq(companies.id, before.companyId) : eq(companies.isDefault, true))
      .limit(1);
    const recoversVat = company?.isVatPayer ?? false;
    const fx = dec(before.fxRate);
    const bases = before.lines.map((l) => mul(dec(recoversVat ? l.lineNet : l.lineGross), fx));
    const weights = before.extraCostsMethod === 'by_qty' ? before.lines.map((l) => dec(l.qty)) : bases;
    const shares = allocate(dec(before.extraCosts), weights);
    // What each line cost in UAH, exactly: the ledger takes it as the movement's value (value in = what was paid,
    // whatever unit the line was entered in); the unit cost is per stock unit.
    const values = before.lines.map((_, i) => round(add(bases[i]!, shares[i]!), 2));
    const unitCosts = before.lines.map((l, i) => div(values[i]!, dec(l.qty), 6));
    for (const [i, line] of before.lines.entries()) {
      await tx
        .update(supplierReceiptLines)
        .set({ unitCost: fixed(unitCosts[i]!, 6) })
        .where(eq(supplierReceiptLines.id, line.id));
    }
    await postToLedger(
      tx,
      ledgerDoc(before, ctx.userId),
      before.lines.map((l, i) => ({
        kind: 'in' as const,
        itemId: l.itemId,
        warehouseId: before.warehouseId,
        qty: l.qty,
        unitCost: fixed(unitCosts[i]!, 6),
        value: fixed(values[i]!, 2),
        lineId: l.id,
      })),
    );
    await postSerials(tx, ctx, before, serials);
    await clearDraftSerials(tx, SERIAL_DOCUMENT, id);
    // The supplier's last price of each item per its stock unit, in the document's currency.
    for (const line of before.lines) {
      const lastPrice = stockUnitPrice(line);
      const updated = await tx
        .update(itemSuppliers)
        .set({ lastPrice, lastPriceCurrency: before.currencyCode, lastPriceDate: before.documentDate })
        .where(and(eq(itemSuppliers.itemId, line.itemId), eq(itemSuppliers.supplierId, before.supplierId)))
        .returning({ id: itemSuppliers.id });
      if (!updated.length) {
        await tx.insert(itemSuppliers).values({
          itemId: line.itemId,
          supplierId: before.supplierId,
          supplierItemName: line.supplierItemName,
          lastPrice,
          lastPriceCurrency: before.currencyCode,
          lastPriceDate: before.documentDate,
        });
      }
    }
    await tx
      .update(supplierReceipts)
      .set({
        status: 'posted',
        postedAt: sql`now()`,
        postedBy: ctx.userId,
        version: sql`${supplierReceipts.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(supplierReceipts.id, id));
    const after = await getReceipt(tx, id);
    await audit(tx, ctx, { action: 'post', entityType: 'supplier_receipts', entityId: id, before, after });
    if (after.supplierOrderId) await syncSupplierOrderStatus(tx, after.supplierOrderId, ctx);
    return after;
  });
}

export async function cancelReceipt(db: DbOrTx, ctx: AuditContext, id: number, reason: string): Promise<Receipt> {
  return withPostingRetry(db, async (tx) => {
    const before = await getReceipt(tx, id, true);
    if (before.status !== 'posted') throw new DomainError(409, receiptMessages.notPosted);
    // Its serials become void — only while every one is still on the shelf of the warehouse.
    const brought = await documentSerials(tx, SERIAL_DOCUMENT, id);
    const gone = brought.filter((x) => x.status !== 'available' || x.warehouseId !== before.warehouseId);
    if (gone.length) {
      throw new DomainError(
        409,
        receiptMessages.serialsGone(
          gone.map((x) => `${x.serial} (${x.status === 'available' ? 'інший склад' : serialStatusLabels[x.status]})`),
        ),
      );
    }
    await reverseInLedger(tx, { ...ledgerDoc(before, ctx.userId), date: before.documentDate });
    await moveSerials(tx, {
      serialIds: brought.map((x) => x.id),
      from: ['available'],
      to: 'void',
      event: 'voided',
      document: { type: SERIAL_DOCUMENT, id, number: before.number },
      warehouseId: null,
      userId: ctx.userId,
      note: `Скасування: ${reason}`,
    });
    await tx
      .update(supplierReceipts)
      .set({
        status: 'cancelled',
        cancelledAt: sql`now()`,
        cancelledBy: ctx.userId,
        cancelReason: reason,
        version: sql`${supplierReceipts.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(supplierReceipts.id, id));
    const after = await getReceipt(tx, id);
    await audit(tx, ctx, { action: 'cancel', entityType: 'supplier_receipts', entityId: id, before, after });
    if (after.supplierOrderId) await syncSupplierOrderStatus(tx, after.supplierOrderId, ctx);
    return after;
  });
}
