// The Nova Poshta directory cache (sales.md §3): cities and branches refreshed daily from Address.getCities and
// Address.getWarehouses, so the forms' searches never wait for the carrier.
import { boolean, index, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const npSettlements = pgTable(
  'np_settlements',
  {
    ref: text('ref').primaryKey(),
    name: text('name').notNull(),
    area: text('area'),
    region: text('region'),
    type: text('type'),
    isActive: boolean('is_active').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('np_settlements_name_idx').on(t.name)],
);

export const npWarehouses = pgTable(
  'np_warehouses',
  {
    ref: text('ref').primaryKey(),
    cityRef: text('city_ref').notNull(),
    number: text('number'),
    description: text('description').notNull(),
    shortAddress: text('short_address'),
    /** Branch | Postomat | Cargo */
    category: text('category'),
    maxWeightKg: numeric('max_weight_kg', { precision: 10, scale: 2 }),
    isActive: boolean('is_active').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('np_warehouses_city_ref_idx').on(t.cityRef, t.number)],
);
