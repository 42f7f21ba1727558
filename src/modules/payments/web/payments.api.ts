// The calls of the payments page, typed by the module's contract and named by its endpoints (sales.md §2, decision
// 0016).
import type { Query, QueryClient } from '@tanstack/react-query';
import type {
  BankTransaction,
  BankTransactionSource,
  BankTransactionStatus,
  PaymentMethod,
  PaymentStatus,
  PaymentSummary,
  PaymentType,
} from '@/modules/payments/payments.contract.ts';
import type { BodyInput, QueryInput, ResponseOf } from '@/shared/endpoint.ts';
import { apiRequest, callEndpoint, endpointKey, endpointUrl, getListQueryFn } from '@/web/lib/api.ts';
import { ordersEndpoints } from '@/modules/orders/orders.endpoints.ts';
import { paymentsEndpoints as api } from '../payments.endpoints.ts';

export const PAYMENTS_ROUTE = '/payments';
/** The sidebar badge's key (src/web/app/badges.ts): the page's cards read the same query, so both move together. */
export const paymentStatsQueryKey = endpointKey(api.stats);
export const paymentSettingsQueryKey = endpointKey(api.settings);

/** The register's filter: the contract's query, with the fields the page always keeps set ('all', null, '' = none). */
export type PaymentListFilter = QueryInput<typeof api.list> & {
  page: number;
  limit: number;
  search: string;
  sort: string;
  status: PaymentStatus | 'all';
  method: PaymentMethod | 'all';
  type: PaymentType | 'all';
  clientId: number | null;
  dateFrom: string;
  dateTo: string;
  unallocated: boolean | null;
};

export const paymentListQueryKey = (filter: PaymentListFilter) => endpointKey(api.list, { query: filter });
export const paymentListQueryFn = getListQueryFn<PaymentSummary>();

/** One payment: the key is also its URL (/api/payments/5). */
export const paymentQueryKey = (id: number) => endpointKey(api.get, { params: { id } });
export const proposalsQueryKey = (id: number) => endpointKey(api.matchProposals, { params: { id } });
/** The order(s) the payment is allocated to (the view's linked documents). */
export const paymentRelatedQueryKey = (id: number) => endpointKey(api.related, { params: { id } });

/** The bank operations' filter: the contract's query, with the fields the tab always keeps set. */
export type BankListFilter = QueryInput<typeof api.bankTransactions> & {
  page: number;
  limit: number;
  search: string;
  sort: string;
  status: BankTransactionStatus | 'all';
  source: BankTransactionSource | 'all';
};
export const bankListQueryKey = (filter: BankListFilter) => endpointKey(api.bankTransactions, { query: filter });
export const bankListQueryFn = getListQueryFn<BankTransaction>();

export type OpenOrdersParams = QueryInput<typeof api.openOrders>;
export const openOrdersQueryKey = (params: OpenOrdersParams) => endpointKey(api.openOrders, { query: params });

const PAYMENTS_KEY = String(endpointKey(api.list)[0]);
/** The orders' keys start with this: their paid sums change with a payment. */
const ORDERS_KEY = String(endpointKey(ordersEndpoints.list)[0]);

/** Every payments query (lists, documents, stats, bank operations) and the orders whose paid sums changed. */
export const isPaymentsQuery = (query: Query) => {
  const head = String(query.queryKey[0] ?? '');
  return head.startsWith(PAYMENTS_KEY) || head.startsWith(ORDERS_KEY);
};

/** After any change: the lists, the open documents and — the sidebar badge — the stats. */
export function refreshPayments(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ predicate: isPaymentsQuery }),
    queryClient.invalidateQueries({ queryKey: paymentStatsQueryKey }),
  ]);
}

/** The link of the register's export: the filter without its page, and the format. */
export const paymentExportUrl = (filter: PaymentListFilter, format: 'csv' | 'xlsx') => {
  const { page: _p, limit: _l, withProposals: _w, ...rest } = filter;
  return endpointUrl(api.export, { query: { ...rest, format } });
};

export const paymentsApi = {
  create: (body: BodyInput<typeof api.create>) => callEndpoint(api.create, { body }),
  post: (id: number, body: NonNullable<BodyInput<typeof api.post>>) => callEndpoint(api.post, { params: { id }, body }),
  cancel: (id: number, reason: string) => callEndpoint(api.cancel, { params: { id }, body: { reason } }),
  remove: (id: number) => callEndpoint(api.remove, { params: { id } }),
  allocate: (id: number, body: BodyInput<typeof api.allocate>) => callEndpoint(api.allocate, { params: { id }, body }),
  openOrders: (params: OpenOrdersParams) => callEndpoint(api.openOrders, { query: params }),
  /**
   * The statement goes as multipart/form-data: the file and, when chosen, the column profile. No schema describes
   * that body, so the endpoint's method and URL go to the fetch helper directly.
   */
  importStatement: (file: File, profile: string | null) => {
    const form = new FormData();
    form.append('file', file, file.name);
    if (profile) form.append('profile', profile);
    const { method } = api.importStatement;
    return apiRequest<ResponseOf<typeof api.importStatement>>(method, endpointUrl(api.importStatement), form);
  },
  saveSettings: (patch: BodyInput<typeof api.updateSettings>) => callEndpoint(api.updateSettings, { body: patch }),
};
