// The calls of the recipes page, typed by the module's contract (production.md §3).
import type { Query } from '@tanstack/react-query';
import type {
  Recipe,
  RecipeCreateInput,
  RecipeStatus,
  RecipeSummary,
  RecipeUpdateInput,
} from '@/modules/recipes/recipes.contract.ts';
import { dec, fixed, round } from '@/shared/decimal.ts';
import { formatDecimalUk } from '@/shared/decimal-format.ts';
import { apiRequest, getListQueryFn } from '@/web/lib/api.ts';

export const RECIPES_URL = '/api/recipes';

export interface RecipeListFilter {
  page: number;
  limit: number;
  search: string;
  sort: string;
  status: RecipeStatus | 'all';
  itemId: number | null;
}

export const recipeListQueryKey = (filter: RecipeListFilter) => [RECIPES_URL, filter] as const;
export const recipeQueryKey = (id: number) => [RECIPES_URL, id] as const;
/** The item's BOMs and tech cards (`/api/recipes/options?itemId=5`). */
export const recipeOptionsQueryKey = (itemId: number) => [`${RECIPES_URL}/options`, { itemId }] as const;
/** The live preview of the form's variant (`/api/recipes/preview?itemId=…&bomId=…&batchSize=…`). */
export const recipePreviewQueryKey = (params: {
  itemId: number;
  bomId: number;
  techCardId: number | null;
  batchSize: string;
  labourRatePerHour: string | null;
}) => [`${RECIPES_URL}/preview`, params] as const;

export const isRecipeListQuery = (query: Query) =>
  query.queryKey[0] === RECIPES_URL && typeof query.queryKey[1] === 'object';

export const recipeListQueryFn = getListQueryFn<RecipeSummary>();

export const recipesApi = {
  get: (id: number) => apiRequest<Recipe>('GET', `${RECIPES_URL}/${id}`),
  create: (body: RecipeCreateInput) => apiRequest<Recipe>('POST', RECIPES_URL, body),
  update: (id: number, body: RecipeUpdateInput) => apiRequest<Recipe>('PATCH', `${RECIPES_URL}/${id}`, body),
  remove: (id: number) => apiRequest<unknown>('DELETE', `${RECIPES_URL}/${id}`),
  makeDefault: (id: number) => apiRequest<Recipe>('POST', `${RECIPES_URL}/${id}/make-default`),
};

/** A unit cost (6 decimals from the API) as money: rounded half away from zero to kopecks. */
export const formatUnitCost = (value: string) => formatDecimalUk(fixed(round(dec(value), 2), 2), 2);
