// The calls of the manufacturing page, typed by the module's contract (production.md §4 API). The query keys are
// also the URLs: the default fetcher turns them into GETs and appends `_t` to every manufacturing-orders URL.
import type { Query } from '@tanstack/react-query';
import {
  moApi,
  type MoChildOrdersResult,
  type MoCompleteInput,
  type MoCreated,
  type MoCreateInput,
  type MoDetail,
  type MoIssueInput,
  type MoListRow,
  type MoOutputInput,
  type MoPostingResult,
  type MoPriority,
  type MoUpdateInput,
  type TimeEntryUpdateInput,
} from '@/modules/manufacturing/manufacturing.contract.ts';
import type { RecipeSummary } from '@/modules/recipes/recipes.contract.ts';
import { apiRequest, getListQueryFn } from '@/web/lib/api.ts';

export const MO_URL = moApi.list;
export const RECIPES_URL = '/api/recipes';

/** The list's filter; its entries become the query parameters in this order ('all', null and '' are left out). */
export interface MoListFilter {
  page: number;
  limit: number;
  search: string;
  sort: string;
  /** One or several statuses, comma-separated ('' = all). */
  status: string;
  priority: MoPriority | '';
  itemId: number | null;
  departmentId: number | null;
  dueFrom: string;
  dueTo: string;
  /** 'true' or '' (all). */
  overdue: 'true' | '';
}

export const moListQueryKey = (filter: MoListFilter) => [MO_URL, filter] as const;
export const moStatsQueryKey = [MO_URL, 'stats'] as const;
export const moQueryKey = (id: number) => [MO_URL, id] as const;
export const moHistoryQueryKey = (id: number) => [MO_URL, id, 'history'] as const;

/** Everything of this page (lists, stats, an open order) after a change. */
export const isMoQuery = (query: Query) => query.queryKey[0] === MO_URL;

export const moListQueryFn = getListQueryFn<MoListRow>();

/** A recipe as the recipe list answers it (only the fields this page reads). */
export type RecipeOption = Pick<RecipeSummary, 'id' | 'name' | 'itemId' | 'isDefault' | 'status' | 'batchSize'>;

/** The item's recipes, for the recipe picker of the form (GET /api/recipes?itemId=). */
export const recipesQueryKey = (itemId: number) => [RECIPES_URL, { itemId, limit: 100 }] as const;

export type MoBody = MoCreateInput;
export type MoPatch = MoUpdateInput;

export const moRequests = {
  /** Answers the new order's detail; the page reads its id. */
  create: (body: MoBody) => apiRequest<MoCreated>('POST', MO_URL, body),
  update: (id: number, body: MoPatch) => apiRequest<MoDetail>('PATCH', moApi.one(id), body),
  remove: (id: number) => apiRequest<unknown>('DELETE', moApi.one(id)),
  action: (id: number, action: 'release' | 'unrelease' | 'start' | 'cancel', body: object = {}) =>
    apiRequest<unknown>('POST', moApi.action(id, action), body),
  complete: (id: number, body: MoCompleteInput) => apiRequest<unknown>('POST', moApi.action(id, 'complete'), body),
  issue: (id: number, body: MoIssueInput) => apiRequest<MoPostingResult>('POST', moApi.issues(id), body),
  output: (id: number, body: MoOutputInput) => apiRequest<MoPostingResult>('POST', moApi.outputs(id), body),
  cancelPosting: (postingId: number, reason: string) =>
    apiRequest<unknown>('POST', moApi.cancelPosting(postingId), { reason }),
  childOrders: (id: number) => apiRequest<MoChildOrdersResult>('POST', moApi.childOrders(id), {}),
  updateTimeEntry: (entryId: number, body: TimeEntryUpdateInput) =>
    apiRequest<unknown>('PATCH', moApi.timeEntry(entryId), body),
};

/** Opens a print form (a PDF) in a new tab. */
export function openPrint(url: string) {
  window.open(url, '_blank');
}
