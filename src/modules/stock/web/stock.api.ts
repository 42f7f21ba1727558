// The calls of the stock read pages (warehouse.md §0–3), typed by the module's contract. Every URL is built here so
// that a list, its stats or summary and its export carry exactly the same filters. The URLs are built by hand (not
// from the query key) because the key helper drops the value 'all', which `kind=all` needs.
import type { QueryFunction, QueryFunctionContext, QueryKey } from '@tanstack/react-query';
import {
  documentPages,
  documentTypeLabels,
  type MovementRow,
  type MovementSummary,
  type StockRow,
  type StockStats,
  type StockStatus,
} from '@/modules/stock/stock.contract.ts';
import { apiRequest, getListQueryFn, type ListPage } from '@/web/lib/api.ts';

export const INVENTORY_API = '/api/inventory';
export const COMPONENT_STOCK_API = '/api/component-stock';
export const MOVEMENT_API = '/api/component-movement';
export const MOVEMENT_ROUTE = '/component-movement';

export const STOCK_PAGE_SIZE = 50;
export const MOVEMENT_PAGE_SIZE = 50;
/** The select's value for "no filter" (Radix Select items cannot have an empty value). */
export const ALL = 'all';

export type ExportFormat = 'csv' | 'xlsx';

type ParamValue = string | number | null | undefined;

/** Query parameters in the given order; null, undefined, '' and the select's 'all' are left out. */
function paramsOf(entries: ReadonlyArray<[string, ParamValue]>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of entries) {
    if (value === null || value === undefined || value === '' || value === ALL) continue;
    params.append(name, String(value));
  }
  return params;
}

function withQuery(path: string, params: URLSearchParams): string {
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** A list query whose URL is given, not derived from the key (the key still holds the filter for caching). */
function listQueryFnFor<T>(url: string): QueryFunction<ListPage<T>> {
  const queryFn = getListQueryFn<T>();
  return (context) => queryFn({ ...context, queryKey: [url] } as QueryFunctionContext<QueryKey>);
}

// ---- /inventory and /component-stock ------------------------------------------------------------------------

export interface StockListFilter {
  page: number;
  limit: number;
  search: string;
  sort: string;
  warehouseId: number | null;
  categoryId: number | null;
  status: StockStatus | typeof ALL;
}

export function initialStockFilter(search = ''): StockListFilter {
  return {
    page: 1,
    limit: STOCK_PAGE_SIZE,
    search,
    sort: 'name',
    warehouseId: null,
    categoryId: null,
    status: ALL,
  };
}

const stockFilterEntries = (filter: StockListFilter): [string, ParamValue][] => [
  ['search', filter.search],
  ['sort', filter.sort],
  ['warehouseId', filter.warehouseId],
  ['categoryId', filter.categoryId],
  ['status', filter.status],
];

export function stockListUrl(base: string, filter: StockListFilter): string {
  return withQuery(base, paramsOf([['page', filter.page], ['limit', filter.limit], ...stockFilterEntries(filter)]));
}

/** The stat cards count the rows of the warehouse, category and search, whatever the status filter. */
export function stockStatsUrl(base: string, filter: StockListFilter): string {
  return withQuery(
    `${base}/stats`,
    paramsOf([
      ['warehouseId', filter.warehouseId],
      ['categoryId', filter.categoryId],
      ['search', filter.search],
    ]),
  );
}

/** A plain download link (the server names the file, the session cookie authenticates): all matching rows. */
export function stockExportUrl(base: string, filter: StockListFilter, format: ExportFormat): string {
  return withQuery(`${base}/export`, paramsOf([['format', format], ...stockFilterEntries(filter)]));
}

export function stockListQueryKey(base: string, filter: StockListFilter) {
  return [base, filter] as const;
}

export function stockStatsQueryKey(base: string, filter: StockListFilter) {
  return [`${base}/stats`, { warehouseId: filter.warehouseId, categoryId: filter.categoryId, search: filter.search }];
}

export const stockListQueryFn = (base: string, filter: StockListFilter) =>
  listQueryFnFor<StockRow>(stockListUrl(base, filter));

export const stockStatsQueryFn = (base: string, filter: StockListFilter) => () =>
  apiRequest<StockStats>('GET', stockStatsUrl(base, filter));

/** The initial search of a stock page from its URL (`/inventory?search=SKU`, the low-stock notifications' link). */
export function stockSearchFromUrl(search: string): string {
  return (new URLSearchParams(search).get('search') ?? '').trim();
}

/** Where 'Рух' of a stock row leads: the movements of that item (of every kind on /inventory). */
export function movementLink(itemId: number, allKinds: boolean): string {
  return `${MOVEMENT_ROUTE}?itemId=${itemId}${allKinds ? '&kind=all' : ''}`;
}

/** 'Переміщення' of a stock row: a new transfer draft of that item, from the list's warehouse when one is chosen. */
export function transferLink(itemId: number, fromWarehouseId: number | null): string {
  const params = new URLSearchParams({ new: '1', itemId: String(itemId) });
  if (fromWarehouseId !== null) params.set('fromWarehouseId', String(fromWarehouseId));
  return `/warehouse-transfers?${params.toString()}`;
}

/** 'Специфікація' of a made item. */
export function bomLink(itemId: number): string {
  return `/bom?itemId=${itemId}`;
}

// ---- /component-movement ------------------------------------------------------------------------------------

export type MovementKind = 'components' | 'all';

export interface MovementFilter {
  page: number;
  limit: number;
  search: string;
  sort: string;
  itemId: number | null;
  warehouseId: number | null;
  /** A key of documentTypeLabels, or 'all'. */
  documentType: string;
  /** 'YYYY-MM-DD' or ''. */
  dateFrom: string;
  dateTo: string;
  kind: MovementKind;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function positiveId(value: string | null): number | null {
  if (value === null || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/** The filter a link opens the page with (`?itemId=5&kind=all`, from the stock pages); anything invalid is ignored. */
export function movementFilterFromUrl(search: string): MovementFilter {
  const params = new URLSearchParams(search);
  const documentType = params.get('documentType') ?? '';
  const date = (name: string) => {
    const value = params.get(name) ?? '';
    return ISO_DATE.test(value) ? value : '';
  };
  return {
    page: 1,
    limit: MOVEMENT_PAGE_SIZE,
    search: (params.get('search') ?? '').trim(),
    // Newest first (the server's own default order).
    sort: '-occurredOn',
    itemId: positiveId(params.get('itemId')),
    warehouseId: positiveId(params.get('warehouseId')),
    documentType: Object.hasOwn(documentTypeLabels, documentType) ? documentType : ALL,
    dateFrom: date('dateFrom'),
    dateTo: date('dateTo'),
    kind: params.get('kind') === 'all' ? 'all' : 'components',
  };
}

/** The filters the list and its summary share. */
const movementFilterEntries = (filter: MovementFilter): [string, ParamValue][] => [
  ['itemId', filter.itemId],
  ['warehouseId', filter.warehouseId],
  ['documentType', filter.documentType],
  ['dateFrom', filter.dateFrom],
  ['dateTo', filter.dateTo],
];

/** `kind` is sent only when it widens the default; paramsOf would leave its value 'all' out, so it is added here. */
function withKind(params: URLSearchParams, filter: MovementFilter): URLSearchParams {
  if (filter.kind === 'all') params.append('kind', 'all');
  return params;
}

export function movementListUrl(filter: MovementFilter): string {
  const params = paramsOf([
    ['page', filter.page],
    ['limit', filter.limit],
    ['search', filter.search],
    ['sort', filter.sort],
    ...movementFilterEntries(filter),
  ]);
  return withQuery(MOVEMENT_API, withKind(params, filter));
}

export function movementSummaryUrl(filter: MovementFilter): string {
  const params = paramsOf([['search', filter.search], ...movementFilterEntries(filter)]);
  return withQuery(`${MOVEMENT_API}/summary`, withKind(params, filter));
}

/** A plain download link of the movements matching the current filters, in the list's order. */
export function movementExportUrl(filter: MovementFilter, format: ExportFormat): string {
  const params = paramsOf([
    ['format', format],
    ['search', filter.search],
    ['sort', filter.sort],
    ...movementFilterEntries(filter),
  ]);
  return withQuery(`${MOVEMENT_API}/export`, withKind(params, filter));
}

export function movementListQueryKey(filter: MovementFilter) {
  return [MOVEMENT_API, filter] as const;
}

export function movementSummaryQueryKey(filter: MovementFilter) {
  const { page: _page, limit: _limit, sort: _sort, ...rest } = filter;
  return [`${MOVEMENT_API}/summary`, rest] as const;
}

export const movementListQueryFn = (filter: MovementFilter) => listQueryFnFor<MovementRow>(movementListUrl(filter));

export const movementSummaryQueryFn = (filter: MovementFilter) => () =>
  apiRequest<MovementSummary>('GET', movementSummaryUrl(filter));

/** Where a movement's document is opened: its list page, searched by the number. */
export function documentLink(documentType: string, documentNumber: string, itemKind?: string): string | null {
  const componentAdjustment = documentType === 'adjustment' && (itemKind === 'component' || itemKind === 'material');
  const page = componentAdjustment
    ? '/component-stock'
    : Object.hasOwn(documentPages, documentType)
      ? documentPages[documentType]
      : undefined;
  return page ? `${page}?search=${encodeURIComponent(documentNumber)}` : null;
}
