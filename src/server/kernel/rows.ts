// The rows of a raw `db.execute(sql…)` answer, typed by the caller: PGlite and node-postgres both answer
// `{ rows }`, and drizzle types the result loosely, so every raw query reads its rows through this one cast.
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * A timestamp of a raw row as ISO 8601: PGlite answers a `Date`, node-postgres the column's text
 * ('2026-11-28 16:37:36.674+00') — both become '2026-11-28T16:37:36.674Z'; null stays null.
 */
export const isoStamp = (v: unknown): string | null =>
  v == null ? null : v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString();
