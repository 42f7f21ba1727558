import { date, index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { normalised, resourceColumns } from '../_engine/table-helpers.ts';
import { departments } from '../departments/departments.table.ts';
import { positions } from '../positions/positions.table.ts';
import { bytea } from '@/server/kernel/columns.ts';

export const workers = pgTable(
  'workers',
  {
    ...resourceColumns(),
    lastName: text('last_name').notNull(),
    firstName: text('first_name').notNull(),
    middleName: text('middle_name'),
    personnelNumber: text('personnel_number'),
    positionId: integer('position_id').references(() => positions.id),
    departmentId: integer('department_id').references(() => departments.id),
    phone: text('phone'),
    email: text('email'),
    hireDate: date('hire_date', { mode: 'string' }),
    terminationDate: date('termination_date', { mode: 'string' }),
    hourlyRate: numeric('hourly_rate', { precision: 18, scale: 6 }),
    weeklyHours: integer('weekly_hours').notNull().default(40),
    badgeCode: text('badge_code'),
    notes: text('notes'),
  },
  (t) => [
    uniqueIndex('workers_personnel_number_key').on(normalised(t.personnelNumber)),
    uniqueIndex('workers_badge_code_key').on(normalised(t.badgeCode)),
    index('workers_position_id_idx').on(t.positionId),
    index('workers_department_id_idx').on(t.departmentId),
  ],
);

// A worker's photo (≤ 2 MB, reference-data.md §8), kept beside the row like profile photos (decision 0007).
export const workerPhotos = pgTable('worker_photos', {
  workerId: integer('worker_id')
    .primaryKey()
    .references(() => workers.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  data: bytea('data').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
