// The calls of the 'Розширені звіти' page (reports-admin.md §3), typed by the module's contract: the catalogue, one
// page of a report with its parameters, and the download of every row as CSV, XLSX or PDF.
import { endpointKey, endpointUrl } from '@/web/lib/api.ts';
import type { CatalogueEntry } from '../advanced-reports.contract.ts';
import { advancedReportsEndpoints as api } from '../advanced-reports.endpoints.ts';

export const PAGE_SIZE = 50;

/** The page's state as the address keeps it: the report, every parameter any report takes, the page, 'run'. */
export type ReportFilter = Record<string, string | number | null> & { report: string; page: number; run: string };

/** The names a report's form sets (a period is `from` and `to`). */
export const paramNames = (entry: CatalogueEntry): string[] =>
  entry.params.flatMap((p) => (p.kind === 'period' ? ['from', 'to'] : [p.name]));

/** The report's own parameters from the page's state: only the ones it takes, only those set. */
export function reportParams(entry: CatalogueEntry, filter: ReportFilter): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of paramNames(entry)) {
    const value = filter[name];
    if (value !== null && value !== undefined && value !== '') out[name] = String(value);
  }
  return out;
}

export const catalogueKey = () => endpointKey(api.catalogue);

export const reportKey = (entry: CatalogueEntry, filter: ReportFilter) =>
  endpointKey(api.report, {
    params: { key: entry.key },
    query: { ...reportParams(entry, filter), page: String(filter.page), pageSize: String(PAGE_SIZE) },
  });

/** Every row of the report with the form's parameters, as a download. */
export const reportExportUrl = (entry: CatalogueEntry, filter: ReportFilter, format: 'csv' | 'xlsx' | 'pdf') =>
  endpointUrl(api.report, { params: { key: entry.key }, query: { ...reportParams(entry, filter), format } });
