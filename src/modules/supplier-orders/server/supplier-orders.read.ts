// Supplier orders (warehouse.md §5), reading: the list with progress and the overdue mark, the stat cards, one order
// with what has arrived on each line (derived from the posted receipts, progress.ts) and its receipts.
import { and, asc, count, desc, eq, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { listOrder } from '@/server/kernel/collation.ts';
import { DomainError } from '@/shared/api-error.ts';
import { dec, fixed, mul, round } from '@/shared/decimal.ts';
import { pageWindow, parseSort } from '@/shared/list.ts';
import type { z } from '@/shared/zod-uk.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { supplierReceipts } from '@/modules/supplier-receipts/server/supplier-receipts.table.ts';
import { counterparties } from '@/resources/counterparties/counterparties.table.ts';
import { items } from '@/resources/items/items.table.ts';
import { units } from '@/resources/units/units.table.ts';
import { warehouses } from '@/resources/warehouses/warehouses.table.ts';
import {
  orderMessages,
  orderSortFields,
  type Order,
  type orderListQuerySchema,
  type OrderReceipt,
  type OrderStats,
  type OrderSummary,
} from '../supplier-orders.contract.ts';
import { kyivToday, linesWithReceived, overdueCondition, receivedOfLine } from './supplier-orders.progress.ts';
import { supplierOrderLines, supplierOrders } from './supplier-orders.table.ts';
import { rowsOf } from '@/server/kernel/rows.ts';
import { defaultReceivingWarehouse } from './supplier-orders.defaults.ts';
import { containsPattern } from '@/server/kernel/like.ts';

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
    const like = containsPattern(q.search);
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
      .orderBy(listOrder(sortColumn, field, isDesc, 'last'), isDesc ? desc(supplierOrders.id) : asc(supplierOrders.id))
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

/** The unit a line was entered in, when not the stock unit. */
const enteredUnits = alias(units, 'entered_units');

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
      stockUnitId: items.unitId,
      unitShortName: units.shortName,
      qty: supplierOrderLines.qty,
      enteredQty: sql<string>`coalesce(${supplierOrderLines.enteredQty}, ${supplierOrderLines.qty})::text`,
      enteredUnitId: supplierOrderLines.enteredUnitId,
      enteredUnitShortName: enteredUnits.shortName,
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
    .leftJoin(enteredUnits, eq(enteredUnits.id, supplierOrderLines.enteredUnitId))
    .where(eq(supplierOrderLines.orderId, id))
    .orderBy(asc(supplierOrderLines.lineNo));
  const h = header as unknown as Record<string, unknown>;
  // An order stored before every order had a warehouse shows (and is received into) the one it will use.
  if (h.warehouseId == null)
    Object.assign(
      h,
      await defaultReceivingWarehouse(
        db,
        lines.map((l) => l.itemId),
      ),
    );
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

/** The open amount of one order in UAH (used by the print form's totals too). */
export const uahOf = (amount: string, fxRate: string) => fixed(round(mul(dec(amount), dec(fxRate)), 2), 2);
