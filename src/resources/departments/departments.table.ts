import { boolean, integer, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { normalised, resourceColumns } from '../_engine/table-helpers.ts';

export const departments = pgTable(
  'departments',
  {
    ...resourceColumns(),
    name: text('name').notNull(),
    code: text('code'),
    isProduction: boolean('is_production').notNull().default(false),
    overheadRatePerHour: numeric('overhead_rate_per_hour', { precision: 18, scale: 6 }),
    /**
     * The department's head (reference-data.md §7). Its foreign key to workers is written in the migration that added
     * it (0029): workers already reach departments through positions, so a drizzle reference here would make the
     * table files import each other.
     */
    managerWorkerId: integer('manager_worker_id'),
    description: text('description'),
  },
  (t) => [
    uniqueIndex('departments_name_key').on(normalised(t.name)),
    uniqueIndex('departments_code_key').on(normalised(t.code)),
  ],
);
