// The list convention of domain README §10: a bare JSON array, the total in X-Total-Count, `page`
// (1-based) or `offset`, `limit` (default 50, max 500), `search`, `sort` (`field` / `-field`).
import { z } from './zod-uk.ts';

export const TOTAL_COUNT_HEADER = 'x-total-count';
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

export function pageWindow(q: { page?: number; offset?: number; limit?: number }) {
  const limit = q.limit ?? DEFAULT_LIMIT;
  const offset = q.offset ?? ((q.page ?? 1) - 1) * limit;
  return { limit, offset };
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
