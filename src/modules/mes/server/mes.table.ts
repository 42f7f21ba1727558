// Idempotency of the shop-floor terminal's actions (production.md §6 'Robustness'): every action carries an
// Idempotency-Key; the first answer is kept for 24 h and a retry after a network drop gets it back unchanged.
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../users/server/users.table.ts';

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    key: text('key').primaryKey(),
    /** The action it answered, e.g. 'mes.finish:123' — the same key on another action is refused. */
    scope: text('scope').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response'),
    userId: integer('user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('idempotency_keys_created_at_idx').on(t.createdAt)],
);
