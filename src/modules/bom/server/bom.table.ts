// Bills of materials (production.md §1): WHAT a unit is made of — the one list of materials (§0). Multi-level
// through the default BOMs of made components; line ids stay stable for their whole life (MO snapshots point at them).
import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, boolean } from 'drizzle-orm/pg-core';
import { users } from '../../users/server/users.table.ts';
import { items } from '../../../resources/items/items.table.ts';
import { units } from '../../../resources/units/units.table.ts';

export const bomStatuses = ['draft', 'active', 'archived'] as const;
export type BomStatus = (typeof bomStatuses)[number];

export const boms = pgTable(
  'boms',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** A product or a semi-finished item. */
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id),
    name: text('name').notNull(),
    /** The quantity the lines make (in the item's stock unit). */
    outputQty: numeric('output_qty', { precision: 18, scale: 4 }).notNull().default('1'),
    isDefault: boolean('is_default').notNull().default(false),
    status: text('status').$type<BomStatus>().notNull().default('draft'),
    notes: text('notes'),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('boms_item_id_idx').on(t.itemId),
    uniqueIndex('boms_is_default_key')
      .on(t.itemId)
      .where(sql`${t.isDefault}`),
    check('boms_output_qty_positive', sql`${t.outputQty} > 0`),
  ],
);

export const bomLines = pgTable(
  'bom_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    bomId: integer('bom_id')
      .notNull()
      .references(() => boms.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    /** Any stocked kind; never a service and never the BOM's own item. */
    componentItemId: integer('component_item_id')
      .notNull()
      .references(() => items.id),
    /** Per outputQty, in the component's stock unit (converted from the entered unit). */
    qty: numeric('qty', { precision: 18, scale: 6 }).notNull(),
    /** What the user typed and in which unit of the same type (shown back in the editor). */
    enteredQty: numeric('entered_qty', { precision: 18, scale: 6 }),
    enteredUnitId: integer('entered_unit_id').references(() => units.id),
    scrapPercent: numeric('scrap_percent', { precision: 5, scale: 2 }).notNull().default('0'),
    designators: text('designators'),
    notes: text('notes'),
  },
  (t) => [
    index('bom_lines_bom_id_idx').on(t.bomId),
    index('bom_lines_component_item_id_idx').on(t.componentItemId),
    check('bom_lines_qty_positive', sql`${t.qty} > 0`),
    check('bom_lines_scrap_range', sql`${t.scrapPercent} >= 0 and ${t.scrapPercent} < 100`),
  ],
);
