import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// What happened to the system rather than by a user (reports-admin.md §16): failed logins, integration, job, mail
// and 5xx failures. Kept 90 days by default; 'Очистити старші за N днів' deletes older ones.
export const systemEvents = pgTable(
  'system_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** info | warn | error */
    level: text('level').notNull(),
    /** auth | integration | job | ledger | email | http */
    category: text('category').notNull(),
    message: text('message').notNull(),
    details: jsonb('details'),
    requestId: text('request_id'),
  },
  (t) => [index('system_events_at_idx').on(t.at), index('system_events_level_at_idx').on(t.level, t.at)],
);
