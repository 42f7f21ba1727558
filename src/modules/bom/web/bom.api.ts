// The calls of the /bom page, typed by the module's contract and named by its endpoints (production.md §1, decision
// 0016). GET queries use the app's default query function: the key is the URL (endpointKey: the path's parts, an
// object part becomes the query string).
import type { Query, QueryClient } from '@tanstack/react-query';
import type { BomItemKindFilter, ExplosionMode } from '@/modules/bom/bom.contract.ts';
import type { BodyInput, QueryInput, ResponseOf } from '@/shared/endpoint.ts';
import { apiRequest, callEndpoint, endpointKey, endpointListQueryFn, endpointUrl } from '@/web/lib/api.ts';
import { bomEndpoints as api } from '../bom.endpoints.ts';

export const BOM_ROUTE = '/bom';

/**
 * The left pane's filter as it keeps it: the items endpoint's query, with the page, its size and the fields the
 * controls show always set ('all', null and '' are left out of the URL).
 */
export type BomItemsFilter = QueryInput<typeof api.items> & {
  page: number;
  limit: number;
  search: string;
  kind: BomItemKindFilter;
  categoryId: number | null;
  hasBom: 'all' | 'true' | 'false';
};

export const bomItemsQueryKey = (filter: QueryInput<typeof api.items>) => endpointKey(api.items, { query: filter });
export const bomItemsQueryFn = endpointListQueryFn(api.items);
/** One item's row (any kind, active or not: `ids` ignores the kind filter) — the header of a deep link. */
export const bomItemQueryKey = (itemId: number) => bomItemsQueryKey({ ids: String(itemId) });
export const bomUnitsQueryKey = endpointKey(api.units);
export const itemBomsQueryKey = (itemId: number) =>
  endpointKey(api.list, { query: { itemId, limit: 100, sort: 'name' } });
export const itemBomsQueryFn = endpointListQueryFn(api.list);
export const bomQueryKey = (id: number) => endpointKey(api.get, { params: { id } });
export const explosionQueryKey = (id: number, qty: string, mode: ExplosionMode) =>
  endpointKey(api.explosion, { params: { id }, query: { qty, mode } });
export const whereUsedQueryKey = (itemId: number) => endpointKey(api.whereUsed, { params: { itemId } });
export const bomHistoryQueryKey = (id: number) => endpointKey(api.history, { params: { id } });

/** The first part of every key of the module: the lists, the items, the units and where-used all start with it. */
const BOM_KEY = String(endpointKey(api.list)[0]);
/** Everything of this page: a BOM change moves costs, markers, explosions and where-used everywhere. */
export const isBomQuery = (query: Query) => String(query.queryKey[0]).startsWith(BOM_KEY);
export const refreshBoms = (queryClient: QueryClient) => queryClient.invalidateQueries({ predicate: isBomQuery });

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const bomApi = {
  get: (id: number) => callEndpoint(api.get, { params: { id } }),
  create: (body: BodyInput<typeof api.create>) => callEndpoint(api.create, { body }),
  update: (id: number, body: BodyInput<typeof api.update>) => callEndpoint(api.update, { params: { id }, body }),
  remove: (id: number) => callEndpoint(api.remove, { params: { id } }),
  makeDefault: (id: number) => callEndpoint(api.makeDefault, { params: { id } }),
  copy: (id: number, targetItemId?: number | null) =>
    callEndpoint(api.copy, { params: { id }, body: targetItemId ? { targetItemId } : {} }),
  /**
   * The file goes as its raw body, typed by its extension (CSV, XLSX or XML). The endpoint has no body schema (the
   * import reads the file itself), so the call is sent by the one fetch helper with the endpoint's method and URL.
   */
  importFile: (file: File, status: 'draft' | 'active') => {
    const name = file.name.toLowerCase();
    const type = name.endsWith('.xlsx')
      ? XLSX_MIME
      : name.endsWith('.xml')
        ? 'application/xml'
        : name.endsWith('.csv')
          ? 'text/csv'
          : file.type || 'text/csv';
    return apiRequest<ResponseOf<typeof api.importFile>>(
      api.importFile.method,
      endpointUrl(api.importFile, { query: { status } }),
      new Blob([file], { type }),
    );
  },
};
