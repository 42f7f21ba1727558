// A page of groups ranked by a measure, highest first, ties in Ukrainian order of their names and then by key — the
// order of every 'top' and grouped table of the reports. Sorting by the name costs a uk_sort_key() (a long translate)
// per row, 390 ms for the 14 600 items of a month on the bench's year against 27 ms without it; so the groups are
// aggregated by key alone, and names are joined and compared only for the rows that can be on the page: those whose
// measure reaches the measure at the page's last position (ties at that boundary included, so the order is exact).
import { sql, type SQL } from 'drizzle-orm';
import { ukOrder } from '@/server/kernel/collation.ts';

export interface RankedGroups {
  /** A select with columns `key` and `rank` (the measure, numeric) plus any figures, grouped by key. */
  groups: SQL;
  /** Joins that name a group, on `a.key` (the groups' alias is `a`), e.g. sql`join items n on n.id = a.key`. */
  names: SQL;
  /** The name expression over the joins (nullable ones need their fallback here), answered as `label`. */
  label: SQL;
  /** More columns from the joins, with their aliases (e.g. sql`n.sku as sku`), or nothing. */
  extra?: SQL;
  /** The page; null for every group (an export). */
  window: { limit: number; offset: number } | null;
}

/**
 * The statement: `a.*`, `label`, the extra columns and `total` (the number of groups, 0 rows when none), ranked.
 * Groups past the last one give no rows; the caller counts them apart if it needs the total then.
 */
export function rankedGroups(r: RankedGroups): SQL {
  const extra = r.extra ? sql`, ${r.extra}` : sql``;
  const page = r.window;
  const cut = page ? sql`where (select c.rank from cut c) is null or a.rank >= (select c.rank from cut c)` : sql``;
  return sql`with a as (${r.groups}),
    cut as (select a.rank from a order by a.rank desc nulls last
      offset ${page ? page.offset + page.limit - 1 : 0} limit 1)
    select a.*, ${r.label} as label${extra}, (select count(*) from a) as total
    from a ${r.names}
    ${cut}
    order by a.rank desc nulls last, ${ukOrder(r.label, 'asc', 'last')}, a.key
    ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`;
}
