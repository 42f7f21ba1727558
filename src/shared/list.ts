// The list convention of domain README §10: a bare JSON array, the total in X-Total-Count, `page`
// (1-based) or `offset`, `limit` (default 50, max 500), `search`, `sort` (`field` / `-field`).
import { z } from './zod-uk.ts';

export const TOTAL_COUNT_HEADER = 'x-total-count';
/**
 * Set ('1') when the list counted no further than COUNT_BOUND (issue 27, decision 0031): the filter matches more
 * rows than X-Total-Count says, which is then COUNT_BOUND ('понад 10 000').
 */
export const TOTAL_CAPPED_HEADER = 'x-total-capped';
/** How far a list counts for its first pages; a page past it counts every row (it needs the exact end). */
export const COUNT_BOUND = 10_000;
export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 500;

export const listQueryShape = {
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  offset: z.coerce.number().int().min(0).max(100_000_000).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_LIMIT).optional(),
  // PostgreSQL text cannot hold U+0000: refused here with a word, not by the database.
  search: z
    .string()
    .trim()
    .max(200)
    .refine((v) => !v.includes('\u0000'), 'Пошук містить недопустимий символ')
    .optional(),
  sort: z.string().trim().max(60).optional(),
};

/** A page of rows a report computed whole (its classes and shares need them all): the page asked and the total. */
export function pageOfRows<T>(rows: readonly T[], q: { page?: number; offset?: number; limit?: number }) {
  const { limit, offset } = pageWindow(q);
  return { rows: rows.slice(offset, offset + limit), total: rows.length };
}

export function pageWindow(q: { page?: number; offset?: number; limit?: number }) {
  const limit = q.limit ?? DEFAULT_LIMIT;
  const offset = q.offset ?? ((q.page ?? 1) - 1) * limit;
  return { limit, offset };
}

/** A list's total as a page needs it: exact, or (capped) COUNT_BOUND of more. */
export interface ListTotal {
  total: number;
  capped: boolean;
}

/**
 * What to read for a page once the filter's total is known. Past the middle of the list the same rows are read from
 * the other end (`reversed`: the caller flips its ORDER BY, id included, and reverses the rows it gets), so the last
 * page of 100 000 rows skips 0 rows instead of 99 950 (DESIGN §9: O(page), not O(table)). Ties are broken by id, so
 * the order is total and the flip exact. `limit` 0: the page is past the end.
 */
export function nearestEndWindow(
  total: number,
  window: { limit: number; offset: number },
  capped = false,
): { limit: number; offset: number; reversed: boolean } {
  const { limit, offset } = window;
  // A capped total is only a lower bound: the end is unknown, and the page lies within the bound anyway.
  if (capped) return { limit, offset, reversed: false };
  const rest = total - offset;
  if (rest <= 0) return { limit: 0, offset, reversed: false };
  const fromEnd = Math.max(0, rest - limit);
  if (fromEnd >= offset) return { limit, offset, reversed: false };
  return { limit: Math.min(limit, rest), offset: fromEnd, reversed: true };
}

/** Parses `sort` against the allowed fields; unknown fields fall back to the default. */
export function parseSort<F extends string>(
  sort: string | undefined,
  allowed: readonly F[],
  fallback: `${'' | '-'}${F}`,
) {
  const text = sort && allowed.includes(sort.replace(/^-/, '') as F) ? sort : fallback;
  return { field: text.replace(/^-/, '') as F, desc: text.startsWith('-') };
}
