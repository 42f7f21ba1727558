// The calls of /system-logs, typed by the module's contract and named by its endpoints (decision 0016).
import type { Query } from '@tanstack/react-query';
import type { AuditRow, EventRow } from '@/modules/system-logs/system-logs.contract.ts';
import type { BodyInput, QueryInput } from '@/shared/endpoint.ts';
import { callEndpoint, endpointKey, endpointUrl, getListQueryFn } from '@/web/lib/api.ts';
import { systemLogsEndpoints as api } from '../system-logs.endpoints.ts';

export const SYSTEM_LOGS_ROUTE = '/system-logs';
export const logStatsQueryKey = endpointKey(api.stats);
export const logSettingsQueryKey = endpointKey(api.settings);

/** The journal's filter: the contract's query with the fields the page always keeps ('all', null, '' = none). */
export type AuditFilter = QueryInput<typeof api.auditList> & {
  page: number;
  limit: number;
  search: string;
  sort: string;
  userId: number | null;
  action: string;
  entityType: string;
  entityId: string;
  dateFrom: string;
  dateTo: string;
};
export type EventFilter = QueryInput<typeof api.eventList> & {
  page: number;
  limit: number;
  search: string;
  sort: string;
  level: EventRow['level'] | 'all';
  category: EventRow['category'] | 'all';
  dateFrom: string;
  dateTo: string;
};

/** The query sent: the page's 'all', null and '' mean no filter. */
function sent<F extends object>(filter: F) {
  return Object.fromEntries(
    Object.entries(filter).filter(([, v]) => v !== 'all' && v !== null && v !== '' && v !== undefined),
  ) as Partial<F>;
}

export const auditListQueryKey = (filter: AuditFilter) => endpointKey(api.auditList, { query: sent(filter) });
export const auditListQueryFn = getListQueryFn<AuditRow>();
export const auditDetailQueryKey = (id: number) => endpointKey(api.auditGet, { params: { id } });
export const eventListQueryKey = (filter: EventFilter) => endpointKey(api.eventList, { query: sent(filter) });
export const eventListQueryFn = getListQueryFn<EventRow>();

export function auditExportUrl(filter: AuditFilter, format: 'csv' | 'xlsx') {
  const { page: _p, limit: _l, ...rest } = sent(filter);
  return endpointUrl(api.auditExport, { query: { ...rest, format } });
}
export function eventExportUrl(filter: EventFilter, format: 'csv' | 'xlsx') {
  const { page: _p, limit: _l, ...rest } = sent(filter);
  return endpointUrl(api.eventExport, { query: { ...rest, format } });
}

const EVENTS_KEY = String(endpointKey(api.eventList)[0]);
/** The events' lists and the stats: what a cleanup changes. */
export const isEventsQuery = (query: Query) => {
  const head = String(query.queryKey[0] ?? '');
  return head.startsWith(EVENTS_KEY) || head === String(logStatsQueryKey[0]);
};

export const systemLogsApi = {
  cleanup: (olderThanDays: number) => callEndpoint(api.cleanup, { body: { olderThanDays } }),
  saveSettings: (patch: BodyInput<typeof api.updateSettings>) => callEndpoint(api.updateSettings, { body: patch }),
};
