// The calls of the forecast pages (production.md §12), typed by the module's contract: the list's filter and keys,
// one forecast, its items × periods lines, an item's chart series, the MO suggestions, and the changes.
import type { Query, QueryClient } from '@tanstack/react-query';
import type { BodyInput, QueryInput } from '@/shared/endpoint.ts';
import { callEndpoint, endpointKey, endpointListQueryFn } from '@/web/lib/api.ts';
import type { ForecastStatus } from '../production-forecasts.contract.ts';
import { productionForecastsEndpoints as api } from '../production-forecasts.endpoints.ts';

export const FORECASTS_ROUTE = '/production-forecasts';

/** The list's filter as the page keeps it; 'all' and '' are none and stay out of the URL. */
export type ForecastListFilter = QueryInput<typeof api.list> & {
  page: number;
  limit: number;
  search: string;
  sort: string;
  status: ForecastStatus | 'all';
};

/** The first part of every key of this module (the lists, each forecast and its parts). */
export const forecastsKeyHead = endpointKey(api.list)[0];
export const forecastListQueryKey = (filter: ForecastListFilter) => endpointKey(api.list, { query: filter });
export const forecastListQueryFn = endpointListQueryFn(api.list);
export const isForecastListQuery = (query: Query) =>
  query.queryKey[0] === forecastsKeyHead && typeof query.queryKey[1] === 'object';

export const forecastQueryKey = (id: number) => endpointKey(api.get, { params: { id } });
export const forecastLinesQueryKey = (id: number, page: number, limit: number) =>
  endpointKey(api.lines, { params: { id }, query: { page, limit } });
export const forecastLinesQueryFn = endpointListQueryFn(api.lines);
export const forecastSeriesQueryKey = (id: number, itemId: number) =>
  endpointKey(api.series, { params: { id }, query: { itemId } });
export const forecastSuggestionsQueryKey = (id: number) => endpointKey(api.suggestions, { params: { id } });

/** After a change of one forecast: its parts (lines, series, suggestions) and every list are read again. */
export function refreshForecast(queryClient: QueryClient, id: number) {
  void queryClient.invalidateQueries({
    predicate: (q) => q.queryKey[0] === forecastsKeyHead && q.queryKey[1] === id && q.queryKey.length > 2,
  });
  void queryClient.invalidateQueries({ predicate: isForecastListQuery });
}

export const forecastsApi = {
  create: (body: BodyInput<typeof api.create>) => callEndpoint(api.create, { body }),
  update: (id: number, body: BodyInput<typeof api.update>) => callEndpoint(api.update, { params: { id }, body }),
  remove: (id: number) => callEndpoint(api.remove, { params: { id } }),
  calculate: (id: number, version: number) => callEndpoint(api.calculate, { params: { id }, body: { version } }),
  archive: (id: number, version: number) => callEndpoint(api.archive, { params: { id }, body: { version } }),
  createMos: (id: number, body: BodyInput<typeof api.createMos>) =>
    callEndpoint(api.createMos, { params: { id }, body }),
};
