// Supplier orders (PO, warehouse.md §5): what was asked of whom, when it is expected, and — through the receipt
// lines linked to its lines — what has arrived. receivedQty is derived, never stored.
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
import { companies } from '../../../resources/companies/companies.table.ts';
import { counterparties } from '../../../resources/counterparties/counterparties.table.ts';
import { items } from '../../../resources/items/items.table.ts';
import { units } from '../../../resources/units/units.table.ts';
import { warehouses } from '../../../resources/warehouses/warehouses.table.ts';
import { trigramIndex } from '@/server/kernel/trigram-index.ts';

export const supplierOrders = pgTable(
  'supplier_orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    number: text('number').notNull(),
    orderDate: date('order_date', { mode: 'string' }).notNull(),
    expectedDate: date('expected_date', { mode: 'string' }),
    /** draft | sent | confirmed | partially_received | received | closed | cancelled */
    status: text('status').notNull().default('draft'),
    version: integer('version').notNull().default(1),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => counterparties.id),
    companyId: integer('company_id').references(() => companies.id),
    /** Where the goods are expected; the receipt draft takes it. */
    warehouseId: integer('warehouse_id').references(() => warehouses.id),
    currencyCode: text('currency_code').notNull().default('UAH'),
    fxRate: numeric('fx_rate', { precision: 18, scale: 6 }).notNull().default('1'),
    pricesIncludeVat: boolean('prices_include_vat').notNull().default(false),
    supplierReference: text('supplier_reference'),
    notes: text('notes'),
    totalNet: numeric('total_net', { precision: 18, scale: 2 }).notNull().default('0'),
    totalVat: numeric('total_vat', { precision: 18, scale: 2 }).notNull().default('0'),
    totalGross: numeric('total_gross', { precision: 18, scale: 2 }).notNull().default('0'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closeReason: text('close_reason'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('supplier_orders_number_key').on(t.number),
    index('supplier_orders_order_date_idx').on(t.orderDate, t.id),
    index('supplier_orders_supplier_id_idx').on(t.supplierId),
    index('supplier_orders_status_idx').on(t.status),
    trigramIndex('supplier_orders_number_trgm_idx', t.number),
    trigramIndex('supplier_orders_supplier_reference_trgm_idx', t.supplierReference),
  ],
);

export const supplierOrderLines = pgTable(
  'supplier_order_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => supplierOrders.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id),
    qty: numeric('qty', { precision: 18, scale: 4 }).notNull(),
    /**
     * The quantity as typed and its unit when the line was entered in another unit of the stock unit's type (both
     * null in the stock unit); `qty` is always the stock unit's, `unitPrice` is per the entered unit.
     */
    enteredQty: numeric('entered_qty', { precision: 18, scale: 4 }),
    enteredUnitId: integer('entered_unit_id').references(() => units.id),
    unitPrice: numeric('unit_price', { precision: 18, scale: 6 }).notNull(),
    vatRate: text('vat_rate').notNull().default('20'),
    lineNet: numeric('line_net', { precision: 18, scale: 2 }).notNull(),
    lineVat: numeric('line_vat', { precision: 18, scale: 2 }).notNull(),
    lineGross: numeric('line_gross', { precision: 18, scale: 2 }).notNull(),
    /** A per-line override of the order's expected date. */
    expectedDate: date('expected_date', { mode: 'string' }),
    notes: text('notes'),
  },
  (t) => [
    index('supplier_order_lines_order_id_idx').on(t.orderId),
    index('supplier_order_lines_item_id_idx').on(t.itemId),
    check('supplier_order_lines_qty_positive', sql`${t.qty} > 0`),
    check('supplier_order_lines_entered_unit', sql`(${t.enteredQty} is null) = (${t.enteredUnitId} is null)`),
  ],
);
