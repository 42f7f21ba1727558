// The calls of the 'Замовлені товари' page, typed by the module's contract (production.md §10).
import type { Query } from '@tanstack/react-query';
import type {
  CreateMosResult,
  CreateSupplierOrdersResult,
  ItemKind,
  OrderedProductDetail,
  OrderedProductRow,
  OrderedProductsStats,
  ReserveFreeResult,
} from '@/modules/ordered-products/ordered-products.contract.ts';
import { apiRequest, getListQueryFn } from '@/web/lib/api.ts';

export const ORDERED_PRODUCTS_URL = '/api/ordered-products';
export const ORDERED_PRODUCTS_ROUTE = '/ordered-products';
export const PAGE_SIZE = 50;
export const ALL = 'all';

export interface OrderedProductsFilter {
  page: number;
  limit: number;
  search: string;
  sort: string;
  approvedOnly: boolean;
  categoryId: number | null;
  kind: ItemKind | typeof ALL;
  dueBefore: string;
  clientId: number | null;
}

export const initialFilter: OrderedProductsFilter = {
  page: 1,
  limit: PAGE_SIZE,
  search: '',
  sort: 'earliestDue',
  approvedOnly: true,
  categoryId: null,
  kind: ALL,
  dueBefore: '',
  clientId: null,
};

/** The list's key; its object part becomes the query parameters (`approvedOnly=false` is kept, '' and 'all' dropped). */
export function listQueryKey(filter: OrderedProductsFilter) {
  return [ORDERED_PRODUCTS_URL, { ...filter, approvedOnly: String(filter.approvedOnly) }] as const;
}

export function statsQueryKey(filter: OrderedProductsFilter) {
  const { page: _page, limit: _limit, sort: _sort, ...rest } = filter;
  return [`${ORDERED_PRODUCTS_URL}/stats`, { ...rest, approvedOnly: String(rest.approvedOnly) }] as const;
}

/** The drill-down of one item with the filters that shape its lines. */
export function detailQueryKey(itemId: number, filter: OrderedProductsFilter) {
  return [
    ORDERED_PRODUCTS_URL,
    itemId,
    { approvedOnly: String(filter.approvedOnly), dueBefore: filter.dueBefore, clientId: filter.clientId },
  ] as const;
}

export const listQueryFn = getListQueryFn<OrderedProductRow>();

/** Every query of this page (list, stats, drill-downs). */
export const isOrderedProductsQuery = (query: Query) =>
  typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith(ORDERED_PRODUCTS_URL);

export interface RecipeOption {
  id: number;
  name: string;
  batchSize: string;
  isDefault: boolean;
}

export const orderedProductsApi = {
  detail: (itemId: number) => apiRequest<OrderedProductDetail>('GET', `${ORDERED_PRODUCTS_URL}/${itemId}`),
  stats: () => apiRequest<OrderedProductsStats>('GET', `${ORDERED_PRODUCTS_URL}/stats`),
  reserve: (itemId: number, approvedOnly: boolean) =>
    apiRequest<ReserveFreeResult>('POST', `${ORDERED_PRODUCTS_URL}/${itemId}/reserve`, { approvedOnly }),
  createMos: (body: {
    items: Array<{ itemId: number; qty?: string; recipeId?: number | null; release?: boolean; roundToBatch?: boolean }>;
    approvedOnly: boolean;
  }) => apiRequest<CreateMosResult>('POST', `${ORDERED_PRODUCTS_URL}/create-manufacturing-orders`, body),
  createSupplierOrders: (body: { items: Array<{ itemId: number; qty?: string }>; approvedOnly: boolean }) =>
    apiRequest<CreateSupplierOrdersResult>('POST', `${ORDERED_PRODUCTS_URL}/create-supplier-orders`, body),
  /** The item's active recipes (needs /recipes view rights; without them the dialog offers the default spec only). */
  recipes: (itemId: number) =>
    apiRequest<RecipeOption[]>('GET', `/api/recipes?itemId=${itemId}&status=active&limit=100`),
};

/** The order's page, searched by its number (the drill-down's link). */
export const orderLink = (orderNumber: string) => `/orders?search=${encodeURIComponent(orderNumber)}`;
