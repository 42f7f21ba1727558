// The calls of the inventory audit pages, typed by the module's contract (warehouse.md §8).
import type { Query } from '@tanstack/react-query';
import type { BodyInput, QueryInput } from '@/shared/endpoint.ts';
import type {
  AuditScope,
  AuditStatus,
  LineFilter,
  UncountedPolicy,
} from '@/modules/inventory-audits/inventory-audits.contract.ts';
import { callEndpoint, endpointKey, endpointListQueryFn, endpointUrl } from '@/web/lib/api.ts';
import { inventoryAuditsEndpoints as api } from '../inventory-audits.endpoints.ts';

/**
 * The list's filter as the page keeps it: the list endpoint's query (the contract's input), each field pinned to
 * what the page's controls hold — 'all', null and '' mean none and are left out of the URL. Its entries become the
 * query parameters in this order.
 */
export type AuditListFilter = QueryInput<typeof api.list> & {
  page: number;
  limit: number;
  search: string;
  sort: string;
  status: AuditStatus | 'all';
  scope: AuditScope | 'all';
  warehouseId: number | null;
  dateFrom: string;
  dateTo: string;
};

/** The first part of every key of this module's audits, lists and lines (not of anything else). */
export const auditsKeyHead = endpointKey(api.list)[0];
export const auditListQueryKey = (filter: AuditListFilter) => endpointKey(api.list, { query: filter });
/** One audit: the key is also its URL. */
export const auditQueryKey = (id: number) => endpointKey(api.get, { params: { id } });
/** Its lines, all of them or those of a filter ('moved'). */
export const auditLinesQueryKey = (id: number, filter: LineFilter | 'all') =>
  endpointKey(api.lines, { params: { id }, query: { filter } });

/** The units a line's count may be typed in. */
export const auditItemUnitsKey = (itemId: number) => endpointKey(api.itemUnits, { query: { itemId } });

export const isAuditListQuery = (query: Query) =>
  query.queryKey[0] === auditsKeyHead && typeof query.queryKey[1] === 'object';

export const auditListQueryFn = endpointListQueryFn(api.list);

export const printUrl = (id: number, form: 'count-sheet' | 'variance') =>
  endpointUrl(form === 'count-sheet' ? api.printCountSheet : api.printVariance, { params: { id } });

export const auditsApi = {
  create: (body: BodyInput<typeof api.create>) => callEndpoint(api.create, { body }),
  remove: (id: number) => callEndpoint(api.remove, { params: { id } }),
  start: (id: number, version: number) => callEndpoint(api.start, { params: { id }, body: { version } }),
  post: (id: number, uncounted: UncountedPolicy, version: number) =>
    callEndpoint(api.post, { params: { id }, body: { uncounted, version } }),
  cancel: (id: number, reason: string) => callEndpoint(api.cancel, { params: { id }, body: { reason } }),
  /** The count as typed, in `unitId` when another unit of the stock unit's type was chosen. */
  count: (id: number, lineId: number, countedQty: string | null, unitId: number | null = null) =>
    callEndpoint(api.updateLine, {
      params: { id, lineId },
      body: unitId === null || countedQty === null ? { countedQty } : { countedQty, unitId },
    }),
  /** A serial-tracked line: the serials found (the count is their number). */
  countSerials: (id: number, lineId: number, serials: string[]) =>
    callEndpoint(api.updateLine, { params: { id, lineId }, body: { serials } }),
  updateLine: (id: number, lineId: number, body: { reason?: string | null; unitCost?: string | null }) =>
    callEndpoint(api.updateLine, { params: { id, lineId }, body }),
  addLine: (id: number, itemId: number) => callEndpoint(api.addLine, { params: { id }, body: { itemId } }),
  scan: (id: number, code: string) => callEndpoint(api.scan, { params: { id }, body: { code } }),
};
