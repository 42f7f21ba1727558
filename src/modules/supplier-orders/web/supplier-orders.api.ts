// The calls of the supplier orders page, typed by the module's contract (warehouse.md §5).
import type { Query } from '@tanstack/react-query';
import type {
  Order,
  OrderBody,
  OrderReceipt,
  OrderStatus,
  OrderSummary,
} from '@/modules/supplier-orders/supplier-orders.contract.ts';
import type { Receipt } from '@/modules/supplier-receipts/supplier-receipts.contract.ts';
import { apiRequest, getListQueryFn } from '@/web/lib/api.ts';

export const ORDERS_URL = '/api/supplier-orders';

/** The list's filter; its entries become the query parameters in this order ('all', null and '' are left out). */
export interface OrderListFilter {
  page: number;
  limit: number;
  search: string;
  sort: string;
  status: OrderStatus | 'all';
  supplierId: number | null;
  dateFrom: string;
  dateTo: string;
  /** 'true' or '' (all). */
  overdue: 'true' | '';
}

export const orderListQueryKey = (filter: OrderListFilter) => [ORDERS_URL, filter] as const;
export const orderStatsQueryKey = [ORDERS_URL, 'stats'] as const;
export const orderQueryKey = (id: number) => [ORDERS_URL, id] as const;
export const orderReceiptsQueryKey = (id: number) => [ORDERS_URL, id, 'receipts'] as const;

/** Everything of this page (lists, stats, an open order and its receipts) after a change. */
export const isOrdersQuery = (query: Query) => query.queryKey[0] === ORDERS_URL;

export const orderListQueryFn = getListQueryFn<OrderSummary>();

export type OrderPatch = Partial<OrderBody> & { version: number };
export interface ReceiveBody {
  supplierDocNumber: string;
  supplierDocDate: string;
  documentTypeId?: number | null;
  warehouseId?: number | null;
}

export const ordersApi = {
  get: (id: number) => apiRequest<Order>('GET', `${ORDERS_URL}/${id}`),
  receipts: (id: number) => apiRequest<OrderReceipt[]>('GET', `${ORDERS_URL}/${id}/receipts`),
  create: (body: OrderBody) => apiRequest<Order>('POST', ORDERS_URL, body),
  update: (id: number, body: OrderPatch) => apiRequest<Order>('PATCH', `${ORDERS_URL}/${id}`, body),
  remove: (id: number) => apiRequest<unknown>('DELETE', `${ORDERS_URL}/${id}`),
  send: (id: number, version: number) => apiRequest<Order>('POST', `${ORDERS_URL}/${id}/send`, { version }),
  confirm: (id: number, body: { version: number; expectedDate: string | null; supplierReference: string | null }) =>
    apiRequest<Order>('POST', `${ORDERS_URL}/${id}/confirm`, body),
  returnToDraft: (id: number, version: number) =>
    apiRequest<Order>('POST', `${ORDERS_URL}/${id}/return-to-draft`, { version }),
  close: (id: number, version: number, reason: string) =>
    apiRequest<Order>('POST', `${ORDERS_URL}/${id}/close`, { version, reason }),
  cancel: (id: number, version: number, reason: string) =>
    apiRequest<Order>('POST', `${ORDERS_URL}/${id}/cancel`, { version, reason }),
  receive: (id: number, body: ReceiveBody) => apiRequest<Receipt>('POST', `${ORDERS_URL}/${id}/receive`, body),
  printUrl: (id: number) => `${ORDERS_URL}/${id}/print/order`,
};
