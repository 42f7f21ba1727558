// The calls of the transfers page, typed by the module's contract (warehouse.md §7).
import type { Query } from '@tanstack/react-query';
import type {
  AvailabilityRow,
  Transfer,
  TransferCreateBody,
  TransferLineSerials,
  TransferStats,
  TransferStatus,
  TransferSummary,
  TransferUpdateBody,
} from '@/modules/warehouse-transfers/warehouse-transfers.contract.ts';
import { apiRequest, getListQueryFn } from '@/web/lib/api.ts';

export const TRANSFERS_URL = '/api/warehouse-transfers';
export const TRANSFERS_STATS_URL = `${TRANSFERS_URL}/stats`;

/** The list's filter; its entries become the query parameters in this order ('all', null and '' are left out). */
export interface TransferListFilter {
  page: number;
  limit: number;
  search: string;
  sort: string;
  status: TransferStatus | 'all';
  warehouseId: number | null;
  dateFrom: string;
  dateTo: string;
}

export function transferListQueryKey(filter: TransferListFilter) {
  return [TRANSFERS_URL, filter] as const;
}

/** One document: the key is also its URL (`/api/warehouse-transfers/5`). */
export function transferQueryKey(id: number) {
  return [TRANSFERS_URL, id] as const;
}

export const transferStatsQueryKey = [TRANSFERS_STATS_URL] as const;

/** The source warehouse's stock of the lines' items. */
export function availabilityQueryKey(warehouseId: number, itemIds: readonly number[]) {
  return [`${TRANSFERS_URL}/availability`, { warehouseId, itemIds: [...itemIds].sort((a, b) => a - b).join(',') }];
}

/** Every list and the stats of this page (not an open document, whose form holds its own copy). */
export const isTransferListQuery = (query: Query) =>
  query.queryKey[0] === TRANSFERS_STATS_URL ||
  (query.queryKey[0] === TRANSFERS_URL && typeof query.queryKey[1] === 'object');

export const transferListQueryFn = getListQueryFn<TransferSummary>();

export const printUrl = (id: number) => `${TRANSFERS_URL}/${id}/print/transfer-note`;

export type { AvailabilityRow, TransferStats };

export const transfersApi = {
  get: (id: number) => apiRequest<Transfer>('GET', `${TRANSFERS_URL}/${id}`),
  create: (body: TransferCreateBody) => apiRequest<Transfer>('POST', TRANSFERS_URL, body),
  update: (id: number, body: Partial<TransferCreateBody> & { version: number }) =>
    apiRequest<Transfer>('PATCH', `${TRANSFERS_URL}/${id}`, body satisfies Partial<TransferUpdateBody>),
  remove: (id: number) => apiRequest<unknown>('DELETE', `${TRANSFERS_URL}/${id}`),
  post: (id: number, version: number, serials: TransferLineSerials[] = []) =>
    apiRequest<Transfer>('POST', `${TRANSFERS_URL}/${id}/post`, serials.length ? { version, serials } : { version }),
  cancel: (id: number, reason: string) => apiRequest<Transfer>('POST', `${TRANSFERS_URL}/${id}/cancel`, { reason }),
};
