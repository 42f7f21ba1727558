// The calls of the recipes page, typed by the module's contract and named by its endpoints (production.md §3,
// decision 0016).
import type { Query } from '@tanstack/react-query';
import type { RecipeStatus } from '@/modules/recipes/recipes.contract.ts';
import { dec, fixed, round } from '@/shared/decimal.ts';
import { formatDecimalUk } from '@/shared/decimal-format.ts';
import type { BodyInput, QueryInput } from '@/shared/endpoint.ts';
import { callEndpoint, endpointKey, endpointListQueryFn } from '@/web/lib/api.ts';
import { recipesEndpoints as api } from '../recipes.endpoints.ts';

/**
 * The list's filter as the page keeps it: the list endpoint's query, with the page, its size and the fields the
 * controls show always set ('all', null and '' are left out of the URL).
 */
export type RecipeListFilter = QueryInput<typeof api.list> & {
  page: number;
  limit: number;
  search: string;
  sort: string;
  status: RecipeStatus | 'all';
  itemId: number | null;
};

/** The first part of every key of the module: the lists and each recipe. */
const RECIPES_KEY = endpointKey(api.list)[0];

export const recipeListQueryKey = (filter: RecipeListFilter) => endpointKey(api.list, { query: filter });
export const recipeQueryKey = (id: number) => endpointKey(api.get, { params: { id } });
/** The item's BOMs and tech cards. */
export const recipeOptionsQueryKey = (itemId: number) => endpointKey(api.options, { query: { itemId } });
/** The live preview of the form's variant (item, BOM, tech card, batch size, rate). */
export const recipePreviewQueryKey = (query: QueryInput<typeof api.preview>) => endpointKey(api.preview, { query });

/** Every list of recipes, this page's and the other modules' pickers (their keys start the same way). */
export const isRecipeListQuery = (query: Query) =>
  query.queryKey[0] === RECIPES_KEY && typeof query.queryKey[1] === 'object';

export const recipeListQueryFn = endpointListQueryFn(api.list);

export const recipesApi = {
  get: (id: number) => callEndpoint(api.get, { params: { id } }),
  create: (body: BodyInput<typeof api.create>) => callEndpoint(api.create, { body }),
  update: (id: number, body: BodyInput<typeof api.update>) => callEndpoint(api.update, { params: { id }, body }),
  remove: (id: number) => callEndpoint(api.remove, { params: { id } }),
  makeDefault: (id: number) => callEndpoint(api.makeDefault, { params: { id } }),
};

/** A unit cost (6 decimals from the API) as money: rounded half away from zero to kopecks. */
export const formatUnitCost = (value: string) => formatDecimalUk(fixed(round(dec(value), 2), 2), 2);
