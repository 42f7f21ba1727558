// Supplier receipts (warehouse.md §6), reading: the list and one document with its lines, the supplier's last prices
// and, once posted, the serials it brought.
import { and, asc, count, desc, eq, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { listOrder } from '@/server/kernel/collation.ts';
import { DomainError } from '@/shared/api-error.ts';
import { pageWindow, parseSort } from '@/shared/list.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { documentSerials, draftSerials } from '@/modules/serial-numbers/server/index.ts';
import { counterparties } from '@/resources/counterparties/counterparties.table.ts';
import { items } from '@/resources/items/items.table.ts';
import { supplierDocumentTypes } from '@/resources/supplier-document-types/supplier-document-types.table.ts';
import { units } from '@/resources/units/units.table.ts';
import { warehouses } from '@/resources/warehouses/warehouses.table.ts';
import type { z } from '@/shared/zod-uk.ts';
import {
  receiptMessages,
  receiptSortFields,
  type Receipt,
  type receiptListQuerySchema,
  type ReceiptSummary,
} from '../supplier-receipts.contract.ts';
import { supplierReceiptLines, supplierReceipts } from './supplier-receipts.table.ts';
import { containsPattern } from '@/server/kernel/like.ts';

// ---- reading ---------------------------------------------------------------------------------------------------

const summaryColumns = {
  id: supplierReceipts.id,
  number: supplierReceipts.number,
  documentDate: supplierReceipts.documentDate,
  status: supplierReceipts.status,
  supplierId: supplierReceipts.supplierId,
  supplierName: counterparties.name,
  warehouseId: supplierReceipts.warehouseId,
  warehouseName: warehouses.name,
  documentTypeId: supplierReceipts.documentTypeId,
  documentTypeName: supplierDocumentTypes.name,
  supplierDocNumber: supplierReceipts.supplierDocNumber,
  supplierDocDate: supplierReceipts.supplierDocDate,
  currencyCode: supplierReceipts.currencyCode,
  totalNet: supplierReceipts.totalNet,
  totalVat: supplierReceipts.totalVat,
  totalGross: supplierReceipts.totalGross,
  totalUah: supplierReceipts.totalUah,
  lineCount: sql<number>`(select count(*)::int from ${supplierReceiptLines} where ${supplierReceiptLines.receiptId} = ${supplierReceipts.id})`,
  supplierOrderId: supplierReceipts.supplierOrderId,
  supplierOrderNumber: sql<
    string | null
  >`(select o.number from supplier_orders o where o.id = ${supplierReceipts.supplierOrderId})`,
};

const joined = (db: DbOrTx, columns: Record<string, unknown>) =>
  db
    .select(columns as typeof summaryColumns)
    .from(supplierReceipts)
    .innerJoin(counterparties, eq(counterparties.id, supplierReceipts.supplierId))
    .innerJoin(warehouses, eq(warehouses.id, supplierReceipts.warehouseId))
    .innerJoin(supplierDocumentTypes, eq(supplierDocumentTypes.id, supplierReceipts.documentTypeId));

export async function listReceipts(
  db: DbOrTx,
  q: z.output<typeof receiptListQuerySchema>,
): Promise<{ rows: ReceiptSummary[]; total: number }> {
  const where: SQL[] = [];
  if (q.status) where.push(eq(supplierReceipts.status, q.status));
  if (q.supplierId) where.push(eq(supplierReceipts.supplierId, q.supplierId));
  if (q.warehouseId) where.push(eq(supplierReceipts.warehouseId, q.warehouseId));
  if (q.dateFrom) where.push(gte(supplierReceipts.documentDate, q.dateFrom));
  if (q.dateTo) where.push(lte(supplierReceipts.documentDate, q.dateTo));
  if (q.search) {
    const like = containsPattern(q.search);
    where.push(
      or(
        ilike(supplierReceipts.number, like),
        ilike(supplierReceipts.supplierDocNumber, like),
        ilike(counterparties.name, like),
      )!,
    );
  }
  const condition = where.length ? and(...where) : undefined;
  const { field, desc: isDesc } = parseSort(q.sort ?? '-documentDate', receiptSortFields, 'documentDate');
  const sortColumn = {
    number: supplierReceipts.number,
    documentDate: supplierReceipts.documentDate,
    supplierName: counterparties.name,
    totalUah: supplierReceipts.totalUah,
    status: supplierReceipts.status,
  }[field];
  const { limit, offset } = pageWindow(q);
  const [rows, [{ total }]] = await Promise.all([
    joined(db, summaryColumns)
      .where(condition)
      .orderBy(listOrder(sortColumn, field, isDesc), isDesc ? desc(supplierReceipts.id) : asc(supplierReceipts.id))
      .limit(limit)
      .offset(offset),
    joined(db, { total: count() }).where(condition) as unknown as Promise<[{ total: number }]>,
  ]);
  return { rows: rows as ReceiptSummary[], total: Number(total) };
}

/** The unit a line was entered in, when not the stock unit. */
const enteredUnits = alias(units, 'entered_units');

/** The document type the serials' timeline names (the ledger's). */
export const SERIAL_DOCUMENT = 'supplier_receipt';
export async function getReceipt(db: DbOrTx, id: number, lock = false): Promise<Receipt> {
  if (lock)
    await db
      .select({ id: supplierReceipts.id })
      .from(supplierReceipts)
      .where(eq(supplierReceipts.id, id))
      .for('update');
  const [header] = await joined(db, {
    ...summaryColumns,
    companyId: supplierReceipts.companyId,
    fxRate: supplierReceipts.fxRate,
    pricesIncludeVat: supplierReceipts.pricesIncludeVat,
    extraCosts: supplierReceipts.extraCosts,
    extraCostsMethod: supplierReceipts.extraCostsMethod,
    notes: supplierReceipts.notes,
    version: supplierReceipts.version,
    postedAt: supplierReceipts.postedAt,
    cancelledAt: supplierReceipts.cancelledAt,
    cancelReason: supplierReceipts.cancelReason,
    createdAt: supplierReceipts.createdAt,
  }).where(eq(supplierReceipts.id, id));
  if (!header) throw new DomainError(404, receiptMessages.notFound);
  const lines = await db
    .select({
      id: supplierReceiptLines.id,
      lineNo: supplierReceiptLines.lineNo,
      itemId: supplierReceiptLines.itemId,
      sku: items.sku,
      itemName: items.name,
      stockUnitId: items.unitId,
      unitShortName: units.shortName,
      qty: supplierReceiptLines.qty,
      enteredQty: sql<string>`coalesce(${supplierReceiptLines.enteredQty}, ${supplierReceiptLines.qty})::text`,
      enteredUnitId: supplierReceiptLines.enteredUnitId,
      enteredUnitShortName: enteredUnits.shortName,
      unitPrice: supplierReceiptLines.unitPrice,
      vatRate: supplierReceiptLines.vatRate,
      supplierItemName: supplierReceiptLines.supplierItemName,
      lineNet: supplierReceiptLines.lineNet,
      lineVat: supplierReceiptLines.lineVat,
      lineGross: supplierReceiptLines.lineGross,
      unitCost: supplierReceiptLines.unitCost,
      supplierOrderLineId: supplierReceiptLines.supplierOrderLineId,
      lastPrice: sql<string | null>`(select s.last_price from item_suppliers s
        where s.item_id = ${supplierReceiptLines.itemId} and s.supplier_id = ${header.supplierId}
        order by s.last_price_date desc nulls last, s.id desc limit 1)`,
      lastPriceCurrency: sql<string | null>`(select s.last_price_currency from item_suppliers s
        where s.item_id = ${supplierReceiptLines.itemId} and s.supplier_id = ${header.supplierId}
        order by s.last_price_date desc nulls last, s.id desc limit 1)`,
      serialTracking: sql<boolean>`(${items.serialTracking} and ${items.kind} <> 'service')`,
    })
    .from(supplierReceiptLines)
    .innerJoin(items, eq(items.id, supplierReceiptLines.itemId))
    .leftJoin(units, eq(units.id, items.unitId))
    .leftJoin(enteredUnits, eq(enteredUnits.id, supplierReceiptLines.enteredUnitId))
    .where(eq(supplierReceiptLines.receiptId, id))
    .orderBy(asc(supplierReceiptLines.lineNo));
  const h = header as unknown as Record<string, unknown>;
  const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : ((v as string | null) ?? null));
  const draft = h.status === 'draft';
  const brought = draft ? [] : await documentSerials(db, SERIAL_DOCUMENT, id);
  const kept = draft ? await draftSerials(db, SERIAL_DOCUMENT, id) : new Map<number, string[]>();
  return {
    ...(header as unknown as Receipt),
    postedAt: iso(h.postedAt),
    cancelledAt: iso(h.cancelledAt),
    createdAt: iso(h.createdAt)!,
    lines: lines.map((line) => ({
      ...line,
      serialTracking: Boolean(line.serialTracking),
      serials: draft ? (kept.get(line.id) ?? []) : brought.filter((x) => x.itemId === line.itemId).map((x) => x.serial),
    })) as Receipt['lines'],
  };
}
