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
/** The units a line of the item may be entered in. */
export const orderItemUnitsKey = (itemId: number) => endpointKey(api.itemUnits, { query: { itemId } });

const ordersKeyHead = endpointKey(api.list)[0];
const statsKeyHead = orderStatsQueryKey[0];
/** Everything of this page (lists, stats, an open order and its receipts) after a change. */
export const isOrdersQuery = (query: Query) =>
  query.queryKey[0] === ordersKeyHead || query.queryKey[0] === statsKeyHead;

export const orderListQueryFn = endpointListQueryFn(api.list);

/** The receiving warehouse the server gives an order of these items when none is named (the form pre-selects it). */
export const defaultWarehouseQuery = (itemIds: readonly number[]) => {
  const query = { itemIds: [...new Set(itemIds)].sort((a, b) => a - b).join(',') };
  return {
    queryKey: endpointKey(api.defaultWarehouse, { query }),
    queryFn: () => callEndpoint(api.defaultWarehouse, { query }),
  };
};
export type PriceSuggestionQuery = QueryInput<typeof api.priceSuggestion>;

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
  send: (id: number, version: number, email = false) =>
    callEndpoint(api.send, { params: { id }, body: email ? { version, email } : { version } }),
  confirm: (id: number, body: ConfirmBody) => callEndpoint(api.confirm, { params: { id }, body }),
  returnToDraft: (id: number, version: number) =>
    callEndpoint(api.returnToDraft, { params: { id }, body: { version } }),
  close: (id: number, version: number, reason: string) =>
    callEndpoint(api.close, { params: { id }, body: { version, reason } }),
  cancel: (id: number, version: number, reason: string) =>
    callEndpoint(api.cancel, { params: { id }, body: { version, reason } }),
  receive: (id: number, body: ReceiveBody) => callEndpoint(api.receive, { params: { id }, body }),
  /** The supplier's last purchase price of the item, else anyone's (null: none in this currency). */
  priceSuggestion: async (query: PriceSuggestionQuery) =>
    (await callEndpoint(api.priceSuggestion, { query })).suggestion,
  printUrl: (id: number) => endpointUrl(api.print, { params: { id } }),
};
