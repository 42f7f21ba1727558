import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../users/server/users.table.ts';

export const notificationTypes = ['info', 'warning', 'error', 'success', 'payment', 'system'] as const;
export type NotificationType = (typeof notificationTypes)[number];
export const notificationPriorities = ['low', 'medium', 'high', 'critical'] as const;
export type NotificationPriority = (typeof notificationPriorities)[number];

// One row per recipient (reports-admin.md §9): a user only ever sees and changes his own rows.
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<NotificationType>().notNull(),
    priority: text('priority').$type<NotificationPriority>().notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    isResolved: boolean('is_resolved').notNull().default(false),
    actionRequired: boolean('action_required').notNull().default(false),
    actionUrl: text('action_url'),
    relatedEntityType: text('related_entity_type'),
    relatedEntityId: text('related_entity_id'),
    /** How a person names the related record ('Замовлення ЗМ-2026-00004'), as it was when the event was raised. */
    relatedLabel: text('related_label'),
    dedupeKey: text('dedupe_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
  },
  (t) => [
    // NULLS FIRST as a plain `desc` sorts: drizzle's `.desc()` alone writes NULLS LAST, and the list's order (created_at desc, id desc)
    // then no longer matched the index, so the newest 50 were sorted out of all the user's notifications.
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`not ${t.isRead}`),
    // One open notification per recipient and event: a repeat updates it (ON CONFLICT), never adds another.
    uniqueIndex('notifications_open_dedupe_key')
      .on(t.userId, t.dedupeKey)
      .where(sql`not ${t.isResolved}`),
    // Open events looked up by key alone (resolveByKey, the low-stock check), whoever received them.
    index('notifications_open_key_idx')
      .on(t.dedupeKey)
      .where(sql`not ${t.isResolved} and ${t.dedupeKey} is not null`),
  ],
);
