// Demand forecasts (production.md §12): the forecast with its parameters, one row per forecast item (its flags and
// backtest accuracy) and the lines — one per item and horizon period, the actual filled by the nightly job.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../../users/server/users.table.ts';
import { items } from '../../../resources/items/items.table.ts';
import { categories } from '../../../resources/categories/categories.table.ts';
import type {
  ForecastGranularity,
  ForecastMethod,
  ForecastScope,
  ForecastStatus,
} from '../production-forecasts.contract.ts';

export const productionForecasts = pgTable(
  'production_forecasts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    scope: text('scope').$type<ForecastScope>().notNull(),
    /** scope 'items': the items chosen. */
    itemIds: jsonb('item_ids').$type<number[]>().notNull().default([]),
    categoryId: integer('category_id').references(() => categories.id),
    granularity: text('granularity').$type<ForecastGranularity>().notNull(),
    method: text('method').$type<ForecastMethod>().notNull(),
    windowN: integer('window_n').notNull().default(3),
    alpha: numeric('alpha', { precision: 5, scale: 4 }).notNull().default('0.3'),
    historyPeriods: integer('history_periods').notNull().default(12),
    horizonPeriods: integer('horizon_periods').notNull().default(3),
    /** draft → calculated → archived */
    status: text('status').$type<ForecastStatus>().notNull().default('draft'),
    calculatedAt: timestamp('calculated_at', { withTimezone: true }),
    /** The first and last history period of the last calculation. */
    historyFrom: date('history_from', { mode: 'string' }),
    historyTo: date('history_to', { mode: 'string' }),
    /** 'Очікувана точність' in total, %. */
    backtestAccuracy: numeric('backtest_accuracy', { precision: 5, scale: 1 }),
    notes: text('notes'),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id),
    updatedBy: integer('updated_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('production_forecasts_status_idx').on(t.status, t.id),
    check('production_forecasts_alpha_range', sql`${t.alpha} > 0 and ${t.alpha} <= 1`),
    check('production_forecasts_window_positive', sql`${t.windowN} >= 1`),
  ],
);

export const forecastItems = pgTable(
  'forecast_items',
  {
    forecastId: integer('forecast_id')
      .notNull()
      .references(() => productionForecasts.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id),
    /** 'Мало історії'. */
    lowHistory: boolean('low_history').notNull(),
    /** Counted in pieces: rounded up to whole units. */
    wholeUnits: boolean('whole_units').notNull(),
    /** The item's first posted sale (null: none). */
    firstSale: date('first_sale', { mode: 'string' }),
    backtestAccuracy: numeric('backtest_accuracy', { precision: 5, scale: 1 }),
  },
  (t) => [primaryKey({ columns: [t.forecastId, t.itemId] }), index('forecast_items_item_id_idx').on(t.itemId)],
);

export const forecastLines = pgTable(
  'forecast_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    forecastId: integer('forecast_id')
      .notNull()
      .references(() => productionForecasts.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    forecastQty: numeric('forecast_qty', { precision: 18, scale: 4 }).notNull(),
    /** Filled by the nightly job once the period has ended. */
    actualQty: numeric('actual_qty', { precision: 18, scale: 4 }),
  },
  (t) => [
    uniqueIndex('forecast_lines_key').on(t.forecastId, t.itemId, t.periodStart),
    index('forecast_lines_period_idx').on(t.periodStart),
  ],
);
