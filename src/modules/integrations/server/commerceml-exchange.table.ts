// The files 1C uploads during one CommerceML exchange (mode=file, possibly in several parts) until it asks to import
// them (mode=import): kept in the database, so any app process can take the next request of the exchange.
import { primaryKey, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from '@/server/kernel/columns.ts';

export const commercemlExchangeFiles = pgTable(
  'commerceml_exchange_files',
  {
    /** The exchange's session (the sha-256 of its token, as the sessions table keys it). */
    sessionId: text('session_id').notNull(),
    fileName: text('file_name').notNull(),
    content: bytea('content').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.fileName] })],
);
