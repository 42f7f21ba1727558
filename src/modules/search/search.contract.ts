// The global search (issue 21): one query over documents by number, counterparties, items, serials and workers;
// the answer is grouped, each group only for a user who may view its page.
import { z } from '@/shared/zod-uk.ts';
import { SEARCH_QUERY_MAX, searchGroupKeys } from './search.constants.ts';
import { searchMessages } from './search.messages.ts';

export const searchQuerySchema = z.strictObject({
  q: z
    .string({ error: searchMessages.query })
    .trim()
    .min(1, searchMessages.query)
    .max(SEARCH_QUERY_MAX, searchMessages.queryLength),
});

export const searchHitSchema = z.object({
  id: z.number().int(),
  /** The number, the name or the serial: what the user recognises. */
  title: z.string(),
  /** What tells two hits apart (date and counterparty of a document, tax id and phone, SKU …), or null. */
  detail: z.string().nullable(),
  /** The page that shows the record (its drawer opened through the address where the page has one). */
  url: z.string(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

export const searchGroupSchema = z.object({ key: z.enum(searchGroupKeys), hits: z.array(searchHitSchema) });
export type SearchGroup = z.infer<typeof searchGroupSchema>;

export const searchResultSchema = z.object({ groups: z.array(searchGroupSchema) });
export type SearchResult = z.infer<typeof searchResultSchema>;

/** The shapes of the module's endpoint (its path is in search.endpoints.ts, decision 0016). */
export const searchSchemas = {
  search: { query: searchQuerySchema, response: searchResultSchema },
};
