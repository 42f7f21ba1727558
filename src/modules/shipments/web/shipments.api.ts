// The calls of the shipments page, typed by the module's contract (sales.md §3).
import type { Query } from '@tanstack/react-query';
import type {
  DeliveryStatus,
  LabelFormat,
  NpActionResult,
  Shipment,
  ShipmentStatus,
  ShipmentSummary,
  ShipmentUpdateInput,
} from '@/modules/shipments/shipments.contract.ts';
import { apiRequest, getListQueryFn } from '@/web/lib/api.ts';

export const SHIPMENTS_URL = '/api/shipments';

/** The list's filter; its entries become the query parameters in this order ('all', null and '' are left out). */
export interface ShipmentListFilter {
  page: number;
  limit: number;
  search: string;
  sort: string;
  status: ShipmentStatus | 'all';
  deliveryStatus: DeliveryStatus | 'in_transit,arrived' | 'all';
  carrierId: number | null;
  clientId: number | null;
  orderId: number | null;
  dateFrom: string;
  dateTo: string;
  deliveredFrom: string;
  problems: '' | 'true';
}

export const shipmentListQueryKey = (filter: ShipmentListFilter) => [SHIPMENTS_URL, filter] as const;
export const shipmentStatsQueryKey = [SHIPMENTS_URL, 'stats'] as const;
export const shipmentQueryKey = (id: number) => [SHIPMENTS_URL, id] as const;
export const shippableOrdersQueryKey = (search: string) => [SHIPMENTS_URL, 'shippable-orders', { search }] as const;

/** Every list and the stats of this page (not the open document). */
export const isShipmentListQuery = (query: Query) =>
  query.queryKey[0] === SHIPMENTS_URL && (typeof query.queryKey[1] === 'object' || query.queryKey[1] === 'stats');

export const shipmentListQueryFn = getListQueryFn<ShipmentSummary>();

export const shipmentPrintUrl = (id: number, form: 'goods-issue-note' | 'packing-list') =>
  `${SHIPMENTS_URL}/${id}/print/${form}`;
export const shipmentLabelUrl = (id: number, format: LabelFormat) => `${SHIPMENTS_URL}/${id}/np-label?format=${format}`;

export const shipmentsApi = {
  get: (id: number) => apiRequest<Shipment>('GET', `${SHIPMENTS_URL}/${id}`),
  create: (orderId: number) => apiRequest<Shipment>('POST', SHIPMENTS_URL, { orderId }),
  update: (id: number, body: ShipmentUpdateInput) => apiRequest<Shipment>('PATCH', `${SHIPMENTS_URL}/${id}`, body),
  remove: (id: number) => apiRequest<unknown>('DELETE', `${SHIPMENTS_URL}/${id}`),
  post: (id: number, version: number) => apiRequest<Shipment>('POST', `${SHIPMENTS_URL}/${id}/post`, { version }),
  cancel: (id: number, reason: string) => apiRequest<Shipment>('POST', `${SHIPMENTS_URL}/${id}/cancel`, { reason }),
  npPrice: (id: number) => apiRequest<NpActionResult>('POST', `${SHIPMENTS_URL}/${id}/np-price`),
  npCreate: (id: number) => apiRequest<NpActionResult>('POST', `${SHIPMENTS_URL}/${id}/np-waybill`),
  npDelete: (id: number) => apiRequest<NpActionResult>('DELETE', `${SHIPMENTS_URL}/${id}/np-waybill`),
  npReconcile: (id: number) => apiRequest<NpActionResult>('POST', `${SHIPMENTS_URL}/${id}/np-reconcile`),
  track: (id: number) => apiRequest<NpActionResult>('POST', `${SHIPMENTS_URL}/${id}/track`),
};
