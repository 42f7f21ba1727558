// Technological cards (production.md §2): HOW, WHERE and HOW LONG an item is made — ordered operations at work
// centres. A modification (baseTechCardId set) stores only its differences from its base card.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../users/server/users.table.ts';
import { departments } from '../../../resources/departments/departments.table.ts';
import { items } from '../../../resources/items/items.table.ts';
import { positions } from '../../../resources/positions/positions.table.ts';

export const techCardStatuses = ['draft', 'active', 'archived'] as const;
export type TechCardStatus = (typeof techCardStatuses)[number];

/** What a modification's row does to its base card; null on a base card's own rows. */
export const operationActions = ['add', 'replace', 'remove'] as const;
export type OperationAction = (typeof operationActions)[number];

export const techCards = pgTable(
  'tech_cards',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id),
    name: text('name').notNull(),
    /** Null: a base card. Otherwise this card is a modification of that base card (one level only). */
    baseTechCardId: integer('base_tech_card_id'),
    modificationNote: text('modification_note'),
    status: text('status').$type<TechCardStatus>().notNull().default('draft'),
    isDefault: boolean('is_default').notNull().default(false),
    notes: text('notes'),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tech_cards_item_id_idx').on(t.itemId),
    index('tech_cards_base_tech_card_id_idx').on(t.baseTechCardId),
    uniqueIndex('tech_cards_is_default_key')
      .on(t.itemId)
      .where(sql`${t.isDefault}`),
  ],
);

export const techCardOperations = pgTable(
  'tech_card_operations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    techCardId: integer('tech_card_id')
      .notNull()
      .references(() => techCards.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    name: text('name').notNull(),
    instructions: text('instructions'),
    /** The work centre — what routes the operation to /mes. Null only on a modification's 'remove' row. */
    departmentId: integer('department_id').references(() => departments.id),
    positionId: integer('position_id').references(() => positions.id),
    setupMinutes: numeric('setup_minutes', { precision: 12, scale: 2 }).notNull().default('0'),
    runMinutesPerUnit: numeric('run_minutes_per_unit', { precision: 12, scale: 4 }).notNull().default('0'),
    equipment: text('equipment'),
    canRunParallel: boolean('can_run_parallel').notNull().default(false),
    qualityCheck: boolean('quality_check').notNull().default(false),
    /** A modification's row: which base operation it replaces or removes (null for an added one). */
    baseOperationId: integer('base_operation_id'),
    action: text('action').$type<OperationAction>(),
  },
  (t) => [
    index('tech_card_operations_tech_card_id_idx').on(t.techCardId),
    index('tech_card_operations_department_id_idx').on(t.departmentId),
    uniqueIndex('tech_card_operations_seq_key')
      .on(t.techCardId, t.seq)
      .where(sql`${t.action} is distinct from 'remove'`),
    check('tech_card_operations_minutes', sql`${t.setupMinutes} >= 0 and ${t.runMinutesPerUnit} >= 0`),
  ],
);
