// Serial numbers (sales.md §4): one identity per unit of a serial-tracked item, unique per item, with a timeline
// of where it went. Counters of the templates use the numbering counters (key serial:<templateId>:<period>).
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../users/server/users.table.ts';
import { counterparties } from '../../../resources/counterparties/counterparties.table.ts';
import { items } from '../../../resources/items/items.table.ts';
import { warehouses } from '../../../resources/warehouses/warehouses.table.ts';
import { trigramIndex } from '@/server/kernel/trigram-index.ts';

export const serialStatuses = ['allocated', 'available', 'reserved', 'sold', 'in_repair', 'defective', 'void'] as const;
export type SerialStatus = (typeof serialStatuses)[number];

export const serialTemplates = pgTable(
  'serial_templates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    pattern: text('pattern').notNull(),
    /** never | yearly | monthly | daily */
    resetPeriod: text('reset_period').notNull().default('yearly'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('serial_templates_name_key').on(sql`lower(btrim(${t.name}))`),
    uniqueIndex('serial_templates_is_default_key')
      .on(t.isDefault)
      .where(sql`${t.isDefault}`),
  ],
);

/** Counters of the templates: key `serial:<templateId>:<period>`, taken with one locked update per block. */
export const serialCounters = pgTable('serial_counters', {
  key: text('key').primaryKey(),
  lastValue: integer('last_value').notNull(),
});

export const serialNumbers = pgTable(
  'serial_numbers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id),
    /** Trimmed and uppercased. */
    serial: text('serial').notNull(),
    status: text('status').$type<SerialStatus>().notNull(),
    warehouseId: integer('warehouse_id').references(() => warehouses.id),
    moId: integer('mo_id'),
    receiptId: integer('receipt_id'),
    shipmentId: integer('shipment_id'),
    clientId: integer('client_id').references(() => counterparties.id),
    soldAt: timestamp('sold_at', { withTimezone: true }),
    notes: text('notes'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('serial_numbers_item_id_serial_key').on(t.itemId, t.serial),
    index('serial_numbers_serial_idx').on(t.serial),
    trigramIndex('serial_numbers_serial_trgm_idx', t.serial),
    index('serial_numbers_item_status_idx').on(t.itemId, t.status, t.warehouseId),
    index('serial_numbers_client_id_idx').on(t.clientId),
    index('serial_numbers_shipment_id_idx').on(t.shipmentId),
  ],
);

export const serialEvents = pgTable(
  'serial_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    serialId: integer('serial_id')
      .notNull()
      .references(() => serialNumbers.id, { onDelete: 'cascade' }),
    /** generated | registered | received | reserved | unreserved | sold | returned | transferred | defective | ... */
    event: text('event').notNull(),
    documentType: text('document_type'),
    documentId: integer('document_id'),
    documentNumber: text('document_number'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id').references(() => users.id),
    note: text('note'),
  },
  (t) => [index('serial_events_serial_id_idx').on(t.serialId, t.at)],
);

/**
 * Serials typed or scanned on a draft's line (a receipt, a transfer), kept until the document is posted: posting uses
 * them when its body names none. lineId is the line's id in the document's own lines table (no foreign key: shared).
 */
export const documentLineSerials = pgTable(
  'document_line_serials',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    documentType: text('document_type').notNull(),
    documentId: integer('document_id').notNull(),
    lineId: integer('line_id').notNull(),
    /** Trimmed and uppercased, one serial per row. */
    serial: text('serial').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    index('document_line_serials_document_idx').on(t.documentType, t.documentId),
    uniqueIndex('document_line_serials_line_serial_key').on(t.documentType, t.lineId, t.serial),
  ],
);
