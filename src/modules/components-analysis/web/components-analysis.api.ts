// The calls of the components analysis page (reports-admin.md §8), typed by the module's contract: the query keys
// of the table and of a component's drill-down, and the download of the table.
import { endpointKey, endpointUrl } from '@/web/lib/api.ts';
import type { ExportFormat } from '@/web/components/export-menu.tsx';
import { REPORT_PAGE_SIZE } from '@/web/components/report-period.tsx';
import { componentsAnalysisEndpoints as api } from '../components-analysis.endpoints.ts';

/** The page's filters, as the address keeps them (null / '': none chosen). */
export type ComponentsAnalysisFilter = {
  from: string;
  to: string;
  preset: string;
  abc: string;
  dead: string;
  categoryId: number | null;
  supplierId: number | null;
};

function listQuery(filter: ComponentsAnalysisFilter) {
  const query: Record<string, string | number> = { from: filter.from, to: filter.to };
  if (filter.categoryId !== null) query.categoryId = filter.categoryId;
  if (filter.supplierId !== null) query.supplierId = filter.supplierId;
  if (filter.abc === 'A' || filter.abc === 'B' || filter.abc === 'C') query.abc = filter.abc;
  if (filter.dead === 'true') query.deadOnly = 'true';
  return query as { from: string; to: string };
}

/** The table's page of the filter (a download has every row). */
export const componentsAnalysisKey = (filter: ComponentsAnalysisFilter, page = 1) =>
  endpointKey(api.list, { query: { ...listQuery(filter), page, limit: REPORT_PAGE_SIZE } });

export const componentDetailKey = (itemId: number, period: { from: string; to: string }) =>
  endpointKey(api.detail, { params: { itemId }, query: { from: period.from, to: period.to } });

export function componentsAnalysisExportUrl(filter: ComponentsAnalysisFilter, format: ExportFormat): string {
  return endpointUrl(api.list, { query: { ...listQuery(filter), format } });
}
