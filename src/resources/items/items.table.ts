import { sql } from 'drizzle-orm';
import { boolean, index, integer, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { normalised, resourceColumns } from '../_engine/table-helpers.ts';
import { categories } from '../categories/categories.table.ts';
import { packageTypes } from '../package-types/package-types.table.ts';
import { units } from '../units/units.table.ts';

export const itemKinds = ['product', 'semi_finished', 'service', 'component', 'material'] as const;
export type ItemKind = (typeof itemKinds)[number];

// The item master (domain README §2): whatever is stocked, bought, made or sold is one row with one id.
// /products and /components are views of it by kind (reference-data.md §16–17).
export const items = pgTable(
  'items',
  {
    ...resourceColumns(),
    kind: text('kind').$type<ItemKind>().notNull(),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    categoryId: integer('category_id').references(() => categories.id),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id),
    barcode: text('barcode'),
    retailPrice: numeric('retail_price', { precision: 18, scale: 6 }),
    wholesalePrice: numeric('wholesale_price', { precision: 18, scale: 6 }),
    vatRate: text('vat_rate').notNull().default('20'),
    minStock: numeric('min_stock', { precision: 18, scale: 4 }),
    stockControl: boolean('stock_control').notNull().default(true),
    serialTracking: boolean('serial_tracking').notNull().default(false),
    warrantyMonths: integer('warranty_months'),
    description: text('description'),
    uktzedCode: text('uktzed_code'),
    leadTimeDays: integer('lead_time_days'),
    // Products
    weightKg: numeric('weight_kg', { precision: 18, scale: 4 }),
    batchSize: integer('batch_size'),
    // Components and materials
    manufacturer: text('manufacturer'),
    mpn: text('mpn'),
    packageTypeId: integer('package_type_id').references(() => packageTypes.id),
    datasheetUrl: text('datasheet_url'),
  },
  (t) => [
    uniqueIndex('items_sku_key').on(normalised(t.sku)),
    uniqueIndex('items_barcode_key')
      .on(t.barcode)
      .where(sql`${t.barcode} is not null`),
    // Newest first is the products list's default (the dashboard's "Нові товари").
    index('items_kind_created_at_idx').on(t.kind, t.createdAt),
    index('items_category_id_idx').on(t.categoryId),
    index('items_unit_id_idx').on(t.unitId),
    index('items_package_type_id_idx').on(t.packageTypeId),
    index('items_mpn_idx').on(normalised(t.mpn)),
  ],
);
