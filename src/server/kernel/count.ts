// A list's total for one page (issue 27, decision 0031). Counting every row a filter matches costs the whole
// filter on every page (200 000 orders read for page 1); the first pages only need to know whether there are more
// than COUNT_BOUND. So a page within the bound counts at most COUNT_BOUND + 1 rows — exact below it, 'понад 10 000'
// (capped) above it — and a page past the bound counts every row, because reading it from the nearer end
// (nearestEndWindow) needs the exact end.
import { sql, type SQLWrapper } from 'drizzle-orm';
import { COUNT_BOUND, type ListTotal } from '@/shared/list.ts';
import type { DbOrTx } from './db.ts';
import { rowsOf } from './rows.ts';

/**
 * `matching`: a select of the rows the filter matches (any columns, no ORDER BY or LIMIT), e.g.
 * `db.select({ one: sql`1` }).from(t).where(condition)`.
 */
export async function countForPage(
  db: DbOrTx,
  matching: SQLWrapper,
  window: { offset: number; limit: number },
  bound = COUNT_BOUND,
): Promise<ListTotal> {
  if (window.offset + window.limit > bound) {
    const [row] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from (${matching}) as matching`),
    );
    return { total: Number(row?.n ?? 0), capped: false };
  }
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from (${matching} limit ${bound + 1}) as matching`),
  );
  const n = Number(row?.n ?? 0);
  return n > bound ? { total: bound, capped: true } : { total: n, capped: false };
}
