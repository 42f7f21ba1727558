// The stock ledger (domain README §3): append-only movements, balances kept beside them in the same transaction,
// the moving-average cost per item, and reservations. Numbering counters live here too (README §6).
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from '../../users/server/users.table.ts';
import { items } from '../../../resources/items/items.table.ts';
import { warehouses } from '../../../resources/warehouses/warehouses.table.ts';

export const stockMovements = pgTable(
  'stock_movements',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    /** Signed, in the item's stock unit: + in, − out. */
    qty: numeric('qty', { precision: 18, scale: 4 }).notNull(),
    unitCost: numeric('unit_cost', { precision: 18, scale: 6 }).notNull(),
    /** Signed, UAH. */
    value: numeric('value', { precision: 18, scale: 2 }).notNull(),
    documentType: text('document_type').notNull(),
    documentId: integer('document_id').notNull(),
    documentLineId: integer('document_line_id'),
    /** The document's number as it was posted, so the ledger page needs no join per document type. */
    documentNumber: text('document_number').notNull(),
    occurredOn: date('occurred_on', { mode: 'string' }).notNull(),
    reversesMovementId: bigint('reverses_movement_id', { mode: 'number' }),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_movements_item_id_occurred_on_idx').on(t.itemId, t.occurredOn, t.id),
    // One item's movements in id order (the movements page's default and its running balances), without a sort.
    index('stock_movements_item_id_id_idx').on(t.itemId, t.id),
    // The movements after a day (the reports' stock value at a past date: today's value less what came after).
    index('stock_movements_occurred_on_idx').on(t.occurredOn),
    index('stock_movements_warehouse_id_idx').on(t.warehouseId),
    index('stock_movements_document_idx').on(t.documentType, t.documentId),
    check('stock_movements_qty_not_zero', sql`${t.qty} <> 0`),
  ],
);

export const stockBalances = pgTable(
  'stock_balances',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    onHand: numeric('on_hand', { precision: 18, scale: 4 }).notNull().default('0'),
    reserved: numeric('reserved', { precision: 18, scale: 4 }).notNull().default('0'),
    /**
     * Σ value of the pair's movements, kept by the database (migration 0050: a statement trigger on every insert into
     * stock_movements), so the stock at a date reads the balance less the movements after it (decision 0034).
     */
    value: numeric('value', { precision: 18, scale: 2 }).notNull().default('0'),
    /**
     * The day of the pair's first incoming movement and of its last outgoing one other than a transfer, kept by the
     * same trigger (migration 0052), so dead stock ('Неліквід', /components-analysis) is read from the balances
     * instead of probing the ledger for each of 59 000 components. Null: no such movement.
     */
    firstInOn: date('first_in_on', { mode: 'string' }),
    lastOutOn: date('last_out_on', { mode: 'string' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.warehouseId] }),
    index('stock_balances_warehouse_id_idx').on(t.warehouseId),
    check('stock_balances_reserved_not_negative', sql`${t.reserved} >= 0`),
  ],
);

export const itemCosts = pgTable('item_costs', {
  itemId: integer('item_id')
    .primaryKey()
    .references(() => items.id),
  qty: numeric('qty', { precision: 18, scale: 4 }).notNull().default('0'),
  value: numeric('value', { precision: 18, scale: 2 }).notNull().default('0'),
  /** value / qty to 6 decimals; null before the first costed receipt. */
  avgCost: numeric('avg_cost', { precision: 18, scale: 6 }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Each item's stock state over the planning warehouses — 'out' (available ≤ 0), 'low' (≤ its minStock or the
 * setting stock.lowStockThreshold) or 'in' — as /inventory computes it, kept by database triggers (migrations 0018, 0020:
 * on balances, items, the threshold setting and the planning flag of warehouses), so the dashboard counts low
 * items from an index instead of aggregating every balance (DESIGN §9).
 */
export const itemStockStates = pgTable(
  'item_stock_states',
  {
    itemId: integer('item_id')
      .primaryKey()
      .references(() => items.id, { onDelete: 'cascade' }),
    state: text('state').$type<'in' | 'low' | 'out'>().notNull(),
    /** The item's kind and whether its stock is watched (active, stock control), copied so the count needs no join. */
    kind: text('kind').notNull().default(''),
    counted: boolean('counted').notNull().default(false),
  },
  (t) => [
    index('item_stock_states_short_idx')
      .on(t.itemId)
      .where(sql`${t.state} <> 'in'`),
    index('item_stock_states_counted_idx')
      .on(t.kind)
      .where(sql`${t.state} <> 'in' and ${t.counted}`),
    check('item_stock_states_state', sql`${t.state} in ('in', 'low', 'out')`),
  ],
);

export const stockReservations = pgTable(
  'stock_reservations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    qty: numeric('qty', { precision: 18, scale: 4 }).notNull(),
    /** What holds the stock: 'order_line' or 'mo_material', and its id. */
    sourceType: text('source_type').notNull(),
    sourceId: integer('source_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_reservations_item_warehouse_idx').on(t.itemId, t.warehouseId),
    index('stock_reservations_source_idx').on(t.sourceType, t.sourceId),
    check('stock_reservations_qty_positive', sql`${t.qty} > 0`),
  ],
);

// One counter per document type and year (README §6).
export const numberCounters = pgTable(
  'number_counters',
  {
    docType: text('doc_type').notNull(),
    year: integer('year').notNull(),
    lastValue: integer('last_value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.docType, t.year] })],
);
