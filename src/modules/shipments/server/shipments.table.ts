// Shipments (SHP, sales.md §3): a ledger document issuing an order's goods, whole or partial; the carrier's waybill
// and the delivery tracking are a second dimension kept apart from the document status.
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../../users/server/users.table.ts';
import { orderLines, orders } from '../../orders/server/orders.table.ts';
import { serialNumbers } from '../../serial-numbers/server/serial-numbers.table.ts';
import { carriers } from '../../../resources/carriers/carriers.table.ts';
import { units } from '../../../resources/units/units.table.ts';
import { items } from '../../../resources/items/items.table.ts';
import { warehouses } from '../../../resources/warehouses/warehouses.table.ts';
import { trigramIndex } from '@/server/kernel/trigram-index.ts';

export const deliveryStatuses = [
  'none',
  'created',
  'in_transit',
  'arrived',
  'delivered',
  'refused',
  'returned',
] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];
export const waybillStates = ['none', 'creating', 'created', 'unknown', 'deleted'] as const;
export type WaybillState = (typeof waybillStates)[number];

export interface ShipmentSeat {
  weightKg: string;
  lengthCm: string;
  widthCm: string;
  heightCm: string;
}

export const shipments = pgTable(
  'shipments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    number: text('number').notNull(),
    shipmentDate: date('shipment_date', { mode: 'string' }).notNull(),
    /** draft | posted | cancelled */
    status: text('status').notNull().default('draft'),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    carrierId: integer('carrier_id').references(() => carriers.id),
    /** own | client (the client's Nova Poshta contract) */
    senderProfile: text('sender_profile').notNull().default('own'),
    recipientName: text('recipient_name'),
    recipientPhone: text('recipient_phone'),
    npCityRef: text('np_city_ref'),
    npCityName: text('np_city_name'),
    deliveryType: text('delivery_type'),
    npWarehouseRef: text('np_warehouse_ref'),
    npWarehouseNumber: text('np_warehouse_number'),
    npWarehouseAddress: text('np_warehouse_address'),
    address: text('address'),
    serviceType: text('service_type'),
    payerType: text('payer_type'),
    paymentMethod: text('payment_method'),
    declaredValue: numeric('declared_value', { precision: 18, scale: 2 }),
    codAmount: numeric('cod_amount', { precision: 18, scale: 2 }),
    weightKg: numeric('weight_kg', { precision: 18, scale: 3 }),
    seats: jsonb('seats').$type<ShipmentSeat[]>().notNull().default([]),
    description: text('description'),
    npRef: text('np_ref'),
    trackingNumber: text('tracking_number'),
    waybillState: text('waybill_state').$type<WaybillState>().notNull().default('none'),
    deliveryStatus: text('delivery_status').$type<DeliveryStatus>().notNull().default('none'),
    deliveryStatusCode: text('delivery_status_code'),
    deliveryStatusText: text('delivery_status_text'),
    /** [{at, code, text, status}] — the tracking timeline as the carrier reported it. */
    trackingHistory: jsonb('tracking_history')
      .$type<Array<{ at: string; code: string; text: string; status: DeliveryStatus }>>()
      .notNull()
      .default([]),
    estimatedDeliveryDate: date('estimated_delivery_date', { mode: 'string' }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    shippingCost: numeric('shipping_cost', { precision: 18, scale: 2 }),
    lastTrackedAt: timestamp('last_tracked_at', { withTimezone: true }),
    notes: text('notes'),
    postedAt: timestamp('posted_at', { withTimezone: true }),
    postedBy: integer('posted_by').references(() => users.id),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shipments_number_key').on(t.number),
    uniqueIndex('shipments_np_ref_key')
      .on(t.npRef)
      .where(sql`${t.npRef} is not null`),
    index('shipments_tracking_number_idx').on(t.trackingNumber),
    trigramIndex('shipments_number_trgm_idx', t.number),
    trigramIndex('shipments_tracking_number_trgm_idx', t.trackingNumber),
    index('shipments_order_id_idx').on(t.orderId),
    index('shipments_shipment_date_idx').on(t.shipmentDate, t.id),
    index('shipments_status_idx').on(t.status, t.deliveryStatus),
  ],
);

export const shipmentLines = pgTable(
  'shipment_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.id),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id),
    /** Always in the item's stock unit: what the ledger moves. */
    qty: numeric('qty', { precision: 18, scale: 4 }).notNull(),
    /**
     * The order line's unit and `qty` back in it, when the order line was entered in another unit and `qty` converts
     * back exactly (both null otherwise); `unitPrice` is then per that unit, else per the stock unit.
     */
    enteredQty: numeric('entered_qty', { precision: 18, scale: 4 }),
    enteredUnitId: integer('entered_unit_id').references(() => units.id),
    unitPrice: numeric('unit_price', { precision: 18, scale: 6 }).notNull(),
    discountPercent: numeric('discount_percent', { precision: 6, scale: 2 }).notNull().default('0'),
    vatRate: text('vat_rate').notNull().default('20'),
    lineNet: numeric('line_net', { precision: 18, scale: 2 }).notNull(),
    lineVat: numeric('line_vat', { precision: 18, scale: 2 }).notNull(),
    lineGross: numeric('line_gross', { precision: 18, scale: 2 }).notNull(),
    /** Filled at posting from the ledger: COGS. */
    unitCost: numeric('unit_cost', { precision: 18, scale: 6 }),
    /**
     * The line's sale fact (reports-admin.md §0), written by the posting transaction and cleared by the cancelling one
     * (shipments.sale-facts.ts): the shipment's date while it is posted, else null — a line is a sale iff it has one.
     * The order's client and company are locked once a shipment is posted, so they are copied; the manager (editable
     * on a partly shipped order) and the carrier stay on their documents. Reports read a year of these with no join.
     */
    saleDate: date('sale_date', { mode: 'string' }),
    orderId: integer('order_id').references(() => orders.id),
    clientId: integer('client_id'),
    companyId: integer('company_id'),
    /** lineNet × the order's fxRate, lineGross × fxRate (UAH), and −(the line's ledger value out), 0 for a service. */
    revenue: numeric('revenue', { precision: 18, scale: 2 }),
    revenueGross: numeric('revenue_gross', { precision: 18, scale: 2 }),
    cogs: numeric('cogs', { precision: 18, scale: 2 }),
  },
  (t) => [
    index('shipment_lines_shipment_id_idx').on(t.shipmentId),
    index('shipment_lines_sale_date_idx')
      .on(t.saleDate)
      .where(sql`${t.saleDate} is not null`),
    index('shipment_lines_sale_item_idx')
      .on(t.itemId, t.saleDate)
      .where(sql`${t.saleDate} is not null`),
    index('shipment_lines_sale_client_idx')
      .on(t.clientId, t.saleDate)
      .where(sql`${t.saleDate} is not null`),
    index('shipment_lines_order_line_id_idx').on(t.orderLineId),
    check('shipment_lines_qty_positive', sql`${t.qty} > 0`),
    check('shipment_lines_entered_unit', sql`(${t.enteredQty} is null) = (${t.enteredUnitId} is null)`),
  ],
);

export const shipmentLineSerials = pgTable(
  'shipment_line_serials',
  {
    shipmentLineId: integer('shipment_line_id')
      .notNull()
      .references(() => shipmentLines.id, { onDelete: 'cascade' }),
    serialId: integer('serial_id')
      .notNull()
      .references(() => serialNumbers.id),
  },
  (t) => [
    primaryKey({ columns: [t.shipmentLineId, t.serialId] }),
    index('shipment_line_serials_serial_id_idx').on(t.serialId),
  ],
);
