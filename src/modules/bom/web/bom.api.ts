// The calls of the /bom page, typed by the module's contract (production.md §1). GET queries use the app's default
// query function: the key is the URL (`['/api/bom', 5]` → /api/bom/5; an object part becomes the query string).
import type { Query, QueryClient } from '@tanstack/react-query';
import type {
  Bom,
  BomCreateBody,
  BomImportResult,
  BomItemKindFilter,
  BomItemRow,
  BomSummary,
  BomUpdateBody,
  ExplosionMode,
} from '@/modules/bom/bom.contract.ts';
import { apiRequest, getListQueryFn } from '@/web/lib/api.ts';

export const BOM_URL = '/api/bom';
export const BOM_ITEMS_URL = '/api/bom/items';
export const BOM_UNITS_URL = '/api/bom/units';
export const BOM_ROUTE = '/bom';

export interface BomItemsFilter {
  page: number;
  limit: number;
  search: string;
  kind: BomItemKindFilter;
  categoryId: number | null;
  hasBom: 'all' | 'true' | 'false';
}

export const bomItemsQueryKey = (filter: BomItemsFilter) => [BOM_ITEMS_URL, filter] as const;
export const bomItemsQueryFn = getListQueryFn<BomItemRow>();
/** One item's row (any kind, active or not: `ids` ignores the kind filter) — the header of a deep link. */
export const bomItemQueryKey = (itemId: number) => [BOM_ITEMS_URL, { ids: String(itemId) }] as const;
export const itemBomsQueryKey = (itemId: number) => [BOM_URL, { itemId, limit: 100, sort: 'name' }] as const;
export const itemBomsQueryFn = getListQueryFn<BomSummary>();
export const bomQueryKey = (id: number) => [BOM_URL, id] as const;
export const explosionQueryKey = (id: number, qty: string, mode: ExplosionMode) =>
  [BOM_URL, id, 'explosion', { qty, mode }] as const;
export const whereUsedQueryKey = (itemId: number) => [BOM_URL, 'where-used', itemId] as const;
export const bomHistoryQueryKey = (id: number) => [BOM_URL, id, 'history'] as const;

/** Everything of this page: a BOM change moves costs, markers, explosions and where-used everywhere. */
export const isBomQuery = (query: Query) => String(query.queryKey[0]).startsWith(BOM_URL);
export const refreshBoms = (queryClient: QueryClient) => queryClient.invalidateQueries({ predicate: isBomQuery });

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const bomApi = {
  get: (id: number) => apiRequest<Bom>('GET', `${BOM_URL}/${id}`),
  create: (body: BomCreateBody) => apiRequest<Bom>('POST', BOM_URL, body),
  update: (id: number, body: BomUpdateBody) => apiRequest<Bom>('PATCH', `${BOM_URL}/${id}`, body),
  remove: (id: number) => apiRequest<unknown>('DELETE', `${BOM_URL}/${id}`),
  makeDefault: (id: number) => apiRequest<Bom>('POST', `${BOM_URL}/${id}/make-default`),
  copy: (id: number, targetItemId?: number | null) =>
    apiRequest<Bom>('POST', `${BOM_URL}/${id}/copy`, targetItemId ? { targetItemId } : {}),
  /** The file goes as its raw body, typed by its extension (CSV, XLSX or XML). */
  importFile: (file: File, status: 'draft' | 'active') => {
    const name = file.name.toLowerCase();
    const type = name.endsWith('.xlsx')
      ? XLSX_MIME
      : name.endsWith('.xml')
        ? 'application/xml'
        : name.endsWith('.csv')
          ? 'text/csv'
          : file.type || 'text/csv';
    return apiRequest<BomImportResult>('POST', `${BOM_URL}/import?status=${status}`, new Blob([file], { type }));
  },
};
