// The calls of the client orders page, typed by the module's contract (sales.md §1 API).
import type { Query } from '@tanstack/react-query';
import type {
  Order,
  OrderBody,
  OrderSettings,
  OrderSettingsPatch,
  OrderSummary,
  OrderUpdateInput,
  PaymentStatus,
} from '@/modules/orders/orders.contract.ts';
import { apiRequest, getListQueryFn } from '@/web/lib/api.ts';

export const ORDERS_URL = '/api/orders';

/** The list's filter; its entries become the query parameters in this order ('all', null and '' are left out). */
export interface OrderListFilter {
  page: number;
  limit: number;
  search: string;
  sort: string;
  /** One or several statuses, comma-separated ('' = all). */
  status: string;
  paymentStatus: PaymentStatus | 'all';
  companyId: number | null;
  dateFrom: string;
  dateTo: string;
  /** 'true' or '' (all). */
  overdue: 'true' | '';
}

/** The filter without its page: the totals of everything it matches. */
export const filterOnly = ({ page: _p, limit: _l, sort: _s, ...rest }: OrderListFilter) => rest;

export const orderListQueryKey = (filter: OrderListFilter) => [ORDERS_URL, filter] as const;
export const orderTotalsQueryKey = (filter: OrderListFilter) => [ORDERS_URL, 'totals', filterOnly(filter)] as const;
export const orderStatsQueryKey = [ORDERS_URL, 'stats'] as const;
export const orderSettingsQueryKey = [ORDERS_URL, 'settings'] as const;
export const orderQueryKey = (id: number) => [ORDERS_URL, id] as const;
export const orderTabQueryKey = (id: number, tab: 'payments' | 'shipments' | 'history') =>
  [ORDERS_URL, id, tab] as const;
export const clientContextQueryKey = (clientId: number) => [ORDERS_URL, 'clients', clientId] as const;

/** Everything of this page (lists, totals, stats, an open order and its tabs) after a change. */
export const isOrdersQuery = (query: Query) => query.queryKey[0] === ORDERS_URL;

export const orderListQueryFn = getListQueryFn<OrderSummary>();

export type OrderPatch = OrderUpdateInput;

export const ordersApi = {
  create: (body: OrderBody) => apiRequest<Order>('POST', ORDERS_URL, body),
  update: (id: number, body: OrderPatch) => apiRequest<Order>('PATCH', `${ORDERS_URL}/${id}`, body),
  remove: (id: number, version: number) => apiRequest<unknown>('DELETE', `${ORDERS_URL}/${id}`, { version }),
  action: (id: number, action: string, body?: unknown) =>
    apiRequest<Order>('POST', `${ORDERS_URL}/${id}/${action}`, body),
  copy: (id: number) => apiRequest<Order>('POST', `${ORDERS_URL}/${id}/copy`),
  sendInvoice: (id: number) =>
    apiRequest<{ queued: number; recipients: string[] }>('POST', `${ORDERS_URL}/${id}/send-invoice`),
  /** 'Відвантажити': the shipments module makes the draft of what remains. */
  ship: (orderId: number) => apiRequest<{ id: number; number: string }>('POST', '/api/shipments', { orderId }),
  settings: (patch: OrderSettingsPatch) => apiRequest<OrderSettings>('PATCH', `${ORDERS_URL}/settings`, patch),
  printUrl: (id: number, form: 'invoice' | 'departments') => `${ORDERS_URL}/${id}/print/${form}`,
  itemsUrl: (search: string, warehouseId: number | null) =>
    `${ORDERS_URL}/items?search=${encodeURIComponent(search)}${warehouseId ? `&warehouseId=${warehouseId}` : ''}`,
};
