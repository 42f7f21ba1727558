import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { EmailDelivery, EmailEventKey } from '../email-notifications.messages.ts';

/** One rule per event (reports-admin.md §14), created with its defaults on first read. */
export const emailRules = pgTable('email_rules', {
  eventKey: text('event_key').$type<EmailEventKey>().primaryKey(),
  isEnabled: boolean('is_enabled').notNull(),
  roleIds: jsonb('role_ids').$type<number[]>().notNull().default([]),
  userIds: jsonb('user_ids').$type<number[]>().notNull().default([]),
  extraEmails: jsonb('extra_emails').$type<string[]>().notNull().default([]),
  toClientContacts: boolean('to_client_contacts').notNull().default(false),
  toManager: boolean('to_manager').notNull().default(false),
  subjectTemplate: text('subject_template').notNull(),
  bodyTemplate: text('body_template').notNull(),
  delivery: text('delivery').$type<EmailDelivery>().notNull().default('immediate'),
  digestTime: text('digest_time').notNull().default('08:00'),
  /** The Kyiv date of the last digest sent for this rule (one digest a day). */
  lastDigestOn: text('last_digest_on'),
  updatedAt: timestamp('updated_at', { withTimezone: true }),
});

/** An event of a daily rule waiting for its digest. */
export const emailDigestEntries = pgTable(
  'email_digest_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    eventKey: text('event_key').$type<EmailEventKey>().notNull(),
    values: jsonb('values').$type<Record<string, string>>().notNull(),
    clientId: integer('client_id'),
    managerUserId: integer('manager_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('email_digest_entries_pending_idx').on(t.eventKey, t.sentAt)],
);
