// The calls of the stock read pages (warehouse.md §0–3), typed by the module's contract. Every URL is built here so
// that a list, its stats or summary and its export carry exactly the same filters, in the same order. The movement
// URLs add `kind=all` themselves: the endpoint helpers leave the value 'all' out (spec §5), and here it is a value.
import type { QueryFunction, QueryFunctionContext, QueryKey } from '@tanstack/react-query';
import {
  documentPages,
  documentTypeLabels,
  movementDirections,
  type inventoryKinds,
  type MovementDirection,
  type MovementRow,
  type StockRow,
  type StockStatus,
} from '@/modules/stock/stock.contract.ts';
import type { QueryInput, ResponseOf } from '@/shared/endpoint.ts';
import { apiRequest, callEndpoint, endpointKey, endpointUrl, getListQueryFn, type ListPage } from '@/web/lib/api.ts';
import { stockEndpoints, stockPageEndpoints, type StockRoute } from '../stock.endpoints.ts';

export type { StockRoute };
export type InventoryKind = (typeof inventoryKinds)[number];
export const MOVEMENT_ROUTE = '/component-movement';

export const STOCK_PAGE_SIZE = 50;
export const MOVEMENT_PAGE_SIZE = 50;
/** The select's value for "no filter" (Radix Select items cannot have an empty value). */
export const ALL = 'all';

export type ExportFormat = 'csv' | 'xlsx';

/** A list query whose URL is given, not derived from the key (the key still holds the filter for caching). */
function listQueryFnFor<T>(url: string): QueryFunction<ListPage<T>> {
  const queryFn = getListQueryFn<T>();
  return (context) => queryFn({ ...context, queryKey: [url] } as QueryFunctionContext<QueryKey>);
}

// ---- /inventory and /component-stock ------------------------------------------------------------------------

/**
 * The list's filter as the page keeps it: the list endpoint's query (the contract's input), each field pinned to
 * what the page's controls hold — 'all', null and '' mean none and are left out of the URL.
 */
export type StockListFilter = QueryInput<typeof stockEndpoints.inventoryList> & {
  page: number;
  limit: number;
  search: string;
  sort: string;
  warehouseId: number | null;
  categoryId: number | null;
  status: StockStatus | typeof ALL;
  /** /component-stock only: the package type filter (the other page's endpoints do not take it). */
  packageTypeId?: number | null;
  /** /inventory only: the kind filter (warehouse.md §1). */
  kind?: InventoryKind | typeof ALL;
};

export function initialStockFilter(search = ''): StockListFilter {
  return {
    page: 1,
    limit: STOCK_PAGE_SIZE,
    search,
    sort: 'name',
    warehouseId: null,
    categoryId: null,
    status: ALL,
    packageTypeId: null,
    kind: ALL,
  };
}

/** The package type filter, sent only where it is set (and only /component-stock offers it). */
const packageQuery = (filter: StockListFilter) => (filter.packageTypeId ? { packageTypeId: filter.packageTypeId } : {});
/** The kind filter, sent only where it is set (and only /inventory offers it). */
const kindQuery = (filter: StockListFilter) => (filter.kind && filter.kind !== ALL ? { kind: filter.kind } : {});

const stockFilterQuery = (filter: StockListFilter) => ({
  search: filter.search,
  sort: filter.sort,
  warehouseId: filter.warehouseId,
  categoryId: filter.categoryId,
  status: filter.status,
  ...packageQuery(filter),
  ...kindQuery(filter),
});

/** The stat cards count the rows of the warehouse, category, package type and search, whatever the status filter. */
const stockStatsQuery = (filter: StockListFilter) => ({
  warehouseId: filter.warehouseId,
  categoryId: filter.categoryId,
  search: filter.search,
  ...packageQuery(filter),
  ...kindQuery(filter),
});

export function stockListUrl(route: StockRoute, filter: StockListFilter): string {
  return endpointUrl(stockPageEndpoints[route].list, {
    query: { page: filter.page, limit: filter.limit, ...stockFilterQuery(filter) },
  });
}

export function stockStatsUrl(route: StockRoute, filter: StockListFilter): string {
  return endpointUrl(stockPageEndpoints[route].stats, { query: stockStatsQuery(filter) });
}

/** A plain download link (the server names the file, the session cookie authenticates): all matching rows. */
export function stockExportUrl(route: StockRoute, filter: StockListFilter, format: ExportFormat): string {
  return endpointUrl(stockPageEndpoints[route].export, { query: { format, ...stockFilterQuery(filter) } });
}

export function stockListQueryKey(route: StockRoute, filter: StockListFilter) {
  return endpointKey(stockPageEndpoints[route].list, { query: filter });
}

export function stockStatsQueryKey(route: StockRoute, filter: StockListFilter) {
  return endpointKey(stockPageEndpoints[route].stats, { query: stockStatsQuery(filter) });
}

export const stockListQueryFn = (route: StockRoute, filter: StockListFilter) =>
  listQueryFnFor<StockRow>(stockListUrl(route, filter));

export const stockStatsQueryFn = (route: StockRoute, filter: StockListFilter) => () =>
  callEndpoint(stockPageEndpoints[route].stats, { query: stockStatsQuery(filter) });

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

/**
 * The movements' filter as the page keeps it: the list endpoint's query (the contract's input), each field pinned
 * to what the page's controls hold — 'all', null and '' mean none and are left out of the URL.
 */
export type MovementFilter = QueryInput<typeof stockEndpoints.movementList> & {
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
  categoryId: number | null;
  /** Who posted the movement. */
  userId: number | null;
  direction: MovementDirection | typeof ALL;
};

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
  const direction = params.get('direction') ?? '';
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
    categoryId: positiveId(params.get('categoryId')),
    userId: positiveId(params.get('userId')),
    direction: (movementDirections as readonly string[]).includes(direction) ? (direction as MovementDirection) : ALL,
  };
}

/** The filters the list and its summary share. */
const movementFilterQuery = (filter: MovementFilter) => ({
  itemId: filter.itemId,
  warehouseId: filter.warehouseId,
  documentType: filter.documentType,
  dateFrom: filter.dateFrom,
  dateTo: filter.dateTo,
  categoryId: filter.categoryId,
  userId: filter.userId,
  direction: filter.direction,
});

/** `kind` is sent only when it widens the default; the helpers would leave its value 'all' out, so it is added here. */
function withKind(url: string, filter: MovementFilter): string {
  return filter.kind === 'all' ? `${url}${url.includes('?') ? '&' : '?'}kind=all` : url;
}

export function movementListUrl(filter: MovementFilter): string {
  const query = {
    page: filter.page,
    limit: filter.limit,
    search: filter.search,
    sort: filter.sort,
    ...movementFilterQuery(filter),
  };
  return withKind(endpointUrl(stockEndpoints.movementList, { query }), filter);
}

export function movementSummaryUrl(filter: MovementFilter): string {
  const query = { search: filter.search, ...movementFilterQuery(filter) };
  return withKind(endpointUrl(stockEndpoints.movementSummary, { query }), filter);
}

/** A plain download link of the movements matching the current filters, in the list's order. */
export function movementExportUrl(filter: MovementFilter, format: ExportFormat): string {
  const query = { format, search: filter.search, sort: filter.sort, ...movementFilterQuery(filter) };
  return withKind(endpointUrl(stockEndpoints.movementExport, { query }), filter);
}

export function movementListQueryKey(filter: MovementFilter) {
  return endpointKey(stockEndpoints.movementList, { query: filter });
}

export function movementSummaryQueryKey(filter: MovementFilter) {
  const { page: _page, limit: _limit, sort: _sort, ...rest } = filter;
  return endpointKey(stockEndpoints.movementSummary, { query: rest });
}

export const movementListQueryFn = (filter: MovementFilter) => listQueryFnFor<MovementRow>(movementListUrl(filter));

/** The summary's URL carries `kind=all`, so it is sent with the endpoint's method through the one fetch helper. */
export const movementSummaryQueryFn = (filter: MovementFilter) => () =>
  apiRequest<ResponseOf<typeof stockEndpoints.movementSummary>>(
    stockEndpoints.movementSummary.method,
    movementSummaryUrl(filter),
  );

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
