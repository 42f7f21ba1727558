// The calls of the 'Замовлені товари' page, typed by the module's contract (production.md §10).
import type { Query } from '@tanstack/react-query';
import type { ItemKind } from '@/modules/ordered-products/ordered-products.contract.ts';
import type { RecipeSummary } from '@/modules/recipes/recipes.contract.ts';
import type { BodyInput, QueryInput } from '@/shared/endpoint.ts';
import { callEndpoint, endpointKey, endpointListQueryFn } from '@/web/lib/api.ts';
import { orderedProductsEndpoints as api } from '../ordered-products.endpoints.ts';
import { recipesEndpoints } from '@/modules/recipes/recipes.endpoints.ts';

export const ORDERED_PRODUCTS_ROUTE = '/ordered-products';
export const PAGE_SIZE = 50;
export const ALL = 'all';

/** The page's filter: the contract's query, every field given ('all', '' and null mean none). */
export interface OrderedProductsFilter extends Omit<QueryInput<typeof api.list>, 'approvedOnly'> {
  page: number;
  limit: number;
  search: string;
  sort: string;
  /** Kept as a switch; sent as 'true' / 'false' (false is a filter too). */
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
const approvedText = (approvedOnly: boolean) => (approvedOnly ? 'true' : 'false');

export function listQueryKey(filter: OrderedProductsFilter) {
  return endpointKey(api.list, { query: { ...filter, approvedOnly: approvedText(filter.approvedOnly) } });
}

export function statsQueryKey(filter: OrderedProductsFilter) {
  const { page: _page, limit: _limit, sort: _sort, ...rest } = filter;
  return endpointKey(api.stats, { query: { ...rest, approvedOnly: approvedText(rest.approvedOnly) } });
}

/** The drill-down of one item with the filters that shape its lines. */
export function detailQueryKey(itemId: number, filter: OrderedProductsFilter) {
  return endpointKey(api.get, {
    params: { itemId },
    query: { approvedOnly: approvedText(filter.approvedOnly), dueBefore: filter.dueBefore, clientId: filter.clientId },
  });
}

export const listQueryFn = endpointListQueryFn(api.list);

/** The first part of every key of this page: the list and the drill-downs, and the stats. */
const keyHeads = new Set<unknown>([endpointKey(api.list)[0], endpointKey(api.stats)[0]]);
/** Every query of this page (list, stats, drill-downs). */
export const isOrderedProductsQuery = (query: Query) => keyHeads.has(query.queryKey[0]);

/** A recipe as the recipe list answers it (only the fields the dialog reads). */
export type RecipeOption = Pick<RecipeSummary, 'id' | 'name' | 'batchSize' | 'isDefault'>;

export const orderedProductsApi = {
  reserve: (itemId: number, approvedOnly: boolean) =>
    callEndpoint(api.reserve, { params: { itemId }, body: { approvedOnly } }),
  createMos: (body: BodyInput<typeof api.createManufacturingOrders>) =>
    callEndpoint(api.createManufacturingOrders, { body }),
  createSupplierOrders: (body: BodyInput<typeof api.createSupplierOrders>) =>
    callEndpoint(api.createSupplierOrders, { body }),
  /** The item's active recipes (needs /recipes view rights; without them the dialog offers the default spec only). */
  recipes: (itemId: number): Promise<RecipeOption[]> =>
    callEndpoint(recipesEndpoints.list, { query: activeRecipes(itemId) }),
};

/** The active recipes of an item, as the MO dialog offers them. */
export const activeRecipes = (itemId: number) => ({ itemId, status: 'active' as const, limit: 100 });
export const activeRecipesQueryKey = (itemId: number) =>
  endpointKey(recipesEndpoints.list, { query: activeRecipes(itemId) });

/** The order's page, searched by its number (the drill-down's link). */
export const orderLink = (orderNumber: string) => `/orders?search=${encodeURIComponent(orderNumber)}`;
