// Which labels to print and what each carries (warehouse.md §10): items with copies, one label per unit of a
// posted supplier receipt or of an MO's posted outputs (one per serial they produced), or one per serial number. Read-only; the PDF is drawn by labels.render.ts.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { companies } from '@/resources/companies/companies.table.ts';
import { items } from '@/resources/items/items.table.ts';
import { serialEvents, serialNumbers } from '@/modules/serial-numbers/server/serial-numbers.table.ts';
import { supplierReceiptLines, supplierReceipts } from '@/modules/supplier-receipts/server/supplier-receipts.table.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { DomainError } from '@/shared/api-error.ts';
import { code128, isCode128Text, itemLabelBarcode } from '@/shared/barcode.ts';
import { add, cmp, dec, fixed, isZero } from '@/shared/decimal.ts';
import { formatDecimalUk } from '@/shared/decimal-format.ts';
import { lineAmounts } from '@/shared/vat.ts';
import { labelMessages, MAX_LABELS, type LabelItemsAnswer, type LabelRenderBody } from '../labels.contract.ts';
import { renderLabels, type LabelContent } from './labels.render.ts';
import { moOutputsOf } from './mo-outputs-port.ts';

interface ItemRow {
  id: number;
  name: string;
  sku: string;
  barcode: string | null;
  retailPrice: string | null;
  vatRate: string;
}

/** The retail price of one unit with VAT, 2 decimals (the price fields are net of VAT). */
export function priceWithVat(retailPrice: string | null, vatRate: string): string | null {
  if (retailPrice === null) return null;
  return fixed(lineAmounts(dec(1), dec(retailPrice), vatRate, false).gross, 2);
}

/** The symbology a label carries for an item (exported for tests and the preview): EAN-13 or Code 128 of the SKU. */
export function labelBarcodeOf(item: { sku: string; barcode: string | null }) {
  const symbol = itemLabelBarcode(item);
  return symbol ? { symbology: symbol.symbology, text: symbol.text } : null;
}

async function loadItems(db: DbOrTx, ids: readonly number[]): Promise<Map<number, ItemRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: items.id,
      name: items.name,
      sku: items.sku,
      barcode: items.barcode,
      retailPrice: items.retailPrice,
      vatRate: items.vatRate,
    })
    .from(items)
    .where(inArray(items.id, [...new Set(ids)]));
  const found = new Map(rows.map((r) => [r.id, r]));
  const missing = [...new Set(ids)].filter((id) => !found.has(id));
  if (missing.length) throw new DomainError(404, labelMessages.itemsNotFound(missing));
  return found;
}

/** The default company's short name, printed on every label (null when no company is set up). */
async function companyName(db: DbOrTx): Promise<string | null> {
  const [row] = await db.select({ name: companies.name }).from(companies).where(eq(companies.isDefault, true)).limit(1);
  return row?.name ?? null;
}

/** What the preview shows for each item, in the order asked. */
export async function labelItems(db: DbOrTx, ids: readonly number[]): Promise<LabelItemsAnswer> {
  const [found, company] = await Promise.all([loadItems(db, ids), companyName(db)]);
  return {
    companyName: company,
    items: ids.map((id) => {
      const item = found.get(id)!;
      return {
        itemId: item.id,
        name: item.name,
        sku: item.sku,
        barcode: labelBarcodeOf(item),
        priceWithVat: priceWithVat(item.retailPrice, item.vatRate),
      };
    }),
  };
}

/** [itemId, copies] pairs of a posted receipt: one label per unit received, so quantities must be whole. */
async function receiptCopies(db: DbOrTx, receiptId: number): Promise<Array<[number, number]>> {
  const [receipt] = await db
    .select({ status: supplierReceipts.status })
    .from(supplierReceipts)
    .where(eq(supplierReceipts.id, receiptId));
  if (!receipt) throw new DomainError(404, labelMessages.receiptNotFound);
  if (receipt.status !== 'posted') throw new DomainError(409, labelMessages.receiptNotPosted);
  const lines = await db
    .select({ itemId: supplierReceiptLines.itemId, qty: supplierReceiptLines.qty, sku: items.sku })
    .from(supplierReceiptLines)
    .innerJoin(items, eq(items.id, supplierReceiptLines.itemId))
    .where(eq(supplierReceiptLines.receiptId, receiptId))
    .orderBy(asc(supplierReceiptLines.lineNo));
  const fractional = lines.filter((l) => !/^\d+(\.0*)?$/.test(l.qty)).map((l) => l.sku);
  if (fractional.length) throw new DomainError(400, labelMessages.fractionalQty(fractional));
  return lines.map((l) => [l.itemId, Number(l.qty.split('.')[0])]);
}

/**
 * What an MO's posted outputs produced: the serials they made available (their event's document is the output
 * posting), in order — else, for an item without serials, one label per good unit (whole quantities only).
 */
async function moOutputSource(
  db: DbOrTx,
  moId: number,
): Promise<{ serialIds: number[] } | { copies: Array<[number, number]> }> {
  const mo = await moOutputsOf(db, moId);
  if (!mo) throw new DomainError(404, labelMessages.moNotFound);
  const good = mo.outputs.reduce((sum, o) => add(sum, dec(o.goodQty)), dec(0));
  if (cmp(good, dec(0)) <= 0) throw new DomainError(409, labelMessages.moNothingOutput(mo.number));
  const serials = await db
    .selectDistinct({ id: serialEvents.serialId })
    .from(serialEvents)
    .where(
      and(
        eq(serialEvents.event, 'output'),
        eq(serialEvents.documentType, 'mo_output'),
        inArray(
          serialEvents.documentId,
          mo.outputs.map((o) => o.id),
        ),
      ),
    )
    .orderBy(asc(serialEvents.serialId));
  if (serials.length) return { serialIds: serials.map((s) => s.id) };
  const [whole, fraction = '0'] = fixed(good, 4).split('.');
  if (!isZero(dec(fraction))) {
    const item = (await loadItems(db, [mo.itemId])).get(mo.itemId)!;
    throw new DomainError(400, labelMessages.fractionalQty([item.sku]));
  }
  return { copies: [[mo.itemId, Number(whole)]] };
}

/**
 * One label per serial, in the order asked: the item's name and SKU, and Code 128 of the serial (the number is printed
 * under the bars). A serial outside printable ASCII gets no barcode; its number then follows the SKU.
 */
async function serialLabels(db: DbOrTx, ids: readonly number[], showPrice: boolean): Promise<LabelContent[]> {
  const wanted = [...new Set(ids)];
  const [rows, company] = await Promise.all([
    db
      .select({
        id: serialNumbers.id,
        serial: serialNumbers.serial,
        name: items.name,
        sku: items.sku,
        retailPrice: items.retailPrice,
        vatRate: items.vatRate,
      })
      .from(serialNumbers)
      .innerJoin(items, eq(items.id, serialNumbers.itemId))
      .where(inArray(serialNumbers.id, wanted)),
    companyName(db),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const missing = wanted.filter((id) => !byId.has(id));
  if (missing.length) throw new DomainError(404, labelMessages.serialsNotFound(missing));
  return ids.map((id) => {
    const row = byId.get(id)!;
    const price = showPrice ? priceWithVat(row.retailPrice, row.vatRate) : null;
    const barcode = isCode128Text(row.serial) ? code128(row.serial) : null;
    return {
      name: row.name,
      sku: barcode ? row.sku : `${row.sku} · ${row.serial}`,
      price: price === null ? null : `${formatDecimalUk(price)} грн`,
      barcode,
      company,
    };
  });
}

/** [itemId, copies] pairs of the items or the receipt asked, or the serials of an MO's output. */
async function sourceOf(
  db: DbOrTx,
  body: LabelRenderBody,
): Promise<{ serialIds: readonly number[] } | { copies: Array<[number, number]> }> {
  if (body.serialIds !== undefined) return { serialIds: body.serialIds };
  if (body.items !== undefined) return { copies: body.items.map((i) => [i.itemId, i.copies]) };
  if (body.documentType === 'manufacturing_order') return moOutputSource(db, body.documentId!);
  return { copies: await receiptCopies(db, body.documentId!) };
}

export async function buildLabels(db: DbOrTx, body: LabelRenderBody): Promise<LabelContent[]> {
  const source = await sourceOf(db, body);
  if ('serialIds' in source) {
    if (source.serialIds.length > MAX_LABELS)
      throw new DomainError(400, labelMessages.tooMany(source.serialIds.length));
    return serialLabels(db, source.serialIds, body.showPrice);
  }
  const { copies } = source;
  const count = copies.reduce((sum, [, n]) => sum + n, 0);
  if (count === 0) throw new DomainError(400, labelMessages.empty);
  if (count > MAX_LABELS) throw new DomainError(400, labelMessages.tooMany(count));
  const [found, company] = await Promise.all([
    loadItems(
      db,
      copies.map(([id]) => id),
    ),
    companyName(db),
  ]);
  const labels: LabelContent[] = [];
  for (const [itemId, n] of copies) {
    const item = found.get(itemId)!;
    const price = body.showPrice ? priceWithVat(item.retailPrice, item.vatRate) : null;
    const content: LabelContent = {
      name: item.name,
      sku: item.sku,
      price: price === null ? null : `${formatDecimalUk(price)} грн`,
      barcode: itemLabelBarcode(item),
      company,
    };
    for (let i = 0; i < n; i++) labels.push(content);
  }
  return labels;
}

export async function renderLabelsPdf(db: DbOrTx, body: LabelRenderBody): Promise<Buffer> {
  return renderLabels(body.template, await buildLabels(db, body));
}
