import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { normalised, resourceColumns } from '../_engine/table-helpers.ts';
import { categories } from '../categories/categories.table.ts';
import { counterparties } from '../counterparties/counterparties.table.ts';
import { packageTypes } from '../package-types/package-types.table.ts';
import { units } from '../units/units.table.ts';
import { bytea } from '@/server/kernel/columns.ts';
import { trigramIndex } from '@/server/kernel/trigram-index.ts';

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
    /**
     * The name's Ukrainian sort key (uk_sort_key, decision 0019), kept by the database (migration 0053), for the
     * reports that sort a year's derived rows by item name: comparing a stored key instead of computing the key per
     * row. A migration that changes uk_sort_key must recompute it (drop and add the column).
     */
    nameSortKey: text('name_sort_key').generatedAlwaysAs(sql`uk_sort_key(name)`),
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
    /** The item's own serial template (sales.md §4); else the category's, else the default. */
    serialTemplateId: integer('serial_template_id'),
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
    // The lists' default order (newest first, ties by id) over several kinds at once: a backward scan, no sort.
    index('items_created_at_id_idx').on(t.createdAt, t.id),
    // The lists' count (kinds, active or not) from the index alone, without visiting the rows.
    index('items_kind_is_active_idx').on(t.kind, t.isActive),
    index('items_category_id_idx').on(t.categoryId),
    index('items_unit_id_idx').on(t.unitId),
    index('items_package_type_id_idx').on(t.packageTypeId),
    index('items_mpn_idx').on(normalised(t.mpn)),
    trigramIndex('items_sku_trgm_idx', t.sku),
    trigramIndex('items_name_trgm_idx', t.name),
    trigramIndex('items_barcode_trgm_idx', t.barcode),
    trigramIndex('items_mpn_trgm_idx', t.mpn),
  ],
);

// Who sells an item to us, under which code and at what last price (reference-data.md §17).
export const itemSuppliers = pgTable(
  'item_suppliers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => counterparties.id),
    supplierSku: text('supplier_sku'),
    supplierItemName: text('supplier_item_name'),
    packQty: numeric('pack_qty', { precision: 18, scale: 4 }),
    lastPrice: numeric('last_price', { precision: 18, scale: 6 }),
    lastPriceCurrency: text('last_price_currency'),
    lastPriceDate: date('last_price_date', { mode: 'string' }),
    leadTimeDays: integer('lead_time_days'),
    isPreferred: boolean('is_preferred').notNull().default(false),
  },
  (t) => [
    uniqueIndex('item_suppliers_supplier_sku_key').on(
      t.itemId,
      t.supplierId,
      sql`lower(btrim(coalesce(${t.supplierSku}, '')))`,
    ),
    uniqueIndex('item_suppliers_is_preferred_key')
      .on(t.itemId)
      .where(sql`${t.isPreferred}`),
    index('item_suppliers_supplier_id_idx').on(t.supplierId),
    index('item_suppliers_supplier_sku_idx').on(normalised(t.supplierSku)),
    trigramIndex('item_suppliers_supplier_sku_trgm_idx', t.supplierSku),
  ],
);

// Interchangeable items: an unordered pair kept once (the smaller id first), shown, never substituted by itself.
export const itemAlternatives = pgTable(
  'item_alternatives',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    alternativeId: integer('alternative_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    note: text('note'),
  },
  (t) => [
    uniqueIndex('item_alternatives_pair_key').on(t.itemId, t.alternativeId),
    index('item_alternatives_alternative_id_idx').on(t.alternativeId),
    check('item_alternatives_ordered', sql`${t.itemId} < ${t.alternativeId}`),
  ],
);

// A product's photo (reference-data.md §16; ≤ 5 MB, PNG, JPEG or WebP by its bytes), kept beside the row like a
// worker's photo (decision 0007). `updatedAt` is the version the list's thumbnail asks by.
export const itemPhotos = pgTable('item_photos', {
  itemId: integer('item_id')
    .primaryKey()
    .references(() => items.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  data: bytea('data').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
