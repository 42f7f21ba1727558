// Supplier receipts (warehouse.md §6), lines added to a draft without the form: a scanned code (+1 on its line or a
// new line) and lines from a CSV or XLSX file (all or nothing).
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import { add, dec, fixed, mul, round } from '@/shared/decimal.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { items, itemSuppliers } from '@/resources/items/items.table.ts';
import { receiptMessages, type Receipt, type ReceiptScanResult } from '../supplier-receipts.contract.ts';
import {
  addDraftSerial,
  documentSerialMessages,
  draftSerialValues,
  findSerials,
  serialTrackedItems,
} from '@/modules/serial-numbers/server/index.ts';
import { supplierReceiptLines, supplierReceipts } from './supplier-receipts.table.ts';
import { SERIAL_DOCUMENT, getReceipt } from './supplier-receipts.read.ts';
import {
  type Header,
  type LineInput,
  lineInputOf,
  lineTotals,
  lockDraft,
  writeLines,
} from './supplier-receipts.write.ts';

// ---- scanning into a draft -------------------------------------------------------------------------------------

/** The document's totals from its stored lines (lines changed in place keep their ids). */
async function recomputeTotals(tx: DbOrTx, receiptId: number, fxRate: string) {
  const lines = await tx
    .select({
      net: supplierReceiptLines.lineNet,
      vat: supplierReceiptLines.lineVat,
      gross: supplierReceiptLines.lineGross,
    })
    .from(supplierReceiptLines)
    .where(eq(supplierReceiptLines.receiptId, receiptId));
  const sum = (pick: (l: (typeof lines)[number]) => string) => lines.reduce((s, l) => add(s, dec(pick(l))), dec(0));
  const gross = sum((l) => l.gross);
  await tx
    .update(supplierReceipts)
    .set({
      totalNet: fixed(
        sum((l) => l.net),
        2,
      ),
      totalVat: fixed(
        sum((l) => l.vat),
        2,
      ),
      totalGross: fixed(gross, 2),
      totalUah: fixed(round(mul(gross, dec(fxRate)), 2), 2),
    })
    .where(eq(supplierReceipts.id, receiptId));
}

/** The item a scanned code names: its barcode, else its SKU (any case), else a supplier's SKU (this supplier first). */
async function itemByCode(tx: DbOrTx, code: string, supplierId: number) {
  const columns = { id: items.id, sku: items.sku, name: items.name, kind: items.kind, vatRate: items.vatRate };
  const [byBarcode] = await tx.select(columns).from(items).where(eq(items.barcode, code)).limit(1);
  if (byBarcode) return byBarcode;
  const [bySku] = await tx
    .select(columns)
    .from(items)
    .where(sql`lower(btrim(${items.sku})) = lower(${code})`)
    .limit(1);
  if (bySku) return bySku;
  const [bySupplierSku] = await tx
    .select(columns)
    .from(itemSuppliers)
    .innerJoin(items, eq(items.id, itemSuppliers.itemId))
    .where(sql`lower(btrim(${itemSuppliers.supplierSku})) = lower(${code})`)
    .orderBy(sql`(${itemSuppliers.supplierId} = ${supplierId}) desc`, asc(itemSuppliers.id))
    .limit(1);
  return bySupplierSku ?? null;
}

/**
 * `POST …/:id/scan {code}` (warehouse.md §6): +1 on the scanned item's line of a draft, or a new line at the item's
 * last price from this supplier (0 when there is none). Answers the line and its new quantity.
 */
export async function scanIntoReceipt(
  db: DbOrTx,
  ctx: AuditContext,
  id: number,
  code: string,
  serialText?: string | null,
): Promise<ReceiptScanResult> {
  return db.transaction(async (tx) => {
    const before = await lockDraft(tx, id, undefined);
    const item = await itemByCode(tx, code.trim(), before.supplierId);
    if (!item) throw new DomainError(404, receiptMessages.scanNotFound);
    if (item.kind === 'service') throw new DomainError(400, receiptMessages.notStocked);
    // One more of the item on its line in the stock unit (a line entered in another unit is left as typed).
    const existing = before.lines.find((l) => l.itemId === item.id && l.enteredUnitId === null);
    const serial = serialText ? await scannedSerial(tx, item, serialText, existing?.serials ?? []) : null;
    let lineId: number;
    let qty: string;
    if (existing) {
      qty = fixed(add(dec(existing.qty), dec(1)), 4);
      const totals = lineTotals(
        { qty, unitPrice: existing.unitPrice, vatRate: existing.vatRate },
        before.pricesIncludeVat,
      );
      await tx
        .update(supplierReceiptLines)
        .set({ qty, lineNet: fixed(totals.net, 2), lineVat: fixed(totals.vat, 2), lineGross: fixed(totals.gross, 2) })
        .where(eq(supplierReceiptLines.id, existing.id));
      lineId = existing.id;
    } else {
      const [last] = await tx
        .select({ price: itemSuppliers.lastPrice, currency: itemSuppliers.lastPriceCurrency })
        .from(itemSuppliers)
        .where(and(eq(itemSuppliers.itemId, item.id), eq(itemSuppliers.supplierId, before.supplierId)))
        .orderBy(sql`${itemSuppliers.lastPriceDate} desc nulls last`, desc(itemSuppliers.id))
        .limit(1);
      const unitPrice = last?.price && last.currency === before.currencyCode ? last.price : '0';
      const vatRate = (['20', '14', '7', '0'].includes(String(item.vatRate)) ? String(item.vatRate) : '20') as '20';
      qty = fixed(dec(1), 4);
      const totals = lineTotals({ qty, unitPrice, vatRate }, before.pricesIncludeVat);
      const [row] = await tx
        .insert(supplierReceiptLines)
        .values({
          receiptId: id,
          lineNo: before.lines.reduce((m, l) => Math.max(m, l.lineNo), 0) + 1,
          itemId: item.id,
          qty,
          unitPrice: fixed(dec(unitPrice), 6),
          vatRate,
          lineNet: fixed(totals.net, 2),
          lineVat: fixed(totals.vat, 2),
          lineGross: fixed(totals.gross, 2),
        })
        .returning({ id: supplierReceiptLines.id });
      lineId = row!.id;
    }
    if (serial) await addDraftSerial(tx, SERIAL_DOCUMENT, id, lineId, serial);
    await recomputeTotals(tx, id, before.fxRate);
    await tx
      .update(supplierReceipts)
      .set({ version: sql`${supplierReceipts.version} + 1`, updatedAt: sql`now()` })
      .where(eq(supplierReceipts.id, id));
    const after = await getReceipt(tx, id);
    await audit(tx, ctx, { action: 'update', entityType: 'supplier_receipts', entityId: id, before, after });
    const serials = after.lines.find((l) => l.id === lineId)?.serials ?? [];
    return { lineId, itemId: item.id, sku: item.sku, name: item.name, qty, serials };
  });
}

/**
 * A serial scanned with its item (warehouse.md §6: scanning a serial registers it): one normalised value of a
 * serial-tracked item, new to the item and not yet on the line; it is kept on the line and registered at posting.
 */
async function scannedSerial(
  tx: DbOrTx,
  item: { id: number; sku: string },
  text: string,
  onLine: readonly string[],
): Promise<string> {
  const tracked = await serialTrackedItems(tx, [item.id]);
  if (!tracked.has(item.id)) throw new DomainError(400, documentSerialMessages.notTracked(item.sku));
  const values = draftSerialValues(item.sku, [text]);
  if (values.length !== 1) throw new DomainError(400, receiptMessages.scanOneSerial);
  const value = values[0]!;
  if (onLine.includes(value)) throw new DomainError(409, receiptMessages.scanSerialOnLine(value));
  const [known] = await findSerials(tx, item.id, [value]);
  if (known) throw new DomainError(409, documentSerialMessages.duplicates(item.sku, [value]));
  return value;
}

// ---- lines from a file -----------------------------------------------------------------------------------------

const IMPORT_COLUMNS = {
  sku: ['sku', 'артикул', 'код', 'supplier sku', 'suppliersku', 'артикул постачальника'],
  qty: ['qty', 'quantity', 'кількість', 'к-сть'],
  price: ['price', 'unitprice', 'unit price', 'ціна', 'ціна за од.'],
} as const;

/** A cell as an exact decimal text ('1 250,5' → '1250.5'), or null when it is not a number of at most `scale`. */
function cellDecimal(value: string | number | null, scale: number): string | null {
  if (value === null) return null;
  const text = String(value).trim().replace(/\s/g, '').replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(text) || (text.split('.')[1]?.length ?? 0) > scale) return null;
  return text;
}

/**
 * `POST …/:id/import-lines` (warehouse.md §6): the rows of a CSV/XLSX file (SKU or the supplier's SKU, qty, price)
 * become new lines of a draft — all of them, or none when any row is wrong (each wrong row named in Ukrainian).
 */
export async function importReceiptLines(
  db: DbOrTx,
  ctx: AuditContext,
  id: number,
  sheet: { headers: string[]; rows: Array<Array<string | number | null>> },
): Promise<Receipt> {
  return db.transaction(async (tx) => {
    const before = await lockDraft(tx, id, undefined);
    const headers = sheet.headers.map((h) => h.trim().toLowerCase());
    const col = (names: readonly string[]) => headers.findIndex((h) => names.includes(h));
    const [skuAt, qtyAt, priceAt] = [col(IMPORT_COLUMNS.sku), col(IMPORT_COLUMNS.qty), col(IMPORT_COLUMNS.price)];
    if (skuAt < 0 || qtyAt < 0 || priceAt < 0) throw new DomainError(400, receiptMessages.importColumns);
    const fields: Record<string, string> = {};
    const added: LineInput[] = [];
    for (const [i, row] of sheet.rows.entries()) {
      if (row.every((c) => c === null || String(c).trim() === '')) continue;
      const rowNo = i + 2; // the header is row 1
      const code = String(row[skuAt] ?? '').trim();
      const qty = cellDecimal(row[qtyAt] ?? null, 4);
      const price = cellDecimal(row[priceAt] ?? null, 6);
      const problems: string[] = [];
      const item = code ? await itemByCode(tx, code, before.supplierId) : null;
      if (!code) problems.push(receiptMessages.importNoSku);
      else if (!item) problems.push(receiptMessages.importUnknown(code));
      else if (item.kind === 'service') problems.push(receiptMessages.notStocked);
      if (!qty || !/[1-9]/.test(qty)) problems.push(receiptMessages.importQty);
      if (!price) problems.push(receiptMessages.importPrice);
      if (problems.length) {
        fields[`rows.${rowNo}`] = receiptMessages.importRow(rowNo, problems.join('; '));
        continue;
      }
      const vatRate = (['20', '14', '7', '0'].includes(String(item!.vatRate)) ? item!.vatRate : '20') as '20';
      added.push({ itemId: item!.id, qty: qty!, unitPrice: price!, vatRate, supplierItemName: null });
    }
    if (Object.keys(fields).length) {
      const errors = Object.values(fields);
      throw new DomainError(400, receiptMessages.importFailed(errors.length, errors[0]!), fields);
    }
    if (!added.length) throw new DomainError(400, receiptMessages.importEmpty);
    const { lines: _lines, ...rest } = before;
    const header: Header = {
      supplierId: rest.supplierId,
      companyId: rest.companyId,
      warehouseId: rest.warehouseId,
      documentTypeId: rest.documentTypeId,
      supplierDocNumber: rest.supplierDocNumber,
      supplierDocDate: rest.supplierDocDate,
      documentDate: rest.documentDate,
      currencyCode: rest.currencyCode,
      fxRate: rest.fxRate,
      pricesIncludeVat: rest.pricesIncludeVat,
      extraCosts: rest.extraCosts,
      extraCostsMethod: rest.extraCostsMethod,
      notes: rest.notes,
      supplierOrderId: rest.supplierOrderId,
    };
    const lines = [...before.lines.map(lineInputOf), ...added];
    if (lines.length > 500) throw new DomainError(400, receiptMessages.importTooMany);
    await writeLines(tx, id, header, lines);
    await tx
      .update(supplierReceipts)
      .set({ version: sql`${supplierReceipts.version} + 1`, updatedAt: sql`now()` })
      .where(eq(supplierReceipts.id, id));
    const after = await getReceipt(tx, id);
    await audit(tx, ctx, { action: 'import', entityType: 'supplier_receipts', entityId: id, before, after });
    return after;
  });
}
