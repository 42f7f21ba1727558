// The calls of the payments page, typed by the module's contract (sales.md §2).
import type { Query, QueryClient } from '@tanstack/react-query';
import type {
  AllocationInput,
  BankTransaction,
  BankTransactionSource,
  BankTransactionStatus,
  ImportResult,
  MatchProposal,
  OpenOrder,
  Payment,
  PaymentCreateInput,
  PaymentMethod,
  PaymentSettings,
  PaymentSettingsPatch,
  PaymentStatus,
  PaymentSummary,
  PaymentType,
} from '@/modules/payments/payments.contract.ts';
import { apiRequest, endpointKey, getListQueryFn, queryKeyToUrl } from '@/web/lib/api.ts';
import { paymentsEndpoints } from '../payments.endpoints.ts';

export const PAYMENTS_URL = '/api/payments';
export const PAYMENTS_ROUTE = '/payments';
/** The sidebar badge's key (src/web/app/badges.ts): the page's cards read the same query, so both move together. */
export const paymentStatsQueryKey = endpointKey(paymentsEndpoints.stats);
export const paymentSettingsQueryKey = ['/api/payments/settings'] as const;

export interface PaymentListFilter {
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
  withProposals?: boolean;
}

export function paymentListQueryKey(filter: PaymentListFilter) {
  return [PAYMENTS_URL, filter] as const;
}
export const paymentListQueryFn = getListQueryFn<PaymentSummary>();

/** One payment: the key is also its URL (`/api/payments/5`). */
export const paymentQueryKey = (id: number) => [PAYMENTS_URL, id] as const;
export const proposalsQueryKey = (id: number) => [PAYMENTS_URL, id, 'match-proposals'] as const;

export interface BankListFilter {
  page: number;
  limit: number;
  search: string;
  sort: string;
  status: BankTransactionStatus | 'all';
  source: BankTransactionSource | 'all';
}
export const bankListQueryKey = (filter: BankListFilter) => ['/api/payments/bank-transactions', filter] as const;
export const bankListQueryFn = getListQueryFn<BankTransaction>();

export const openOrdersQueryKey = (params: {
  clientId?: number;
  orderId?: number;
  currencyCode?: string;
  search?: string;
}) => ['/api/payments/open-orders', params] as const;

/** Every payments query (lists, documents, stats, bank operations) and the orders whose paid sums changed. */
export const isPaymentsQuery = (query: Query) => {
  const head = String(query.queryKey[0] ?? '');
  return head.startsWith(PAYMENTS_URL) || head.startsWith('/api/orders');
};

/** After any change: the lists, the open documents and — the sidebar badge — the stats. */
export function refreshPayments(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ predicate: isPaymentsQuery }),
    queryClient.invalidateQueries({ queryKey: paymentStatsQueryKey }),
  ]);
}

export const paymentExportUrl = (filter: PaymentListFilter, format: 'csv' | 'xlsx') => {
  const { page: _p, limit: _l, withProposals: _w, ...rest } = filter;
  return queryKeyToUrl([`${PAYMENTS_URL}/export`, { ...rest, format }]);
};

export const paymentsApi = {
  get: (id: number) => apiRequest<Payment>('GET', `${PAYMENTS_URL}/${id}`),
  create: (body: PaymentCreateInput) => apiRequest<Payment>('POST', PAYMENTS_URL, body),
  post: (id: number, body: { version?: number; clientId?: number; allocations?: AllocationInput[] }) =>
    apiRequest<Payment>('POST', `${PAYMENTS_URL}/${id}/post`, body),
  cancel: (id: number, reason: string) => apiRequest<Payment>('POST', `${PAYMENTS_URL}/${id}/cancel`, { reason }),
  remove: (id: number) => apiRequest<unknown>('DELETE', `${PAYMENTS_URL}/${id}`),
  allocate: (id: number, body: { version?: number; allocations: AllocationInput[] }) =>
    apiRequest<Payment>('PUT', `${PAYMENTS_URL}/${id}/allocations`, body),
  proposals: (id: number) => apiRequest<MatchProposal[]>('GET', `${PAYMENTS_URL}/${id}/match-proposals`),
  openOrders: (params: { clientId?: number; orderId?: number; currencyCode?: string; search?: string }) =>
    apiRequest<OpenOrder[]>('GET', queryKeyToUrl(openOrdersQueryKey(params))),
  /** The statement goes as multipart/form-data: the file and, when chosen, the column profile. */
  importStatement: (file: File, profile: string | null) => {
    const form = new FormData();
    form.append('file', file, file.name);
    if (profile) form.append('profile', profile);
    return apiRequest<ImportResult>('POST', `${PAYMENTS_URL}/import-statement`, form);
  },
  settings: () => apiRequest<PaymentSettings>('GET', `${PAYMENTS_URL}/settings`),
  saveSettings: (patch: PaymentSettingsPatch) =>
    apiRequest<PaymentSettings>('PATCH', `${PAYMENTS_URL}/settings`, patch),
};
