// The calls of a declared resource's page: list, lookups, create/update/delete, export links and import.
// Every request goes through the one fetch helper (src/web/lib/api.ts); only the URLs are built here.
import type { QueryFunction, QueryFunctionContext, QueryKey } from '@tanstack/react-query';
import type { ResourceDef } from '@/resources/_engine/define-resource.ts';
import { apiRequest, getListQueryFn, type ListPage } from '@/web/lib/api.ts';

/** A row as the list and the item endpoints answer it: camelCase fields, `<reference>Label`, decimals as strings. */
export interface ResourceRow {
  id: number;
  isActive?: boolean;
  createdAt?: string;
  updatedAt?: string;
  [field: string]: unknown;
}

export const RESOURCE_PAGE_SIZE = 50;
export const LOOKUP_LIMIT = 20;

/** `isActive` of the list: the server shows active rows unless told otherwise. */
export const activeFilters = ['true', 'false', 'all'] as const;
export type ActiveFilter = (typeof activeFilters)[number];

export interface ResourceListFilter {
  page: number;
  limit: number;
  search: string;
  sort: string;
  isActive: ActiveFilter;
  /** Values of the fields with `filter: true`; a missing key means no filter. */
  filters: Readonly<Record<string, string>>;
}

export function initialListFilter(def: ResourceDef): ResourceListFilter {
  return { page: 1, limit: RESOURCE_PAGE_SIZE, search: '', sort: def.defaultSort, isActive: 'true', filters: {} };
}

/** `/api/units` — also the first part of every query key of the resource, so one prefix invalidates them. */
export function resourceBase(def: ResourceDef): string {
  return `/api${def.route}`;
}

/** The lookup of a referenced route ('/departments' → '/api/lookups/departments'). */
export function lookupBase(route: string): string {
  return `/api/lookups${route}`;
}

/** The search, sort and filters of a list, shared by the list itself and its export. */
function filterParams(def: ResourceDef, filter: ResourceListFilter, params: URLSearchParams): URLSearchParams {
  if (filter.search) params.set('search', filter.search);
  if (filter.sort) params.set('sort', filter.sort);
  // Always sent, 'all' included: api.ts's query keys drop 'all', which would mean "active only" here.
  if (def.hasActiveFlag) params.set('isActive', filter.isActive);
  for (const field of def.fields) {
    const value = filter.filters[field.name];
    if (field.filter && value !== undefined && value !== '') params.set(field.name, value);
  }
  for (const derived of def.derivedFilters ?? []) {
    const value = filter.filters[derived.name];
    if (value !== undefined && value !== '') params.set(derived.name, value);
  }
  return params;
}

export function listUrl(def: ResourceDef, filter: ResourceListFilter): string {
  const params = new URLSearchParams({ page: String(filter.page), limit: String(filter.limit) });
  return `${resourceBase(def)}?${filterParams(def, filter, params).toString()}`;
}

export type ExportFormat = 'csv' | 'xlsx';

/** A plain link: the browser downloads the file itself (same origin, the session cookie goes with it). */
export function exportUrl(def: ResourceDef, filter: ResourceListFilter, format: ExportFormat): string {
  const params = new URLSearchParams({ format });
  return `${resourceBase(def)}/export?${filterParams(def, filter, params).toString()}`;
}

export function listQueryKey(def: ResourceDef, filter: ResourceListFilter) {
  return [resourceBase(def), filter] as const;
}

const listPageQueryFn = getListQueryFn<ResourceRow>();

/**
 * The list's query function, for the keys of listQueryKey: the filter is the key's second part, and the URL comes
 * from listUrl (not from the key) so that `isActive=all` is sent.
 */
export function listQueryFn(def: ResourceDef): QueryFunction<ListPage<ResourceRow>> {
  return (context) => {
    const filter = context.queryKey[1] as ResourceListFilter;
    return listPageQueryFn({ ...context, queryKey: [listUrl(def, filter)] } as QueryFunctionContext<QueryKey>);
  };
}

/** One entry of a lookup (GET /api/lookups/<route>?search=&limit=20). */
export interface LookupItem {
  id: number;
  label: string;
}

/** Query key of a lookup; the default query function turns it into `/api/lookups/<route>?search=…&limit=20`. */
export function lookupQueryKey(route: string, search: string) {
  return [lookupBase(route), { search, limit: LOOKUP_LIMIT }] as const;
}

export interface ImportColumn {
  header: string;
  field: string | null;
}

export const importRowStatuses = ['new', 'update', 'error'] as const;
export type ImportRowStatus = (typeof importRowStatuses)[number];

export interface ImportRow {
  /** 1-based line of the file. */
  row: number;
  status: ImportRowStatus;
  messages: string[];
  values: Record<string, unknown>;
}

export interface ImportPreview {
  columns: ImportColumn[];
  rows: ImportRow[];
  counts: Record<ImportRowStatus, number>;
}

export interface ImportResult {
  created: number;
  updated: number;
}

/** File header → field name, '' to skip the column. */
export type ImportMapping = Record<string, string>;

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The import formats by extension; browsers type CSV inconsistently (Windows says application/vnd.ms-excel). */
export function importFileType(fileName: string): string | undefined {
  const name = fileName.toLowerCase();
  if (name.endsWith('.csv')) return 'text/csv';
  if (name.endsWith('.xlsx')) return XLSX_TYPE;
  return undefined;
}

export const importAccept = `.csv,.xlsx,text/csv,${XLSX_TYPE}`;

export function importUrl(
  def: ResourceDef,
  { dryRun, mapping, fileName }: { dryRun: boolean; mapping?: ImportMapping; fileName?: string },
) {
  const params: string[] = [];
  if (dryRun) params.push('dryRun=1');
  if (fileName) params.push(`fileName=${encodeURIComponent(fileName.slice(0, 200))}`);
  if (mapping) params.push(`mapping=${encodeURIComponent(JSON.stringify(mapping))}`);
  return `${resourceBase(def)}/import${params.length > 0 ? `?${params.join('&')}` : ''}`;
}

/** The raw file as the request body, typed by its extension (apiRequest sends a Blob as it is). */
function importBody(file: File): Blob {
  return file.slice(0, file.size, importFileType(file.name) ?? file.type);
}

export function resourceApi(def: ResourceDef) {
  const base = resourceBase(def);
  return {
    create: (body: Record<string, unknown>) => apiRequest<ResourceRow>('POST', base, body),
    update: (id: number, body: Record<string, unknown>) => apiRequest<ResourceRow>('PATCH', `${base}/${id}`, body),
    deactivate: (id: number) => apiRequest<ResourceRow>('PATCH', `${base}/${id}`, { isActive: false }),
    remove: (id: number) => apiRequest<unknown>('DELETE', `${base}/${id}`),
    importDryRun: (file: File, mapping?: ImportMapping) =>
      apiRequest<ImportPreview>('POST', importUrl(def, { dryRun: true, mapping }), importBody(file)),
    importCommit: (file: File, mapping?: ImportMapping) =>
      apiRequest<ImportResult>(
        'POST',
        importUrl(def, { dryRun: false, mapping, fileName: file.name }),
        importBody(file),
      ),
  };
}
