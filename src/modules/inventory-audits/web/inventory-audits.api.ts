// The calls of the inventory audit pages, typed by the module's contract (warehouse.md §8).
import type { Query } from '@tanstack/react-query';
import type {
  Audit,
  AuditCreateBody,
  AuditLine,
  AuditScope,
  AuditStatus,
  AuditSummary,
  LineFilter,
  ScanResult,
  UncountedPolicy,
} from '@/modules/inventory-audits/inventory-audits.contract.ts';
import { apiRequest, getListQueryFn } from '@/web/lib/api.ts';

export const AUDITS_URL = '/api/inventory-audits';

/** The list's filter; its entries become the query parameters in this order ('all', null and '' are left out). */
export interface AuditListFilter {
  page: number;
  limit: number;
  search: string;
  sort: string;
  status: AuditStatus | 'all';
  scope: AuditScope | 'all';
  warehouseId: number | null;
}

export const auditListQueryKey = (filter: AuditListFilter) => [AUDITS_URL, filter] as const;
/** One audit: the key is also its URL (`/api/inventory-audits/5`). */
export const auditQueryKey = (id: number) => [AUDITS_URL, id] as const;
/** Its lines (`/api/inventory-audits/5/lines?filter=moved`). */
export const auditLinesQueryKey = (id: number, filter: LineFilter | 'all') =>
  [AUDITS_URL, id, 'lines', { filter }] as const;

export const isAuditListQuery = (query: Query) =>
  query.queryKey[0] === AUDITS_URL && typeof query.queryKey[1] === 'object';

export const auditListQueryFn = getListQueryFn<AuditSummary>();

export const printUrl = (id: number, form: 'count-sheet' | 'variance') => `${AUDITS_URL}/${id}/print/${form}`;

export const auditsApi = {
  create: (body: AuditCreateBody) => apiRequest<Audit>('POST', AUDITS_URL, body),
  remove: (id: number) => apiRequest<unknown>('DELETE', `${AUDITS_URL}/${id}`),
  start: (id: number, version: number) => apiRequest<Audit>('POST', `${AUDITS_URL}/${id}/start`, { version }),
  post: (id: number, uncounted: UncountedPolicy, version: number) =>
    apiRequest<Audit>('POST', `${AUDITS_URL}/${id}/post`, { uncounted, version }),
  cancel: (id: number, reason: string) => apiRequest<Audit>('POST', `${AUDITS_URL}/${id}/cancel`, { reason }),
  count: (id: number, lineId: number, countedQty: string | null) =>
    apiRequest<AuditLine>('PATCH', `${AUDITS_URL}/${id}/lines/${lineId}`, { countedQty }),
  updateLine: (id: number, lineId: number, body: { reason?: string | null; unitCost?: string | null }) =>
    apiRequest<AuditLine>('PATCH', `${AUDITS_URL}/${id}/lines/${lineId}`, body),
  addLine: (id: number, itemId: number) => apiRequest<AuditLine>('POST', `${AUDITS_URL}/${id}/lines`, { itemId }),
  scan: (id: number, code: string) => apiRequest<ScanResult>('POST', `${AUDITS_URL}/${id}/scan`, { code }),
};
