import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { documentHead, documentTrail } from '@/server/kernel/documents.ts';
import { users } from '../../users/server/users.table.ts';
import { companies } from '../../../resources/companies/companies.table.ts';
import { counterparties } from '../../../resources/counterparties/counterparties.table.ts';
import { items } from '../../../resources/items/items.table.ts';
import { units } from '../../../resources/units/units.table.ts';
import { supplierDocumentTypes } from '../../../resources/supplier-document-types/supplier-document-types.table.ts';
import { warehouses } from '../../../resources/warehouses/warehouses.table.ts';
import { supplierOrderLines, supplierOrders } from '../../supplier-orders/server/supplier-orders.table.ts';
import { trigramIndex } from '@/server/kernel/trigram-index.ts';

// The GRN document (warehouse.md §6, README §5): draft → posted → cancelled.
export const supplierReceipts = pgTable(
  'supplier_receipts',
  {
    ...documentHead(),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => counterparties.id),
    companyId: integer('company_id').references(() => companies.id),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    documentTypeId: integer('document_type_id')
      .notNull()
      .references(() => supplierDocumentTypes.id),
    supplierDocNumber: text('supplier_doc_number').notNull(),
    supplierDocDate: date('supplier_doc_date', { mode: 'string' }).notNull(),
    currencyCode: text('currency_code').notNull().default('UAH'),
    fxRate: numeric('fx_rate', { precision: 18, scale: 6 }).notNull().default('1'),
    pricesIncludeVat: boolean('prices_include_vat').notNull().default(false),
    extraCosts: numeric('extra_costs', { precision: 18, scale: 2 }).notNull().default('0'),
    extraCostsMethod: text('extra_costs_method').notNull().default('by_value'),
    totalNet: numeric('total_net', { precision: 18, scale: 2 }).notNull().default('0'),
    totalVat: numeric('total_vat', { precision: 18, scale: 2 }).notNull().default('0'),
    totalGross: numeric('total_gross', { precision: 18, scale: 2 }).notNull().default('0'),
    totalUah: numeric('total_uah', { precision: 18, scale: 2 }).notNull().default('0'),
    notes: text('notes'),
    /** The supplier order this receipt was received against (warehouse.md §5 'Отримати'). */
    supplierOrderId: integer('supplier_order_id').references(() => supplierOrders.id),
    ...documentTrail(() => users.id),
  },
  (t) => [
    uniqueIndex('supplier_receipts_number_key').on(t.number),
    // One supplier document is entered once (among receipts that are not cancelled).
    uniqueIndex('supplier_receipts_supplier_doc_key')
      .on(t.supplierId, sql`lower(btrim(${t.supplierDocNumber}))`, t.supplierDocDate)
      .where(sql`${t.status} <> 'cancelled'`),
    index('supplier_receipts_document_date_idx').on(t.documentDate, t.id),
    index('supplier_receipts_supplier_id_idx').on(t.supplierId),
    index('supplier_receipts_warehouse_id_idx').on(t.warehouseId),
    index('supplier_receipts_supplier_order_id_idx').on(t.supplierOrderId),
    trigramIndex('supplier_receipts_number_trgm_idx', t.number),
    trigramIndex('supplier_receipts_supplier_doc_number_trgm_idx', t.supplierDocNumber),
  ],
);

export const supplierReceiptLines = pgTable(
  'supplier_receipt_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    receiptId: integer('receipt_id')
      .notNull()
      .references(() => supplierReceipts.id, { onDelete: 'cascade' }),
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
    supplierItemName: text('supplier_item_name'),
    lineNet: numeric('line_net', { precision: 18, scale: 2 }).notNull(),
    lineVat: numeric('line_vat', { precision: 18, scale: 2 }).notNull(),
    lineGross: numeric('line_gross', { precision: 18, scale: 2 }).notNull(),
    unitCost: numeric('unit_cost', { precision: 18, scale: 6 }),
    /** The supplier order line this line receives against; its posted qty counts as that line's receivedQty. */
    supplierOrderLineId: integer('supplier_order_line_id').references(() => supplierOrderLines.id),
  },
  (t) => [
    index('supplier_receipt_lines_receipt_id_idx').on(t.receiptId),
    index('supplier_receipt_lines_item_id_idx').on(t.itemId),
    index('supplier_receipt_lines_order_line_idx').on(t.supplierOrderLineId),
    check('supplier_receipt_lines_entered_unit', sql`(${t.enteredQty} is null) = (${t.enteredUnitId} is null)`),
  ],
);
