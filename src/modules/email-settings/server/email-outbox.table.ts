import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const emailStatuses = ['queued', 'sent', 'failed', 'logged'] as const;
export type EmailStatus = (typeof emailStatuses)[number];

export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    status: text('status').$type<EmailStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    eventKey: text('event_key'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('email_outbox_status_next_idx').on(t.status, t.nextAttemptAt)],
);
