// The server half of the document toolkit (docs/architecture.md, 'How to add a document module'): the columns every
// warehouse document has, and the one place that turns a stale version into a 409. A module's table spreads
// `documentHead()` and `documentTrail(() => users.id)` and adds its own columns; its write path calls
// `checkVersion` after locking the row, so every document answers a lost update the same way.
import { date, integer, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { DomainError } from '@/shared/api-error.ts';

/** Said when the version the user read is no longer the row's: another user changed it meanwhile. */
export const staleDocumentMessage = 'Документ змінено іншим користувачем — оновіть сторінку';

/**
 * Refuses (409) a change made on a version that is no longer the row's. `expected` undefined: the caller sent no
 * version (an action that needs none), nothing is checked. `message` names the record ('Платіж змінено…').
 */
export function checkVersion(expected: number | undefined, actual: number, message = staleDocumentMessage): void {
  if (expected !== undefined && expected !== actual) throw new DomainError(409, message);
}

/** Number, date, status (draft → posted → cancelled) and the optimistic-lock version of a document. */
export function documentHead() {
  return {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    number: text('number').notNull(),
    documentDate: date('document_date', { mode: 'string' }).notNull(),
    /** draft → posted → cancelled */
    status: text('status').notNull().default('draft'),
    version: integer('version').notNull().default(1),
  };
}

/**
 * Who posted, cancelled (with the reason) and made the document, and when. `userId` is the users table's id column
 * (the kernel knows no module, so the caller names it).
 */
export function documentTrail(userId: () => AnyPgColumn) {
  return {
    postedAt: timestamp('posted_at', { withTimezone: true }),
    postedBy: integer('posted_by').references(userId),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: integer('cancelled_by').references(userId),
    cancelReason: text('cancel_reason'),
    createdBy: integer('created_by').references(userId),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  };
}
