import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { workers } from '../../../resources/workers/workers.table.ts';

// username and email are stored lowercased; the unique indexes make them case-insensitive keys.
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    profileImageUrl: text('profile_image_url'),
    /** Daily digest e-mails of the e-mail rules (decision 0026); false opts the user out. */
    emailDigest: boolean('email_digest').notNull().default(true),
    /** The worker this login belongs to (MES time is booked to the worker; reference-data.md §8). */
    workerId: integer('worker_id').references(() => workers.id),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_worker_id_key').on(t.workerId),
  ],
);
