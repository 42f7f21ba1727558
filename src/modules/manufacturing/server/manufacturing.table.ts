// Manufacturing orders (production.md §4): make a quantity of an item. Materials and operations are a SNAPSHOT
// copied at release (§0) so later BOM or tech-card edits never change work in progress. Issues (MOI) and outputs
// (MOO) are ledger documents; issued quantities, reservations and produced quantities are derived, never stored.
// The kanban (/production, §5) and the terminal (/mes, §6) are views of these same rows — there is no task table.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../../users/server/users.table.ts';
import { departments } from '../../../resources/departments/departments.table.ts';
import { items } from '../../../resources/items/items.table.ts';
import { positions } from '../../../resources/positions/positions.table.ts';
import { warehouses } from '../../../resources/warehouses/warehouses.table.ts';
import { workers } from '../../../resources/workers/workers.table.ts';
import { orderLines } from '../../orders/server/orders.table.ts';
import { boms } from '../../bom/server/bom.table.ts';
import { techCards } from '../../tech-cards/server/tech-cards.table.ts';
import { recipes } from '../../recipes/server/recipes.table.ts';
import { trigramIndex } from '@/server/kernel/trigram-index.ts';

export const moStatuses = ['planned', 'released', 'in_progress', 'completed', 'cancelled'] as const;
export type MoStatus = (typeof moStatuses)[number];

export const moPriorities = ['low', 'normal', 'high', 'urgent'] as const;
export type MoPriority = (typeof moPriorities)[number];

export const moOperationStatuses = ['pending', 'ready', 'in_progress', 'paused', 'done', 'skipped'] as const;
export type MoOperationStatus = (typeof moOperationStatuses)[number];

export const manufacturingOrders = pgTable(
  'manufacturing_orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    number: text('number').notNull(),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id),
    /** Resolved by resolveProductionSpec and frozen at release. */
    recipeId: integer('recipe_id').references(() => recipes.id),
    bomId: integer('bom_id').references(() => boms.id),
    techCardId: integer('tech_card_id').references(() => techCards.id),
    /** The BOM's and tech card's version at release: a later edit shows 'Специфікація змінилась після запуску'. */
    bomVersion: integer('bom_version'),
    techCardVersion: integer('tech_card_version'),
    /** Planned quantity, in the item's stock unit. */
    qty: numeric('qty', { precision: 18, scale: 4 }).notNull(),
    outputWarehouseId: integer('output_warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    materialsWarehouseId: integer('materials_warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    plannedStart: date('planned_start', { mode: 'string' }),
    dueDate: date('due_date', { mode: 'string' }),
    priority: text('priority').$type<MoPriority>().notNull().default('normal'),
    status: text('status').$type<MoStatus>().notNull().default('planned'),
    responsibleWorkerId: integer('responsible_worker_id').references(() => workers.id),
    /** A child MO making a semi-finished item for its parent's material line. */
    parentMoId: integer('parent_mo_id'),
    parentMaterialId: integer('parent_material_id'),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    releasedBy: integer('released_by').references(() => users.id),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    completedBy: integer('completed_by').references(() => users.id),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    /** Planned labour and overhead for qty from the snapshot operations and rates (set at release, kept with qty). */
    plannedLabour: numeric('planned_labour', { precision: 18, scale: 2 }),
    plannedOverhead: numeric('planned_overhead', { precision: 18, scale: 2 }),
    plannedMaterial: numeric('planned_material', { precision: 18, scale: 2 }),
    plannedTotal: numeric('planned_total', { precision: 18, scale: 2 }),
    /** Stored at completion (live while open). */
    actualMaterial: numeric('actual_material', { precision: 18, scale: 2 }),
    actualLabour: numeric('actual_labour', { precision: 18, scale: 2 }),
    actualOverhead: numeric('actual_overhead', { precision: 18, scale: 2 }),
    actualTotal: numeric('actual_total', { precision: 18, scale: 2 }),
    /** 'return' | 'variance' — what completion did with materials issued beyond the need. */
    excessHandling: text('excess_handling'),
    notes: text('notes'),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('manufacturing_orders_number_key').on(t.number),
    index('manufacturing_orders_status_idx').on(t.status, t.dueDate),
    index('manufacturing_orders_item_id_idx').on(t.itemId),
    index('manufacturing_orders_parent_mo_id_idx').on(t.parentMoId),
    index('manufacturing_orders_responsible_worker_id_idx').on(t.responsibleWorkerId),
    index('manufacturing_orders_completed_at_idx').on(t.completedAt),
    // Plan adherence of a period (production statistics): the MOs due in it.
    index('manufacturing_orders_due_date_idx').on(t.dueDate),
    trigramIndex('manufacturing_orders_number_trgm_idx', t.number),
    check('manufacturing_orders_qty_positive', sql`${t.qty} > 0`),
  ],
);

/** Make-to-order links: which sales lines an MO makes for (sales.md §7). */
export const moDemands = pgTable(
  'mo_demands',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    moId: integer('mo_id')
      .notNull()
      .references(() => manufacturingOrders.id, { onDelete: 'cascade' }),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    qty: numeric('qty', { precision: 18, scale: 4 }).notNull(),
  },
  (t) => [
    uniqueIndex('mo_demands_mo_line_key').on(t.moId, t.orderLineId),
    index('mo_demands_order_line_id_idx').on(t.orderLineId),
    check('mo_demands_qty_positive', sql`${t.qty} > 0`),
  ],
);

/** The materials snapshot taken at release. Reservations: stock_reservations source 'mo_material' = this id. */
export const moMaterials = pgTable(
  'mo_materials',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    moId: integer('mo_id')
      .notNull()
      .references(() => manufacturingOrders.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id),
    bomLineId: integer('bom_line_id'),
    /** Effective quantity per unit of output, scrap included (production.md §1). */
    perUnitQty: numeric('per_unit_qty', { precision: 18, scale: 6 }).notNull(),
    /** perUnitQty × MO qty, rounded to the stock precision. */
    requiredQty: numeric('required_qty', { precision: 18, scale: 4 }).notNull(),
  },
  (t) => [index('mo_materials_mo_id_idx').on(t.moId), index('mo_materials_item_id_idx').on(t.itemId)],
);

/** The operations snapshot (the effective operations at release). */
export const moOperations = pgTable(
  'mo_operations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    moId: integer('mo_id')
      .notNull()
      .references(() => manufacturingOrders.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    name: text('name').notNull(),
    techCardOperationId: integer('tech_card_operation_id'),
    departmentId: integer('department_id').references(() => departments.id),
    positionId: integer('position_id').references(() => positions.id),
    setupMinutes: numeric('setup_minutes', { precision: 12, scale: 2 }).notNull().default('0'),
    runMinutesPerUnit: numeric('run_minutes_per_unit', { precision: 12, scale: 4 }).notNull().default('0'),
    plannedMinutes: numeric('planned_minutes', { precision: 14, scale: 2 }).notNull().default('0'),
    equipment: text('equipment'),
    instructions: text('instructions'),
    canRunParallel: boolean('can_run_parallel').notNull().default(false),
    qualityCheck: boolean('quality_check').notNull().default(false),
    status: text('status').$type<MoOperationStatus>().notNull().default('pending'),
    goodQty: numeric('good_qty', { precision: 18, scale: 4 }).notNull().default('0'),
    scrapQty: numeric('scrap_qty', { precision: 18, scale: 4 }).notNull().default('0'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('mo_operations_mo_seq_key').on(t.moId, t.seq),
    index('mo_operations_department_status_idx').on(t.departmentId, t.status),
  ],
);

export const moPostingKinds = ['issue', 'output'] as const;
export type MoPostingKind = (typeof moPostingKinds)[number];

/**
 * Ledger documents of an MO: MOI 'Видача матеріалів' (kind issue; lines + issue / − return) and MOO 'Випуск
 * продукції' (kind output). Posted on creation; cancelling appends the ledger's reversals.
 */
export const moPostings = pgTable(
  'mo_postings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    moId: integer('mo_id')
      .notNull()
      .references(() => manufacturingOrders.id),
    kind: text('kind').$type<MoPostingKind>().notNull(),
    number: text('number').notNull(),
    postingDate: date('posting_date', { mode: 'string' }).notNull(),
    /** posted | cancelled */
    status: text('status').notNull().default('posted'),
    /** An issue generated by backflush for this output posting. */
    outputPostingId: integer('output_posting_id'),
    /** Output only: good units, their serials, and the cost split (production.md §4). */
    goodQty: numeric('good_qty', { precision: 18, scale: 4 }),
    scrapQty: numeric('scrap_qty', { precision: 18, scale: 4 }),
    serials: jsonb('serials').$type<string[]>(),
    materialValue: numeric('material_value', { precision: 18, scale: 2 }),
    conversionValue: numeric('conversion_value', { precision: 18, scale: 2 }),
    unitCost: numeric('unit_cost', { precision: 18, scale: 6 }),
    /** Issue: the Σ value of its lines (signed: returns negative). */
    value: numeric('value', { precision: 18, scale: 2 }).notNull().default('0'),
    notes: text('notes'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: integer('cancelled_by').references(() => users.id),
    cancelReason: text('cancel_reason'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mo_postings_number_key').on(t.number),
    index('mo_postings_mo_id_idx').on(t.moId, t.kind),
    // The outputs of a period (production statistics), measured on the bench's year: a seq scan of every posting.
    index('mo_postings_output_date_idx')
      .on(t.postingDate)
      .where(sql`${t.kind} = 'output' and ${t.status} = 'posted'`),
  ],
);

export const moPostingLines = pgTable(
  'mo_posting_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    postingId: integer('posting_id')
      .notNull()
      .references(() => moPostings.id, { onDelete: 'cascade' }),
    moMaterialId: integer('mo_material_id').references(() => moMaterials.id),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id),
    /** Signed: + issue, − return. */
    qty: numeric('qty', { precision: 18, scale: 4 }).notNull(),
    /** Signed value at which the ledger moved it (UAH). */
    value: numeric('value', { precision: 18, scale: 2 }).notNull().default('0'),
  },
  (t) => [
    index('mo_posting_lines_posting_id_idx').on(t.postingId),
    index('mo_posting_lines_mo_material_id_idx').on(t.moMaterialId),
    check('mo_posting_lines_qty_not_zero', sql`${t.qty} <> 0`),
  ],
);

/** Time booked by workers on MO operations (or repairs), captured by /mes; corrected by a foreman, audited. */
export const timeEntries = pgTable(
  'time_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    workerId: integer('worker_id')
      .notNull()
      .references(() => workers.id),
    moOperationId: integer('mo_operation_id').references(() => moOperations.id),
    repairId: integer('repair_id'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    minutes: numeric('minutes', { precision: 12, scale: 2 }),
    /** The worker's rate when the entry opened. */
    hourlyRate: numeric('hourly_rate', { precision: 18, scale: 6 }),
    goodQty: numeric('good_qty', { precision: 18, scale: 4 }).notNull().default('0'),
    scrapQty: numeric('scrap_qty', { precision: 18, scale: 4 }).notNull().default('0'),
    scrapReason: text('scrap_reason'),
    /** A repair entry's note. */
    note: text('note'),
    pauseReason: text('pause_reason'),
    qcPassed: boolean('qc_passed'),
    /** mes | manual */
    source: text('source').notNull().default('mes'),
    autoClosed: boolean('auto_closed').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('time_entries_mo_operation_id_idx').on(t.moOperationId),
    index('time_entries_worker_id_started_at_idx').on(t.workerId, t.startedAt),
    // A period's entries of every worker (workload analytics) and its scrap (production statistics, dated by the
    // entry's end, or start while open): measured on the bench's year, each was a seq scan of every entry.
    index('time_entries_started_at_idx').on(t.startedAt),
    index('time_entries_scrap_at_idx')
      .on(sql`coalesce(${t.endedAt}, ${t.startedAt})`)
      .where(sql`${t.scrapQty} <> 0`),
    // At most one open entry per worker (production.md §6).
    uniqueIndex('time_entries_open_per_worker_key')
      .on(t.workerId)
      .where(sql`${t.endedAt} is null`),
  ],
);
