// The calls of the supplier orders page, typed by the module's contract (warehouse.md §5).
import type { Query } from '@tanstack/react-query';
import type { BodyInput, QueryInput } from '@/shared/endpoint.ts';
import type { OrderStatus } from '../supplier-orders.contract.ts';
import { callEndpoint, endpointKey, endpointListQueryFn, endpointUrl } from '@/web/lib/api.ts';
import { supplierOrdersEndpoints as api } from '../supplier-orders.endpoints.ts';

/**
 * The list's filter as the page keeps it: the list endpoint's query (the contract's input), each field pinned to
 * what the page's controls hold — 'all', null and '' mean none and are left out of the URL. Its entries become the
 * query parameters in this order.
 */
export type OrderListFilter = QueryInput<typeof api.list> & {
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
};

export const orderListQueryKey = (filter: OrderListFilter) => endpointKey(api.list, { query: filter });
export const orderStatsQueryKey = endpointKey(api.stats);
export const orderQueryKey = (id: number) => endpointKey(api.get, { params: { id } });
export const orderReceiptsQueryKey = (id: number) => endpointKey(api.receipts, { params: { id } });

const ordersKeyHead = endpointKey(api.list)[0];
const statsKeyHead = orderStatsQueryKey[0];
/** Everything of this page (lists, stats, an open order and its receipts) after a change. */
export const isOrdersQuery = (query: Query) =>
  query.queryKey[0] === ordersKeyHead || query.queryKey[0] === statsKeyHead;

export const orderListQueryFn = endpointListQueryFn(api.list);

export type OrderCreateBody = BodyInput<typeof api.create>;
export type OrderPatch = BodyInput<typeof api.update>;
export type ReceiveBody = BodyInput<typeof api.receive>;
export type ConfirmBody = NonNullable<BodyInput<typeof api.confirm>>;

export const ordersApi = {
  get: (id: number) => callEndpoint(api.get, { params: { id } }),
  receipts: (id: number) => callEndpoint(api.receipts, { params: { id } }),
  create: (body: OrderCreateBody) => callEndpoint(api.create, { body }),
  update: (id: number, body: OrderPatch) => callEndpoint(api.update, { params: { id }, body }),
  remove: (id: number) => callEndpoint(api.remove, { params: { id } }),
  send: (id: number, version: number) => callEndpoint(api.send, { params: { id }, body: { version } }),
  confirm: (id: number, body: ConfirmBody) => callEndpoint(api.confirm, { params: { id }, body }),
  returnToDraft: (id: number, version: number) =>
    callEndpoint(api.returnToDraft, { params: { id }, body: { version } }),
  close: (id: number, version: number, reason: string) =>
    callEndpoint(api.close, { params: { id }, body: { version, reason } }),
  cancel: (id: number, version: number, reason: string) =>
    callEndpoint(api.cancel, { params: { id }, body: { version, reason } }),
  receive: (id: number, body: ReceiveBody) => callEndpoint(api.receive, { params: { id }, body }),
  printUrl: (id: number) => endpointUrl(api.print, { params: { id } }),
};
