// The calls of the workload analytics page (production.md §14), typed by the module's contract: the query keys of
// the four tables and the download links that carry the page's filters.
import { endpointKey, endpointUrl } from '@/web/lib/api.ts';
import type { ExportFormat } from '@/web/components/export-menu.tsx';
import { productionAnalyticsEndpoints as api } from '../production-analytics.endpoints.ts';

/** The page's filter (null: none). */
export interface AnalyticsFilter {
  from: string;
  to: string;
  departmentId: number | null;
  workerId: number | null;
}

export type AnalyticsTable = 'workers' | 'departments' | 'operations' | 'pauses';

const period = (f: AnalyticsFilter) => ({ from: f.from, to: f.to });
const withDepartment = (f: AnalyticsFilter) => ({
  ...period(f),
  ...(f.departmentId !== null ? { departmentId: f.departmentId } : {}),
});
const withWorker = (f: AnalyticsFilter) => ({
  ...withDepartment(f),
  ...(f.workerId !== null ? { workerId: f.workerId } : {}),
});

/** Each table's query: departments take the period only, operations the department too, the rest the worker too. */
const queries = {
  workers: withWorker,
  departments: period,
  operations: withDepartment,
  pauses: withWorker,
} as const;

export const analyticsKey = (table: AnalyticsTable, filter: AnalyticsFilter) =>
  endpointKey(api[table], { query: queries[table](filter) });

export const analyticsExportUrl = (table: AnalyticsTable, filter: AnalyticsFilter, format: ExportFormat) =>
  endpointUrl(api[table], { query: { ...queries[table](filter), format } });
