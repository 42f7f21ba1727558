// The calls of the shipments page, typed by the module's contract (sales.md §3, decision 0016).
import type { Query } from '@tanstack/react-query';
import type {
  DeliveryStatus,
  LabelFormat,
  ShipmentStatus,
  ShipmentUpdateInput,
} from '@/modules/shipments/shipments.contract.ts';
import type { QueryInput } from '@/shared/endpoint.ts';
import { callEndpoint, endpointKey, endpointListQueryFn, endpointUrl } from '@/web/lib/api.ts';
import { shipmentsEndpoints as api } from '../shipments.endpoints.ts';

/** The stat card 'В дорозі': both delivery statuses at once. */
export const IN_TRANSIT = 'in_transit,arrived';

/**
 * The list's filter as the page keeps it: the contract's query, every value the page sets in its own UI type; its
 * entries become the query parameters in this order ('all', null and '' are left out).
 */
export type ShipmentListFilter = QueryInput<typeof api.list> & {
  page: number;
  limit: number;
  search: string;
  sort: string;
  status: ShipmentStatus | 'all';
  deliveryStatus: DeliveryStatus | typeof IN_TRANSIT | 'all';
  carrierId: number | null;
  clientId: number | null;
  orderId: number | null;
  dateFrom: string;
  dateTo: string;
  deliveredFrom: string;
};

export const shipmentListQueryKey = (filter: ShipmentListFilter) => endpointKey(api.list, { query: filter });
export const shipmentStatsQueryKey = endpointKey(api.stats);
export const shipmentQueryKey = (id: number) => endpointKey(api.get, { params: { id } });
export const shippableOrdersQueryKey = (search: string) => endpointKey(api.shippableOrders, { query: { search } });
/** The units of an item's stock-unit type (a line typed in its order line's unit shows it in the stock unit). */
export const shipmentItemUnitsKey = (itemId: number) => endpointKey(api.itemUnits, { query: { itemId } });

const [listRoot] = endpointKey(api.list);
const [statsRoot] = shipmentStatsQueryKey;
/** Every list and the stats of this page (not the open document). */
export const isShipmentListQuery = (query: Query) =>
  (query.queryKey[0] === listRoot && typeof query.queryKey[1] === 'object') || query.queryKey[0] === statsRoot;

export const shipmentListQueryFn = endpointListQueryFn(api.list);

export const shipmentPrintUrl = (id: number, form: 'goods-issue-note' | 'packing-list') =>
  endpointUrl(form === 'goods-issue-note' ? api.goodsIssueNote : api.packingList, { params: { id } });
export const shipmentLabelUrl = (id: number, format: LabelFormat) =>
  endpointUrl(api.npLabel, { params: { id }, query: { format } });

export const shipmentsApi = {
  get: (id: number) => callEndpoint(api.get, { params: { id } }),
  create: (orderId: number) => callEndpoint(api.create, { body: { orderId } }),
  update: (id: number, body: ShipmentUpdateInput) => callEndpoint(api.update, { params: { id }, body }),
  remove: (id: number) => callEndpoint(api.remove, { params: { id } }),
  post: (id: number, version: number) => callEndpoint(api.post, { params: { id }, body: { version } }),
  cancel: (id: number, reason: string) => callEndpoint(api.cancel, { params: { id }, body: { reason } }),
  npPrice: (id: number) => callEndpoint(api.npPrice, { params: { id } }),
  npCreate: (id: number) => callEndpoint(api.npCreateWaybill, { params: { id } }),
  npDelete: (id: number) => callEndpoint(api.npDeleteWaybill, { params: { id } }),
  npReconcile: (id: number) => callEndpoint(api.npReconcile, { params: { id } }),
  track: (id: number) => callEndpoint(api.track, { params: { id } }),
};
