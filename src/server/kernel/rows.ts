// The rows of a raw `db.execute(sql…)` answer, typed by the caller: PGlite and node-postgres both answer
// `{ rows }`, and drizzle types the result loosely, so every raw query reads its rows through this one cast.
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
