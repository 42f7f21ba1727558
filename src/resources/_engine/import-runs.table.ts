import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../modules/users/server/users.table.ts';

// Every committed import (reference-data.md §0): resource, file, counts, errors, user.
export const importRuns = pgTable('import_runs', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  resource: text('resource').notNull(),
  fileName: text('file_name'),
  created: integer('created').notNull(),
  updated: integer('updated').notNull(),
  errors: jsonb('errors'),
  userId: integer('user_id').references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
