// Repairs (REP, production.md §7): the repair card, its status history, its part lines (drafts until posted), the
// parts postings (RPP) through the ledger with their lines, and its photos. Time spent is booked in the shared
// time_entries table (manufacturing.table.ts) by its repair_id, so workload analytics reads one table.
import { boolean, date, index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { documentHead, documentTrail } from '@/server/kernel/documents.ts';
import { users } from '../../users/server/users.table.ts';
import { items } from '../../../resources/items/items.table.ts';
import { warehouses } from '../../../resources/warehouses/warehouses.table.ts';
import { counterparties, counterpartyContacts } from '../../../resources/counterparties/counterparties.table.ts';
import { workers } from '../../../resources/workers/workers.table.ts';
import { serialNumbers } from '../../serial-numbers/server/serial-numbers.table.ts';
import { orders } from '../../orders/server/orders.table.ts';
import { bytea } from '@/server/kernel/columns.ts';
import { trigramIndex } from '@/server/kernel/trigram-index.ts';

export const repairs = pgTable(
  'repairs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    number: text('number').notNull(),
    intakeDate: date('intake_date', { mode: 'string' }).notNull(),
    /** received → diagnosed → in_repair → ready → returned; cancelled from received/diagnosed. */
    status: text('status').notNull().default('received'),
    version: integer('version').notNull().default(1),
    serialNumberId: integer('serial_number_id').references(() => serialNumbers.id),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id),
    clientId: integer('client_id')
      .notNull()
      .references(() => counterparties.id),
    contactId: integer('contact_id').references(() => counterpartyContacts.id),
    problemDescription: text('problem_description').notNull(),
    accessories: text('accessories'),
    visualDamage: text('visual_damage'),
    /** soldAt + the item's warrantyMonths, from the serial at intake. */
    soldAt: timestamp('sold_at', { withTimezone: true }),
    warrantyUntil: date('warranty_until', { mode: 'string' }),
    /** intakeDate ≤ warrantyUntil. */
    computedWarranty: boolean('computed_warranty').notNull().default(false),
    warrantyOverride: boolean('warranty_override'),
    warrantyOverrideReason: text('warranty_override_reason'),
    /** The effective decision: the override when set, else computedWarranty. */
    isWarranty: boolean('is_warranty').notNull().default(false),
    diagnosis: text('diagnosis'),
    workDone: text('work_done'),
    assignedWorkerId: integer('assigned_worker_id').references(() => workers.id),
    estimatedCost: numeric('estimated_cost', { precision: 18, scale: 2 }),
    clientApproved: boolean('client_approved').notNull().default(false),
    clientApprovedAt: timestamp('client_approved_at', { withTimezone: true }),
    billingOrderId: integer('billing_order_id').references(() => orders.id),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    returnedWithoutPayment: boolean('returned_without_payment').notNull().default(false),
    returnedWithoutPaymentReason: text('returned_without_payment_reason'),
    /** Σ posted RPP values at AVCO, Σ minutes/60 × rate, kept current by every posting and time entry. */
    partsCost: numeric('parts_cost', { precision: 18, scale: 2 }).notNull().default('0'),
    labourCost: numeric('labour_cost', { precision: 18, scale: 2 }).notNull().default('0'),
    /** partsCost + labourCost of a warranty repair, else 0: the warranty cost a profitability report reads. */
    warrantyCost: numeric('warranty_cost', { precision: 18, scale: 2 }).notNull().default('0'),
    notes: text('notes'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('repairs_number_key').on(t.number),
    index('repairs_intake_date_idx').on(t.intakeDate, t.id),
    index('repairs_status_idx').on(t.status),
    index('repairs_serial_number_id_idx').on(t.serialNumberId),
    index('repairs_client_id_idx').on(t.clientId),
    trigramIndex('repairs_number_trgm_idx', t.number),
  ],
);

export const repairStatusHistory = pgTable(
  'repair_status_history',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    repairId: integer('repair_id')
      .notNull()
      .references(() => repairs.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id').references(() => users.id),
    comment: text('comment'),
  },
  (t) => [index('repair_status_history_repair_id_idx').on(t.repairId, t.at)],
);

/** RPP: the parts a repair took from stock, posted through the ledger (status posted → cancelled). */
export const repairPartsPostings = pgTable(
  'repair_parts_postings',
  {
    ...documentHead(),
    repairId: integer('repair_id')
      .notNull()
      .references(() => repairs.id),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    value: numeric('value', { precision: 18, scale: 2 }).notNull().default('0'),
    ...documentTrail(() => users.id),
  },
  (t) => [
    uniqueIndex('repair_parts_postings_number_key').on(t.number),
    index('repair_parts_postings_repair_id_idx').on(t.repairId),
  ],
);

/** A repair's part lines: drafts (postingId null) until posted by an RPP; a cancelled RPP makes them drafts again. */
export const repairParts = pgTable(
  'repair_parts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    repairId: integer('repair_id')
      .notNull()
      .references(() => repairs.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id),
    qty: numeric('qty', { precision: 18, scale: 4 }).notNull(),
    priceForClient: numeric('price_for_client', { precision: 18, scale: 2 }).notNull().default('0'),
    postingId: integer('posting_id').references(() => repairPartsPostings.id),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('repair_parts_repair_id_idx').on(t.repairId), index('repair_parts_item_id_idx').on(t.itemId)],
);

export const repairPartsPostingLines = pgTable(
  'repair_parts_posting_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    postingId: integer('posting_id')
      .notNull()
      .references(() => repairPartsPostings.id, { onDelete: 'cascade' }),
    partId: integer('part_id').references(() => repairParts.id, { onDelete: 'set null' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id),
    qty: numeric('qty', { precision: 18, scale: 4 }).notNull(),
    unitCost: numeric('unit_cost', { precision: 18, scale: 6 }).notNull().default('0'),
    value: numeric('value', { precision: 18, scale: 2 }).notNull().default('0'),
  },
  (t) => [index('repair_parts_posting_lines_posting_id_idx').on(t.postingId)],
);

/** Photos of a repair (≤ 5 MB each), kept in the database like item and worker photos (decision 0007). */
export const repairAttachments = pgTable(
  'repair_attachments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    repairId: integer('repair_id')
      .notNull()
      .references(() => repairs.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    data: bytea('data').notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('repair_attachments_repair_id_idx').on(t.repairId)],
);
