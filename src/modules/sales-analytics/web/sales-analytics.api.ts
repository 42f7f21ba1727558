// The calls of /sales-analytics and /sales-analytics-products (reports-admin.md §5, §6), typed by the contract: the
// query keys of the figures and tables, and the download of the per-item table.
import { endpointKey, endpointUrl } from '@/web/lib/api.ts';
import type { ExportFormat } from '@/web/components/export-menu.tsx';
import { REPORT_PAGE_SIZE } from '@/web/components/report-period.tsx';
import { salesAnalyticsEndpoints as api } from '../sales-analytics.endpoints.ts';

/** /sales-analytics' filters as the address keeps them (null / '': none chosen). */
export type SalesFilter = {
  from: string;
  to: string;
  preset: string;
  granularity: string;
  companyId: number | null;
  clientId: number | null;
  categoryId: number | null;
  managerUserId: number | null;
};

function salesQuery(f: SalesFilter) {
  const query: Record<string, string | number> = { from: f.from, to: f.to };
  for (const key of ['companyId', 'clientId', 'categoryId', 'managerUserId'] as const) {
    if (f[key] !== null) query[key] = f[key];
  }
  return query as { from: string; to: string };
}

export const salesSummaryKey = (f: SalesFilter) => endpointKey(api.summary, { query: salesQuery(f) });
export const salesByPeriodKey = (f: SalesFilter) =>
  endpointKey(api.byPeriod, {
    query: { ...salesQuery(f), granularity: f.granularity as 'day' | 'week' | 'month' },
  });
export const salesByClientKey = (f: SalesFilter, page: number) =>
  endpointKey(api.byClient, { query: { ...salesQuery(f), page, limit: REPORT_PAGE_SIZE } });
export const salesByCategoryKey = (f: SalesFilter) => endpointKey(api.byCategory, { query: salesQuery(f) });
export const salesByManagerKey = (f: SalesFilter) => endpointKey(api.byManager, { query: salesQuery(f) });
export const abcClientsKey = (f: SalesFilter) => endpointKey(api.abcClients, { query: { ...salesQuery(f), limit: 1 } });

/** /sales-analytics-products' filters. */
export type ProductsFilter = {
  from: string;
  to: string;
  preset: string;
  categoryId: number | null;
  clientId: number | null;
  search: string;
  withoutSales: string;
  sort: string;
};

function productsQuery(f: ProductsFilter) {
  const query: Record<string, string | number> = { from: f.from, to: f.to, sort: f.sort };
  if (f.categoryId !== null) query.categoryId = f.categoryId;
  if (f.clientId !== null) query.clientId = f.clientId;
  if (f.search.trim()) query.search = f.search.trim();
  if (f.withoutSales === 'true') query.withoutSales = 'true';
  return query as { from: string; to: string };
}

export const salesProductsKey = (f: ProductsFilter, page: number) =>
  endpointKey(api.products, { query: { ...productsQuery(f), page, limit: REPORT_PAGE_SIZE } });
export const salesProductsExportUrl = (f: ProductsFilter, format: ExportFormat) =>
  endpointUrl(api.products, { query: { ...productsQuery(f), format } });
