// The calls of the shortage page (warehouse.md §4), typed by the module's contract. The list, the totals and the
// drill-down read the same 60-second memo on the server.
import type { Query } from '@tanstack/react-query';
import type {
  CreateSupplierOrdersInput,
  CreateSupplierOrdersResult,
  ShortageRow,
  ShortageSettings,
  ShortageSettingsPatch,
} from '@/modules/shortage/shortage.contract.ts';
import { apiRequest, getListQueryFn } from '@/web/lib/api.ts';

export const SHORTAGE_URL = '/api/shortage';
export const SHORTAGE_ROUTE = '/shortage';
export const SHORTAGE_PAGE_SIZE = 50;
export const ALL = 'all';

export interface ShortageListFilter {
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
export const shortageListQueryKey = (filter: ShortageListFilter) => [SHORTAGE_URL, filter] as const;
export const shortageStatsQueryKey = (filter: ShortageListFilter) =>
  [SHORTAGE_URL, 'stats', filterParams(filter)] as const;
export const shortageSourcesQueryKey = (itemId: number) => [SHORTAGE_URL, itemId, 'sources'] as const;
export const SHORTAGE_SETTINGS_KEY = [SHORTAGE_URL, 'settings'] as const;

export const shortageListQueryFn = getListQueryFn<ShortageRow>();

/** Everything of this page after a change (the rows, the totals, an open drill-down). */
export const isShortageQuery = (query: Query) => query.queryKey[0] === SHORTAGE_URL;

export const shortageApi = {
  createSupplierOrders: (body: CreateSupplierOrdersInput) =>
    apiRequest<CreateSupplierOrdersResult>('POST', `${SHORTAGE_URL}/create-supplier-orders`, body),
  saveSettings: (patch: ShortageSettingsPatch) =>
    apiRequest<ShortageSettings>('PATCH', `${SHORTAGE_URL}/settings`, patch),
};

/** The `?itemId=` of the page's URL (the critical notification's link), or null. */
export function itemIdFromSearch(search: string): number | null {
  const value = Number(new URLSearchParams(search).get('itemId'));
  return Number.isInteger(value) && value > 0 ? value : null;
}
