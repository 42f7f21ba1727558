// Columns every declared resource's table has (DESIGN §5: identity id, timestamps, active flag).
import { sql, type SQL } from 'drizzle-orm';
import { boolean, integer, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

export const resourceColumns = () => ({
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The normalised value a uniqueness rule compares: trimmed and case-insensitive (reference-data.md §0). */
export const normalised = (column: AnyPgColumn): SQL => sql`lower(btrim(${column}))`;
