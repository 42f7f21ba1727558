// Ukrainian alphabetical order in the database (docs/decisions/0019): neither PGlite's ICU nor a C collation knows
// the Ukrainian alphabet, so every sort of a human-readable text goes through uk_sort_key() (migration
// 0025_uk_sort_key), which agrees with Intl.Collator('uk') on both databases.
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

export type SortDirection = 'asc' | 'desc';

/** The sort key of a text: compare it as is — it already carries `collate "C"`. */
export function ukSortKey(text: SQLWrapper): SQL {
  return sql`uk_sort_key(${text}) collate "C"`;
}

/**
 * One ORDER BY term (two sort keys) for a human-readable text in Ukrainian order: the key, then the text itself in
 * the opposite direction of "C" (the same letters in another case: lower case first, as Intl.Collator('uk')).
 * `nulls` only for a column that may be null; a NOT NULL one sorts without it, so the index
 * `((uk_sort_key(col) collate "C"), col collate "C" desc, id)` serves either direction.
 * Usable in `.orderBy(ukOrder(t.name), asc(t.id))` and inside raw SQL: `order by ${ukOrder(sql`w.name`)}, w.id`.
 */
export function ukOrder(text: SQLWrapper, direction: SortDirection = 'asc', nulls?: 'first' | 'last'): SQL {
  return ukOrderByKey(sql`uk_sort_key(${text})`, text, direction, nulls);
}

/**
 * The same order as `ukOrder(text)` from a key already computed — a stored `uk_sort_key(text)` such as
 * `items.name_sort_key` (migration 0053) — so a sort of many rows compares keys instead of computing one per row.
 */
export function ukOrderByKey(
  key: SQLWrapper,
  text: SQLWrapper,
  direction: SortDirection = 'asc',
  nulls?: 'first' | 'last',
): SQL {
  const dir = direction === 'desc' ? sql`desc` : sql`asc`;
  const opposite = direction === 'desc' ? sql`asc` : sql`desc`;
  const nullsClause = nulls ? sql` nulls ${nulls === 'first' ? sql`first` : sql`last`}` : sql``;
  // The tie's nulls go the same way as the key's: the key is null exactly when the text is.
  return sql`${key} collate "C" ${dir}${nullsClause}, ${text} collate "C" ${opposite}${nullsClause}`;
}

/** A list's sort field that holds a text people read: `name` or `…Name` (itemName, clientName, warehouseName). */
export function isNameSort(field: string): boolean {
  return /(^n|N)ame$/.test(field);
}

/**
 * The ORDER BY term of a list's sort column: a name (isNameSort) in Ukrainian order, anything else as it compares.
 * `nulls` adds the nulls clause to either (a list whose column may be null keeps its own).
 */
export function listOrder(column: SQLWrapper, field: string, isDesc: boolean, nulls?: 'first' | 'last'): SQL {
  const direction = isDesc ? 'desc' : 'asc';
  if (isNameSort(field)) return ukOrder(column, direction, nulls);
  return sql`${column} ${sql.raw(direction)}${nulls ? sql.raw(` nulls ${nulls}`) : sql``}`;
}
