// Adjustment documents (ADJ, warehouse.md §1): the only way to correct a quantity by hand — signed lines posted
// through the ledger (− at the average, + at the average or a typed cost). An absolute quantity is never stored as
// stock; `countedQty` only records what the user typed when the delta was derived from a count.
import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { documentHead, documentTrail } from '@/server/kernel/documents.ts';
import { users } from '../../users/server/users.table.ts';
import { items } from '../../../resources/items/items.table.ts';
import { units } from '../../../resources/units/units.table.ts';
import { warehouses } from '../../../resources/warehouses/warehouses.table.ts';

export const stockAdjustments = pgTable(
  'stock_adjustments',
  {
    ...documentHead(),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    /** surplus_found | damage | regrade | correction | opening | other */
    reason: text('reason').notNull(),
    comment: text('comment'),
    ...documentTrail(() => users.id),
  },
  (t) => [
    uniqueIndex('stock_adjustments_number_key').on(t.number),
    index('stock_adjustments_document_date_idx').on(t.documentDate, t.id),
    index('stock_adjustments_warehouse_id_idx').on(t.warehouseId),
  ],
);

export const stockAdjustmentLines = pgTable(
  'stock_adjustment_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    adjustmentId: integer('adjustment_id')
      .notNull()
      .references(() => stockAdjustments.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id),
    /** Signed, in the item's stock unit. */
    deltaQty: numeric('delta_qty', { precision: 18, scale: 4 }).notNull(),
    /** What the user counted when the delta came from a count (for the record only). */
    countedQty: numeric('counted_qty', { precision: 18, scale: 4 }),
    /**
     * The line's quantity as typed — the signed change, or the count when `countedQty` is set — and its unit, when
     * entered in another unit of the stock unit's type (both null in the stock unit); the columns above stay in it.
     */
    enteredQty: numeric('entered_qty', { precision: 18, scale: 4 }),
    enteredUnitId: integer('entered_unit_id').references(() => units.id),
    /** Typed unit cost (UAH) for a + line: required for `opening` and for items with no average yet. */
    unitCost: numeric('unit_cost', { precision: 18, scale: 6 }),
    notes: text('notes'),
  },
  (t) => [
    index('stock_adjustment_lines_adjustment_id_idx').on(t.adjustmentId),
    index('stock_adjustment_lines_item_id_idx').on(t.itemId),
    check('stock_adjustment_lines_delta_not_zero', sql`${t.deltaQty} <> 0`),
    check('stock_adjustment_lines_entered_unit', sql`(${t.enteredQty} is null) = (${t.enteredUnitId} is null)`),
  ],
);
