// The calls of the repairs page, typed by the module's contract (production.md §7 API). The query keys are also the
// URLs: the default fetcher turns them into GETs.
import type { Query } from '@tanstack/react-query';
import type { BodyInput, QueryInput, ResponseOf } from '@/shared/endpoint.ts';
import { apiRequest, callEndpoint, endpointKey, endpointListQueryFn, endpointUrl } from '@/web/lib/api.ts';
import { repairsEndpoints as api } from '../repairs.endpoints.ts';
import type { RepairStats } from '../repairs.contract.ts';

/**
 * The list's filter as the page keeps it: the list endpoint's query, each field pinned to what the page's controls
 * hold — 'all' and '' mean none and are left out of the URL.
 */
export type RepairListFilter = QueryInput<typeof api.list> & {
  page: number;
  limit: number;
  search: string;
  sort: string;
  status: string;
  warranty: 'true' | 'false' | 'all';
  dateFrom: string;
  dateTo: string;
};

export const repairListQueryKey = (filter: RepairListFilter) => endpointKey(api.list, { query: filter });
export const repairStatsQueryKey = endpointKey(api.stats);
export const repairSettingsQueryKey = endpointKey(api.settings);
export const repairQueryKey = (id: number) => endpointKey(api.get, { params: { id } });
export const repairHistoryQueryKey = (id: number) => endpointKey(api.history, { params: { id } });
export const repairPartsQueryKey = (id: number) => endpointKey(api.parts, { params: { id } });
export const repairAttachmentsQueryKey = (id: number) => endpointKey(api.attachments, { params: { id } });

/** The first part of the keys of this page's lists, stats and open repairs. */
const repairKeyHeads = new Set<unknown>([endpointKey(api.list)[0], repairStatsQueryKey[0]]);
/** Everything of this page after a change. */
export const isRepairQuery = (query: Query) => repairKeyHeads.has(query.queryKey[0]);

export const repairListQueryFn = endpointListQueryFn(api.list);

export const printUrl = (id: number, form: 'intake' | 'act') =>
  endpointUrl(form === 'intake' ? api.printIntake : api.printAct, { params: { id } });
export const attachmentUrl = (id: number, attachmentId: number) =>
  endpointUrl(api.attachmentFile, { params: { id, attachmentId } });

export type RepairCreateBody = BodyInput<typeof api.create>;
export type RepairPatch = BodyInput<typeof api.update>;
export type { RepairStats };

export const repairsApi = {
  updateSettings: (patch: BodyInput<typeof api.updateSettings>) => callEndpoint(api.updateSettings, { body: patch }),
  lookupSerial: (serial: string) => callEndpoint(api.lookupSerial, { query: { serial } }),
  create: (body: RepairCreateBody) => callEndpoint(api.create, { body }),
  update: (id: number, body: RepairPatch) => callEndpoint(api.update, { params: { id }, body }),
  remove: (id: number) => callEndpoint(api.remove, { params: { id } }),
  changeStatus: (id: number, body: BodyInput<typeof api.changeStatus>) =>
    callEndpoint(api.changeStatus, { params: { id }, body }),
  /** 'Видати без оплати': returned with the reason as the history's comment. */
  returnUnpaid: (id: number, reason: string) =>
    callEndpoint(api.changeStatus, { params: { id }, body: { to: 'returned', comment: reason, withoutPayment: true } }),
  saveParts: (id: number, body: BodyInput<typeof api.saveParts>) =>
    callEndpoint(api.saveParts, { params: { id }, body }),
  postParts: (id: number) => callEndpoint(api.postParts, { params: { id }, body: {} }),
  cancelPosting: (postingId: number, reason: string) =>
    callEndpoint(api.cancelPosting, { params: { id: postingId }, body: { reason } }),
  addTime: (id: number, body: BodyInput<typeof api.addTimeEntry>) =>
    callEndpoint(api.addTimeEntry, { params: { id }, body }),
  invoice: (id: number) => callEndpoint(api.invoice, { params: { id }, body: {} }),
  removeAttachment: (id: number, attachmentId: number) =>
    callEndpoint(api.removeAttachment, { params: { id, attachmentId } }),
  /** The image as the raw body, typed by its own content type; its name in `?name=` (decision 0014). */
  upload: (id: number, file: File) =>
    apiRequest<ResponseOf<typeof api.uploadAttachment>>(
      api.uploadAttachment.method,
      endpointUrl(api.uploadAttachment, { params: { id }, query: { name: file.name } }),
      file,
    ),
};
