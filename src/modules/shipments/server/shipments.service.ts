// Shipments (SHP, sales.md §3): 'Відвантажити' makes a draft of an order's remaining quantities; the draft is edited
// (quantities, serials, recipient, parcel); posting issues the goods through the ledger in one transaction with the
// order row locked first; cancelling reverses it. Serials move available → reserved (draft) → sold (posted) and
// back. Every change is one audited transaction.
import { and, asc, count, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import { add, cmp, dec, fixed, isZero, mul, round, sub, type Dec } from '@/shared/decimal.ts';
import { addDays, kyivToday } from '@/shared/kyiv-date.ts';
import { pageWindow, parseSort } from '@/shared/list.ts';
import { lineAmounts } from '@/shared/vat.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import type { z } from '@/shared/zod-uk.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { nextNumber, postToLedger, reverseInLedger, type LedgerDocument } from '@/modules/stock/server/index.ts';
import { stockMovements } from '@/modules/stock/server/stock.table.ts';
// The order core's effects (sales.md §1.1–§1.2), to be re-exported by orders/server/index.ts.
import { ORDER_LINE, lineProgress, refreshOrder, reserveOrder } from '@/modules/orders/server/index.ts';
import { orderStatusLabels, type OrderStatus } from '@/modules/orders/orders.contract.ts';
import { orderLines, orders } from '@/modules/orders/server/orders.table.ts';
import { moveSerials, serialNumbers, serialStatusLabels } from '@/modules/serial-numbers/server/index.ts';
import { clientNpSettings } from '@/modules/clients/server/clients.table.ts';
import { readNpSettings } from '@/modules/nova-poshta/server/index.ts';
import { carriers } from '@/resources/carriers/carriers.table.ts';
import { counterparties } from '@/resources/counterparties/counterparties.table.ts';
import { itemSuppliers, items } from '@/resources/items/items.table.ts';
import { units } from '@/resources/units/units.table.ts';
import { warehouses } from '@/resources/warehouses/warehouses.table.ts';
import {
  deliveryStatusLabels,
  shipmentMessages as msg,
  shipmentSortFields,
  type DeliveryStatus,
  type Shipment,
  type shipmentCreateSchema,
  type shipmentListQuerySchema,
  type ShipmentScanResult,
  type ShipmentStats,
  type ShipmentSummary,
  type shipmentUpdateSchema,
  type ShippableOrder,
  type TrackingEvent,
  type WaybillState,
} from '../shipments.contract.ts';
import { shipmentLines, shipmentLineSerials, shipments } from './shipments.table.ts';

export const SHIPMENTS_ENTITY = 'shipments';
const SHIPPABLE: readonly OrderStatus[] = ['confirmed', 'partially_shipped'];
/** A waybill in these states pins the delivery fields: they are on the carrier's document (or may be). */
export const activeWaybillStates: readonly WaybillState[] = ['creating', 'created', 'unknown'];

type CreateInput = z.output<typeof shipmentCreateSchema>;
type UpdateInput = z.output<typeof shipmentUpdateSchema>;
type Rows<T> = { rows: T[] };

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v == null ? null : String(v));
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => '\\' + c);
const qtyText = (v: Dec) => fixed(v, 4).replace(/\.?0+$/, '') || '0';

/** The carrier's tracking page for a number: its template with `{number}`. */
export function trackingUrlOf(template: string | null | undefined, number: string | null | undefined): string | null {
  if (!template || !number || !template.includes('{number}')) return null;
  const url = template.replaceAll('{number}', encodeURIComponent(number));
  // A template stored before templates were checked is still never served as a javascript: or data: link.
  return /^https?:\/\//i.test(url) ? url : null;
}

// ---- reading ---------------------------------------------------------------------------------------------------------

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
    const like = `%${likeEscape(q.search)}%`;
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
      .orderBy(isDesc ? desc(sortColumn) : asc(sortColumn), isDesc ? desc(shipments.id) : asc(shipments.id))
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
  const like = search ? `%${likeEscape(search)}%` : null;
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

// ---- helpers ---------------------------------------------------------------------------------------------------------

async function orderOf(tx: DbOrTx, orderId: number, lock: boolean): Promise<typeof orders.$inferSelect> {
  const query = tx.select().from(orders).where(eq(orders.id, orderId));
  const [order] = lock ? await query.for('update') : await query;
  if (!order) throw new DomainError(404, msg.orderNotFound);
  return order;
}

function assertShippable(order: { orderNumber: string; status: OrderStatus }) {
  if (!SHIPPABLE.includes(order.status)) {
    throw new DomainError(409, msg.orderNotShippable(order.orderNumber, orderStatusLabels[order.status]));
  }
}

/** A line's amounts for `qty` at the order line's price, discount and VAT (sales.md §1.4). */
function amountsOf(
  line: { unitPrice: string; discountPercent: string; vatRate: string },
  qty: string,
  pricesIncludeVat: boolean,
) {
  const a = lineAmounts(dec(qty), dec(line.unitPrice), line.vatRate, pricesIncludeVat, dec(line.discountPercent));
  return { lineNet: fixed(a.net, 2), lineVat: fixed(a.vat, 2), lineGross: fixed(a.gross, 2) };
}

const isWhole = (qty: string) => /^\d+(\.0+)?$/.test(qty);

async function orderLinesWithItems(tx: DbOrTx, orderId: number) {
  return tx
    .select({
      id: orderLines.id,
      lineNo: orderLines.lineNo,
      itemId: orderLines.itemId,
      qty: orderLines.qty,
      unitPrice: orderLines.unitPrice,
      discountPercent: orderLines.discountPercent,
      vatRate: orderLines.vatRate,
      sku: items.sku,
      kind: items.kind,
      serialTracking: items.serialTracking,
      weightKg: items.weightKg,
    })
    .from(orderLines)
    .leftJoin(items, eq(items.id, orderLines.itemId))
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.lineNo));
}

/** Locks the shipment row and checks the version the user read it at. */
async function lockShipment(tx: DbOrTx, id: number, version?: number) {
  const [row] = await tx.select().from(shipments).where(eq(shipments.id, id)).for('update');
  if (!row) throw new DomainError(404, msg.notFound);
  if (version !== undefined && version !== row.version) throw new DomainError(409, msg.version);
  return row;
}

const ledgerDoc = (s: { id: number; number: string; shipmentDate: string }, userId: number | null): LedgerDocument => ({
  type: 'shipment',
  id: s.id,
  number: s.number,
  date: s.shipmentDate,
  userId,
});

// ---- create ------------------------------------------------------------------------------------------------------------

/** 'Відвантажити' (sales.md §3): a draft with every line's remaining quantity (or the lines asked for). */
export async function createShipment(db: DbOrTx, ctx: AuditContext, input: CreateInput): Promise<Shipment> {
  return db.transaction(async (tx) => {
    const order = await orderOf(tx, input.orderId, false);
    assertShippable(order);
    const progress = new Map((await lineProgress(tx, order.id)).map((p) => [p.id, p]));
    const lines = await orderLinesWithItems(tx, order.id);
    const byId = new Map(lines.map((l) => [l.id, l]));
    const wanted: Array<{ line: (typeof lines)[number]; qty: string }> = [];
    const fields: Record<string, string> = {};
    if (input.lines) {
      const seen = new Set<number>();
      input.lines.forEach((l, i) => {
        const line = byId.get(l.orderLineId);
        if (!line) fields[`lines.${i}.orderLineId`] = msg.lineNotOfOrder;
        else if (seen.has(line.id)) fields[`lines.${i}.orderLineId`] = msg.lineTwice;
        else if (line.itemId === null) fields[`lines.${i}.orderLineId`] = msg.lineUnmapped;
        else {
          seen.add(line.id);
          const remaining = sub(dec(line.qty), progress.get(line.id)?.shipped ?? dec(0));
          if (cmp(dec(l.qty), remaining) > 0) {
            fields[`lines.${i}.qty`] = msg.overRemaining(line.lineNo, line.sku ?? '', qtyText(remaining));
          } else if (line.serialTracking && !isWhole(l.qty)) fields[`lines.${i}.qty`] = msg.serialWholeQty;
          else wanted.push({ line, qty: l.qty });
        }
      });
    } else {
      for (const line of lines) {
        if (line.itemId === null) continue;
        const remaining = sub(dec(line.qty), progress.get(line.id)?.shipped ?? dec(0));
        if (cmp(remaining, dec(0)) > 0) wanted.push({ line, qty: fixed(remaining, 4) });
      }
    }
    if (Object.keys(fields).length) throw new DomainError(400, Object.values(fields)[0]!, fields);
    if (!wanted.length) throw new DomainError(409, msg.nothingToShip);

    const np = await readNpSettings(tx);
    const shipmentDate = input.shipmentDate ?? kyivToday();
    const computed = wanted.map(({ line, qty }) => ({
      line,
      qty: fixed(dec(qty), 4),
      ...amountsOf(line, qty, order.pricesIncludeVat),
    }));
    const gross = computed.reduce((s, c) => add(s, dec(c.lineGross)), dec(0));
    const declared = round(mul(gross, dec(order.fxRate)), 2);
    // The parcel's weight from the items' own weights, when every stocked line has one.
    const stocked = computed.filter((c) => c.line.kind !== 'service');
    const weight =
      stocked.length && stocked.every((c) => c.line.weightKg && !isZero(dec(c.line.weightKg)))
        ? stocked.reduce((s, c) => add(s, mul(dec(c.qty), dec(c.line.weightKg!))), dec(0))
        : null;
    const [row] = await tx
      .insert(shipments)
      .values({
        number: await nextNumber(tx, 'shipment', shipmentDate),
        shipmentDate,
        status: 'draft',
        orderId: order.id,
        warehouseId: order.warehouseId,
        carrierId: order.carrierId,
        senderProfile: 'own',
        recipientName: order.recipientName,
        recipientPhone: order.recipientPhone,
        npCityRef: order.npCityRef,
        npCityName: order.npCityName,
        deliveryType: order.deliveryType,
        npWarehouseRef: order.npWarehouseRef,
        npWarehouseNumber: order.npWarehouseNumber,
        npWarehouseAddress: order.npWarehouseAddress,
        address: order.address,
        serviceType: order.serviceType ?? np.defaultServiceType,
        payerType: order.payerType ?? np.defaultPayerType,
        paymentMethod: order.paymentMethod ?? np.defaultPaymentMethod,
        declaredValue: fixed(declared, 2),
        codAmount: order.codEnabled ? fixed(declared, 2) : null,
        weightKg: weight && cmp(weight, dec(0)) > 0 ? fixed(round(weight, 3), 3) : null,
        description: np.defaultCargoDescription,
        createdBy: ctx.userId,
      })
      .returning({ id: shipments.id });
    await tx.insert(shipmentLines).values(
      computed.map((c) => ({
        shipmentId: row!.id,
        orderLineId: c.line.id,
        itemId: c.line.itemId!,
        qty: c.qty,
        unitPrice: c.line.unitPrice,
        discountPercent: c.line.discountPercent,
        vatRate: c.line.vatRate,
        lineNet: c.lineNet,
        lineVat: c.lineVat,
        lineGross: c.lineGross,
      })),
    );
    const after = await getShipment(tx, row!.id);
    await audit(tx, ctx, { action: 'create', entityType: SHIPMENTS_ENTITY, entityId: row!.id, after });
    return after;
  });
}

// ---- update ------------------------------------------------------------------------------------------------------------

const deliveryKeys = [
  'carrierId',
  'senderProfile',
  'recipientName',
  'recipientPhone',
  'npCityRef',
  'npCityName',
  'deliveryType',
  'npWarehouseRef',
  'npWarehouseNumber',
  'npWarehouseAddress',
  'address',
  'serviceType',
  'payerType',
  'paymentMethod',
  'declaredValue',
  'codAmount',
  'weightKg',
  'seats',
  'description',
] as const;

const sameValue = (a: unknown, b: unknown) => {
  if (Array.isArray(a) || Array.isArray(b)) return JSON.stringify(a ?? []) === JSON.stringify(b ?? []);
  if (typeof a === 'string' && typeof b === 'string' && /^\d+(\.\d+)?$/.test(a) && /^\d+(\.\d+)?$/.test(b)) {
    return cmp(dec(a), dec(b)) === 0;
  }
  return (a ?? null) === (b ?? null);
};

interface SerialRow {
  id: number;
  itemId: number;
  serial: string;
  status: string;
  warehouseId: number | null;
  shipmentId: number | null;
}

async function serialsByIds(tx: DbOrTx, ids: readonly number[]): Promise<SerialRow[]> {
  if (!ids.length) return [];
  return tx
    .select({
      id: serialNumbers.id,
      itemId: serialNumbers.itemId,
      serial: serialNumbers.serial,
      status: serialNumbers.status,
      warehouseId: serialNumbers.warehouseId,
      shipmentId: serialNumbers.shipmentId,
    })
    .from(serialNumbers)
    .where(inArray(serialNumbers.id, [...new Set(ids)]));
}

async function serialsByText(tx: DbOrTx, itemId: number, texts: readonly string[]): Promise<SerialRow[]> {
  const wanted = [...new Set(texts.map((s) => s.trim().toUpperCase()).filter(Boolean))];
  if (!wanted.length) return [];
  return tx
    .select({
      id: serialNumbers.id,
      itemId: serialNumbers.itemId,
      serial: serialNumbers.serial,
      status: serialNumbers.status,
      warehouseId: serialNumbers.warehouseId,
      shipmentId: serialNumbers.shipmentId,
    })
    .from(serialNumbers)
    .where(and(eq(serialNumbers.itemId, itemId), inArray(serialNumbers.serial, wanted)));
}

async function currentSerials(tx: DbOrTx, shipmentId: number) {
  return tx
    .select({ lineId: shipmentLineSerials.shipmentLineId, serialId: shipmentLineSerials.serialId })
    .from(shipmentLineSerials)
    .innerJoin(shipmentLines, eq(shipmentLines.id, shipmentLineSerials.shipmentLineId))
    .where(eq(shipmentLines.shipmentId, shipmentId));
}

/**
 * PATCH (sales.md §3): in a draft the lines (quantities, serials, lines added or removed) and every header field; a
 * posted shipment keeps its lines, and its delivery fields change only while it has no active waybill. The delivery
 * status and tracking number are typed by hand only for carriers other than Nova Poshta.
 */
export async function updateShipment(
  db: DbOrTx,
  ctx: AuditContext,
  id: number,
  change: UpdateInput,
): Promise<Shipment> {
  return db.transaction(async (tx) => {
    const row = await lockShipment(tx, id, change.version);
    if (row.status === 'cancelled') throw new DomainError(409, msg.cancelledDoc);
    const draft = row.status === 'draft';
    const before = await getShipment(tx, id);
    const set: Partial<typeof shipments.$inferInsert> = {};

    // Header and delivery fields: only the ones that really change.
    const deliveryChanges = deliveryKeys.filter(
      (k) => change[k] !== undefined && !sameValue(change[k], (row as Record<string, unknown>)[k]),
    );
    if (deliveryChanges.length && activeWaybillStates.includes(row.waybillState)) {
      throw new DomainError(409, msg.waybillActive);
    }
    for (const k of deliveryChanges) (set as Record<string, unknown>)[k] = change[k] ?? null;
    if (change.carrierId !== undefined && change.carrierId !== null && deliveryChanges.includes('carrierId')) {
      const [carrier] = await tx.select({ id: carriers.id }).from(carriers).where(eq(carriers.id, change.carrierId));
      if (!carrier) throw new DomainError(400, msg.reference, { carrierId: msg.reference });
    }
    if (change.shipmentDate !== undefined && change.shipmentDate !== row.shipmentDate) {
      if (!draft) throw new DomainError(409, msg.notDraft);
      set.shipmentDate = change.shipmentDate;
    }
    if (change.notes !== undefined) set.notes = change.notes ?? null;

    // Hand-kept tracking of other carriers.
    const carrierId = set.carrierId !== undefined ? set.carrierId : row.carrierId;
    const [carrier] = carrierId
      ? await tx.select({ kind: carriers.kind }).from(carriers).where(eq(carriers.id, carrierId))
      : [];
    const isNp = carrier?.kind === 'nova_poshta';
    if (change.trackingNumber !== undefined && change.trackingNumber !== row.trackingNumber) {
      if (isNp) throw new DomainError(409, msg.deliveryManualOnlyOther);
      set.trackingNumber = change.trackingNumber ?? null;
    }
    if (change.deliveryStatus !== undefined && change.deliveryStatus !== row.deliveryStatus) {
      if (isNp) throw new DomainError(409, msg.deliveryManualOnlyOther);
      if (row.status !== 'posted') throw new DomainError(409, msg.deliveryNeedsPosted);
      const status: DeliveryStatus = change.deliveryStatus;
      set.deliveryStatus = status;
      set.deliveryStatusCode = null;
      set.deliveryStatusText = deliveryStatusLabels[status];
      set.deliveredAt = status === 'delivered' ? new Date() : null;
      set.trackingHistory = [
        ...row.trackingHistory,
        { at: new Date().toISOString(), code: '', text: deliveryStatusLabels[status], status },
      ];
    }

    if (change.lines?.length) {
      if (!draft) throw new DomainError(409, msg.notDraft);
      await applyLineChanges(tx, ctx, row, change.lines);
    }
    await tx
      .update(shipments)
      .set({ ...set, version: sql`${shipments.version} + 1`, updatedAt: sql`now()` })
      .where(eq(shipments.id, id));
    const after = await getShipment(tx, id);
    await audit(tx, ctx, { action: 'update', entityType: SHIPMENTS_ENTITY, entityId: id, before, after });
    return after;
  });
}

type LinePatch = NonNullable<UpdateInput['lines']>[number];

async function applyLineChanges(
  tx: DbOrTx,
  ctx: AuditContext,
  row: typeof shipments.$inferSelect,
  patches: readonly LinePatch[],
): Promise<void> {
  const order = await orderOf(tx, row.orderId, false);
  const orderLineRows = await orderLinesWithItems(tx, row.orderId);
  const orderLineById = new Map(orderLineRows.map((l) => [l.id, l]));
  const progress = new Map((await lineProgress(tx, row.orderId)).map((p) => [p.id, p]));
  const existing = await tx.select().from(shipmentLines).where(eq(shipmentLines.shipmentId, row.id));
  const links = await currentSerials(tx, row.id);

  // The lines after the change: kept, changed, added (keyed by order line), removed.
  interface Planned {
    id: number | null;
    orderLineId: number;
    qty: string;
    serialIds: number[];
    serialsChanged: boolean;
    index: number | null;
  }
  const planned = new Map<number, Planned>(
    existing.map((l) => [
      l.orderLineId,
      {
        id: l.id,
        orderLineId: l.orderLineId,
        qty: l.qty,
        serialIds: links.filter((s) => s.lineId === l.id).map((s) => s.serialId),
        serialsChanged: false,
        index: null,
      },
    ]),
  );
  const removed = new Set<number>();
  const fields: Record<string, string> = {};
  for (const [i, patch] of patches.entries()) {
    let plan: Planned | undefined;
    if (patch.id !== undefined) {
      const line = existing.find((l) => l.id === patch.id);
      if (!line) {
        fields[`lines.${i}.id`] = msg.lineNotFound;
        continue;
      }
      plan = planned.get(line.orderLineId)!;
    } else {
      const orderLine = patch.orderLineId === undefined ? undefined : orderLineById.get(patch.orderLineId);
      if (!orderLine) {
        fields[`lines.${i}.orderLineId`] = msg.lineNotOfOrder;
        continue;
      }
      if (orderLine.itemId === null) {
        fields[`lines.${i}.orderLineId`] = msg.lineUnmapped;
        continue;
      }
      if (planned.has(orderLine.id)) {
        fields[`lines.${i}.orderLineId`] = msg.lineTwice;
        continue;
      }
      const remaining = sub(dec(orderLine.qty), progress.get(orderLine.id)?.shipped ?? dec(0));
      plan = {
        id: null,
        orderLineId: orderLine.id,
        qty: fixed(cmp(remaining, dec(0)) > 0 ? remaining : dec(0), 4),
        serialIds: [],
        serialsChanged: false,
        index: i,
      };
      planned.set(orderLine.id, plan);
    }
    plan.index = i;
    if (patch.qty !== undefined) {
      if (isZero(dec(patch.qty))) {
        removed.add(plan.orderLineId);
        continue;
      }
      plan.qty = fixed(dec(patch.qty), 4);
    }
    removed.delete(plan.orderLineId);
    if (patch.serialIds !== undefined || patch.serials !== undefined) {
      const orderLine = orderLineById.get(plan.orderLineId)!;
      const byId = await serialsByIds(tx, patch.serialIds ?? []);
      const byText = await serialsByText(tx, orderLine.itemId!, patch.serials ?? []);
      const found = new Set(byText.map((s) => s.serial));
      for (const text of patch.serials ?? []) {
        const serial = text.trim().toUpperCase();
        if (!found.has(serial)) fields[`lines.${i}.serials`] = msg.serialUnknown(serial, orderLine.sku ?? '');
      }
      if (byId.length !== new Set(patch.serialIds ?? []).size) fields[`lines.${i}.serials`] = msg.reference;
      for (const s of byId) {
        if (s.itemId !== orderLine.itemId)
          fields[`lines.${i}.serials`] = msg.serialUnknown(s.serial, orderLine.sku ?? '');
      }
      if (!orderLine.serialTracking && byId.length + byText.length > 0)
        fields[`lines.${i}.serials`] = msg.serialsNotTracked;
      plan.serialIds = [...new Set([...byId, ...byText].map((s) => s.id))];
      plan.serialsChanged = true;
    }
  }
  for (const orderLineId of removed) {
    const plan = planned.get(orderLineId)!;
    planned.delete(orderLineId);
    plan.serialIds = [];
  }
  if (!planned.size) throw new DomainError(400, msg.keepOneLine);

  // Each kept line: within the remaining quantity, whole for serials, no more serials than units.
  const allSerials = new Map<number, number>();
  for (const plan of planned.values()) {
    const orderLine = orderLineById.get(plan.orderLineId)!;
    const at = plan.index === null ? 'lines' : `lines.${plan.index}`;
    const remaining = sub(dec(orderLine.qty), progress.get(orderLine.id)?.shipped ?? dec(0));
    if (cmp(dec(plan.qty), remaining) > 0 || isZero(dec(plan.qty))) {
      fields[`${at}.qty`] = msg.overRemaining(orderLine.lineNo, orderLine.sku ?? '', qtyText(remaining));
    } else if (orderLine.serialTracking && !isWhole(plan.qty)) fields[`${at}.qty`] = msg.serialWholeQty;
    if (cmp(dec(plan.serialIds.length), dec(plan.qty)) > 0) {
      fields[`${at}.serials`] = msg.serialTooMany(plan.serialIds.length, qtyText(dec(plan.qty)));
    }
    for (const serialId of plan.serialIds) {
      if (allSerials.has(serialId)) {
        const [twice] = await serialsByIds(tx, [serialId]);
        fields[`${at}.serials`] = msg.serialTwice(twice?.serial ?? String(serialId));
      }
      allSerials.set(serialId, plan.orderLineId);
    }
  }
  if (Object.keys(fields).length) throw new DomainError(400, Object.values(fields)[0]!, fields);

  // Serials: the ones leaving the draft go back to stock; the new ones must be in stock in this warehouse.
  const beforeIds = new Set(links.map((l) => l.serialId));
  const afterIds = new Set(allSerials.keys());
  const leaving = [...beforeIds].filter((s) => !afterIds.has(s));
  const joining = [...afterIds].filter((s) => !beforeIds.has(s));
  const joiningRows = await serialsByIds(tx, joining);
  for (const s of joiningRows) {
    const at = `lines.${planned.get(allSerials.get(s.id)!)!.index ?? 0}.serials`;
    if (s.status !== 'available') {
      const label = serialStatusLabels[s.status as keyof typeof serialStatusLabels] ?? s.status;
      fields[at] = msg.serialUnavailable(s.serial, label);
    } else if (s.warehouseId !== row.warehouseId) fields[at] = msg.serialOtherWarehouse(s.serial);
  }
  if (Object.keys(fields).length) throw new DomainError(400, Object.values(fields)[0]!, fields);
  const document = { type: 'shipment', id: row.id, number: row.number };
  await moveSerials(tx, {
    serialIds: leaving,
    from: ['reserved'],
    to: 'available',
    event: 'unreserved',
    document,
    shipmentId: null,
    userId: ctx.userId,
  });
  await moveSerials(tx, {
    serialIds: joining,
    from: ['available'],
    to: 'reserved',
    event: 'reserved',
    document,
    shipmentId: row.id,
    userId: ctx.userId,
  });

  // The lines themselves (a removed line takes its serial links with it).
  for (const line of existing) {
    if (!planned.has(line.orderLineId) || planned.get(line.orderLineId)!.id !== line.id) {
      await tx.delete(shipmentLines).where(eq(shipmentLines.id, line.id));
    }
  }
  for (const plan of planned.values()) {
    const orderLine = orderLineById.get(plan.orderLineId)!;
    const amounts = amountsOf(orderLine, plan.qty, order.pricesIncludeVat);
    let lineId = plan.id;
    if (lineId === null) {
      const [inserted] = await tx
        .insert(shipmentLines)
        .values({
          shipmentId: row.id,
          orderLineId: orderLine.id,
          itemId: orderLine.itemId!,
          qty: plan.qty,
          unitPrice: orderLine.unitPrice,
          discountPercent: orderLine.discountPercent,
          vatRate: orderLine.vatRate,
          ...amounts,
        })
        .returning({ id: shipmentLines.id });
      lineId = inserted!.id;
    } else {
      await tx
        .update(shipmentLines)
        .set({ qty: plan.qty, ...amounts })
        .where(eq(shipmentLines.id, lineId));
    }
    const had = links.filter((l) => l.lineId === lineId).map((l) => l.serialId);
    const same = had.length === plan.serialIds.length && had.every((s) => plan.serialIds.includes(s));
    if (!same) {
      await tx.delete(shipmentLineSerials).where(eq(shipmentLineSerials.shipmentLineId, lineId));
      if (plan.serialIds.length) {
        await tx
          .insert(shipmentLineSerials)
          .values(plan.serialIds.map((serialId) => ({ shipmentLineId: lineId!, serialId })));
      }
    }
  }
}

// ---- the scanner's 'Відвантаження' mode ---------------------------------------------------------------------------------

/** Items whose barcode, SKU or a supplier's SKU is the code (the scanner's keys, each through its index). */
async function itemsByCode(tx: DbOrTx, code: string): Promise<number[]> {
  const [byBarcode, bySku, bySupplierSku] = await Promise.all([
    tx.select({ id: items.id }).from(items).where(eq(items.barcode, code)),
    tx
      .select({ id: items.id })
      .from(items)
      .where(sql`lower(btrim(${items.sku})) = lower(btrim(${code}))`),
    tx
      .selectDistinct({ id: itemSuppliers.itemId })
      .from(itemSuppliers)
      .where(sql`lower(btrim(${itemSuppliers.supplierSku})) = lower(btrim(${code}))`)
      .orderBy(asc(itemSuppliers.itemId))
      .limit(20),
  ]);
  return [...new Set([...byBarcode, ...bySku, ...bySupplierSku].map((r) => r.id))];
}

/**
 * `POST /api/shipments/:id/scan {code}` (warehouse.md §9, 'Відвантаження'): the code is resolved like the scanner's
 * lookup — barcode, SKU, supplier SKU, then a serial number of an item on the order. A serial joins its serial-tracked
 * line (reserved for the draft, as PATCH does; the line's qty grows by one when every unit already has a serial); a
 * plain item adds one unit to its line (a line of the order not yet on the draft comes back with 1). Never beyond
 * what is left to ship on the order line. The change goes through the same line logic as PATCH, audited.
 */
export async function scanShipment(
  db: DbOrTx,
  ctx: AuditContext,
  id: number,
  rawCode: string,
): Promise<ShipmentScanResult> {
  const code = rawCode.trim();
  return db.transaction(async (tx) => {
    const row = await lockShipment(tx, id);
    if (row.status !== 'draft') throw new DomainError(409, row.status === 'posted' ? msg.posted : msg.notDraft);
    const before = await getShipment(tx, id);
    const order = await orderOf(tx, row.orderId, false);
    const orderLineRows = (await orderLinesWithItems(tx, row.orderId)).filter((l) => l.itemId !== null);
    const orderItemIds = new Set(orderLineRows.map((l) => l.itemId!));
    const progress = new Map((await lineProgress(tx, row.orderId)).map((p) => [p.id, p]));
    const remainingOf = (orderLine: (typeof orderLineRows)[number]) =>
      sub(dec(orderLine.qty), progress.get(orderLine.id)?.shipped ?? dec(0));

    const [matchedItems, matchedSerials] = await Promise.all([
      itemsByCode(tx, code),
      tx
        .select({ id: serialNumbers.id, itemId: serialNumbers.itemId, serial: serialNumbers.serial })
        .from(serialNumbers)
        .where(eq(serialNumbers.serial, code.toUpperCase()))
        .orderBy(asc(serialNumbers.id))
        .limit(20),
    ]);
    const trackedOnOrder = new Set(orderLineRows.filter((l) => l.serialTracking).map((l) => l.itemId!));
    const serial = matchedSerials.find((s) => trackedOnOrder.has(s.itemId)) ?? null;
    const itemId = serial?.itemId ?? matchedItems.find((i) => orderItemIds.has(i)) ?? null;
    if (itemId === null) {
      const foreign = matchedItems[0] ?? matchedSerials[0]?.itemId;
      if (foreign === undefined) throw new DomainError(404, msg.scanNothing(code));
      if (orderItemIds.has(foreign)) throw new DomainError(409, msg.serialsNotTracked);
      const [item] = await tx.select({ sku: items.sku }).from(items).where(eq(items.id, foreign));
      throw new DomainError(409, msg.scanNotOnOrder(item?.sku ?? code, order.orderNumber));
    }
    const candidates = orderLineRows.filter((l) => l.itemId === itemId);
    const sku = candidates[0]!.sku ?? '';
    if (!serial && candidates[0]!.serialTracking) throw new DomainError(409, msg.scanSerialNeeded(sku));
    if (serial && before.lines.some((l) => l.serials.some((s) => s.id === serial.id))) {
      throw new DomainError(409, msg.scanSerialAlready(serial.serial));
    }

    // The line to change: one of the draft with room (a serial still missing, or a unit left to ship), else an order
    // line not on the draft with something left.
    const one = dec(1);
    let patch: LinePatch | null = null;
    for (const orderLine of candidates) {
      const line = before.lines.find((l) => l.orderLineId === orderLine.id);
      if (!line) continue;
      const serialIds = line.serials.map((s) => s.id);
      if (serial && cmp(dec(serialIds.length), dec(line.qty)) < 0) {
        patch = { id: line.id, serialIds: [...serialIds, serial.id] };
        break;
      }
      const raised = add(dec(line.qty), one);
      if (cmp(raised, remainingOf(orderLine)) <= 0) {
        patch = { id: line.id, qty: fixed(raised, 4), ...(serial ? { serialIds: [...serialIds, serial.id] } : {}) };
        break;
      }
    }
    if (!patch) {
      const fresh = candidates.find(
        (l) => !before.lines.some((line) => line.orderLineId === l.id) && cmp(remainingOf(l), one) >= 0,
      );
      if (fresh) patch = { orderLineId: fresh.id, qty: '1', ...(serial ? { serialIds: [serial.id] } : {}) };
    }
    if (!patch) {
      const left = candidates.reduce((sum, l) => add(sum, remainingOf(l)), dec(0));
      throw new DomainError(409, msg.scanMoreThanOrdered(sku, qtyText(cmp(left, dec(0)) > 0 ? left : dec(0))));
    }

    try {
      await applyLineChanges(tx, ctx, row, [patch]);
    } catch (error) {
      // The scan itself is valid: what refuses it is the state (a serial sold or in another warehouse …).
      if (error instanceof DomainError && error.status === 400) throw new DomainError(409, error.message);
      throw error;
    }
    await tx
      .update(shipments)
      .set({ version: sql`${shipments.version} + 1`, updatedAt: sql`now()` })
      .where(eq(shipments.id, id));
    const after = await getShipment(tx, id);
    await audit(tx, ctx, { action: 'update', entityType: SHIPMENTS_ENTITY, entityId: id, before, after });
    const orderLineId =
      patch.id !== undefined ? before.lines.find((l) => l.id === patch.id)!.orderLineId : patch.orderLineId;
    const line = after.lines.find((l) => l.orderLineId === orderLineId)!;
    return {
      lineId: line.id,
      itemId: line.itemId,
      sku: line.sku,
      name: line.itemName,
      qty: line.qty,
      remainingQty: line.remainingQty,
      serialTracking: line.serialTracking,
      serialCount: line.serials.length,
      serial: serial?.serial ?? null,
      version: after.version,
    };
  });
}

// ---- delete, post, cancel ---------------------------------------------------------------------------------------------

export async function deleteShipment(db: DbOrTx, ctx: AuditContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockShipment(tx, id);
    if (row.status !== 'draft') throw new DomainError(409, row.status === 'posted' ? msg.posted : msg.notDraft);
    if (activeWaybillStates.includes(row.waybillState)) throw new DomainError(409, msg.deleteWithWaybill);
    const before = await getShipment(tx, id);
    const serialIds = (await currentSerials(tx, id)).map((l) => l.serialId);
    await moveSerials(tx, {
      serialIds,
      from: ['reserved'],
      to: 'available',
      event: 'unreserved',
      document: { type: 'shipment', id, number: row.number },
      shipmentId: null,
      userId: ctx.userId,
      note: 'Чернетку відвантаження видалено',
    });
    await tx.delete(shipments).where(eq(shipments.id, id));
    await audit(tx, ctx, { action: 'delete', entityType: SHIPMENTS_ENTITY, entityId: id, before });
  });
}

/**
 * For the orders module: an order being cancelled takes its draft shipments with it (sales.md §1.1), their serials
 * back in stock. A draft whose waybill exists (or may) is refused: the user deletes or reconciles it first.
 */
export async function deleteDraftShipmentsOfOrder(tx: DbOrTx, ctx: AuditContext, orderId: number): Promise<number> {
  const drafts = await tx
    .select({ id: shipments.id, number: shipments.number, waybillState: shipments.waybillState })
    .from(shipments)
    .where(and(eq(shipments.orderId, orderId), eq(shipments.status, 'draft')))
    .orderBy(asc(shipments.id));
  const pinned = drafts.find((d) => activeWaybillStates.includes(d.waybillState));
  if (pinned) throw new DomainError(409, `${pinned.number}: ${msg.deleteWithWaybill}`);
  for (const draft of drafts) await deleteShipment(tx, ctx, draft.id);
  return drafts.length;
}

/**
 * 'Провести' (sales.md §3), one transaction: the order row locked first; qty ≤ remaining per line; serial-tracked
 * lines name exactly qty serials of the item, in stock or reserved, in this warehouse; the ledger issues the goods
 * (the line's reservation first, then available stock) and each line keeps its unit cost; the serials are sold to
 * the client; the order's status is recomputed; the audit record written. Service lines post without movements.
 */
export async function postShipment(
  db: DbOrTx,
  ctx: AuditContext,
  id: number,
  version: number | undefined,
): Promise<Shipment> {
  return db.transaction(async (tx) => {
    const [ref] = await tx.select({ orderId: shipments.orderId }).from(shipments).where(eq(shipments.id, id));
    if (!ref) throw new DomainError(404, msg.notFound);
    // 1. The order row first: postings of one order are serialised, so two drafts cannot both take the rest.
    const order = await orderOf(tx, ref.orderId, true);
    const row = await lockShipment(tx, id, version);
    if (row.status !== 'draft') throw new DomainError(409, row.status === 'posted' ? msg.posted : msg.notDraft);
    assertShippable(order);
    const before = await getShipment(tx, id);

    // 2. Nothing beyond what is left to ship.
    const progress = new Map((await lineProgress(tx, order.id)).map((p) => [p.id, p]));
    const problems: string[] = [];
    for (const line of before.lines) {
      const remaining = sub(dec(line.orderedQty), progress.get(line.orderLineId)?.shipped ?? dec(0));
      if (cmp(dec(line.qty), remaining) > 0) {
        problems.push(
          msg.overRemaining(line.lineNo, line.sku, qtyText(cmp(remaining, dec(0)) > 0 ? remaining : dec(0))),
        );
      }
    }
    if (problems.length) throw new DomainError(409, problems.join('; '));

    // 3. Serials: exactly qty, of this item, in stock or reserved by this shipment, in this warehouse.
    const serialIds: number[] = [];
    for (const line of before.lines) {
      if (!line.serialTracking) continue;
      if (!isWhole(line.qty) || cmp(dec(line.serials.length), dec(line.qty)) !== 0) {
        problems.push(msg.serialCount(line.lineNo, line.sku, line.serials.length, qtyText(dec(line.qty))));
        continue;
      }
      const rows = await serialsByIds(
        tx,
        line.serials.map((s) => s.id),
      );
      for (const s of rows) {
        const ok = s.status === 'available' || (s.status === 'reserved' && s.shipmentId === id);
        if (s.itemId !== line.itemId) problems.push(msg.serialUnknown(s.serial, line.sku));
        else if (!ok) {
          const label = serialStatusLabels[s.status as keyof typeof serialStatusLabels] ?? s.status;
          problems.push(msg.serialUnavailable(s.serial, label));
        } else if (s.warehouseId !== row.warehouseId) problems.push(msg.serialOtherWarehouse(s.serial));
        serialIds.push(s.id);
      }
    }
    if (problems.length) throw new DomainError(409, problems.join('; '));

    // 4. The ledger: stocked lines go out at the average, consuming the order line's reservation first.
    const doc = ledgerDoc(row, ctx.userId);
    await postToLedger(
      tx,
      doc,
      before.lines
        .filter((l) => l.itemKind !== 'service')
        .map((l) => ({
          kind: 'out' as const,
          itemId: l.itemId,
          warehouseId: row.warehouseId,
          qty: l.qty,
          lineId: l.id,
          consume: { sourceType: ORDER_LINE, sourceId: l.orderLineId },
        })),
    );
    const costs = await tx
      .select({ lineId: stockMovements.documentLineId, unitCost: stockMovements.unitCost })
      .from(stockMovements)
      .where(and(eq(stockMovements.documentType, 'shipment'), eq(stockMovements.documentId, id)));
    for (const c of costs) {
      if (c.lineId !== null) {
        await tx.update(shipmentLines).set({ unitCost: c.unitCost }).where(eq(shipmentLines.id, c.lineId));
      }
    }

    // 5. The serials are sold to the client on the shipment date.
    await moveSerials(tx, {
      serialIds,
      from: ['available', 'reserved'],
      to: 'sold',
      event: 'sold',
      document: { type: 'shipment', id, number: row.number },
      clientId: order.clientId,
      shipmentId: id,
      soldAt: new Date(`${row.shipmentDate}T12:00:00Z`),
      warehouseId: null,
      userId: ctx.userId,
    });

    await tx
      .update(shipments)
      .set({
        status: 'posted',
        postedAt: sql`now()`,
        postedBy: ctx.userId,
        version: sql`${shipments.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(shipments.id, id));
    // 6. The order's status (and the completion rule).
    await refreshOrder(tx, order.id, ctx);
    // 7. The audit record.
    const after = await getShipment(tx, id);
    await audit(tx, ctx, { action: 'post', entityType: SHIPMENTS_ENTITY, entityId: id, before, after });
    return after;
  });
}

/**
 * 'Скасувати' {reason}: the reversal movements, the serials back in stock, the order's status recomputed and its
 * remaining quantities reserved again as far as stock allows. A waybill is left to the user (the page offers to
 * delete one that is still only created).
 */
export async function cancelShipment(db: DbOrTx, ctx: AuditContext, id: number, reason: string): Promise<Shipment> {
  return db.transaction(async (tx) => {
    const [ref] = await tx.select({ orderId: shipments.orderId }).from(shipments).where(eq(shipments.id, id));
    if (!ref) throw new DomainError(404, msg.notFound);
    const order = await orderOf(tx, ref.orderId, true);
    const row = await lockShipment(tx, id);
    if (row.status !== 'posted') throw new DomainError(409, msg.notPosted);
    const before = await getShipment(tx, id);
    await reverseInLedger(tx, ledgerDoc(row, ctx.userId));
    const sold = before.lines.flatMap((l) => l.serials.map((s) => s.id));
    await moveSerials(tx, {
      serialIds: sold,
      from: ['sold'],
      to: 'available',
      event: 'returned',
      document: { type: 'shipment', id, number: row.number },
      clientId: null,
      shipmentId: null,
      soldAt: null,
      warehouseId: row.warehouseId,
      userId: ctx.userId,
      note: reason,
    });
    await tx
      .update(shipments)
      .set({
        status: 'cancelled',
        cancelledAt: sql`now()`,
        cancelReason: reason,
        version: sql`${shipments.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(shipments.id, id));
    const status = await refreshOrder(tx, order.id, ctx);
    if (SHIPPABLE.includes(status)) await reserveOrder(tx, order.id);
    const after = await getShipment(tx, id);
    await audit(tx, ctx, { action: 'cancel', entityType: SHIPMENTS_ENTITY, entityId: id, before, after });
    return after;
  });
}

/** The client's own Nova Poshta row (for the 'client' sender profile and the cached recipient refs). */
export async function clientNpRow(db: DbOrTx, clientId: number) {
  const [row] = await db.select().from(clientNpSettings).where(eq(clientNpSettings.clientId, clientId));
  return row ?? null;
}
