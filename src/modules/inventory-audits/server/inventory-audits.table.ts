// Inventory audits (AUD, warehouse.md §8): a count of one warehouse, its lines with the snapshot taken when
// counting starts, and the variance posted through the ledger against on-hand at posting.
import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, boolean } from 'drizzle-orm/pg-core';
import { documentHead, documentTrail } from '@/server/kernel/documents.ts';
import { users } from '../../users/server/users.table.ts';
import { items } from '../../../resources/items/items.table.ts';
import { units } from '../../../resources/units/units.table.ts';
import { warehouses } from '../../../resources/warehouses/warehouses.table.ts';
import { trigramIndex } from '@/server/kernel/trigram-index.ts';

export const inventoryAudits = pgTable(
  'inventory_audits',
  {
    /** status: draft → counting → posted → cancelled (counting → cancelled too) */
    ...documentHead(),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    /** full | categories | items */
    scope: text('scope').notNull().default('full'),
    categoryIds: integer('category_ids').array().notNull().default([]),
    itemIds: integer('item_ids').array().notNull().default([]),
    /** 'Сліпий підрахунок': counters do not see the system quantity. */
    blind: boolean('blind').notNull().default(false),
    /** Worker ids of the counting team. */
    counterIds: integer('counter_ids').array().notNull().default([]),
    notes: text('notes'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    startedBy: integer('started_by').references(() => users.id),
    /** ignore | zero — how uncounted lines were treated at posting. */
    uncountedPolicy: text('uncounted_policy'),
    ...documentTrail(() => users.id),
  },
  (t) => [
    uniqueIndex('inventory_audits_number_key').on(t.number),
    index('inventory_audits_document_date_idx').on(t.documentDate, t.id),
    index('inventory_audits_warehouse_id_idx').on(t.warehouseId),
    trigramIndex('inventory_audits_number_trgm_idx', t.number),
  ],
);

export const inventoryAuditLines = pgTable(
  'inventory_audit_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    auditId: integer('audit_id')
      .notNull()
      .references(() => inventoryAudits.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id),
    /** On hand when counting started (or when the line was added). */
    snapshotQty: numeric('snapshot_qty', { precision: 18, scale: 4 }).notNull(),
    snapshotAt: timestamp('snapshot_at', { withTimezone: true }).notNull().defaultNow(),
    /** The id of the last movement of this item in this warehouse at snapshot time (for movedSinceSnapshot). */
    snapshotMovementId: integer('snapshot_movement_id'),
    /** In the item's stock unit: what the variance is taken from. */
    countedQty: numeric('counted_qty', { precision: 18, scale: 4 }),
    /** The count as typed and its unit when counted in another unit of the stock unit's type (both null otherwise). */
    enteredQty: numeric('entered_qty', { precision: 18, scale: 4 }),
    enteredUnitId: integer('entered_unit_id').references(() => units.id),
    /** On hand at posting, the variance against it and its value at the average. */
    expectedQty: numeric('expected_qty', { precision: 18, scale: 4 }),
    variance: numeric('variance', { precision: 18, scale: 4 }),
    varianceValue: numeric('variance_value', { precision: 18, scale: 2 }),
    /** Typed unit cost for a surplus of an item with no average yet. */
    unitCost: numeric('unit_cost', { precision: 18, scale: 6 }),
    reason: text('reason'),
    countedBy: integer('counted_by').references(() => users.id),
    countedAt: timestamp('counted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('inventory_audit_lines_audit_item_key').on(t.auditId, t.itemId),
    index('inventory_audit_lines_item_id_idx').on(t.itemId),
    check('inventory_audit_lines_entered_unit', sql`(${t.enteredQty} is null) = (${t.enteredUnitId} is null)`),
  ],
);
