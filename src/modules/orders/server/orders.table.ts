// Client orders (ORD, sales.md §1): one status field driven by an explicit state machine, lines whose ids stay
// stable for their whole life (shipments and reservations point at them), totals stored and recomputed by the
// server on every line change. Shipped, reserved and paid amounts are derived, never stored.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../../users/server/users.table.ts';
import { carriers } from '../../../resources/carriers/carriers.table.ts';
import { companies } from '../../../resources/companies/companies.table.ts';
import { counterparties, counterpartyContacts } from '../../../resources/counterparties/counterparties.table.ts';
import { items } from '../../../resources/items/items.table.ts';
import { units } from '../../../resources/units/units.table.ts';
import { warehouses } from '../../../resources/warehouses/warehouses.table.ts';
import { trigramIndex } from '@/server/kernel/trigram-index.ts';

export const orderStatuses = ['draft', 'confirmed', 'partially_shipped', 'shipped', 'completed', 'cancelled'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderNumber: text('order_number').notNull(),
    orderDate: date('order_date', { mode: 'string' }).notNull(),
    clientId: integer('client_id')
      .notNull()
      .references(() => counterparties.id),
    contactId: integer('contact_id').references(() => counterpartyContacts.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    managerUserId: integer('manager_user_id').references(() => users.id),
    status: text('status').$type<OrderStatus>().notNull().default('draft'),
    currencyCode: text('currency_code').notNull().default('UAH'),
    fxRate: numeric('fx_rate', { precision: 18, scale: 6 }).notNull().default('1'),
    pricesIncludeVat: boolean('prices_include_vat').notNull().default(false),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    dueDate: date('due_date', { mode: 'string' }),
    paymentDueDate: date('payment_due_date', { mode: 'string' }),
    // Delivery snapshot, copied from a client preset and editable.
    deliveryPresetId: integer('delivery_preset_id'),
    carrierId: integer('carrier_id').references(() => carriers.id),
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
    codEnabled: boolean('cod_enabled').notNull().default(false),
    // Production approval (sales.md §1.3).
    productionApproved: boolean('production_approved').notNull().default(false),
    productionApprovedAt: timestamp('production_approved_at', { withTimezone: true }),
    productionApprovedBy: integer('production_approved_by').references(() => users.id),
    productionApprovalNote: text('production_approval_note'),
    externalNumber: text('external_number'),
    /** manual | bas | bitrix24 | import */
    source: text('source').notNull().default('manual'),
    notes: text('notes'),
    clientNotes: text('client_notes'),
    totalNet: numeric('total_net', { precision: 18, scale: 2 }).notNull().default('0'),
    totalVat: numeric('total_vat', { precision: 18, scale: 2 }).notNull().default('0'),
    totalGross: numeric('total_gross', { precision: 18, scale: 2 }).notNull().default('0'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    confirmedBy: integer('confirmed_by').references(() => users.id),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closeReason: text('close_reason'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_order_number_key').on(t.orderNumber),
    index('orders_external_number_idx').on(t.externalNumber),
    trigramIndex('orders_order_number_trgm_idx', t.orderNumber),
    trigramIndex('orders_external_number_trgm_idx', t.externalNumber),
    index('orders_order_date_idx').on(t.orderDate, t.id),
    index('orders_client_id_idx').on(t.clientId),
    index('orders_company_id_idx').on(t.companyId),
    index('orders_status_idx').on(t.status),
    index('orders_due_date_idx').on(t.dueDate),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    /** Null only in a draft, for imported lines not yet mapped (they keep externalName/externalCode). */
    itemId: integer('item_id').references(() => items.id),
    externalName: text('external_name'),
    externalCode: text('external_code'),
    /** Always in the item's stock unit: reservations, shipments and everything stock-related read it. */
    qty: numeric('qty', { precision: 18, scale: 4 }).notNull(),
    /**
     * The quantity as typed and its unit when the line was entered in another unit of the stock unit's type (both
     * null in the stock unit); `unitPrice` is per the entered unit and the amounts are entered qty × price.
     */
    enteredQty: numeric('entered_qty', { precision: 18, scale: 4 }),
    enteredUnitId: integer('entered_unit_id').references(() => units.id),
    unitPrice: numeric('unit_price', { precision: 18, scale: 6 }).notNull(),
    discountPercent: numeric('discount_percent', { precision: 6, scale: 2 }).notNull().default('0'),
    vatRate: text('vat_rate').notNull().default('20'),
    lineNet: numeric('line_net', { precision: 18, scale: 2 }).notNull(),
    lineVat: numeric('line_vat', { precision: 18, scale: 2 }).notNull(),
    lineGross: numeric('line_gross', { precision: 18, scale: 2 }).notNull(),
    notes: text('notes'),
  },
  (t) => [
    index('order_lines_order_id_idx').on(t.orderId),
    index('order_lines_item_id_idx').on(t.itemId),
    check('order_lines_qty_positive', sql`${t.qty} > 0`),
    check('order_lines_entered_unit', sql`(${t.enteredQty} is null) = (${t.enteredUnitId} is null)`),
  ],
);
