import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '@/server/kernel/db.ts';
import type { ResourceDef } from '../define-resource.ts';

/** A declaration bound to its table (server side only). */
export interface RegisteredResource {
  def: ResourceDef;
  table: PgTable;
  /** Pins columns: rows outside are invisible, new rows get the value, answers omit it (a category's scope). */
  fixed?: Readonly<Record<string, string | boolean>>;
  /** Restricts a column to some values without pinning one (/products sees three kinds of item). */
  within?: Readonly<Record<string, readonly string[]>>;
  /** Other routes whose viewers may read the list too (`GET /api/products` also serves /dashboard, README §9). */
  readAlso?: readonly string[];
  /** More places the search box looks, beside the declared search fields (a component by its supplier's SKU). */
  searchAlso?: (like: string) => SQL;
  /** Adds derived fields to rows as the API answers them (names other screens expect), in one query per page. */
  decorate?: (db: DbOrTx, rows: Array<Record<string, unknown>>) => Promise<void>;
  /**
   * A check of a change against the database, run on update (API, import, module calls) in its transaction after the
   * declaration's own rules: messages by field name refuse it with 422 (an item with ledger rows cannot become a
   * service). None: the change goes on.
   */
  checkUpdate?: (
    tx: DbOrTx,
    before: Readonly<Record<string, unknown>>,
    values: Readonly<Record<string, unknown>>,
  ) => Promise<Record<string, string>>;
  /** The same check on create (`before` is empty): a new row may take a flag the database forbids to move. */
  checkCreate?: (tx: DbOrTx, values: Readonly<Record<string, unknown>>) => Promise<Record<string, string>>;
  /** The condition of each of the declaration's `derivedFilters` by its value (undefined: no condition). */
  derivedFilters?: Readonly<Record<string, (value: string) => SQL | undefined>>;
  /**
   * Only the session-only lookup is served (no page, no CRUD): a picker over a table that several views share
   * (every counterparty, client or supplier, for contacts).
   */
  lookupOnly?: boolean;
}

export function column(resource: RegisteredResource, name: string): PgColumn {
  const col = (resource.table as unknown as Record<string, PgColumn | undefined>)[name];
  if (!col) throw new Error(`${resource.def.route}: no column for ${name}`);
  return col;
}

export const toSnake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
export const toCamel = (name: string) => name.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
