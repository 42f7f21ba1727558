// A list of ids as one SQL parameter: `= any(${intArray(ids)})` binds a single int[] whatever the list's length,
// where one parameter per id (`in (${sql.join(…)})`, drizzle's `inArray`) builds a new statement text per length,
// costs the query builder a node per id, and stops at PostgreSQL's 65 535 parameters — a report over every item
// of a year's data passes more. `anyId` is the same for a drizzle column.
import { sql, type Column, type SQL } from 'drizzle-orm';

/** The integers as one `int[]` parameter (they are integers, so the array literal needs no quoting). */
export const intArray = (values: readonly number[]): SQL =>
  sql`${`{${values.map((v) => Math.trunc(v)).join(',')}}`}::int[]`;

/** `column = any(ids)` with the ids as one int[] parameter: drizzle's `inArray` for an id list of any length. */
export const anyId = (column: Column | SQL, ids: readonly number[]): SQL => sql`${column} = any(${intArray(ids)})`;

/** The texts as one `text[]` parameter, each quoted as an array element (`"…"`, with `\` and `"` escaped). */
export const textArray = (values: readonly string[]): SQL =>
  sql`${`{${values.map((v) => `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`}::text[]`;

/**
 * A short fixed list of values (statuses, kinds — an enum's members, at most a few dozen) as `in (${valueList(…)})`:
 * each is a parameter of the column's own type, so an enum column compares without a cast. Never for ids or for
 * values read from data or a file: those are `intArray` / `textArray`.
 */
export const valueList = (values: readonly (string | number)[]): SQL =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
