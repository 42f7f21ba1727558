// The calls of the adjustment dialogs on /inventory and /component-stock (warehouse.md §1): adjustments under the
// page's own API (its route names its endpoints), the item's card, the opening-balance import and the stock settings
// (always those of /inventory).
import type { Query } from '@tanstack/react-query';
import type { BodyInput, ResponseOf } from '@/shared/endpoint.ts';
import { apiRequest, callEndpoint, endpointKey, endpointListQueryFn, endpointUrl } from '@/web/lib/api.ts';
import { adjustmentPageEndpoints, adjustmentsEndpoints } from '../adjustments.endpoints.ts';
import { stockEndpoints, type StockRoute } from '../stock.endpoints.ts';

export type { StockRoute };

export const DRAFTS_PAGE_SIZE = 50;
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const pageApi = (route: StockRoute) => adjustmentPageEndpoints[route];

/** The drafts of a page, newest first. */
export function draftsQueryKey(route: StockRoute) {
  return endpointKey(pageApi(route).list, {
    query: { status: 'draft', sort: '-documentDate', limit: DRAFTS_PAGE_SIZE },
  });
}
/** Both pages' lists answer the same rows; the URL is the key's, so one query function serves both. */
export const draftsQueryFn = endpointListQueryFn(adjustmentsEndpoints.inventoryList);

/** One adjustment of a page. */
export const adjustmentQueryKey = (route: StockRoute, id: number) =>
  endpointKey(pageApi(route).get, { params: { id } });

/** The item's stock card on a page. */
export const itemStockQueryKey = (route: StockRoute, itemId: number) =>
  endpointKey(pageApi(route).itemStock, { params: { itemId } });

/** The units a line of the item may be entered in, on a page. */
export const itemUnitsQueryKey = (route: StockRoute) => (itemId: number) =>
  endpointKey(pageApi(route).itemUnits, { query: { itemId } });

export const stockSettingsQueryKey = endpointKey(adjustmentsEndpoints.settings);

/** The first parts of the keys of everything the stock changes: both pages (rows, stats, drafts), the movements. */
const stockKeyHeads = [
  stockEndpoints.inventoryList.path,
  stockEndpoints.componentStockList.path,
  stockEndpoints.movementList.path,
];
/** Every query the stock changed: the page's rows and stats, its drafts, the movements. */
export const isStockQuery = (query: Query) => {
  const head = query.queryKey[0];
  return typeof head === 'string' && stockKeyHeads.some((path) => head.startsWith(path));
};

/** The file's content type as the server reads it (a browser may leave a CSV's type empty). */
export function importBody(file: File): Blob {
  const name = file.name.toLowerCase();
  const type = name.endsWith('.xlsx') ? XLSX_MIME : name.endsWith('.csv') ? 'text/csv' : file.type || 'text/csv';
  return new Blob([file], { type });
}

export const adjustmentsApi = {
  get: (route: StockRoute, id: number) => callEndpoint(pageApi(route).get, { params: { id } }),
  create: (route: StockRoute, body: BodyInput<typeof adjustmentsEndpoints.inventoryCreate>) =>
    callEndpoint(pageApi(route).create, { body }),
  post: (route: StockRoute, id: number, version: number) =>
    callEndpoint(pageApi(route).post, { params: { id }, body: { version } }),
  remove: (route: StockRoute, id: number) => callEndpoint(pageApi(route).remove, { params: { id } }),
  /**
   * The file goes as its raw body. A file body is no JSON schema's input, so it is sent with the endpoint's own
   * method and URL through the one fetch helper.
   */
  importFile: (route: StockRoute, file: File) => {
    const endpoint = pageApi(route).import;
    return apiRequest<ResponseOf<typeof endpoint>>(endpoint.method, endpointUrl(endpoint), importBody(file));
  },
  settings: () => callEndpoint(adjustmentsEndpoints.settings),
  saveSettings: (patch: BodyInput<typeof adjustmentsEndpoints.saveSettings>) =>
    callEndpoint(adjustmentsEndpoints.saveSettings, { body: patch }),
};
