// The calls of the supplier receipts page, typed by the module's contract (warehouse.md §6).
import type { Query } from '@tanstack/react-query';
import type { BodyInput, QueryInput, ResponseOf } from '@/shared/endpoint.ts';
import type {
  ReceiptLineSerials,
  ReceiptStatus,
  receiptCreateSchema,
} from '@/modules/supplier-receipts/supplier-receipts.contract.ts';
import type { z } from '@/shared/zod-uk.ts';
import { apiRequest, callEndpoint, endpointKey, endpointListQueryFn, endpointUrl } from '@/web/lib/api.ts';
import { supplierReceiptsEndpoints as api } from '../supplier-receipts.endpoints.ts';

/**
 * The list's filter as the page keeps it: the list endpoint's query (the contract's input), each field pinned to
 * what the page's controls hold — 'all', null and '' mean none and are left out of the URL. Its entries become the
 * query parameters in this order.
 */
export type ReceiptListFilter = QueryInput<typeof api.list> & {
  page: number;
  limit: number;
  search: string;
  sort: string;
  status: ReceiptStatus | 'all';
  supplierId: number | null;
  warehouseId: number | null;
  dateFrom: string;
  dateTo: string;
};

/** The units a line of the item may be entered in. */
export const receiptItemUnitsKey = (itemId: number) => endpointKey(api.itemUnits, { query: { itemId } });

export function receiptListQueryKey(filter: ReceiptListFilter) {
  return endpointKey(api.list, { query: filter });
}

/** One document: the key is also its URL. */
export function receiptQueryKey(id: number) {
  return endpointKey(api.get, { params: { id } });
}

const receiptsKeyHead = endpointKey(api.list)[0];
/** Every list of this page (not the open document, whose form holds its own copy). */
export const isReceiptListQuery = (query: Query) =>
  query.queryKey[0] === receiptsKeyHead && typeof query.queryKey[1] === 'object';

export const receiptListQueryFn = endpointListQueryFn(api.list);

/** What POST sends: the contract schema's output (decimal points, nulls, defaults filled). */
export type ReceiptBody = z.output<typeof receiptCreateSchema>;
/** What PATCH sends: the version read, the header fields that changed and, when they changed, all the lines. */
export type ReceiptPatch = BodyInput<typeof api.update>;

/** 'Прибуткова накладна' of a receipt, a PDF the browser opens in a new tab. */
export const receiptPrintUrl = (id: number) => endpointUrl(api.print, { params: { id } });

/** The warehouse the server gives a receipt of these items when none is named (a new receipt's form pre-selects it). */
export const defaultWarehouseQuery = (itemIds: readonly number[]) => {
  const query = { itemIds: [...new Set(itemIds)].sort((a, b) => a - b).join(',') };
  return {
    queryKey: endpointKey(api.defaultWarehouse, { query }),
    queryFn: () => callEndpoint(api.defaultWarehouse, { query }),
  };
};

export const receiptsApi = {
  get: (id: number) => callEndpoint(api.get, { params: { id } }),
  create: (body: BodyInput<typeof api.create>) => callEndpoint(api.create, { body }),
  update: (id: number, body: ReceiptPatch) => callEndpoint(api.update, { params: { id }, body }),
  remove: (id: number) => callEndpoint(api.remove, { params: { id } }),
  post: (id: number, version: number, serials: ReceiptLineSerials[] = []) =>
    callEndpoint(api.post, { params: { id }, body: serials.length ? { version, serials } : { version } }),
  cancel: (id: number, reason: string) => callEndpoint(api.cancel, { params: { id }, body: { reason } }),
  scan: (id: number, code: string) => callEndpoint(api.scan, { params: { id }, body: { code } }),
  /**
   * The file goes as its raw body, typed by its extension (CSV or XLSX). A file body is no JSON schema's input, so it
   * is sent with the endpoint's own method and URL through the one fetch helper.
   */
  importLines: (id: number, file: File) => {
    const name = file.name.toLowerCase();
    const type = name.endsWith('.xlsx') ? XLSX_MIME : name.endsWith('.csv') ? 'text/csv' : file.type || 'text/csv';
    return apiRequest<ResponseOf<typeof api.importLines>>(
      api.importLines.method,
      endpointUrl(api.importLines, { params: { id } }),
      new Blob([file], { type }),
    );
  },
};

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
