// Reading shipments (sales.md §3): the page's list with its filters and sort, the stat cards, one shipment with its
// lines, serials and what is left to ship, and the orders that can still be shipped.
import { and, asc, count, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { listOrder } from '@/server/kernel/collation.ts';
import { DomainError } from '@/shared/api-error.ts';
import { add, dec, fixed, sub } from '@/shared/decimal.ts';
import { addDays, kyivToday } from '@/shared/kyiv-date.ts';
import { pageWindow, parseSort } from '@/shared/list.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import type { z } from '@/shared/zod-uk.ts';
import { lineProgress } from '@/modules/orders/server/index.ts';
import { orderLines, orders } from '@/modules/orders/server/orders.table.ts';
import { serialNumbers } from '@/modules/serial-numbers/server/index.ts';
import { carriers } from '@/resources/carriers/carriers.table.ts';
import { counterparties } from '@/resources/counterparties/counterparties.table.ts';
import { items } from '@/resources/items/items.table.ts';
import { units } from '@/resources/units/units.table.ts';
import { warehouses } from '@/resources/warehouses/warehouses.table.ts';
import {
  shipmentMessages as msg,
  shipmentSortFields,
  type Shipment,
  type shipmentListQuerySchema,
  type ShipmentStats,
  type ShipmentSummary,
  type ShippableOrder,
  type TrackingEvent,
} from '../shipments.contract.ts';
import { shipmentLines, shipmentLineSerials, shipments } from './shipments.table.ts';
import { containsPattern } from '@/server/kernel/like.ts';

type Rows<T> = { rows: T[] };

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v == null ? null : String(v));

/** The carrier's tracking page for a number: its template with `{number}`. */
export function trackingUrlOf(template: string | null | undefined, number: string | null | undefined): string | null {
  if (!template || !number || !template.includes('{number}')) return null;
  const url = template.replaceAll('{number}', encodeURIComponent(number));
  // A template stored before templates were checked is still never served as a javascript: or data: link.
  return /^https?:\/\//i.test(url) ? url : null;
}

const totalGrossSql = sql<string>`(select coalesce(sum(l.line_gross), 0)::numeric(18,2)::text from shipment_lines l
  where l.shipment_id = ${shipments.id})`;

const summaryColumns = {
  id: shipments.id,
  number: shipments.number,
  shipmentDate: shipments.shipmentDate,
  status: shipments.status,
  orderId: shipments.orderId,
  orderNumber: orders.orderNumber,
  clientId: orders.clientId,
  clientName: counterparties.name,
  warehouseId: shipments.warehouseId,
  warehouseName: warehouses.name,
  carrierId: shipments.carrierId,
  carrierName: carriers.name,
  carrierKind: carriers.kind,
  trackingUrlTemplate: carriers.trackingUrlTemplate,
  recipientName: shipments.recipientName,
  npCityName: shipments.npCityName,
  trackingNumber: shipments.trackingNumber,
  waybillState: shipments.waybillState,
  deliveryStatus: shipments.deliveryStatus,
  deliveryStatusText: shipments.deliveryStatusText,
  currencyCode: orders.currencyCode,
  totalGross: totalGrossSql,
  lineCount: sql<number>`(select count(*)::int from shipment_lines l where l.shipment_id = ${shipments.id})`,
};

const joined = (db: DbOrTx, columns: Record<string, unknown>) =>
  db
    .select(columns as typeof summaryColumns)
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .innerJoin(counterparties, eq(counterparties.id, orders.clientId))
    .innerJoin(warehouses, eq(warehouses.id, shipments.warehouseId))
    .leftJoin(carriers, eq(carriers.id, shipments.carrierId));

function presentSummary(row: Record<string, unknown>): ShipmentSummary {
  const { trackingUrlTemplate, ...rest } = row as Record<string, unknown> & { trackingUrlTemplate: string | null };
  return {
    ...(rest as unknown as ShipmentSummary),
    trackingUrl: trackingUrlOf(trackingUrlTemplate, rest.trackingNumber as string | null),
    totalGross: String(rest.totalGross),
    lineCount: Number(rest.lineCount),
  };
}

/** Monday of the Kyiv week of `today`. */
export function weekStartOf(today: string): string {
  const day = new Date(`${today}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(today, -((day + 6) % 7));
}

function listConditions(q: z.output<typeof shipmentListQuerySchema>): SQL | undefined {
  const where: SQL[] = [];
  if (q.status?.length) where.push(inArray(shipments.status, q.status));
  if (q.deliveryStatus?.length) where.push(inArray(shipments.deliveryStatus, q.deliveryStatus));
  if (q.carrierId) where.push(eq(shipments.carrierId, q.carrierId));
  if (q.orderId) where.push(eq(shipments.orderId, q.orderId));
  if (q.clientId) where.push(eq(orders.clientId, q.clientId));
  if (q.dateFrom) where.push(gte(shipments.shipmentDate, q.dateFrom));
  if (q.dateTo) where.push(lte(shipments.shipmentDate, q.dateTo));
  if (q.deliveredFrom) {
    where.push(sql`(${shipments.deliveredAt} at time zone 'Europe/Kyiv')::date >= ${q.deliveredFrom}::date`);
  }
  if (q.problems === 'true') where.push(problemSql);
  if (q.search) {
    const like = containsPattern(q.search);
    where.push(
      or(
        ilike(shipments.number, like),
        ilike(shipments.trackingNumber, like),
        ilike(orders.orderNumber, like),
        ilike(orders.externalNumber, like),
        ilike(counterparties.name, like),
        ilike(counterparties.fullName, like),
        ilike(shipments.recipientName, like),
      )!,
    );
  }
  return where.length ? and(...where) : undefined;
}

const problemSql = sql`(${shipments.status} <> 'cancelled' and (${shipments.deliveryStatus} in ('refused', 'returned')
  or ${shipments.waybillState} = 'unknown'))`;

export async function listShipments(
  db: DbOrTx,
  q: z.output<typeof shipmentListQuerySchema>,
): Promise<{ rows: ShipmentSummary[]; total: number }> {
  const condition = listConditions(q);
  const { field, desc: isDesc } = parseSort(q.sort ?? '-shipmentDate', shipmentSortFields, 'shipmentDate');
  const sortColumn = {
    number: shipments.number,
    shipmentDate: shipments.shipmentDate,
    orderNumber: orders.orderNumber,
    clientName: counterparties.name,
    status: shipments.status,
    deliveryStatus: shipments.deliveryStatus,
    totalGross: sql`(select coalesce(sum(l.line_gross), 0) from shipment_lines l where l.shipment_id = ${shipments.id})`,
  }[field];
  const { limit, offset } = pageWindow(q);
  const [rows, [totalRow]] = await Promise.all([
    joined(db, summaryColumns)
      .where(condition)
      .orderBy(listOrder(sortColumn, field, isDesc), isDesc ? desc(shipments.id) : asc(shipments.id))
      .limit(limit)
      .offset(offset),
    joined(db, { total: count() }).where(condition) as unknown as Promise<[{ total: number }]>,
  ]);
  return {
    rows: rows.map((r) => presentSummary(r as unknown as Record<string, unknown>)),
    total: Number(totalRow?.total ?? 0),
  };
}

export async function shipmentStats(db: DbOrTx, today = kyivToday()): Promise<ShipmentStats> {
  const weekStart = weekStartOf(today);
  const [row] = (
    (await db.execute(sql`select
        count(*) filter (where s.status = 'draft')::int as drafts,
        count(*) filter (where s.status <> 'cancelled' and s.delivery_status in ('in_transit', 'arrived'))::int as transit,
        count(*) filter (where s.delivery_status = 'delivered'
          and (s.delivered_at at time zone 'Europe/Kyiv')::date >= ${weekStart}::date)::int as delivered,
        count(*) filter (where s.status <> 'cancelled' and (s.delivery_status in ('refused', 'returned')
          or s.waybill_state = 'unknown'))::int as problems
      from shipments s`)) as unknown as Rows<{ drafts: number; transit: number; delivered: number; problems: number }>
  ).rows;
  return {
    draftsToShip: Number(row?.drafts ?? 0),
    inTransit: Number(row?.transit ?? 0),
    deliveredThisWeek: Number(row?.delivered ?? 0),
    problems: Number(row?.problems ?? 0),
    weekStart,
  };
}

/** The unit a line is shown in, when not the stock unit (its order line's). */
const enteredUnits = alias(units, 'entered_units');

export async function getShipment(db: DbOrTx, id: number, lock = false): Promise<Shipment> {
  if (lock) await db.select({ id: shipments.id }).from(shipments).where(eq(shipments.id, id)).for('update');
  const [header] = await joined(db, {
    ...summaryColumns,
    orderStatus: orders.status,
    pricesIncludeVat: orders.pricesIncludeVat,
    fxRate: orders.fxRate,
    managerUserId: orders.managerUserId,
    senderProfile: shipments.senderProfile,
    clientNpProfile: sql<boolean>`exists (select 1 from client_np_settings n where n.client_id = ${orders.clientId}
      and n.is_active and n.api_key_sealed is not null and n.sender_counterparty_ref is not null)`,
    recipientPhone: shipments.recipientPhone,
    npCityRef: shipments.npCityRef,
    deliveryType: shipments.deliveryType,
    npWarehouseRef: shipments.npWarehouseRef,
    npWarehouseNumber: shipments.npWarehouseNumber,
    npWarehouseAddress: shipments.npWarehouseAddress,
    address: shipments.address,
    serviceType: shipments.serviceType,
    payerType: shipments.payerType,
    paymentMethod: shipments.paymentMethod,
    declaredValue: shipments.declaredValue,
    codAmount: shipments.codAmount,
    weightKg: shipments.weightKg,
    seats: shipments.seats,
    description: shipments.description,
    npRef: shipments.npRef,
    deliveryStatusCode: shipments.deliveryStatusCode,
    trackingHistory: shipments.trackingHistory,
    estimatedDeliveryDate: shipments.estimatedDeliveryDate,
    deliveredAt: shipments.deliveredAt,
    shippingCost: shipments.shippingCost,
    lastTrackedAt: shipments.lastTrackedAt,
    notes: shipments.notes,
    version: shipments.version,
    postedAt: shipments.postedAt,
    cancelledAt: shipments.cancelledAt,
    cancelReason: shipments.cancelReason,
    createdAt: shipments.createdAt,
    updatedAt: shipments.updatedAt,
  }).where(eq(shipments.id, id));
  if (!header) throw new DomainError(404, msg.notFound);
  const h = header as unknown as Record<string, unknown>;
  const lineRows = await db
    .select({
      id: shipmentLines.id,
      orderLineId: shipmentLines.orderLineId,
      lineNo: orderLines.lineNo,
      itemId: shipmentLines.itemId,
      sku: items.sku,
      itemName: items.name,
      itemKind: items.kind,
      unitShortName: units.shortName,
      serialTracking: items.serialTracking,
      qty: shipmentLines.qty,
      enteredQty: sql<string>`coalesce(${shipmentLines.enteredQty}, ${shipmentLines.qty})::text`,
      enteredUnitId: shipmentLines.enteredUnitId,
      enteredUnitShortName: enteredUnits.shortName,
      orderedQty: orderLines.qty,
      unitPrice: shipmentLines.unitPrice,
      discountPercent: shipmentLines.discountPercent,
      vatRate: shipmentLines.vatRate,
      lineNet: shipmentLines.lineNet,
      lineVat: shipmentLines.lineVat,
      lineGross: shipmentLines.lineGross,
      unitCost: shipmentLines.unitCost,
    })
    .from(shipmentLines)
    .innerJoin(orderLines, eq(orderLines.id, shipmentLines.orderLineId))
    .innerJoin(items, eq(items.id, shipmentLines.itemId))
    .leftJoin(units, eq(units.id, items.unitId))
    .leftJoin(enteredUnits, eq(enteredUnits.id, shipmentLines.enteredUnitId))
    .where(eq(shipmentLines.shipmentId, id))
    .orderBy(asc(orderLines.lineNo), asc(shipmentLines.id));
  const serialRows = lineRows.length
    ? await db
        .select({
          lineId: shipmentLineSerials.shipmentLineId,
          id: serialNumbers.id,
          serial: serialNumbers.serial,
          status: serialNumbers.status,
        })
        .from(shipmentLineSerials)
        .innerJoin(serialNumbers, eq(serialNumbers.id, shipmentLineSerials.serialId))
        .where(
          inArray(
            shipmentLineSerials.shipmentLineId,
            lineRows.map((l) => l.id),
          ),
        )
        .orderBy(asc(serialNumbers.serial))
    : [];
  const progress = new Map((await lineProgress(db, header.orderId)).map((p) => [p.id, p]));
  let net = dec(0);
  let vat = dec(0);
  const lines = lineRows.map((l) => {
    net = add(net, dec(l.lineNet));
    vat = add(vat, dec(l.lineVat));
    const p = progress.get(l.orderLineId);
    const shipped = p?.shipped ?? dec(0);
    return {
      ...l,
      shippedQty: fixed(shipped, 4),
      remainingQty: fixed(sub(dec(l.orderedQty), shipped), 4),
      reservedQty: fixed(p?.reserved ?? dec(0), 4),
      serials: serialRows
        .filter((s) => s.lineId === l.id)
        .map((s) => ({ id: s.id, serial: s.serial, status: s.status })),
    };
  });
  const summary = presentSummary(h);
  return {
    ...(h as unknown as Shipment),
    ...summary,
    seats: (h.seats as Shipment['seats']) ?? [],
    trackingHistory: (h.trackingHistory as TrackingEvent[]) ?? [],
    clientNpProfile: h.clientNpProfile === true || h.clientNpProfile === 't',
    deliveredAt: iso(h.deliveredAt),
    lastTrackedAt: iso(h.lastTrackedAt),
    postedAt: iso(h.postedAt),
    cancelledAt: iso(h.cancelledAt),
    createdAt: iso(h.createdAt)!,
    updatedAt: iso(h.updatedAt)!,
    totalNet: fixed(net, 2),
    totalVat: fixed(vat, 2),
    lines,
  };
}

/** Orders that can be shipped: active, with something left to ship (the page's 'Відвантажити замовлення'). */
export async function shippableOrders(db: DbOrTx, search: string | undefined): Promise<ShippableOrder[]> {
  const like = search ? containsPattern(search) : null;
  const rows = (await db.execute(sql`select o.id, o.order_number, o.order_date::text as order_date, o.status,
      c.name as client_name,
      (select count(*)::int from order_lines l where l.order_id = o.id and l.qty > coalesce((select sum(sl.qty)
        from shipment_lines sl join shipments s on s.id = sl.shipment_id
        where sl.order_line_id = l.id and s.status = 'posted'), 0)) as remaining_lines
    from orders o join counterparties c on c.id = o.client_id
    where o.status in ('confirmed', 'partially_shipped')
      ${like ? sql`and (o.order_number ilike ${like} or o.external_number ilike ${like} or c.name ilike ${like})` : sql``}
    order by o.order_date desc, o.id desc
    limit 20`)) as unknown as Rows<{
    id: number;
    order_number: string;
    order_date: string;
    status: string;
    client_name: string;
    remaining_lines: number;
  }>;
  return rows.rows
    .filter((r) => Number(r.remaining_lines) > 0)
    .map((r) => ({
      id: Number(r.id),
      orderNumber: r.order_number,
      orderDate: r.order_date,
      status: r.status,
      clientName: r.client_name,
      remainingLines: Number(r.remaining_lines),
    }));
}
