// Assembly and disassembly documents (ASM/DSM, production.md §8): one table for both, `type` says which; the header
// names the kit, its quantity and the warehouse, the lines the components.
import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { documentHead, documentTrail } from '@/server/kernel/documents.ts';
import { users } from '../../users/server/users.table.ts';
import { items } from '../../../resources/items/items.table.ts';
import { warehouses } from '../../../resources/warehouses/warehouses.table.ts';
import type { AssemblyType } from '../assembly.messages.ts';

export const assemblies = pgTable(
  'assemblies',
  {
    ...documentHead(),
    /** 'assembly' (components → kit) or 'disassembly' (kit → components); fixed at creation (it picks the prefix). */
    type: text('type').$type<AssemblyType>().notNull(),
    /** The kit. */
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id),
    qty: numeric('qty', { precision: 18, scale: 4 }).notNull(),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    notes: text('notes'),
    ...documentTrail(() => users.id),
  },
  (t) => [
    uniqueIndex('assemblies_number_key').on(t.number),
    index('assemblies_document_date_idx').on(t.documentDate, t.id),
    index('assemblies_item_id_idx').on(t.itemId),
    index('assemblies_warehouse_id_idx').on(t.warehouseId),
    check('assemblies_type_check', sql`${t.type} in ('assembly', 'disassembly')`),
    check('assemblies_qty_positive', sql`${t.qty} > 0`),
  ],
);

export const assemblyLines = pgTable(
  'assembly_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    assemblyId: integer('assembly_id')
      .notNull()
      .references(() => assemblies.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id),
    qty: numeric('qty', { precision: 18, scale: 4 }).notNull(),
  },
  (t) => [
    index('assembly_lines_assembly_id_idx').on(t.assemblyId),
    index('assembly_lines_item_id_idx').on(t.itemId),
    check('assembly_lines_qty_positive', sql`${t.qty} > 0`),
  ],
);
