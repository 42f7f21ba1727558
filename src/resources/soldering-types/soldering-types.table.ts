import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { normalised, resourceColumns } from '../_engine/table-helpers.ts';

export const solderingTypes = pgTable(
  'soldering_types',
  {
    ...resourceColumns(),
    name: text('name').notNull(),
    method: text('method'),
    temperatureC: integer('temperature_c'),
    equipment: text('equipment'),
    description: text('description'),
  },
  (t) => [uniqueIndex('soldering_types_name_key').on(normalised(t.name))],
);
