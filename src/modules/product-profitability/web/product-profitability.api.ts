// The calls of the product profitability page (reports-admin.md §7), typed by the module's contract: the query keys
// of the table, the top, an item's trend, and the download of the table.
import { endpointKey, endpointUrl } from '@/web/lib/api.ts';
import type { ExportFormat } from '@/web/components/export-menu.tsx';
import { REPORT_PAGE_SIZE } from '@/web/components/report-period.tsx';
import { productProfitabilityEndpoints as api } from '../product-profitability.endpoints.ts';

/** The page's filters, as the address keeps them (null / '': none chosen). */
export type ProductProfitabilityFilter = {
  from: string;
  to: string;
  preset: string;
  flag: string;
  categoryId: number | null;
  companyId: number | null;
};

function listQuery(filter: ProductProfitabilityFilter) {
  const query: Record<string, string | number> = { from: filter.from, to: filter.to };
  if (filter.categoryId !== null) query.categoryId = filter.categoryId;
  if (filter.companyId !== null) query.companyId = filter.companyId;
  if (filter.flag === 'loss' || filter.flag === 'belowTarget') query.flag = filter.flag;
  return query as { from: string; to: string };
}

/** The table's page of the filter (a download has every row). */
export const productProfitabilityKey = (filter: ProductProfitabilityFilter, page = 1) =>
  endpointKey(api.list, { query: { ...listQuery(filter), page, limit: REPORT_PAGE_SIZE } });

export function productTopKey(filter: ProductProfitabilityFilter) {
  const { flag: _flag, ...query } = listQuery(filter) as Record<string, string | number>;
  return endpointKey(api.top, { query: { ...query, limit: 10 } as { from: string; to: string; limit: number } });
}

export const productTrendKey = (itemId: number) =>
  endpointKey(api.trend, { params: { itemId }, query: { months: 12 } });

export function productProfitabilityExportUrl(filter: ProductProfitabilityFilter, format: ExportFormat): string {
  return endpointUrl(api.list, { query: { ...listQuery(filter), format } });
}
