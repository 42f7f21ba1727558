// The calls of the profitability page (reports-admin.md §2), typed by the module's contract: the query key of the
// report with the page's filters, and the download of its table.
import { endpointKey, endpointUrl } from '@/web/lib/api.ts';
import type { ExportFormat } from '@/web/components/export-menu.tsx';
import type { ProfitabilityGroup } from '../reports.contract.ts';
import { reportsEndpoints as api } from '../reports.endpoints.ts';

export const PROFITABILITY_ROUTE = '/reports';

/** The page's filters, as the address keeps them (null: none chosen). */
export type ProfitabilityFilter = {
  from: string;
  to: string;
  preset: string;
  groupBy: ProfitabilityGroup;
  page: number;
  companyId: number | null;
  clientId: number | null;
  categoryId: number | null;
  itemId: number | null;
  managerUserId: number | null;
};

export const PAGE_SIZE = 50;

/** The report's query: the period, the grouping, the page and the filters that are set. */
export function profitabilityQuery(filter: ProfitabilityFilter) {
  const query: Record<string, string | number> = {
    from: filter.from,
    to: filter.to,
    groupBy: filter.groupBy,
    page: filter.page,
    limit: PAGE_SIZE,
  };
  for (const key of ['companyId', 'clientId', 'categoryId', 'itemId', 'managerUserId'] as const) {
    if (filter[key] !== null) query[key] = filter[key];
  }
  return query as { from: string; to: string; groupBy: ProfitabilityGroup; page: number; limit: number };
}

export const profitabilityKey = (filter: ProfitabilityFilter) =>
  endpointKey(api.profitability, { query: profitabilityQuery(filter) });

/** Every row of the grouping with the page's filters, as CSV or XLSX. */
export function profitabilityExportUrl(filter: ProfitabilityFilter, format: ExportFormat): string {
  const { page: _page, limit: _limit, ...query } = profitabilityQuery(filter);
  return endpointUrl(api.profitability, { query: { ...query, format } });
}
