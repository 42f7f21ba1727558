// The calls of the production statistics page (production.md §13), typed by the module's contract: the query keys
// of the summary and the tables, and the download links that carry the page's filters.
import { endpointKey, endpointUrl } from '@/web/lib/api.ts';
import type { ExportFormat } from '@/web/components/export-menu.tsx';
import type { StatsGranularity } from '../production-stats.contract.ts';
import { productionStatsEndpoints as api } from '../production-stats.endpoints.ts';

export const PRODUCTION_STATS_ROUTE = '/production-stats';

/** The page's filter ('' and null mean none). */
export interface StatsFilter {
  from: string;
  to: string;
  granularity: StatsGranularity;
  categoryId: number | null;
  itemId: number | null;
  departmentId: number | null;
}

export type StatsTable = 'item' | 'category' | 'department';

const tableEndpoints = { item: api.byItem, category: api.byCategory, department: api.byDepartment } as const;

/** The query of the figures: the period and the filters that are set. */
export function statsQuery(filter: StatsFilter) {
  const query: Record<string, string | number> = { from: filter.from, to: filter.to };
  if (filter.categoryId !== null) query.categoryId = filter.categoryId;
  if (filter.itemId !== null) query.itemId = filter.itemId;
  if (filter.departmentId !== null) query.departmentId = filter.departmentId;
  return query as { from: string; to: string; categoryId?: number; itemId?: number; departmentId?: number };
}

export const statsSummaryKey = (filter: StatsFilter) => endpointKey(api.summary, { query: statsQuery(filter) });
export const statsByPeriodKey = (filter: StatsFilter) =>
  endpointKey(api.byPeriod, { query: { ...statsQuery(filter), granularity: filter.granularity } });
export const statsByCategoryKey = (filter: StatsFilter) => endpointKey(api.byCategory, { query: statsQuery(filter) });
export const statsTableKey = (table: StatsTable, filter: StatsFilter) =>
  endpointKey(tableEndpoints[table], { query: statsQuery(filter) });

/** The download of a table (or of the figures by period) with the page's filters. */
export function statsExportUrl(table: StatsTable | 'period', filter: StatsFilter, format: ExportFormat): string {
  if (table === 'period') {
    return endpointUrl(api.byPeriod, { query: { ...statsQuery(filter), granularity: filter.granularity, format } });
  }
  return endpointUrl(tableEndpoints[table], { query: { ...statsQuery(filter), format } });
}
