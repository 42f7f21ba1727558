// Saved cost calculations ('Зберегти калькуляцію', production.md §9): the figures of one unit of an item as they were
// when saved — for history — with the per-line breakdown they came from (basis). Never changed after saving.
import { index, integer, jsonb, numeric, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../users/server/users.table.ts';
import { items } from '../../../resources/items/items.table.ts';
import { recipes } from '../../recipes/server/recipes.table.ts';

export const costCalculations = pgTable(
  'cost_calculations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id),
    recipeId: integer('recipe_id').references(() => recipes.id),
    /** The quantity the figures were computed for (the recipe's batch, else 1). */
    qty: numeric('qty', { precision: 18, scale: 4 }).notNull(),
    /** Per unit, UAH. */
    material: numeric('material', { precision: 18, scale: 2 }).notNull(),
    labour: numeric('labour', { precision: 18, scale: 2 }).notNull(),
    overhead: numeric('overhead', { precision: 18, scale: 2 }).notNull(),
    total: numeric('total', { precision: 18, scale: 2 }).notNull(),
    retailPrice: numeric('retail_price', { precision: 18, scale: 2 }),
    suggestedPrice: numeric('suggested_price', { precision: 18, scale: 2 }).notNull(),
    markupPercent: numeric('markup_percent', { precision: 8, scale: 2 }).notNull(),
    /** The BOM lines and operations the figures came from (the breakdown as it was). */
    basis: jsonb('basis').notNull(),
    calculatedAt: timestamp('calculated_at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id').references(() => users.id),
  },
  (t) => [index('cost_calculations_item_id_idx').on(t.itemId, t.calculatedAt)],
);
