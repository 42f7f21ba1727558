// The calls of the adjustment dialogs on /inventory and /component-stock (warehouse.md §1): adjustments under the
// page's own API (`/api/inventory/adjustments` or `/api/component-stock/adjustments`), the opening-balance import
// and the stock settings (always under /api/inventory).
import type { Query } from '@tanstack/react-query';
import type {
  Adjustment,
  AdjustmentCreateInput,
  AdjustmentSummary,
  StockSettings,
  StockSettingsPatch,
} from '@/modules/stock/adjustments.contract.ts';
import { apiRequest, getListQueryFn } from '@/web/lib/api.ts';
import { INVENTORY_API } from './stock.api.ts';

export const STOCK_SETTINGS_URL = `${INVENTORY_API}/settings`;
export const DRAFTS_PAGE_SIZE = 50;
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const adjustmentsUrl = (apiBase: string) => `${apiBase}/adjustments`;

/** The drafts of a page, newest first. */
export function draftsQueryKey(apiBase: string) {
  return [adjustmentsUrl(apiBase), { status: 'draft', sort: '-documentDate', limit: DRAFTS_PAGE_SIZE }] as const;
}
export const draftsQueryFn = getListQueryFn<AdjustmentSummary>();

/** Every query the stock changed: the page's rows and stats, its drafts, the movements. */
export const isStockQuery = (query: Query) => {
  const head = query.queryKey[0];
  return typeof head === 'string' && /^\/api\/(inventory|component-stock|component-movement)/.test(head);
};

/** The file's content type as the server reads it (a browser may leave a CSV's type empty). */
export function importBody(file: File): Blob {
  const name = file.name.toLowerCase();
  const type = name.endsWith('.xlsx') ? XLSX_MIME : name.endsWith('.csv') ? 'text/csv' : file.type || 'text/csv';
  return new Blob([file], { type });
}

export const adjustmentsApi = {
  get: (apiBase: string, id: number) => apiRequest<Adjustment>('GET', `${adjustmentsUrl(apiBase)}/${id}`),
  create: (apiBase: string, body: AdjustmentCreateInput) =>
    apiRequest<Adjustment>('POST', adjustmentsUrl(apiBase), body),
  post: (apiBase: string, id: number, version: number) =>
    apiRequest<Adjustment>('POST', `${adjustmentsUrl(apiBase)}/${id}/post`, { version }),
  remove: (apiBase: string, id: number) => apiRequest<unknown>('DELETE', `${adjustmentsUrl(apiBase)}/${id}`),
  importFile: (apiBase: string, file: File) =>
    apiRequest<Adjustment[]>('POST', `${adjustmentsUrl(apiBase)}/import`, importBody(file)),
  settings: () => apiRequest<StockSettings>('GET', STOCK_SETTINGS_URL),
  saveSettings: (patch: StockSettingsPatch) => apiRequest<StockSettings>('PATCH', STOCK_SETTINGS_URL, patch),
};
