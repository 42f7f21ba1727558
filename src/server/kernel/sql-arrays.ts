// A list of ids as one SQL parameter: `= any(${intArray(ids)})` binds a single int[] whatever the list's length,
// where one parameter per id would build a statement per call and stop at PostgreSQL's 65 535 parameters.
import { sql, type SQL } from 'drizzle-orm';

/** The integers as one `int[]` parameter (they are integers, so the array literal needs no quoting). */
export const intArray = (values: readonly number[]): SQL =>
  sql`${`{${values.map((v) => Math.trunc(v)).join(',')}}`}::int[]`;
