// The official and manual exchange rates (reports-admin.md §18): UAH per 1 unit of a currency on a day, one row per
// currency and day; `source` says whether NBU or a person set it (a manual rate is kept by the daily fetch).
import { date, index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const rateSources = ['nbu', 'manual'] as const;
export type RateSource = (typeof rateSources)[number];

export const currencyRates = pgTable(
  'currency_rates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    currencyCode: text('currency_code').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    rate: numeric('rate', { precision: 18, scale: 6 }).notNull(),
    source: text('source').$type<RateSource>().notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('currency_rates_code_date_key').on(t.currencyCode, t.date),
    index('currency_rates_date_idx').on(t.date),
  ],
);
