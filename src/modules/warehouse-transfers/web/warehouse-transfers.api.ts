// The calls of the transfers page, typed by the module's contract (warehouse.md §7).
import type { Query } from '@tanstack/react-query';
import type { BodyInput, QueryInput } from '@/shared/endpoint.ts';
import type {
  AvailabilityRow,
  TransferLineSerials,
  TransferStats,
  TransferStatus,
} from '@/modules/warehouse-transfers/warehouse-transfers.contract.ts';
import { callEndpoint, endpointKey, endpointListQueryFn, endpointUrl } from '@/web/lib/api.ts';
import { warehouseTransfersEndpoints as api } from '../warehouse-transfers.endpoints.ts';

/**
 * The list's filter as the page keeps it: the list endpoint's query (the contract's input), each field pinned to
 * what the page's controls hold — 'all', null and '' mean none and are left out of the URL. Its entries become the
 * query parameters in this order.
 */
export type TransferListFilter = QueryInput<typeof api.list> & {
  page: number;
  limit: number;
  search: string;
  sort: string;
  status: TransferStatus | 'all';
  warehouseId: number | null;
  dateFrom: string;
  dateTo: string;
};

export function transferListQueryKey(filter: TransferListFilter) {
  return endpointKey(api.list, { query: filter });
}

/** One document: the key is also its URL. */
export function transferQueryKey(id: number) {
  return endpointKey(api.get, { params: { id } });
}

export const transferStatsQueryKey = endpointKey(api.stats);

/** The source warehouse's stock of the lines' items. */
export function availabilityQueryKey(warehouseId: number, itemIds: readonly number[]) {
  return endpointKey(api.availability, {
    query: { warehouseId, itemIds: [...itemIds].sort((a, b) => a - b).join(',') },
  });
}

/** The units a line of the item may be entered in. */
export const transferItemUnitsKey = (itemId: number) => endpointKey(api.itemUnits, { query: { itemId } });

const transfersKeyHead = endpointKey(api.list)[0];
const statsKeyHead = transferStatsQueryKey[0];
/** Every list and the stats of this page (not an open document, whose form holds its own copy). */
export const isTransferListQuery = (query: Query) =>
  query.queryKey[0] === statsKeyHead ||
  (query.queryKey[0] === transfersKeyHead && typeof query.queryKey[1] === 'object');

export const transferListQueryFn = endpointListQueryFn(api.list);

export const printUrl = (id: number) => endpointUrl(api.print, { params: { id } });

export type { AvailabilityRow, TransferStats };

export const transfersApi = {
  get: (id: number) => callEndpoint(api.get, { params: { id } }),
  create: (body: BodyInput<typeof api.create>) => callEndpoint(api.create, { body }),
  update: (id: number, body: BodyInput<typeof api.update>) => callEndpoint(api.update, { params: { id }, body }),
  remove: (id: number) => callEndpoint(api.remove, { params: { id } }),
  post: (id: number, version: number, serials: TransferLineSerials[] = []) =>
    callEndpoint(api.post, { params: { id }, body: serials.length ? { version, serials } : { version } }),
  cancel: (id: number, reason: string) => callEndpoint(api.cancel, { params: { id }, body: { reason } }),
};
