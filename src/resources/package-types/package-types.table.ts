import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { normalised, resourceColumns } from '../_engine/table-helpers.ts';
import { solderingTypes } from '../soldering-types/soldering-types.table.ts';

export const packageTypes = pgTable(
  'package_types',
  {
    ...resourceColumns(),
    name: text('name').notNull(),
    mountType: text('mount_type'),
    pinCount: integer('pin_count'),
    solderingTypeId: integer('soldering_type_id').references(() => solderingTypes.id),
    description: text('description'),
  },
  (t) => [
    uniqueIndex('package_types_name_key').on(normalised(t.name)),
    index('package_types_soldering_type_id_idx').on(t.solderingTypeId),
  ],
);
