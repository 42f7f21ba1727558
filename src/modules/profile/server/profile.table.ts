import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../users/server/users.table.ts';
import { bytea } from '@/server/kernel/columns.ts';

// Profile photos live in the database (backed up with it, no file paths to escape); served with their type.
export const userPhotos = pgTable('user_photos', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  data: bytea('data').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
