import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ResourceDef } from '../define-resource.ts';

/** A declaration bound to its table (server side only). `fixed` pins columns, e.g. a category's scope. */
export interface RegisteredResource {
  def: ResourceDef;
  table: PgTable;
  fixed?: Readonly<Record<string, string>>;
}

export function column(resource: RegisteredResource, name: string): PgColumn {
  const col = (resource.table as unknown as Record<string, PgColumn | undefined>)[name];
  if (!col) throw new Error(`${resource.def.route}: no column for ${name}`);
  return col;
}

export const toSnake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
export const toCamel = (name: string) => name.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
