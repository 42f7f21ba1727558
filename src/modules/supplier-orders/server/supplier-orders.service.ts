// Supplier orders (warehouse.md §5): a PO with its own state machine (not a ledger document). Lines keep their ids,
// because receipt lines point at them; what has arrived is derived from the posted receipts (progress.ts). Every
// change is one audited transaction with the order row locked.
import { and, asc, count, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import { add, cmp, dec, fixed, isZero, mul, round } from '@/shared/decimal.ts';
import { pageWindow, parseSort } from '@/shared/list.ts';
import { lineAmounts } from '@/shared/vat.ts';
import type { z } from '@/shared/zod-uk.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { nextNumber } from '@/modules/stock/server/index.ts';
import { createReceipt } from '@/modules/supplier-receipts/server/index.ts';
import { supplierReceipts } from '@/modules/supplier-receipts/server/supplier-receipts.table.ts';
import type { Receipt } from '@/modules/supplier-receipts/supplier-receipts.contract.ts';
import { companies } from '@/resources/companies/companies.table.ts';
import { counterparties } from '@/resources/counterparties/counterparties.table.ts';
import { items } from '@/resources/items/items.table.ts';
import { supplierDocumentTypes } from '@/resources/supplier-document-types/supplier-document-types.table.ts';
import { units } from '@/resources/units/units.table.ts';
import { warehouses } from '@/resources/warehouses/warehouses.table.ts';
import {
  editableStatuses,
  orderActionLabels,
  orderMessages,
  orderSortFields,
  orderStatusLabels,
  orderTransitions,
  receivableStatuses,
  type Order,
  type OrderAction,
  type OrderBody,
  type orderListQuerySchema,
  type OrderReceipt,
  type orderReceiveSchema,
  type OrderStats,
  type OrderStatus,
  type OrderSummary,
} from '../supplier-orders.contract.ts';
import {
  kyivToday,
  linesWithReceived,
  overdueCondition,
  receivedOfLine,
  syncSupplierOrderStatus,
} from './supplier-orders.progress.ts';
import { supplierOrderLines, supplierOrders } from './supplier-orders.table.ts';
import { rowsOf } from '@/server/kernel/rows.ts';

type LineInput = OrderBody['lines'][number];
type Header = Omit<OrderBody, 'lines'>;
const ENTITY = 'supplier_orders';

// ---- reading ---------------------------------------------------------------------------------------------------

const progress = (expression: string) =>
  sql`(select ${sql.raw(expression)} from ${linesWithReceived(sql`${supplierOrders.id}`)})`;

const summaryColumns = (today: string) => ({
  id: supplierOrders.id,
  number: supplierOrders.number,
  orderDate: supplierOrders.orderDate,
  expectedDate: supplierOrders.expectedDate,
  status: supplierOrders.status,
  supplierId: supplierOrders.supplierId,
  supplierName: counterparties.name,
  warehouseId: supplierOrders.warehouseId,
  warehouseName: warehouses.name,
  supplierReference: supplierOrders.supplierReference,
  currencyCode: supplierOrders.currencyCode,
  fxRate: supplierOrders.fxRate,
  totalNet: supplierOrders.totalNet,
  totalVat: supplierOrders.totalVat,
  totalGross: supplierOrders.totalGross,
  totalUah: sql<string>`round(${supplierOrders.totalGross} * ${supplierOrders.fxRate}, 2)::numeric(18,2)::text`,
  lineCount: progress('count(*)::int'),
  orderedQty: progress('coalesce(sum(x.qty), 0)::numeric(18,4)::text'),
  receivedQty: progress('coalesce(sum(least(x.rcv, x.qty)), 0)::numeric(18,4)::text'),
  remainingQty: progress('coalesce(sum(greatest(x.qty - x.rcv, 0)), 0)::numeric(18,4)::text'),
  receivedPercent: progress(
    'case when coalesce(sum(x.qty), 0) = 0 then 0 else floor(sum(least(x.rcv, x.qty)) * 100 / sum(x.qty))::int end',
  ),
  isOverdue: sql<boolean>`${overdueCondition(today)}`,
});

const joined = (db: DbOrTx, columns: Record<string, unknown>) =>
  db
    .select(columns as ReturnType<typeof summaryColumns>)
    .from(supplierOrders)
    .innerJoin(counterparties, eq(counterparties.id, supplierOrders.supplierId))
    .leftJoin(warehouses, eq(warehouses.id, supplierOrders.warehouseId));

const normaliseSummary = <T extends Record<string, unknown>>(row: T) => ({
  ...row,
  lineCount: Number(row.lineCount),
  receivedPercent: Number(row.receivedPercent),
  isOverdue: row.isOverdue === true || row.isOverdue === 't',
});

export async function listOrders(
  db: DbOrTx,
  q: z.output<typeof orderListQuerySchema>,
  today = kyivToday(),
): Promise<{ rows: OrderSummary[]; total: number }> {
  const where: SQL[] = [];
  if (q.status) where.push(eq(supplierOrders.status, q.status));
  if (q.supplierId) where.push(eq(supplierOrders.supplierId, q.supplierId));
  if (q.dateFrom) where.push(gte(supplierOrders.orderDate, q.dateFrom));
  if (q.dateTo) where.push(lte(supplierOrders.orderDate, q.dateTo));
  if (q.overdue === 'true') where.push(overdueCondition(today));
  if (q.overdue === 'false') where.push(sql`not ${overdueCondition(today)}`);
  if (q.search) {
    const like = `%${q.search.replace(/[\\%_]/g, (c) => '\\' + c)}%`;
    where.push(
      or(
        ilike(supplierOrders.number, like),
        ilike(supplierOrders.supplierReference, like),
        ilike(counterparties.name, like),
      )!,
    );
  }
  const condition = where.length ? and(...where) : undefined;
  const { field, desc: isDesc } = parseSort(q.sort ?? '-orderDate', orderSortFields, 'orderDate');
  const sortColumn = {
    number: supplierOrders.number,
    orderDate: supplierOrders.orderDate,
    expectedDate: supplierOrders.expectedDate,
    supplierName: counterparties.name,
    totalUah: sql`${supplierOrders.totalGross} * ${supplierOrders.fxRate}`,
    status: supplierOrders.status,
  }[field];
  const { limit, offset } = pageWindow(q);
  const [rows, [{ total }]] = await Promise.all([
    joined(db, summaryColumns(today))
      .where(condition)
      .orderBy(
        isDesc ? sql`${sortColumn} desc nulls last` : sql`${sortColumn} asc nulls last`,
        isDesc ? desc(supplierOrders.id) : asc(supplierOrders.id),
      )
      .limit(limit)
      .offset(offset),
    joined(db, { total: count() }).where(condition) as unknown as Promise<[{ total: number }]>,
  ]);
  return { rows: rows.map(normaliseSummary) as OrderSummary[], total: Number(total) };
}

/** The page's stat cards: open orders, awaiting confirmation, overdue deliveries, open amount in UAH. */
export async function orderStats(db: DbOrTx, today = kyivToday()): Promise<OrderStats> {
  const [counts] = rowsOf<{ open: number; sent: number; overdue: number }>(
    await db.execute(sql`select
        count(*) filter (where status in ('sent', 'confirmed', 'partially_received'))::int as open,
        count(*) filter (where status = 'sent')::int as sent,
        count(*) filter (where ${overdueCondition(today)})::int as overdue
      from supplier_orders`),
  );
  // Σ remaining × gross unit price (the line's gross ÷ its qty, exact) × rate.
  const [amount] = rowsOf<{ amount: string }>(
    await db.execute(sql`select coalesce(round(sum(
          greatest(l.qty - ${receivedOfLine(sql`l.id`)}, 0) * l.line_gross / l.qty * o.fx_rate), 2), 0)::numeric(18,2)::text
        as amount
      from supplier_order_lines l join supplier_orders o on o.id = l.order_id
      where o.status in ('sent', 'confirmed', 'partially_received')`),
  );
  return {
    openOrders: Number(counts?.open ?? 0),
    awaitingConfirmation: Number(counts?.sent ?? 0),
    overdue: Number(counts?.overdue ?? 0),
    openAmount: amount?.amount ?? '0.00',
  };
}

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : ((v as string | null) ?? null));

export async function getOrder(db: DbOrTx, id: number, lock = false, today = kyivToday()): Promise<Order> {
  if (lock)
    await db.select({ id: supplierOrders.id }).from(supplierOrders).where(eq(supplierOrders.id, id)).for('update');
  const [header] = await joined(db, {
    ...summaryColumns(today),
    companyId: supplierOrders.companyId,
    pricesIncludeVat: supplierOrders.pricesIncludeVat,
    notes: supplierOrders.notes,
    version: supplierOrders.version,
    sentAt: supplierOrders.sentAt,
    confirmedAt: supplierOrders.confirmedAt,
    closedAt: supplierOrders.closedAt,
    closeReason: supplierOrders.closeReason,
    cancelledAt: supplierOrders.cancelledAt,
    cancelReason: supplierOrders.cancelReason,
    createdAt: supplierOrders.createdAt,
  }).where(eq(supplierOrders.id, id));
  if (!header) throw new DomainError(404, orderMessages.notFound);
  const received = receivedOfLine(sql`${supplierOrderLines.id}`);
  const lines = await db
    .select({
      id: supplierOrderLines.id,
      lineNo: supplierOrderLines.lineNo,
      itemId: supplierOrderLines.itemId,
      sku: items.sku,
      itemName: items.name,
      unitShortName: units.shortName,
      qty: supplierOrderLines.qty,
      unitPrice: supplierOrderLines.unitPrice,
      vatRate: supplierOrderLines.vatRate,
      lineNet: supplierOrderLines.lineNet,
      lineVat: supplierOrderLines.lineVat,
      lineGross: supplierOrderLines.lineGross,
      expectedDate: supplierOrderLines.expectedDate,
      notes: supplierOrderLines.notes,
      receivedQty: sql<string>`${received}::numeric(18,4)::text`,
      remainingQty: sql<string>`greatest(${supplierOrderLines.qty} - ${received}, 0)::numeric(18,4)::text`,
    })
    .from(supplierOrderLines)
    .innerJoin(items, eq(items.id, supplierOrderLines.itemId))
    .leftJoin(units, eq(units.id, items.unitId))
    .where(eq(supplierOrderLines.orderId, id))
    .orderBy(asc(supplierOrderLines.lineNo));
  const h = header as unknown as Record<string, unknown>;
  return {
    ...(normaliseSummary(h) as unknown as Order),
    sentAt: iso(h.sentAt),
    confirmedAt: iso(h.confirmedAt),
    closedAt: iso(h.closedAt),
    cancelledAt: iso(h.cancelledAt),
    createdAt: iso(h.createdAt)!,
    lines: lines as Order['lines'],
  };
}

export async function orderReceipts(db: DbOrTx, id: number): Promise<OrderReceipt[]> {
  const [order] = await db.select({ id: supplierOrders.id }).from(supplierOrders).where(eq(supplierOrders.id, id));
  if (!order) throw new DomainError(404, orderMessages.notFound);
  return (await db
    .select({
      id: supplierReceipts.id,
      number: supplierReceipts.number,
      documentDate: supplierReceipts.documentDate,
      status: supplierReceipts.status,
      supplierDocNumber: supplierReceipts.supplierDocNumber,
      supplierDocDate: supplierReceipts.supplierDocDate,
      currencyCode: supplierReceipts.currencyCode,
      totalGross: supplierReceipts.totalGross,
      totalUah: supplierReceipts.totalUah,
    })
    .from(supplierReceipts)
    .where(eq(supplierReceipts.supplierOrderId, id))
    .orderBy(asc(supplierReceipts.documentDate), asc(supplierReceipts.id))) as OrderReceipt[];
}

// ---- writing ---------------------------------------------------------------------------------------------------

async function checkReferences(tx: DbOrTx, header: Header, lines: readonly LineInput[], newItems: Set<number>) {
  const fields: Record<string, string> = {};
  const [supplier] = await tx
    .select({ id: counterparties.id })
    .from(counterparties)
    .where(and(eq(counterparties.id, header.supplierId), eq(counterparties.isSupplier, true)));
  if (!supplier) fields.supplierId = orderMessages.notSupplier;
  if (header.warehouseId) {
    const [warehouse] = await tx
      .select({ id: warehouses.id })
      .from(warehouses)
      .where(eq(warehouses.id, header.warehouseId));
    if (!warehouse) fields.warehouseId = orderMessages.reference;
  }
  if (header.companyId) {
    const [company] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, header.companyId));
    if (!company) fields.companyId = orderMessages.reference;
  }
  const ids = [...new Set(lines.map((l) => l.itemId))];
  const found = await tx
    .select({ id: items.id, kind: items.kind, isActive: items.isActive })
    .from(items)
    .where(inArray(items.id, ids));
  const byId = new Map(found.map((i) => [i.id, i]));
  lines.forEach((line, i) => {
    const item = byId.get(line.itemId);
    if (!item || item.kind === 'service') fields[`lines.${i}.itemId`] = orderMessages.notStocked;
    else if (!item.isActive && newItems.has(i)) fields[`lines.${i}.itemId`] = orderMessages.inactive;
  });
  if (Object.keys(fields).length) throw new DomainError(400, Object.values(fields)[0]!, fields);
}

const lineValues = (line: LineInput, index: number, pricesIncludeVat: boolean) => {
  const totals = lineAmounts(dec(line.qty), dec(line.unitPrice), line.vatRate, pricesIncludeVat);
  return {
    values: {
      lineNo: index + 1,
      itemId: line.itemId,
      qty: fixed(dec(line.qty), 4),
      unitPrice: fixed(dec(line.unitPrice), 6),
      vatRate: line.vatRate,
      lineNet: fixed(totals.net, 2),
      lineVat: fixed(totals.vat, 2),
      lineGross: fixed(totals.gross, 2),
      expectedDate: line.expectedDate ?? null,
      notes: line.notes ?? null,
    },
    totals,
  };
};

interface StoredLine {
  id: number;
  lineNo: number;
  itemId: number;
  received: string;
  linked: number;
}

/**
 * Writes the lines, keeping ids: a row with `id` updates that stored line, a row without one is new, a stored line
 * not in the rows is removed. A line something was received against keeps its item and at least its received qty;
 * a line any receipt points at cannot be removed.
 */
async function writeLines(tx: DbOrTx, orderId: number, header: Header, lines: readonly LineInput[]) {
  const stored = rowsOf<StoredLine>(
    await tx.execute(sql`select l.id, l.line_no as "lineNo", l.item_id as "itemId",
        ${receivedOfLine(sql`l.id`)}::text as received,
        (select count(*)::int from supplier_receipt_lines rl where rl.supplier_order_line_id = l.id) as linked
      from supplier_order_lines l where l.order_id = ${orderId}`),
  ).map((l) => ({ ...l, id: Number(l.id), itemId: Number(l.itemId), linked: Number(l.linked) }));
  const byId = new Map(stored.map((l) => [l.id, l]));
  const fields: Record<string, string> = {};
  const kept = new Set<number>();
  lines.forEach((line, i) => {
    if (line.id === undefined) return;
    const old = byId.get(line.id);
    if (!old) {
      fields[`lines.${i}.id`] = orderMessages.reference;
      return;
    }
    kept.add(old.id);
    if (old.linked > 0 && old.itemId !== line.itemId) fields[`lines.${i}.itemId`] = orderMessages.lineReceived(i + 1);
    if (cmp(dec(line.qty), dec(old.received)) < 0) {
      fields[`lines.${i}.qty`] = orderMessages.belowReceived(fixed(dec(old.received), 4).replace(/\.?0+$/, ''));
    }
  });
  for (const old of stored) {
    if (!kept.has(old.id) && old.linked > 0) fields.lines = orderMessages.lineReceived(old.lineNo);
  }
  if (Object.keys(fields).length) throw new DomainError(400, Object.values(fields)[0]!, fields);

  const removed = stored.filter((l) => !kept.has(l.id)).map((l) => l.id);
  if (removed.length) await tx.delete(supplierOrderLines).where(inArray(supplierOrderLines.id, removed));
  let net = dec(0);
  let vat = dec(0);
  let gross = dec(0);
  for (const [i, line] of lines.entries()) {
    const { values, totals } = lineValues(line, i, header.pricesIncludeVat);
    net = add(net, totals.net);
    vat = add(vat, totals.vat);
    gross = add(gross, totals.gross);
    if (line.id !== undefined) {
      await tx.update(supplierOrderLines).set(values).where(eq(supplierOrderLines.id, line.id));
    } else {
      await tx.insert(supplierOrderLines).values({ ...values, orderId });
    }
  }
  await tx
    .update(supplierOrders)
    .set({ totalNet: fixed(net, 2), totalVat: fixed(vat, 2), totalGross: fixed(gross, 2) })
    .where(eq(supplierOrders.id, orderId));
}

const headerValues = (h: Header) => ({
  supplierId: h.supplierId,
  companyId: h.companyId ?? null,
  warehouseId: h.warehouseId ?? null,
  orderDate: h.orderDate,
  expectedDate: h.expectedDate ?? null,
  currencyCode: h.currencyCode,
  fxRate: h.fxRate,
  pricesIncludeVat: h.pricesIncludeVat,
  supplierReference: h.supplierReference ?? null,
  notes: h.notes ?? null,
});

export async function createOrder(db: DbOrTx, ctx: AuditContext, input: OrderBody): Promise<Order> {
  return db.transaction(async (tx) => {
    const { lines: rawLines, ...header } = input;
    const lines = rawLines.map(({ id: _id, ...l }) => l);
    await checkReferences(tx, header, lines, new Set(lines.map((_, i) => i)));
    const number = await nextNumber(tx, 'supplier_order', header.orderDate);
    const [row] = await tx
      .insert(supplierOrders)
      .values({ ...headerValues(header), number, createdBy: ctx.userId })
      .returning({ id: supplierOrders.id });
    await writeLines(tx, row!.id, header, lines);
    const after = await getOrder(tx, row!.id);
    await audit(tx, ctx, { action: 'create', entityType: ENTITY, entityId: row!.id, after });
    return after;
  });
}

const statusLabel = (status: string) => orderStatusLabels[status as OrderStatus] ?? status;

function checkVersion(order: Order, version: number | undefined) {
  if (version !== undefined && version !== order.version) throw new DomainError(409, orderMessages.version);
}

export async function updateOrder(
  db: DbOrTx,
  ctx: AuditContext,
  id: number,
  change: Partial<OrderBody> & { version: number },
): Promise<Order> {
  return db.transaction(async (tx) => {
    const before = await getOrder(tx, id, true);
    if (!(editableStatuses as readonly string[]).includes(before.status)) {
      throw new DomainError(409, orderMessages.notEditable(statusLabel(before.status)));
    }
    checkVersion(before, change.version);
    const { version: _v, lines: newLines, ...headerChange } = change;
    const header: Header = {
      supplierId: before.supplierId,
      companyId: before.companyId,
      warehouseId: before.warehouseId,
      orderDate: before.orderDate,
      expectedDate: before.expectedDate,
      currencyCode: before.currencyCode,
      fxRate: before.fxRate,
      pricesIncludeVat: before.pricesIncludeVat,
      supplierReference: before.supplierReference,
      notes: before.notes,
      ...Object.fromEntries(Object.entries(headerChange).filter(([, v]) => v !== undefined)),
    };
    // Past the draft the order is the supplier's too: the supplier itself stays.
    if (before.status !== 'draft' && header.supplierId !== before.supplierId) {
      throw new DomainError(409, orderMessages.notEditable(statusLabel(before.status)), {
        supplierId: orderMessages.notEditable(statusLabel(before.status)),
      });
    }
    const lines: LineInput[] =
      newLines ??
      before.lines.map((l) => ({
        id: l.id,
        itemId: l.itemId,
        qty: l.qty,
        unitPrice: l.unitPrice,
        vatRate: l.vatRate,
        expectedDate: l.expectedDate,
        notes: l.notes,
      }));
    const newItems = new Set(
      lines
        .map((l, i) => [l, i] as const)
        .filter(([l]) => l.id === undefined || before.lines.find((o) => o.id === l.id)?.itemId !== l.itemId)
        .map(([, i]) => i),
    );
    await checkReferences(tx, header, lines, newItems);
    await tx
      .update(supplierOrders)
      .set({ ...headerValues(header), version: sql`${supplierOrders.version} + 1`, updatedAt: sql`now()` })
      .where(eq(supplierOrders.id, id));
    await writeLines(tx, id, header, lines);
    await audit(tx, ctx, { action: 'update', entityType: ENTITY, entityId: id, before, after: await getOrder(tx, id) });
    // The status follows the lines: one cut down to what arrived may complete the order.
    await syncSupplierOrderStatus(tx, id, ctx);
    return getOrder(tx, id);
  });
}

export async function deleteOrder(db: DbOrTx, ctx: AuditContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await getOrder(tx, id, true);
    if (before.status !== 'draft') throw new DomainError(409, orderMessages.deleteOnlyDraft);
    const [linked] = await tx
      .select({ n: count() })
      .from(supplierReceipts)
      .where(eq(supplierReceipts.supplierOrderId, id));
    if (Number(linked?.n ?? 0) > 0) throw new DomainError(409, orderMessages.hasReceipts);
    await tx.delete(supplierOrders).where(eq(supplierOrders.id, id));
    await audit(tx, ctx, { action: 'delete', entityType: ENTITY, entityId: id, before });
  });
}

// ---- the state table -------------------------------------------------------------------------------------------

const nothingReceived = (order: Order) => order.lines.every((l) => isZero(dec(l.receivedQty)));

export interface TransitionInput {
  version?: number;
  reason?: string;
  expectedDate?: string | null;
  supplierReference?: string | null;
}

/** One user action of the state table (warehouse.md §5); a wrong one is a 409 that changes nothing. */
export async function transitionOrder(
  db: DbOrTx,
  ctx: AuditContext,
  id: number,
  action: OrderAction,
  input: TransitionInput = {},
): Promise<Order> {
  return db.transaction(async (tx) => {
    const before = await getOrder(tx, id, true);
    const rule = orderTransitions[action];
    if (action === 'cancel' && !nothingReceived(before)) throw new DomainError(409, orderMessages.somethingReceived);
    if (!rule.from.includes(before.status)) {
      throw new DomainError(409, orderMessages.transition(orderActionLabels[action], statusLabel(before.status)));
    }
    checkVersion(before, input.version);
    if (action === 'return-to-draft' && !nothingReceived(before)) {
      throw new DomainError(409, orderMessages.receivedNoDraft);
    }
    const set: Partial<typeof supplierOrders.$inferInsert> = { status: rule.to };
    if (action === 'send') set.sentAt = sql`now()` as unknown as Date;
    if (action === 'confirm') {
      set.confirmedAt = sql`now()` as unknown as Date;
      if (input.expectedDate) set.expectedDate = input.expectedDate;
      if (input.supplierReference) set.supplierReference = input.supplierReference;
    }
    if (action === 'return-to-draft') {
      set.sentAt = null;
      set.confirmedAt = null;
    }
    if (action === 'close') {
      set.closedAt = sql`now()` as unknown as Date;
      set.closeReason = input.reason ?? null;
    }
    if (action === 'cancel') {
      set.cancelledAt = sql`now()` as unknown as Date;
      set.cancelReason = input.reason ?? null;
    }
    await tx
      .update(supplierOrders)
      .set({ ...set, version: sql`${supplierOrders.version} + 1`, updatedAt: sql`now()` })
      .where(eq(supplierOrders.id, id));
    const after = await getOrder(tx, id);
    await audit(tx, ctx, {
      action: action === 'cancel' ? 'cancel' : 'status_change',
      entityType: ENTITY,
      entityId: id,
      before,
      after,
    });
    return after;
  });
}

/**
 * 'Отримати': a supplier-receipt DRAFT holding exactly the remaining quantities at the order's prices, currency,
 * rate and VAT mode, into the order's warehouse (else the given one, else the default), linked line by line.
 */
export async function receiveOrder(
  db: DbOrTx,
  ctx: AuditContext,
  id: number,
  input: z.output<typeof orderReceiveSchema>,
): Promise<Receipt> {
  return db.transaction(async (tx) => {
    const order = await getOrder(tx, id, true);
    if (!(receivableStatuses as readonly string[]).includes(order.status)) {
      throw new DomainError(409, orderMessages.transition(orderActionLabels.receive, statusLabel(order.status)));
    }
    const remaining = order.lines.filter((l) => !isZero(dec(l.remainingQty)));
    if (!remaining.length) throw new DomainError(409, orderMessages.nothingToReceive);
    let warehouseId = input.warehouseId ?? order.warehouseId;
    if (!warehouseId) {
      const [fallback] = await tx
        .select({ id: warehouses.id })
        .from(warehouses)
        .orderBy(desc(warehouses.isDefault), asc(warehouses.id))
        .limit(1);
      warehouseId = fallback?.id ?? null;
    }
    if (!warehouseId) throw new DomainError(400, orderMessages.noWarehouse, { warehouseId: orderMessages.noWarehouse });
    let documentTypeId = input.documentTypeId ?? null;
    if (!documentTypeId) {
      const [first] = await tx
        .select({ id: supplierDocumentTypes.id })
        .from(supplierDocumentTypes)
        .where(eq(supplierDocumentTypes.isActive, true))
        .orderBy(asc(supplierDocumentTypes.id))
        .limit(1);
      documentTypeId = first?.id ?? null;
    }
    if (!documentTypeId) {
      throw new DomainError(400, orderMessages.noDocumentType, { documentTypeId: orderMessages.noDocumentType });
    }
    return createReceipt(tx, ctx, {
      supplierId: order.supplierId,
      companyId: order.companyId,
      warehouseId,
      documentTypeId,
      supplierDocNumber: input.supplierDocNumber,
      supplierDocDate: input.supplierDocDate,
      documentDate: input.documentDate ?? kyivToday(),
      currencyCode: order.currencyCode,
      fxRate: order.fxRate,
      pricesIncludeVat: order.pricesIncludeVat,
      extraCosts: '0',
      extraCostsMethod: 'by_value',
      notes: null,
      supplierOrderId: order.id,
      lines: remaining.map((l) => ({
        itemId: l.itemId,
        qty: l.remainingQty,
        unitPrice: l.unitPrice,
        vatRate: l.vatRate,
        supplierItemName: null,
        supplierOrderLineId: l.id,
      })),
    });
  });
}

/** The open amount of one order in UAH (used by the print form's totals too). */
export const uahOf = (amount: string, fxRate: string) => fixed(round(mul(dec(amount), dec(fxRate)), 2), 2);
