import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, primaryKey, text, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { resourceColumns } from '../_engine/table-helpers.ts';
import { departments } from '../departments/departments.table.ts';

export const categoryScopes = ['component', 'product'] as const;

// Names are unique per scope (reference-data.md §2–3).
export const categories = pgTable(
  'categories',
  {
    ...resourceColumns(),
    scope: text('scope').$type<(typeof categoryScopes)[number]>().notNull(),
    name: text('name').notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id),
    color: text('color'),
    sortOrder: integer('sort_order').notNull().default(0),
    description: text('description'),
    warrantyMonths: integer('warranty_months'),
    markupPercent: numeric('markup_percent', { precision: 6, scale: 2 }),
    /** Serial template of the products in this category (sales.md §4). */
    serialTemplateId: integer('serial_template_id'),
  },
  (t) => [
    uniqueIndex('categories_name_key').on(t.scope, sql`lower(btrim(${t.name}))`),
    index('categories_parent_id_idx').on(t.parentId),
  ],
);

/**
 * The departments of a product category (reference-data.md §2–3, many to many): they split an order's
 * 'Відомість для відділів' by department. Kept by the categories module (`/api/product-categories/:id/departments`).
 */
export const categoryDepartments = pgTable(
  'category_departments',
  {
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id),
  },
  (t) => [
    primaryKey({ columns: [t.categoryId, t.departmentId] }),
    index('category_departments_department_id_idx').on(t.departmentId),
  ],
);
