// Supplier receipts (warehouse.md §6), writing a draft: its references, the supplier document entered once, its lines
// and totals (sales.md §1.4); creating, changing and deleting drafts, each one audited transaction.
import { checkVersion } from '@/server/kernel/documents.ts';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import { add, dec, fixed, mul, round } from '@/shared/decimal.ts';
import { lineAmounts } from '@/shared/vat.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { uniqueViolation } from '@/server/kernel/db-errors.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { nextNumber } from '@/modules/stock/server/index.ts';
import { companies } from '@/resources/companies/companies.table.ts';
import { counterparties } from '@/resources/counterparties/counterparties.table.ts';
import { items } from '@/resources/items/items.table.ts';
import { supplierDocumentTypes } from '@/resources/supplier-document-types/supplier-document-types.table.ts';
import { warehouses } from '@/resources/warehouses/warehouses.table.ts';
import type { z } from '@/shared/zod-uk.ts';
import { receiptMessages, type Receipt, type receiptCreateSchema } from '../supplier-receipts.contract.ts';
import { supplierReceiptLines, supplierReceipts } from './supplier-receipts.table.ts';
import {
  orderStatusLabels,
  receivableStatuses,
  type OrderStatus,
} from '@/modules/supplier-orders/supplier-orders.contract.ts';
import { supplierOrderLines, supplierOrders } from '@/modules/supplier-orders/server/supplier-orders.table.ts';
import { SERIAL_DOCUMENT, getReceipt } from './supplier-receipts.read.ts';
import { clearDraftSerials, saveDraftLineSerials } from '@/modules/serial-numbers/server/index.ts';
import { stockQuantities } from '@/resources/units/units.read.ts';

/** The input once its rate is known (the routes take an absent rate from /currency-rates: `withRate`). */
type CreateInput = z.output<typeof receiptCreateSchema> & { fxRate: string };
export type LineInput = CreateInput['lines'][number];
export type Header = Omit<CreateInput, 'lines'>;

// ---- arithmetic ------------------------------------------------------------------------------------------------

/** Line totals in the document's currency (sales.md §1.4: the entered price is net, or gross with VAT). */
export function lineTotals(line: { qty: string; unitPrice: string; vatRate: string }, pricesIncludeVat: boolean) {
  return lineAmounts(dec(line.qty), dec(line.unitPrice), line.vatRate, pricesIncludeVat);
}

// ---- writing ---------------------------------------------------------------------------------------------------

async function checkReferences(tx: DbOrTx, header: Header, lines: readonly LineInput[]) {
  const fields: Record<string, string> = {};
  const [supplier] = await tx
    .select({ id: counterparties.id })
    .from(counterparties)
    .where(and(eq(counterparties.id, header.supplierId), eq(counterparties.isSupplier, true)));
  if (!supplier) fields.supplierId = receiptMessages.notSupplier;
  const [warehouse] = await tx
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(eq(warehouses.id, header.warehouseId));
  if (!warehouse) fields.warehouseId = receiptMessages.reference;
  const [docType] = await tx
    .select({ id: supplierDocumentTypes.id })
    .from(supplierDocumentTypes)
    .where(eq(supplierDocumentTypes.id, header.documentTypeId));
  if (!docType) fields.documentTypeId = receiptMessages.reference;
  if (header.companyId) {
    const [company] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, header.companyId));
    if (!company) fields.companyId = receiptMessages.reference;
  }
  const ids = [...new Set(lines.map((l) => l.itemId))];
  const found = await tx.select({ id: items.id, kind: items.kind }).from(items).where(inArray(items.id, ids));
  const stocked = new Set(found.filter((i) => i.kind !== 'service').map((i) => i.id));
  lines.forEach((line, i) => {
    if (!stocked.has(line.itemId)) fields[`lines.${i}.itemId`] = receiptMessages.notStocked;
  });
  await checkOrderLinks(tx, header, lines, fields);
  if (Object.keys(fields).length) throw new DomainError(400, Object.values(fields)[0]!, fields);
}

/** A receipt against a supplier order: the order is this supplier's and still expects goods; its lines are its. */
async function checkOrderLinks(
  tx: DbOrTx,
  header: Header,
  lines: readonly LineInput[],
  fields: Record<string, string>,
) {
  const linked = lines.map((l, i) => [l, i] as const).filter(([l]) => l.supplierOrderLineId);
  if (!header.supplierOrderId) {
    for (const [, i] of linked) fields[`lines.${i}.supplierOrderLineId`] = receiptMessages.orderLineWithoutOrder;
    return;
  }
  const [order] = await tx
    .select({ supplierId: supplierOrders.supplierId, status: supplierOrders.status, number: supplierOrders.number })
    .from(supplierOrders)
    .where(eq(supplierOrders.id, header.supplierOrderId));
  if (!order) {
    fields.supplierOrderId = receiptMessages.orderNotFound;
    return;
  }
  if (order.supplierId !== header.supplierId) fields.supplierOrderId = receiptMessages.orderOtherSupplier;
  else if (!(receivableStatuses as readonly string[]).includes(order.status)) {
    fields.supplierOrderId = receiptMessages.orderNotOpen(order.number, orderStatusLabels[order.status as OrderStatus]);
  }
  if (!linked.length) return;
  const orderLines = await tx
    .select({ id: supplierOrderLines.id, orderId: supplierOrderLines.orderId, itemId: supplierOrderLines.itemId })
    .from(supplierOrderLines)
    .where(
      inArray(
        supplierOrderLines.id,
        linked.map(([l]) => l.supplierOrderLineId!),
      ),
    );
  const byId = new Map(orderLines.map((l) => [l.id, l]));
  for (const [line, i] of linked) {
    const orderLine = byId.get(line.supplierOrderLineId!);
    if (!orderLine || orderLine.orderId !== header.supplierOrderId) {
      fields[`lines.${i}.supplierOrderLineId`] = receiptMessages.orderLineOther;
    } else if (orderLine.itemId !== line.itemId) {
      fields[`lines.${i}.itemId`] = receiptMessages.orderLineItem;
    }
  }
}

async function checkDuplicate(tx: DbOrTx, header: Header, exceptId: number | null) {
  const [other] = await tx
    .select({ number: supplierReceipts.number })
    .from(supplierReceipts)
    .where(
      and(
        eq(supplierReceipts.supplierId, header.supplierId),
        sql`lower(btrim(${supplierReceipts.supplierDocNumber})) = lower(btrim(${header.supplierDocNumber}))`,
        eq(supplierReceipts.supplierDocDate, header.supplierDocDate),
        ne(supplierReceipts.status, 'cancelled'),
        exceptId === null ? undefined : ne(supplierReceipts.id, exceptId),
      ),
    )
    .limit(1);
  if (other) {
    const message = receiptMessages.duplicate(other.number);
    throw new DomainError(409, message, { supplierDocNumber: message });
  }
}

/** A stored line as the input that would write it again (its quantity as entered, in its unit). */
export const lineInputOf = (l: Receipt['lines'][number]): LineInput => ({
  itemId: l.itemId,
  qty: l.enteredQty,
  unitId: l.enteredUnitId,
  unitPrice: l.unitPrice,
  vatRate: l.vatRate,
  supplierItemName: l.supplierItemName,
  supplierOrderLineId: l.supplierOrderLineId,
  serials: l.serials,
});

/**
 * Writes the lines and the document's totals. A line entered in another unit stores its stock quantity (the shared
 * conversion) beside the typed one; its price is per the entered unit, so its amounts are typed qty × price.
 */
export async function writeLines(
  tx: DbOrTx,
  receiptId: number,
  header: Header,
  lines: readonly LineInput[],
  previous: ReadonlyArray<{ itemId: number; serials: readonly string[] }> = [],
) {
  const fields: Record<string, string> = {};
  // A unit the stored lines already use stays allowed after it was made inactive.
  const used = await tx
    .selectDistinct({ id: supplierReceiptLines.enteredUnitId })
    .from(supplierReceiptLines)
    .where(eq(supplierReceiptLines.receiptId, receiptId));
  const keep = new Set(used.map((u) => u.id ?? 0));
  const quantities = await stockQuantities(tx, lines, fields, keep);
  if (Object.keys(fields).length) throw new DomainError(400, Object.values(fields)[0]!, fields);
  await tx.delete(supplierReceiptLines).where(eq(supplierReceiptLines.receiptId, receiptId));
  let net = dec(0);
  let vat = dec(0);
  let gross = dec(0);
  const rows = lines.map((line, i) => {
    const totals = lineTotals(line, header.pricesIncludeVat);
    net = add(net, totals.net);
    vat = add(vat, totals.vat);
    gross = add(gross, totals.gross);
    return {
      receiptId,
      lineNo: i + 1,
      itemId: line.itemId,
      ...quantities[i]!,
      unitPrice: fixed(dec(line.unitPrice), 6),
      vatRate: line.vatRate,
      supplierItemName: line.supplierItemName ?? null,
      supplierOrderLineId: line.supplierOrderLineId ?? null,
      lineNet: fixed(totals.net, 2),
      lineVat: fixed(totals.vat, 2),
      lineGross: fixed(totals.gross, 2),
    };
  });
  const written = await tx
    .insert(supplierReceiptLines)
    .values(rows)
    .returning({ id: supplierReceiptLines.id, lineNo: supplierReceiptLines.lineNo });
  const ids = new Map(written.map((r) => [r.lineNo, r.id]));
  await saveDraftLineSerials(
    tx,
    SERIAL_DOCUMENT,
    receiptId,
    previous,
    lines.map((line, i) => ({ lineId: ids.get(i + 1)!, itemId: line.itemId, serials: line.serials })),
  );
  await tx
    .update(supplierReceipts)
    .set({
      totalNet: fixed(net, 2),
      totalVat: fixed(vat, 2),
      totalGross: fixed(gross, 2),
      totalUah: fixed(round(mul(gross, dec(header.fxRate)), 2), 2),
    })
    .where(eq(supplierReceipts.id, receiptId));
}

const headerValues = (h: Header) => ({
  supplierId: h.supplierId,
  companyId: h.companyId ?? null,
  warehouseId: h.warehouseId,
  documentTypeId: h.documentTypeId,
  supplierDocNumber: h.supplierDocNumber,
  supplierDocDate: h.supplierDocDate,
  documentDate: h.documentDate,
  currencyCode: h.currencyCode,
  fxRate: h.fxRate,
  pricesIncludeVat: h.pricesIncludeVat,
  extraCosts: h.extraCosts,
  extraCostsMethod: h.extraCostsMethod,
  notes: h.notes ?? null,
  supplierOrderId: h.supplierOrderId ?? null,
});

function conflict(err: unknown): never {
  if (uniqueViolation(err)?.constraint === 'supplier_receipts_supplier_doc_key') {
    const message = receiptMessages.duplicate('');
    throw new DomainError(409, message.replace(' ()', ''), { supplierDocNumber: message.replace(' ()', '') });
  }
  throw err;
}

export async function createReceipt(db: DbOrTx, ctx: AuditContext, input: CreateInput): Promise<Receipt> {
  return db
    .transaction(async (tx) => {
      const { lines, ...header } = input;
      await checkReferences(tx, header, lines);
      await checkDuplicate(tx, header, null);
      const number = await nextNumber(tx, 'supplier_receipt', header.documentDate);
      const [row] = await tx
        .insert(supplierReceipts)
        .values({ ...headerValues(header), number, createdBy: ctx.userId })
        .returning({ id: supplierReceipts.id });
      await writeLines(tx, row!.id, header, lines);
      const after = await getReceipt(tx, row!.id);
      await audit(tx, ctx, { action: 'create', entityType: 'supplier_receipts', entityId: row!.id, after });
      return after;
    })
    .catch(conflict);
}

export async function lockDraft(tx: DbOrTx, id: number, version: number | undefined) {
  const before = await getReceipt(tx, id, true);
  if (before.status !== 'draft')
    throw new DomainError(409, before.status === 'posted' ? receiptMessages.posted : receiptMessages.notDraft);
  checkVersion(version, before.version, receiptMessages.version);
  return before;
}

export async function updateReceipt(
  db: DbOrTx,
  ctx: AuditContext,
  id: number,
  change: Partial<CreateInput> & { version: number },
): Promise<Receipt> {
  return db
    .transaction(async (tx) => {
      const before = await lockDraft(tx, id, change.version);
      const { version: _v, lines: newLines, ...headerChange } = change;
      const header: Header = {
        supplierId: before.supplierId,
        companyId: before.companyId,
        warehouseId: before.warehouseId,
        documentTypeId: before.documentTypeId,
        supplierDocNumber: before.supplierDocNumber,
        supplierDocDate: before.supplierDocDate,
        documentDate: before.documentDate,
        currencyCode: before.currencyCode,
        fxRate: before.fxRate,
        pricesIncludeVat: before.pricesIncludeVat,
        extraCosts: before.extraCosts,
        extraCostsMethod: before.extraCostsMethod,
        notes: before.notes,
        supplierOrderId: before.supplierOrderId,
        ...Object.fromEntries(Object.entries(headerChange).filter(([, v]) => v !== undefined)),
      };
      const lines: LineInput[] = newLines ?? before.lines.map(lineInputOf);
      await checkReferences(tx, header, lines);
      await checkDuplicate(tx, header, id);
      await tx
        .update(supplierReceipts)
        .set({ ...headerValues(header), version: sql`${supplierReceipts.version} + 1`, updatedAt: sql`now()` })
        .where(eq(supplierReceipts.id, id));
      await writeLines(tx, id, header, lines, before.lines);
      const after = await getReceipt(tx, id);
      await audit(tx, ctx, { action: 'update', entityType: 'supplier_receipts', entityId: id, before, after });
      return after;
    })
    .catch(conflict);
}

export async function deleteReceipt(db: DbOrTx, ctx: AuditContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockDraft(tx, id, undefined);
    await tx.delete(supplierReceipts).where(eq(supplierReceipts.id, id));
    await clearDraftSerials(tx, SERIAL_DOCUMENT, id);
    await audit(tx, ctx, { action: 'delete', entityType: 'supplier_receipts', entityId: id, before });
  });
}
