import { sql } from 'drizzle-orm';
import { boolean, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { normalised, resourceColumns } from '../_engine/table-helpers.ts';

export const carriers = pgTable(
  'carriers',
  {
    ...resourceColumns(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    phone: text('phone'),
    website: text('website'),
    trackingUrlTemplate: text('tracking_url_template'),
    /** Other spellings that name the carrier in imported free text (reference-data.md §10). */
    alternativeNames: text('alternative_names')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isDefault: boolean('is_default').notNull().default(false),
  },
  (t) => [
    uniqueIndex('carriers_name_key').on(normalised(t.name)),
    // At most one default carrier.
    uniqueIndex('carriers_is_default_key')
      .on(t.isDefault)
      .where(sql`${t.isDefault}`),
  ],
);
