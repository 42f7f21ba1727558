// Transfer documents (TRF, warehouse.md §7): stock moves between warehouses at the same value, one step.
import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { documentHead, documentTrail } from '@/server/kernel/documents.ts';
import { users } from '../../users/server/users.table.ts';
import { items } from '../../../resources/items/items.table.ts';
import { units } from '../../../resources/units/units.table.ts';
import { warehouses } from '../../../resources/warehouses/warehouses.table.ts';
import { trigramIndex } from '@/server/kernel/trigram-index.ts';

export const warehouseTransfers = pgTable(
  'warehouse_transfers',
  {
    ...documentHead(),
    fromWarehouseId: integer('from_warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    toWarehouseId: integer('to_warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    reason: text('reason'),
    notes: text('notes'),
    ...documentTrail(() => users.id),
  },
  (t) => [
    uniqueIndex('warehouse_transfers_number_key').on(t.number),
    index('warehouse_transfers_document_date_idx').on(t.documentDate, t.id),
    index('warehouse_transfers_from_idx').on(t.fromWarehouseId),
    index('warehouse_transfers_to_idx').on(t.toWarehouseId),
    trigramIndex('warehouse_transfers_number_trgm_idx', t.number),
    check('warehouse_transfers_distinct_warehouses', sql`${t.fromWarehouseId} <> ${t.toWarehouseId}`),
  ],
);

export const warehouseTransferLines = pgTable(
  'warehouse_transfer_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    transferId: integer('transfer_id')
      .notNull()
      .references(() => warehouseTransfers.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id),
    /** In the item's stock unit: what the ledger moves. */
    qty: numeric('qty', { precision: 18, scale: 4 }).notNull(),
    /** The quantity as typed and its unit when the line was entered in another unit (both null in the stock unit). */
    enteredQty: numeric('entered_qty', { precision: 18, scale: 4 }),
    enteredUnitId: integer('entered_unit_id').references(() => units.id),
    notes: text('notes'),
  },
  (t) => [
    index('warehouse_transfer_lines_transfer_id_idx').on(t.transferId),
    index('warehouse_transfer_lines_item_id_idx').on(t.itemId),
    check('warehouse_transfer_lines_qty_positive', sql`${t.qty} > 0`),
    check('warehouse_transfer_lines_entered_unit', sql`(${t.enteredQty} is null) = (${t.enteredUnitId} is null)`),
  ],
);
