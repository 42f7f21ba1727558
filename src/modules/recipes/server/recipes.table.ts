// Recipes (production.md §3): a named production variant of an item — it NAMES a BOM and a tech card and adds
// batch size, instructions and an optional labour rate. It holds no material or operation rows of its own (§0).
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../users/server/users.table.ts';
import { items } from '../../../resources/items/items.table.ts';
import { boms } from '../../bom/server/bom.table.ts';
import { techCards } from '../../tech-cards/server/tech-cards.table.ts';

export const recipeStatuses = ['active', 'archived'] as const;
export type RecipeStatus = (typeof recipeStatuses)[number];

export const recipes = pgTable(
  'recipes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id),
    name: text('name').notNull(),
    bomId: integer('bom_id')
      .notNull()
      .references(() => boms.id),
    techCardId: integer('tech_card_id').references(() => techCards.id),
    batchSize: numeric('batch_size', { precision: 18, scale: 4 }).notNull(),
    /** Markdown; shown on /mes and printed on the traveller. */
    instructions: text('instructions'),
    labourRatePerHour: numeric('labour_rate_per_hour', { precision: 18, scale: 6 }),
    isDefault: boolean('is_default').notNull().default(false),
    status: text('status').$type<RecipeStatus>().notNull().default('active'),
    notes: text('notes'),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('recipes_item_id_idx').on(t.itemId),
    index('recipes_bom_id_idx').on(t.bomId),
    index('recipes_tech_card_id_idx').on(t.techCardId),
    uniqueIndex('recipes_is_default_key')
      .on(t.itemId)
      .where(sql`${t.isDefault}`),
    check('recipes_batch_size_positive', sql`${t.batchSize} > 0`),
  ],
);
