import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { normalised, resourceColumns } from '../_engine/table-helpers.ts';

export const supplierDocumentTypes = pgTable(
  'supplier_document_types',
  {
    ...resourceColumns(),
    name: text('name').notNull(),
    code: text('code'),
    description: text('description'),
  },
  (t) => [uniqueIndex('supplier_document_types_name_key').on(normalised(t.name))],
);
