import { index, integer, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { normalised, resourceColumns } from '../_engine/table-helpers.ts';
import { departments } from '../departments/departments.table.ts';

export const positions = pgTable(
  'positions',
  {
    ...resourceColumns(),
    name: text('name').notNull(),
    departmentId: integer('department_id').references(() => departments.id),
    hourlyRate: numeric('hourly_rate', { precision: 18, scale: 6 }),
    description: text('description'),
  },
  (t) => [
    uniqueIndex('positions_name_key').on(normalised(t.name)),
    index('positions_department_id_idx').on(t.departmentId),
  ],
);
