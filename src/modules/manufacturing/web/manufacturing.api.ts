// The calls of the manufacturing page, typed by the module's contract (production.md §4 API). The query keys are
// also the URLs: the default fetcher turns them into GETs and appends `_t` to every manufacturing-orders URL.
import type { Query } from '@tanstack/react-query';
import type { RecipeSummary } from '@/modules/recipes/recipes.contract.ts';
import type { BodyInput, QueryInput } from '@/shared/endpoint.ts';
import { callEndpoint, endpointKey, endpointListQueryFn, endpointUrl } from '@/web/lib/api.ts';
import { manufacturingEndpoints as api } from '../manufacturing.endpoints.ts';
import type { MoPriority } from '../manufacturing.contract.ts';
import { recipesEndpoints } from '@/modules/recipes/recipes.endpoints.ts';

/**
 * The list's filter as the page keeps it (from the address): the contract's query, every field given — '' and null
 * mean none and never reach the URL.
 */
export interface MoListFilter extends QueryInput<typeof api.list> {
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

export const moListQueryKey = (filter: MoListFilter) => endpointKey(api.list, { query: filter });
export const moStatsQueryKey = endpointKey(api.stats);
export const moQueryKey = (id: number) => endpointKey(api.get, { params: { id } });
export const productionSettingsQueryKey = endpointKey(api.settings);

/** The first part of the keys of this page's lists, open orders and stat cards (not the settings). */
const moKeyHeads = new Set<unknown>([endpointKey(api.list)[0], moStatsQueryKey[0]]);
/** Everything of this page (lists, stats, an open order) after a change. */
export const isMoQuery = (query: Query) => moKeyHeads.has(query.queryKey[0]);

export const moListQueryFn = endpointListQueryFn(api.list);

/** A recipe as the recipe list answers it (only the fields this page reads). */
export type RecipeOption = Pick<RecipeSummary, 'id' | 'name' | 'itemId' | 'isDefault' | 'status' | 'batchSize'>;

/** The item's recipes, for the recipe picker of the form (GET /api/recipes?itemId=). */
export const recipesQueryKey = (itemId: number) =>
  endpointKey(recipesEndpoints.list, { query: { itemId, limit: 100 } });

export type MoBody = BodyInput<typeof api.create>;
export type MoPatch = BodyInput<typeof api.update>;

export const moRequests = {
  /** Answers the new order's detail; the page reads its id. */
  create: (body: MoBody) => callEndpoint(api.create, { body }),
  update: (id: number, body: MoPatch) => callEndpoint(api.update, { params: { id }, body }),
  remove: (id: number) => callEndpoint(api.remove, { params: { id } }),
  release: (id: number) => callEndpoint(api.release, { params: { id }, body: {} }),
  unrelease: (id: number) => callEndpoint(api.unrelease, { params: { id }, body: {} }),
  start: (id: number) => callEndpoint(api.start, { params: { id }, body: {} }),
  cancel: (id: number, reason: string) => callEndpoint(api.cancel, { params: { id }, body: { reason } }),
  complete: (id: number, body: BodyInput<typeof api.complete>) => callEndpoint(api.complete, { params: { id }, body }),
  issue: (id: number, body: BodyInput<typeof api.issue>) => callEndpoint(api.issue, { params: { id }, body }),
  output: (id: number, body: BodyInput<typeof api.output>) => callEndpoint(api.output, { params: { id }, body }),
  cancelPosting: (postingId: number, reason: string) =>
    callEndpoint(api.cancelPosting, { params: { postingId }, body: { reason } }),
  childOrders: (id: number) => callEndpoint(api.childOrders, { params: { id }, body: {} }),
  updateTimeEntry: (entryId: number, body: BodyInput<typeof api.updateTimeEntry>) =>
    callEndpoint(api.updateTimeEntry, { params: { entryId }, body }),
  updateSettings: (patch: BodyInput<typeof api.updateSettings>) => callEndpoint(api.updateSettings, { body: patch }),
};

/** Opens a print form (a PDF) of an order in a new tab. */
export function openPrint(form: 'traveler' | 'labels', id: number) {
  window.open(
    form === 'traveler' ? endpointUrl(api.traveler, { params: { id } }) : endpointUrl(api.labels, { params: { id } }),
    '_blank',
  );
}
