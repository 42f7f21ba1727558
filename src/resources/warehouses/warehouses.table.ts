import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { normalised, resourceColumns } from '../_engine/table-helpers.ts';
import { workers } from '../workers/workers.table.ts';

export const warehouses = pgTable(
  'warehouses',
  {
    ...resourceColumns(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    includeInPlanning: boolean('include_in_planning').notNull().default(true),
    address: text('address'),
    /** Who answers for the warehouse's stock (reference-data.md §9). */
    responsibleWorkerId: integer('responsible_worker_id').references(() => workers.id),
  },
  (t) => [
    uniqueIndex('warehouses_code_key').on(normalised(t.code)),
    uniqueIndex('warehouses_name_key').on(normalised(t.name)),
    // At most one default warehouse per type.
    uniqueIndex('warehouses_is_default_key')
      .on(t.type)
      .where(sql`${t.isDefault}`),
  ],
);
