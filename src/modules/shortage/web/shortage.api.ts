// The calls of the shortage page (warehouse.md §4), typed by the module's contract. The list, the totals and the
// drill-down read the same 60-second memo on the server.
import type { Query } from '@tanstack/react-query';
import type { BodyInput, QueryInput } from '@/shared/endpoint.ts';
import { callEndpoint, endpointKey, endpointListQueryFn } from '@/web/lib/api.ts';
import { shortageEndpoints as api } from '../shortage.endpoints.ts';

export const SHORTAGE_ROUTE = '/shortage';
export const SHORTAGE_PAGE_SIZE = 50;
export const ALL = 'all';

/** The list's filter as the page keeps it: the contract's query, every field given ('all' and null mean none). */
export interface ShortageListFilter extends QueryInput<typeof api.list> {
  page: number;
  limit: number;
  search: string;
  sort: string;
  /** 'true' | 'false' | 'all'. */
  critical: 'true' | 'false' | typeof ALL;
  categoryId: number | null;
  supplierId: number | null;
  itemId: number | null;
}

export const initialShortageFilter = (itemId: number | null = null): ShortageListFilter => ({
  page: 1,
  limit: SHORTAGE_PAGE_SIZE,
  search: '',
  sort: 'priority',
  critical: ALL,
  categoryId: null,
  supplierId: null,
  itemId,
});

const filterParams = ({ page: _p, limit: _l, sort: _s, ...rest }: ShortageListFilter) => rest;

/** The object parts become query parameters; null, '' and 'all' are left out (queryKeyToUrl). */
export const shortageListQueryKey = (filter: ShortageListFilter) => endpointKey(api.list, { query: filter });
export const shortageStatsQueryKey = (filter: ShortageListFilter) =>
  endpointKey(api.stats, { query: filterParams(filter) });
export const shortageSourcesQueryKey = (itemId: number) => endpointKey(api.sources, { params: { itemId } });
export const SHORTAGE_SETTINGS_KEY = endpointKey(api.settings);

export const shortageListQueryFn = endpointListQueryFn(api.list);

/** The first part of the keys of the rows, the totals and a drill-down (not the settings). */
const shortageKeyHeads = new Set<unknown>([endpointKey(api.list)[0], endpointKey(api.stats)[0]]);
/** Everything of this page after a change (the rows, the totals, an open drill-down). */
export const isShortageQuery = (query: Query) => shortageKeyHeads.has(query.queryKey[0]);

export const shortageApi = {
  createSupplierOrders: (body: BodyInput<typeof api.createSupplierOrders>) =>
    callEndpoint(api.createSupplierOrders, { body }),
  saveSettings: (patch: BodyInput<typeof api.updateSettings>) => callEndpoint(api.updateSettings, { body: patch }),
};

/** The `?itemId=` of the page's URL (the critical notification's link), or null. */
export function itemIdFromSearch(search: string): number | null {
  const value = Number(new URLSearchParams(search).get('itemId'));
  return Number.isInteger(value) && value > 0 ? value : null;
}
