// The calls of the /assembly page, typed by the module's contract (production.md §8).
import type { Query } from '@tanstack/react-query';
import type { BodyInput, QueryInput } from '@/shared/endpoint.ts';
import type { AssemblySerials, AssemblyStatus, AssemblyType } from '@/modules/assembly/assembly.contract.ts';
import { callEndpoint, endpointKey, endpointListQueryFn } from '@/web/lib/api.ts';
import { assemblyEndpoints as api } from '../assembly.endpoints.ts';

/**
 * The list's filter as the page keeps it: the list endpoint's query, each field pinned to what the page's controls
 * hold — 'all' and '' mean none and are left out of the URL.
 */
export type AssemblyListFilter = QueryInput<typeof api.list> & {
  page: number;
  limit: number;
  search: string;
  sort: string;
  status: AssemblyStatus | 'all';
  type: AssemblyType | 'all';
  dateFrom: string;
  dateTo: string;
};

export function assemblyListQueryKey(filter: AssemblyListFilter) {
  return endpointKey(api.list, { query: filter });
}

/** One document: the key is also its URL. */
export function assemblyQueryKey(id: number) {
  return endpointKey(api.get, { params: { id } });
}

const listKeyHead = endpointKey(api.list)[0];
/** Every list of this page (not an open document, whose form holds its own copy). */
export const isAssemblyListQuery = (query: Query) =>
  query.queryKey[0] === listKeyHead && typeof query.queryKey[1] === 'object';

export const assemblyListQueryFn = endpointListQueryFn(api.list);

export const assemblyApi = {
  get: (id: number) => callEndpoint(api.get, { params: { id } }),
  prefill: (itemId: number, qty: string) => callEndpoint(api.prefill, { query: { itemId, qty } }),
  create: (body: BodyInput<typeof api.create>) => callEndpoint(api.create, { body }),
  update: (id: number, body: BodyInput<typeof api.update>) => callEndpoint(api.update, { params: { id }, body }),
  remove: (id: number) => callEndpoint(api.remove, { params: { id } }),
  post: (id: number, version: number, serials: AssemblySerials[] = []) =>
    callEndpoint(api.post, { params: { id }, body: serials.length ? { version, serials } : { version } }),
  cancel: (id: number, reason: string) => callEndpoint(api.cancel, { params: { id }, body: { reason } }),
};
