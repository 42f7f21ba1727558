// Supplier receipts (warehouse.md §6): drafts are edited freely; posting values every line at its true cost in UAH
// (net or gross by the buying company's VAT status, at the document's rate, plus its share of the extra costs) and
// puts it into stock through the ledger; cancelling reverses it. Every step is one audited transaction.
import { and, asc, count, desc, eq, gte, ilike, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import { add, cmp, dec, div, fixed, isZero, mul, round, sub, type Dec } from '@/shared/decimal.ts';
import { pageWindow, parseSort } from '@/shared/list.ts';
import { lineAmounts } from '@/shared/vat.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { uniqueViolation } from '@/server/kernel/db-errors.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { nextNumber, postToLedger, reverseInLedger, type LedgerDocument } from '@/modules/stock/server/index.ts';
import {
  createLineSerials,
  documentSerialMessages,
  documentSerials,
  generateSerialsIn,
  lineSerialValues,
  moveSerials,
  serialStatusLabels,
} from '@/modules/serial-numbers/server/index.ts';
import { companies } from '@/resources/companies/companies.table.ts';
import { counterparties } from '@/resources/counterparties/counterparties.table.ts';
import { items, itemSuppliers } from '@/resources/items/items.table.ts';
import { supplierDocumentTypes } from '@/resources/supplier-document-types/supplier-document-types.table.ts';
import { units } from '@/resources/units/units.table.ts';
import { warehouses } from '@/resources/warehouses/warehouses.table.ts';
import type { z } from '@/shared/zod-uk.ts';
import {
  receiptMessages,
  receiptSortFields,
  type Receipt,
  type ReceiptLineSerials,
  type receiptCreateSchema,
  type receiptListQuerySchema,
  type ReceiptSummary,
} from '../supplier-receipts.contract.ts';
import { supplierReceiptLines, supplierReceipts } from './supplier-receipts.table.ts';
import {
  orderStatusLabels,
  receivableStatuses,
  type OrderStatus,
} from '@/modules/supplier-orders/supplier-orders.contract.ts';
import { syncSupplierOrderStatus } from '@/modules/supplier-orders/server/index.ts';
import { supplierOrderLines, supplierOrders } from '@/modules/supplier-orders/server/supplier-orders.table.ts';

type CreateInput = z.output<typeof receiptCreateSchema>;
type LineInput = CreateInput['lines'][number];
type Header = Omit<CreateInput, 'lines'>;

// ---- arithmetic ------------------------------------------------------------------------------------------------

/** Line totals in the document's currency (sales.md §1.4: the entered price is net, or gross with VAT). */
export function lineTotals(line: { qty: string; unitPrice: string; vatRate: string }, pricesIncludeVat: boolean) {
  return lineAmounts(dec(line.qty), dec(line.unitPrice), line.vatRate, pricesIncludeVat);
}

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
    const like = `%${q.search.replace(/[\\%_]/g, (c) => '\\' + c)}%`;
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
      .orderBy(
        isDesc ? desc(sortColumn) : asc(sortColumn),
        isDesc ? desc(supplierReceipts.id) : asc(supplierReceipts.id),
      )
      .limit(limit)
      .offset(offset),
    joined(db, { total: count() }).where(condition) as unknown as Promise<[{ total: number }]>,
  ]);
  return { rows: rows as ReceiptSummary[], total: Number(total) };
}

/** The document type the serials' timeline names (the ledger's). */
const SERIAL_DOCUMENT = 'supplier_receipt';

/**
 * The serials of the receipt's serial-tracked lines, after the ledger: the typed ones (exactly qty, new to the item)
 * or, for a line given none, generated from the item's template; all available in the warehouse with receiptId.
 */
async function postSerials(tx: DbOrTx, ctx: AuditContext, doc: Receipt, given: readonly ReceiptLineSerials[]) {
  const byLine = new Map<number, string[]>();
  for (const entry of given) byLine.set(entry.lineId, [...(byLine.get(entry.lineId) ?? []), ...entry.serials]);
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
      unitShortName: units.shortName,
      qty: supplierReceiptLines.qty,
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
    .where(eq(supplierReceiptLines.receiptId, id))
    .orderBy(asc(supplierReceiptLines.lineNo));
  const h = header as unknown as Record<string, unknown>;
  const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : ((v as string | null) ?? null));
  const brought = h.status === 'draft' ? [] : await documentSerials(db, SERIAL_DOCUMENT, id);
  return {
    ...(header as unknown as Receipt),
    postedAt: iso(h.postedAt),
    cancelledAt: iso(h.cancelledAt),
    createdAt: iso(h.createdAt)!,
    lines: lines.map((line) => ({
      ...line,
      serialTracking: Boolean(line.serialTracking),
      serials: brought.filter((x) => x.itemId === line.itemId).map((x) => x.serial),
    })) as Receipt['lines'],
  };
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

/** Writes the lines and the document's totals. */
async function writeLines(tx: DbOrTx, receiptId: number, header: Header, lines: readonly LineInput[]) {
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
      qty: fixed(dec(line.qty), 4),
      unitPrice: fixed(dec(line.unitPrice), 6),
      vatRate: line.vatRate,
      supplierItemName: line.supplierItemName ?? null,
      supplierOrderLineId: line.supplierOrderLineId ?? null,
      lineNet: fixed(totals.net, 2),
      lineVat: fixed(totals.vat, 2),
      lineGross: fixed(totals.gross, 2),
    };
  });
  await tx.insert(supplierReceiptLines).values(rows);
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

async function lockDraft(tx: DbOrTx, id: number, version: number | undefined) {
  const before = await getReceipt(tx, id, true);
  if (before.status !== 'draft')
    throw new DomainError(409, before.status === 'posted' ? receiptMessages.posted : receiptMessages.notDraft);
  if (version !== undefined && version !== before.version) throw new DomainError(409, receiptMessages.version);
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
      const lines: LineInput[] =
        newLines ??
        before.lines.map((l) => ({
          itemId: l.itemId,
          qty: l.qty,
          unitPrice: l.unitPrice,
          vatRate: l.vatRate,
          supplierItemName: l.supplierItemName,
          supplierOrderLineId: l.supplierOrderLineId,
        }));
      await checkReferences(tx, header, lines);
      await checkDuplicate(tx, header, id);
      await tx
        .update(supplierReceipts)
        .set({ ...headerValues(header), version: sql`${supplierReceipts.version} + 1`, updatedAt: sql`now()` })
        .where(eq(supplierReceipts.id, id));
      await writeLines(tx, id, header, lines);
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
    await audit(tx, ctx, { action: 'delete', entityType: 'supplier_receipts', entityId: id, before });
  });
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
  return db.transaction(async (tx) => {
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
    const unitCosts = before.lines.map((l, i) => div(add(bases[i]!, shares[i]!), dec(l.qty), 6));
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
        lineId: l.id,
      })),
    );
    await postSerials(tx, ctx, before, serials);
    // The supplier's last price of each item, in the document's currency.
    for (const line of before.lines) {
      const updated = await tx
        .update(itemSuppliers)
        .set({ lastPrice: line.unitPrice, lastPriceCurrency: before.currencyCode, lastPriceDate: before.documentDate })
        .where(and(eq(itemSuppliers.itemId, line.itemId), eq(itemSuppliers.supplierId, before.supplierId)))
        .returning({ id: itemSuppliers.id });
      if (!updated.length) {
        await tx.insert(itemSuppliers).values({
          itemId: line.itemId,
          supplierId: before.supplierId,
          supplierItemName: line.supplierItemName,
          lastPrice: line.unitPrice,
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
  return db.transaction(async (tx) => {
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
): Promise<{ lineId: number; itemId: number; sku: string; name: string; qty: string }> {
  return db.transaction(async (tx) => {
    const before = await lockDraft(tx, id, undefined);
    const item = await itemByCode(tx, code.trim(), before.supplierId);
    if (!item) throw new DomainError(404, receiptMessages.scanNotFound);
    if (item.kind === 'service') throw new DomainError(400, receiptMessages.notStocked);
    const existing = before.lines.find((l) => l.itemId === item.id);
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
    await recomputeTotals(tx, id, before.fxRate);
    await tx
      .update(supplierReceipts)
      .set({ version: sql`${supplierReceipts.version} + 1`, updatedAt: sql`now()` })
      .where(eq(supplierReceipts.id, id));
    const after = await getReceipt(tx, id);
    await audit(tx, ctx, { action: 'update', entityType: 'supplier_receipts', entityId: id, before, after });
    return { lineId, itemId: item.id, sku: item.sku, name: item.name, qty };
  });
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
    const kept: LineInput[] = before.lines.map((l) => ({
      itemId: l.itemId,
      qty: l.qty,
      unitPrice: l.unitPrice,
      vatRate: l.vatRate,
      supplierItemName: l.supplierItemName,
      supplierOrderLineId: l.supplierOrderLineId,
    }));
    const lines = [...kept, ...added];
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
