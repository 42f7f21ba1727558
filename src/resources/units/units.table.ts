import { sql } from 'drizzle-orm';
import { numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { normalised, resourceColumns } from '../_engine/table-helpers.ts';

export const units = pgTable(
  'units',
  {
    ...resourceColumns(),
    name: text('name').notNull(),
    shortName: text('short_name').notNull(),
    type: text('type').notNull(),
    factor: numeric('factor', { precision: 18, scale: 6 }).notNull(),
    classifierCode: text('classifier_code'),
  },
  (t) => [
    uniqueIndex('units_name_key').on(normalised(t.name)),
    uniqueIndex('units_short_name_key').on(normalised(t.shortName)),
    // One base unit (factor 1) per type.
    uniqueIndex('units_factor_key')
      .on(t.type)
      .where(sql`${t.factor} = 1`),
  ],
);
