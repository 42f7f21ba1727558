// The calls of the client orders page, typed by the module's contract and named by its endpoints (sales.md §1 API,
// decision 0016).
import type { Query } from '@tanstack/react-query';
import type { Order, OrderSummary, PaymentStatus } from '@/modules/orders/orders.contract.ts';
import type { BodyInput, QueryInput } from '@/shared/endpoint.ts';
import { callEndpoint, endpointKey, endpointUrl, getListQueryFn } from '@/web/lib/api.ts';
import { shipmentsEndpoints } from '@/modules/shipments/shipments.endpoints.ts';
import { ordersEndpoints as api } from '../orders.endpoints.ts';

/**
 * The list's filter: the contract's query, with the fields the page always keeps set ('all', null and '' are left
 * out of the URL). Its entries become the query parameters in this order.
 */
export type OrderListFilter = QueryInput<typeof api.list> & {
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
};

/** The filter without its page: the totals of everything it matches. */
export const filterOnly = ({ page: _p, limit: _l, sort: _s, ...rest }: OrderListFilter) => rest;

export const orderListQueryKey = (filter: OrderListFilter) => endpointKey(api.list, { query: filter });
export const orderTotalsQueryKey = (filter: OrderListFilter) => endpointKey(api.totals, { query: filterOnly(filter) });
export const orderStatsQueryKey = endpointKey(api.stats);
export const orderSettingsQueryKey = endpointKey(api.settings);
export const orderQueryKey = (id: number) => endpointKey(api.get, { params: { id } });
const tabs = { payments: api.payments, shipments: api.shipments, history: api.history, related: api.related };
export const orderTabQueryKey = (id: number, tab: keyof typeof tabs) => endpointKey(tabs[tab], { params: { id } });
export const clientContextQueryKey = (clientId: number) => endpointKey(api.clientContext, { params: { clientId } });
/** The units a line of the item may be entered in. */
export const orderItemUnitsKey = (itemId: number) => endpointKey(api.itemUnits, { query: { itemId } });

/** The head of the lists' and the orders' keys (/api/orders); the totals, stats and settings keys extend it. */
const ORDERS_KEY = String(endpointKey(api.list)[0]);
/** Everything of this page (lists, totals, stats, settings, an open order and its tabs) after a change. */
export const isOrdersQuery = (query: Query) => {
  const head = String(query.queryKey[0] ?? '');
  return head === ORDERS_KEY || head.startsWith(`${ORDERS_KEY}/`);
};

export const orderListQueryFn = getListQueryFn<OrderSummary>();

export type OrderPatch = BodyInput<typeof api.update>;

/** The state-table actions the drawer runs by their name in `allowedActions`. */
const actions = {
  confirm: api.confirm,
  'return-to-draft': api.returnToDraft,
  close: api.close,
  cancel: api.cancel,
  reserve: api.reserve,
  unreserve: api.unreserve,
  'production-approval': api.productionApproval,
};
export type OrderActionName = keyof typeof actions;

export const ordersApi = {
  create: (body: BodyInput<typeof api.create>) => callEndpoint(api.create, { body }),
  update: (id: number, body: OrderPatch) => callEndpoint(api.update, { params: { id }, body }),
  remove: (id: number, version: number) => callEndpoint(api.remove, { params: { id }, body: { version } }),
  /** Runs a state-table action by its name; each answers the order as it now is. */
  action: <A extends OrderActionName>(id: number, action: A, body: BodyInput<(typeof actions)[A]>): Promise<Order> =>
    // The seven differ only in their body, which `A` has already typed for the caller.
    callEndpoint(actions[action] as typeof api.close, { params: { id }, body: body as BodyInput<typeof api.close> }),
  copy: (id: number) => callEndpoint(api.copy, { params: { id } }),
  sendInvoice: (id: number) => callEndpoint(api.sendInvoice, { params: { id } }),
  /** 'Відвантажити': the shipments module makes the draft of what remains (its endpoint, not this module's). */
  ship: (orderId: number) => callEndpoint(shipmentsEndpoints.create, { body: { orderId } }),
  settings: (patch: BodyInput<typeof api.updateSettings>) => callEndpoint(api.updateSettings, { body: patch }),
  printUrl: (id: number, form: 'invoice' | 'departments') =>
    endpointUrl(form === 'invoice' ? api.printInvoice : api.printDepartments, { params: { id } }),
};
