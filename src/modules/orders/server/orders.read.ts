// The read side of client orders (sales.md §1): the list with its filters, the filter's totals, the stat cards, one
// order with its lines (shipped, reserved and remaining derived, never stored), and the drawer's tabs — payments,
// shipments and the audit history. Paid sums and the payment status come from posted payments' allocations.
import { and, asc, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { listOrder, ukOrder } from '@/server/kernel/collation.ts';
import { alias } from 'drizzle-orm/pg-core';
import { DomainError } from '@/shared/api-error.ts';
import { kyivToday } from '@/shared/kyiv-date.ts';
import { nearestEndWindow, pageWindow, parseSort, type ListTotal } from '@/shared/list.ts';
import { countForPage } from '@/server/kernel/count.ts';
import type { z } from '@/shared/zod-uk.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { auditLog } from '@/modules/system-logs/server/index.ts';
import { users } from '@/modules/users/server/users.table.ts';
import { clientDeliveryPresets } from '@/modules/clients/server/clients.table.ts';
import { carriers } from '@/resources/carriers/carriers.table.ts';
import { companies } from '@/resources/companies/companies.table.ts';
import { counterparties, counterpartyContacts } from '@/resources/counterparties/counterparties.table.ts';
import { warehouses } from '@/resources/warehouses/warehouses.table.ts';
import {
  activeOrderStatuses,
  orderMessages,
  orderSortFields,
  type Order,
  type OrderAction,
  type OrderClientContext,
  type OrderHistoryEntry,
  type orderListQuerySchema,
  type OrderPayment,
  type OrderShipment,
  type OrderStats,
  type OrderStatus,
  type OrderSummary,
  type OrderTotals,
  type PaymentStatus,
} from '../orders.contract.ts';
import { ORDER_LINE, ORDERS_ENTITY, paidSql } from './order-effects.ts';
import { orders } from './orders.table.ts';
import { rowsOf } from '@/server/kernel/rows.ts';
import { containsPattern } from '@/server/kernel/like.ts';

export type OrderListQuery = z.output<typeof orderListQuerySchema>;
const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v == null ? null : String(v));
const bool = (v: unknown) => v === true || v === 't';

const activeList = sql.raw(activeOrderStatuses.map((s) => `'${s}'`).join(', '));
const paid = sql`(${paidSql})`;
/** unpaid / partially_paid / paid / overpaid of the row's paid sum against its total (sales.md §1.5). */
const paymentStatusSql = sql`(case when ${paid} <= 0 then 'unpaid' when ${paid} < ${orders.totalGross} then
  'partially_paid' when ${paid} = ${orders.totalGross} then 'paid' else 'overpaid' end)`;
const outstandingSql = sql`greatest(${orders.totalGross} - ${paid}, 0)`;
const overdueSql = (today: string) =>
  sql`(${orders.status} in (${activeList}) and ${orders.dueDate} is not null and ${orders.dueDate} < ${today}::date)`;
/** Σ posted shipment lines of the order line whose id is the SQL `lineId`. */
export const shippedOfLine = (lineId: SQL) =>
  sql`coalesce((select sum(sl.qty) from shipment_lines sl join shipments s on s.id = sl.shipment_id
    where sl.order_line_id = ${lineId} and s.status = 'posted'), 0)`;
const shippedPercentSql = sql`coalesce((select case when sum(l.qty) = 0 then 0 else
    floor(sum(least(${shippedOfLine(sql`l.id`)}, l.qty)) * 100 / sum(l.qty)) end
  from order_lines l where l.order_id = ${orders.id}), 0)::int`;

const CONTACT_ALIAS = 'order_contact';
const contacts = alias(counterpartyContacts, CONTACT_ALIAS);
const managers = alias(users, 'order_manager');

const summaryColumns = (today: string) => ({
  id: orders.id,
  orderNumber: orders.orderNumber,
  orderDate: orders.orderDate,
  status: orders.status,
  clientId: orders.clientId,
  clientName: counterparties.name,
  clientTaxId: counterparties.taxId,
  companyId: orders.companyId,
  companyName: companies.name,
  contactName: contacts.fullName,
  managerUserId: orders.managerUserId,
  managerName: sql<string | null>`nullif(btrim(${managers.lastName} || ' ' || ${managers.firstName}), '')`,
  externalNumber: orders.externalNumber,
  currencyCode: orders.currencyCode,
  fxRate: orders.fxRate,
  totalNet: orders.totalNet,
  totalVat: orders.totalVat,
  totalGross: orders.totalGross,
  paid: sql<string>`${paid}::numeric(18,2)::text`,
  paymentStatus: sql<PaymentStatus>`${paymentStatusSql}`,
  outstanding: sql<string>`${outstandingSql}::numeric(18,2)::text`,
  shippedPercent: sql<number>`${shippedPercentSql}`,
  dueDate: orders.dueDate,
  paymentDueDate: orders.paymentDueDate,
  isOverdue: sql<boolean>`${overdueSql(today)}`,
  productionApproved: orders.productionApproved,
});

const joined = (db: DbOrTx, columns: Record<string, unknown>) =>
  db
    .select(columns as ReturnType<typeof summaryColumns>)
    .from(orders)
    .innerJoin(counterparties, eq(counterparties.id, orders.clientId))
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .leftJoin(contacts, eq(contacts.id, orders.contactId))
    .leftJoin(managers, eq(managers.id, orders.managerUserId));

const normaliseSummary = (row: Record<string, unknown>): OrderSummary =>
  ({
    ...row,
    shippedPercent: Number(row.shippedPercent ?? 0),
    isOverdue: bool(row.isOverdue),
    productionApproved: bool(row.productionApproved),
  }) as OrderSummary;

/** The WHERE of the list's filters (shared by the list and its totals). */
function listCondition(q: OrderListQuery, today: string): SQL | undefined {
  const where: SQL[] = [];
  if (q.status?.length) where.push(inArray(orders.status, q.status));
  if (q.paymentStatus) where.push(sql`${paymentStatusSql} = ${q.paymentStatus}`);
  if (q.clientId) where.push(eq(orders.clientId, q.clientId));
  if (q.companyId) where.push(eq(orders.companyId, q.companyId));
  if (q.managerUserId) where.push(eq(orders.managerUserId, q.managerUserId));
  if (q.dateFrom) where.push(gte(orders.orderDate, q.dateFrom));
  if (q.dateTo) where.push(lte(orders.orderDate, q.dateTo));
  if (q.overdue === 'true') where.push(overdueSql(today));
  if (q.overdue === 'false') where.push(sql`not ${overdueSql(today)}`);
  if (q.productionApproved) where.push(eq(orders.productionApproved, q.productionApproved === 'true'));
  if (q.search) {
    const like = containsPattern(q.search);
    const digits = q.search.replace(/\D/g, '');
    const conditions: SQL[] = [
      ilike(orders.orderNumber, like),
      ilike(orders.externalNumber, like),
      ilike(counterparties.name, like),
      ilike(counterparties.fullName, like),
      ilike(counterparties.taxId, like),
      ilike(contacts.fullName, like),
      ilike(contacts.phone, like),
      ilike(orders.recipientName, like),
      ilike(orders.recipientPhone, like),
      sql`exists (select 1 from shipments s where s.order_id = ${orders.id} and s.tracking_number ilike ${like})`,
    ];
    // A phone typed in any form ('067 123-45-67') matches the stored digits.
    if (digits.length >= 5) {
      const digitsLike = `%${digits}%`;
      conditions.push(
        sql`regexp_replace(coalesce(${contacts.phone}, ''), '\\D', '', 'g') like ${digitsLike}`,
        sql`regexp_replace(coalesce(${orders.recipientPhone}, ''), '\\D', '', 'g') like ${digitsLike}`,
      );
    }
    where.push(or(...conditions)!);
  }
  return where.length ? and(...where) : undefined;
}

/**
 * One page in O(page size) plus the filter (DESIGN §9): the page's ids first — sorted and offset over the orders alone
 * (the client and contact joined only when the search or the sort needs them), so PostgreSQL walks the
 * (order_date, id) index and skips rows without computing anything — then the summary columns, whose paid, payment
 * status and shipped percent are sub-queries, for those ids only. Computing them before the offset made page 200 read
 * every earlier order's payments and shipments.
 */
export async function listOrders(
  db: DbOrTx,
  q: OrderListQuery,
  today = kyivToday(),
): Promise<{ rows: OrderSummary[] } & ListTotal> {
  const condition = listCondition(q, today);
  const { field, desc: isDesc } = parseSort(q.sort ?? '-orderDate', orderSortFields, 'orderDate');
  // Columns that are never null sort without `nulls last`, so an index in either direction matches the order.
  const [sortColumn, nullable] = {
    orderNumber: [orders.orderNumber, false],
    orderDate: [orders.orderDate, false],
    clientName: [counterparties.name, false],
    dueDate: [orders.dueDate, true],
    totalGross: [sql`${orders.totalGross} * ${orders.fxRate}`, false],
    status: [orders.status, false],
  }[field] as [SQL | typeof orders.id, boolean];
  const needsParties = field === 'clientName' || Boolean(q.search);
  const idQuery = db.select({ id: orders.id }).from(orders).$dynamic();
  const countQuery = db
    .select({ one: sql`1` })
    .from(orders)
    .$dynamic();
  if (needsParties) {
    // The builders join in place (each method records on the query and answers it).
    for (const query of [idQuery, countQuery] as const) {
      query
        .innerJoin(counterparties, eq(counterparties.id, orders.clientId))
        .leftJoin(contacts, eq(contacts.id, orders.contactId));
    }
  }
  const window = pageWindow(q);
  const { total, capped } = await countForPage(db, countQuery.where(condition), window);
  // Past the middle, the page is read from the other end in the opposite order (nulls too) and turned back.
  const { limit, offset, reversed } = nearestEndWindow(total, window, capped);
  if (limit === 0) return { rows: [], total, capped };
  const descending = isDesc !== reversed;
  const page = await idQuery
    .where(condition)
    .orderBy(
      listOrder(sortColumn, field, descending, nullable ? (reversed ? 'first' : 'last') : undefined),
      descending ? desc(orders.id) : asc(orders.id),
    )
    .limit(limit)
    .offset(offset);
  if (reversed) page.reverse();
  const ids = page.map((r) => r.id);
  const summaries = ids.length
    ? ((await joined(db, summaryColumns(today)).where(inArray(orders.id, ids))) as unknown as Record<string, unknown>[])
    : [];
  const byId = new Map(summaries.map((row) => [Number(row.id), row]));
  return {
    rows: ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [normaliseSummary(row)] : [];
    }),
    total,
    capped,
  };
}

/**
 * The totals of everything the filter matches (not only the page), in UAH. Each order's paid sum is looked up once
 * (the lateral `pa`) and used for both the paid and the outstanding total: as two sub-queries it was read twice per
 * order (the year's 200 000 orders: 340 → 220 ms). The client and contact are joined for the search.
 */
export async function orderTotals(db: DbOrTx, q: OrderListQuery, today = kyivToday()): Promise<OrderTotals> {
  const [row] = rowsOf<OrderTotals>(
    await db.execute(sql`select count(*)::int as count,
        coalesce(round(sum(${orders.totalGross} * ${orders.fxRate}), 2), 0)::numeric(18,2)::text as "totalGross",
        coalesce(round(sum(pa.paid * ${orders.fxRate}), 2), 0)::numeric(18,2)::text as paid,
        coalesce(round(sum(greatest(${orders.totalGross} - pa.paid, 0) * ${orders.fxRate}), 2), 0)::numeric(18,2)::text
          as outstanding
      from ${orders}
      join ${counterparties} on ${counterparties.id} = ${orders.clientId}
      left join ${counterpartyContacts} as ${sql.identifier(CONTACT_ALIAS)} on ${contacts.id} = ${orders.contactId}
      cross join lateral (select ${paid} as paid) pa
      where ${listCondition(q, today) ?? sql`true`}`),
  );
  return {
    count: Number(row?.count ?? 0),
    totalGross: row?.totalGross ?? '0.00',
    paid: row?.paid ?? '0.00',
    outstanding: row?.outstanding ?? '0.00',
  };
}

/** The stat cards: active, overdue, unpaid amount of the active orders, shipped this month (Kyiv). */
export async function orderStats(db: DbOrTx, today = kyivToday()): Promise<OrderStats> {
  const [counts] = rowsOf<{ active: number; overdue: number; unpaid: string }>(
    await db.execute(sql`select
        count(*) filter (where ${orders.status} in (${activeList}))::int as active,
        count(*) filter (where ${overdueSql(today)})::int as overdue,
        coalesce(round(sum(${outstandingSql} * ${orders.fxRate}) filter (where ${orders.status} in (${activeList})), 2),
          0)::numeric(18,2)::text as unpaid
      from ${orders}`),
  );
  const monthStart = `${today.slice(0, 7)}-01`;
  const [shipped] = rowsOf<{ orders: number; amount: string }>(
    await db.execute(sql`select count(distinct s.order_id)::int as orders,
        coalesce(round(sum(sl.line_gross * o.fx_rate), 2), 0)::numeric(18,2)::text as amount
      from shipments s join shipment_lines sl on sl.shipment_id = s.id join orders o on o.id = s.order_id
      where s.status = 'posted' and s.shipment_date >= ${monthStart}::date and s.shipment_date <= ${today}::date`),
  );
  return {
    active: Number(counts?.active ?? 0),
    overdue: Number(counts?.overdue ?? 0),
    unpaidAmount: counts?.unpaid ?? '0.00',
    shippedThisMonth: Number(shipped?.orders ?? 0),
    shippedThisMonthAmount: shipped?.amount ?? '0.00',
  };
}

interface LineRow {
  id: number;
  lineNo: number;
  itemId: number | null;
  sku: string | null;
  itemName: string | null;
  itemKind: string | null;
  stockUnitId: number | null;
  unitShortName: string | null;
  externalName: string | null;
  externalCode: string | null;
  qty: string;
  enteredQty: string;
  enteredUnitId: number | null;
  enteredUnitShortName: string | null;
  unitPrice: string;
  discountPercent: string;
  vatRate: string;
  lineNet: string;
  lineVat: string;
  lineGross: string;
  notes: string | null;
  shippedQty: string;
  reservedQty: string;
  remainingQty: string;
  stockable: unknown;
  availableQty: string;
  hasShipments: unknown;
}

/** The lines with their derived quantities (shipped by posted shipments, reserved, remaining, available). */
export async function orderLinesOf(db: DbOrTx, orderId: number, warehouseId: number) {
  const shipped = shippedOfLine(sql`l.id`);
  const rows = rowsOf<LineRow>(
    await db.execute(sql`select l.id, l.line_no as "lineNo", l.item_id as "itemId", i.sku, i.name as "itemName",
        i.kind as "itemKind", i.unit_id as "stockUnitId", u.short_name as "unitShortName",
        l.external_name as "externalName", l.external_code as "externalCode", l.qty::text,
        coalesce(l.entered_qty, l.qty)::text as "enteredQty", l.entered_unit_id as "enteredUnitId",
        eu.short_name as "enteredUnitShortName", l.unit_price::text as "unitPrice",
        l.discount_percent::text as "discountPercent", l.vat_rate as "vatRate", l.line_net::text as "lineNet",
        l.line_vat::text as "lineVat", l.line_gross::text as "lineGross", l.notes,
        ${shipped}::numeric(18,4)::text as "shippedQty",
        coalesce((select sum(r.qty) from stock_reservations r where r.source_type = ${ORDER_LINE}
          and r.source_id = l.id), 0)::numeric(18,4)::text as "reservedQty",
        greatest(l.qty - ${shipped}, 0)::numeric(18,4)::text as "remainingQty",
        coalesce(i.stock_control and i.kind <> 'service', false) as stockable,
        coalesce((select b.on_hand - b.reserved from stock_balances b where b.item_id = l.item_id
          and b.warehouse_id = ${warehouseId}), 0)::numeric(18,4)::text as "availableQty",
        exists (select 1 from shipment_lines sl where sl.order_line_id = l.id) as "hasShipments"
      from order_lines l left join items i on i.id = l.item_id left join units u on u.id = i.unit_id
        left join units eu on eu.id = l.entered_unit_id
      where l.order_id = ${orderId} order by l.line_no, l.id`),
  );
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    lineNo: Number(r.lineNo),
    itemId: r.itemId == null ? null : Number(r.itemId),
    stockUnitId: r.stockUnitId == null ? null : Number(r.stockUnitId),
    enteredUnitId: r.enteredUnitId == null ? null : Number(r.enteredUnitId),
    itemName: r.itemName ?? r.externalName ?? '—',
    stockable: bool(r.stockable),
    hasShipments: bool(r.hasShipments),
  }));
}

const approvers = alias(users, 'approver');

/** One order with everything the drawer shows. */
export async function getOrder(db: DbOrTx, id: number, today = kyivToday()): Promise<Order> {
  const [header] = (await joined(db, {
    ...summaryColumns(today),
    clientFullName: counterparties.fullName,
    contactId: orders.contactId,
    contactPhone: contacts.phone,
    contactEmail: contacts.email,
    warehouseId: orders.warehouseId,
    pricesIncludeVat: orders.pricesIncludeVat,
    deliveryPresetId: orders.deliveryPresetId,
    carrierId: orders.carrierId,
    recipientName: orders.recipientName,
    recipientPhone: orders.recipientPhone,
    npCityRef: orders.npCityRef,
    npCityName: orders.npCityName,
    deliveryType: orders.deliveryType,
    npWarehouseRef: orders.npWarehouseRef,
    npWarehouseNumber: orders.npWarehouseNumber,
    npWarehouseAddress: orders.npWarehouseAddress,
    address: orders.address,
    serviceType: orders.serviceType,
    payerType: orders.payerType,
    paymentMethod: orders.paymentMethod,
    codEnabled: orders.codEnabled,
    productionApprovedAt: orders.productionApprovedAt,
    productionApprovedBy: orders.productionApprovedBy,
    productionApprovalNote: orders.productionApprovalNote,
    source: orders.source,
    notes: orders.notes,
    clientNotes: orders.clientNotes,
    confirmedAt: orders.confirmedAt,
    closedAt: orders.closedAt,
    closeReason: orders.closeReason,
    cancelledAt: orders.cancelledAt,
    cancelReason: orders.cancelReason,
    version: orders.version,
    createdAt: orders.createdAt,
    updatedAt: orders.updatedAt,
    hasShipments: sql<boolean>`exists (select 1 from shipments s where s.order_id = ${orders.id}
      and s.status <> 'cancelled')`,
  }).where(eq(orders.id, id))) as unknown as Record<string, unknown>[];
  if (!header) throw new DomainError(404, orderMessages.notFound);
  const warehouseId = Number(header.warehouseId);
  const [names] = await db
    .select({
      warehouseName: warehouses.name,
      carrierName: carriers.name,
      approverLast: approvers.lastName,
      approverFirst: approvers.firstName,
    })
    .from(warehouses)
    .leftJoin(carriers, eq(carriers.id, sql`${(header.carrierId as number | null) ?? null}::int`))
    .leftJoin(approvers, eq(approvers.id, sql`${(header.productionApprovedBy as number | null) ?? null}::int`))
    .where(eq(warehouses.id, warehouseId));
  const lines = await orderLinesOf(db, id, warehouseId);
  const summary = normaliseSummary(header);
  const { productionApprovedBy: _by, ...rest } = header;
  const order: Omit<Order, 'allowedActions'> = {
    ...(rest as unknown as Order),
    ...summary,
    warehouseName: names?.warehouseName ?? '—',
    carrierName: names?.carrierName ?? null,
    productionApprovedByName:
      names && (names.approverLast || names.approverFirst)
        ? `${names.approverLast ?? ''} ${names.approverFirst ?? ''}`.trim()
        : null,
    pricesIncludeVat: bool(header.pricesIncludeVat),
    codEnabled: bool(header.codEnabled),
    hasShipments: bool(header.hasShipments),
    productionApprovedAt: iso(header.productionApprovedAt),
    confirmedAt: iso(header.confirmedAt),
    closedAt: iso(header.closedAt),
    cancelledAt: iso(header.cancelledAt),
    createdAt: iso(header.createdAt)!,
    updatedAt: iso(header.updatedAt)!,
    version: Number(header.version),
    lines,
  };
  return { ...order, allowedActions: allowedActions(order) };
}

/** The actions of the state table that fit the order now (sales.md §1.1); the server re-checks each. */
export function allowedActions(order: Omit<Order, 'allowedActions'>): OrderAction[] {
  const s: OrderStatus = order.status;
  const active = s === 'confirmed' || s === 'partially_shipped';
  const actions: OrderAction[] = [];
  if (s === 'draft' || active) actions.push('edit');
  if (s === 'draft') actions.push('confirm');
  if (s === 'confirmed' && !order.hasShipments) actions.push('return-to-draft');
  if (active && order.lines.some((l) => l.stockable)) actions.push('reserve');
  if (active && order.lines.some((l) => Number(l.reservedQty) > 0)) actions.push('unreserve');
  if (s === 'shipped') actions.push('close');
  if (s === 'partially_shipped') actions.push('close-short');
  if (s === 'draft' || s === 'confirmed') actions.push('cancel');
  actions.push('copy');
  if (s === 'draft') actions.push('delete');
  if (s !== 'cancelled' && s !== 'completed') actions.push('production-approval');
  if (s !== 'cancelled') actions.push('print-invoice');
  actions.push('print-departments');
  if (s !== 'cancelled' && s !== 'draft') actions.push('send-invoice');
  if (active && order.lines.some((l) => Number(l.remainingQty) > 0)) actions.push('ship');
  if (s !== 'cancelled' && s !== 'draft') actions.push('record-payment');
  return actions;
}

export async function assertOrderExists(db: DbOrTx, id: number): Promise<void> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, id));
  if (!row) throw new DomainError(404, orderMessages.notFound);
}

/** 'Оплати': the allocations of posted and draft payments to the order. */
export async function orderPayments(db: DbOrTx, id: number): Promise<OrderPayment[]> {
  await assertOrderExists(db, id);
  const rows = rowsOf<OrderPayment>(
    await db.execute(sql`select a.id as "allocationId", p.id as "paymentId", p.number,
        p.payment_date::text as "paymentDate", p.type, p.method, p.status, p.amount::text as "paymentAmount",
        a.amount::text as amount, p.currency_code as "currencyCode"
      from payment_allocations a join payments p on p.id = a.payment_id
      where a.order_id = ${id} and p.status in ('posted', 'draft')
      order by p.payment_date, p.id, a.id`),
  );
  return rows.map((r) => ({ ...r, allocationId: Number(r.allocationId), paymentId: Number(r.paymentId) }));
}

/** 'Відвантаження': the order's shipments with their tracking. */
export async function orderShipments(db: DbOrTx, id: number): Promise<OrderShipment[]> {
  await assertOrderExists(db, id);
  const rows = rowsOf<OrderShipment>(
    await db.execute(sql`select s.id, s.number, s.shipment_date::text as "shipmentDate", s.status,
        s.tracking_number as "trackingNumber", s.delivery_status as "deliveryStatus", c.name as "carrierName",
        coalesce((select sum(sl.line_gross) from shipment_lines sl where sl.shipment_id = s.id), 0)::numeric(18,2)::text
          as "totalGross"
      from shipments s left join carriers c on c.id = s.carrier_id
      where s.order_id = ${id} order by s.shipment_date, s.id`),
  );
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** 'Історія': the order's audit records, newest first. */
export async function orderHistory(db: DbOrTx, id: number): Promise<OrderHistoryEntry[]> {
  await assertOrderExists(db, id);
  const rows = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      action: auditLog.action,
      actor: auditLog.actor,
      lastName: users.lastName,
      firstName: users.firstName,
      username: users.username,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(and(eq(auditLog.entityType, ORDERS_ENTITY), eq(auditLog.entityId, String(id))))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(200);
  return rows.map((r) => ({
    id: Number(r.id),
    at: iso(r.at)!,
    action: r.action,
    actor: r.actor,
    userName: r.username ? `${r.lastName ?? ''} ${r.firstName ?? ''}`.trim() || r.username : null,
    before: r.before,
    after: r.after,
  }));
}

/** What the form needs of a client: terms, contacts and delivery presets. */
export async function clientContext(db: DbOrTx, clientId: number): Promise<OrderClientContext> {
  const [client] = await db
    .select({
      id: counterparties.id,
      name: counterparties.name,
      isActive: counterparties.isActive,
      isClient: counterparties.isClient,
      discountPercent: counterparties.discountPercent,
      priceList: counterparties.priceList,
      paymentTermDays: counterparties.paymentTermDays,
      managerUserId: counterparties.managerUserId,
      defaultCarrierId: counterparties.defaultCarrierId,
    })
    .from(counterparties)
    .where(eq(counterparties.id, clientId));
  if (!client || !client.isClient) throw new DomainError(404, orderMessages.notClient);
  const contactRows = await db
    .select({
      id: counterpartyContacts.id,
      fullName: counterpartyContacts.fullName,
      phone: counterpartyContacts.phone,
      email: counterpartyContacts.email,
      isPrimary: counterpartyContacts.isPrimary,
    })
    .from(counterpartyContacts)
    .where(and(eq(counterpartyContacts.counterpartyId, clientId), eq(counterpartyContacts.isActive, true)))
    .orderBy(desc(counterpartyContacts.isPrimary), ukOrder(counterpartyContacts.fullName));
  const presetRows = await db
    .select({
      id: clientDeliveryPresets.id,
      label: clientDeliveryPresets.label,
      isPrimary: clientDeliveryPresets.isPrimary,
      carrierId: clientDeliveryPresets.carrierId,
      carrierName: carriers.name,
      recipientName: clientDeliveryPresets.recipientName,
      recipientPhone: clientDeliveryPresets.recipientPhone,
      cityRef: clientDeliveryPresets.cityRef,
      cityName: clientDeliveryPresets.cityName,
      deliveryType: clientDeliveryPresets.deliveryType,
      warehouseRef: clientDeliveryPresets.warehouseRef,
      warehouseNumber: clientDeliveryPresets.warehouseNumber,
      warehouseAddress: clientDeliveryPresets.warehouseAddress,
      street: clientDeliveryPresets.street,
      building: clientDeliveryPresets.building,
      flat: clientDeliveryPresets.flat,
      serviceType: clientDeliveryPresets.serviceType,
      payerType: clientDeliveryPresets.payerType,
      paymentMethod: clientDeliveryPresets.paymentMethod,
      codEnabled: clientDeliveryPresets.codEnabled,
    })
    .from(clientDeliveryPresets)
    .leftJoin(carriers, eq(carriers.id, clientDeliveryPresets.carrierId))
    .where(and(eq(clientDeliveryPresets.clientId, clientId), eq(clientDeliveryPresets.isActive, true)))
    .orderBy(desc(clientDeliveryPresets.isPrimary), ukOrder(clientDeliveryPresets.label));
  const { isClient: _c, ...rest } = client;
  return {
    ...rest,
    contacts: contactRows,
    presets: presetRows.map(({ street, building, flat, ...p }) => ({
      ...p,
      // The order keeps one address line; the preset's parts are joined as a courier writes them.
      address: street ? [street, building, flat ? `кв. ${flat}` : null].filter(Boolean).join(', ') : null,
    })),
  };
}
