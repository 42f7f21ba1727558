// The calls of the supplier receipts page, typed by the module's contract (warehouse.md §6).
import type { Query } from '@tanstack/react-query';
import type {
  Receipt,
  ReceiptLineSerials,
  ReceiptCreateInput,
  ReceiptScanResult,
  ReceiptStatus,
  ReceiptSummary,
  receiptCreateSchema,
} from '@/modules/supplier-receipts/supplier-receipts.contract.ts';
import type { z } from '@/shared/zod-uk.ts';
import { apiRequest, getListQueryFn } from '@/web/lib/api.ts';

export const RECEIPTS_URL = '/api/supplier-receipts';

/** The list's filter; its entries become the query parameters in this order ('all', null and '' are left out). */
export interface ReceiptListFilter {
  page: number;
  limit: number;
  search: string;
  sort: string;
  status: ReceiptStatus | 'all';
  supplierId: number | null;
  warehouseId: number | null;
  dateFrom: string;
  dateTo: string;
}

export function receiptListQueryKey(filter: ReceiptListFilter) {
  return [RECEIPTS_URL, filter] as const;
}

/** One document: the key is also its URL (`/api/supplier-receipts/5`). */
export function receiptQueryKey(id: number) {
  return [RECEIPTS_URL, id] as const;
}

/** Every list of this page (not the open document, whose form holds its own copy). */
export const isReceiptListQuery = (query: Query) =>
  query.queryKey[0] === RECEIPTS_URL && typeof query.queryKey[1] === 'object';

export const receiptListQueryFn = getListQueryFn<ReceiptSummary>();

/** What POST sends: the contract schema's output (decimal points, nulls, defaults filled). */
export type ReceiptBody = z.output<typeof receiptCreateSchema>;
/** What PATCH sends: the version read, the header fields that changed and, when they changed, all the lines. */
export type ReceiptPatch = Partial<ReceiptBody> & { version: number };

/** 'Прибуткова накладна' of a receipt, a PDF the browser opens in a new tab. */
export const receiptPrintUrl = (id: number) => `${RECEIPTS_URL}/${id}/print/receipt`;

export const receiptsApi = {
  get: (id: number) => apiRequest<Receipt>('GET', `${RECEIPTS_URL}/${id}`),
  create: (body: ReceiptBody | ReceiptCreateInput) => apiRequest<Receipt>('POST', RECEIPTS_URL, body),
  update: (id: number, body: ReceiptPatch) => apiRequest<Receipt>('PATCH', `${RECEIPTS_URL}/${id}`, body),
  remove: (id: number) => apiRequest<unknown>('DELETE', `${RECEIPTS_URL}/${id}`),
  post: (id: number, version: number, serials: ReceiptLineSerials[] = []) =>
    apiRequest<Receipt>('POST', `${RECEIPTS_URL}/${id}/post`, serials.length ? { version, serials } : { version }),
  cancel: (id: number, reason: string) => apiRequest<Receipt>('POST', `${RECEIPTS_URL}/${id}/cancel`, { reason }),
  scan: (id: number, code: string) => apiRequest<ReceiptScanResult>('POST', `${RECEIPTS_URL}/${id}/scan`, { code }),
  /** The file goes as its raw body, typed by its extension (CSV or XLSX). */
  importLines: (id: number, file: File) => {
    const name = file.name.toLowerCase();
    const type = name.endsWith('.xlsx') ? XLSX_MIME : name.endsWith('.csv') ? 'text/csv' : file.type || 'text/csv';
    return apiRequest<Receipt>('POST', `${RECEIPTS_URL}/${id}/import-lines`, new Blob([file], { type }));
  },
};

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
