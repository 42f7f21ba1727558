// The calls of the kanban page, typed by the module's contract (production.md §5).
import type { Query } from '@tanstack/react-query';
import type { MoPriority, TaskStatus } from '@/modules/production-tasks/production-tasks.contract.ts';
import type { BodyInput, QueryInput } from '@/shared/endpoint.ts';
import { callEndpoint, endpointKey } from '@/web/lib/api.ts';
import { productionTasksEndpoints as api } from '../production-tasks.endpoints.ts';

/** The board's filter: the contract's query as the page keeps it ('all', null and '' are left out of the URL). */
export interface TaskBoardFilter extends QueryInput<typeof api.list> {
  search: string;
  assigneeWorkerId: number | null;
  itemId: number | null;
  departmentId: number | null;
  priority: MoPriority | 'all';
}

export const emptyBoardFilter: TaskBoardFilter = {
  search: '',
  assigneeWorkerId: null,
  itemId: null,
  departmentId: null,
  priority: 'all',
};

/** The board: GET /api/production-tasks?… answers the bare array of cards. */
export function boardQueryKey(filter: TaskBoardFilter) {
  return endpointKey(api.list, { query: filter });
}

/** One card opened in the edit dialog. */
export function taskQueryKey(id: number) {
  return endpointKey(api.get, { params: { id } });
}

export function fromOrdersQueryKey(approvedOnly: boolean) {
  return endpointKey(api.fromOrders, { query: { approvedOnly: approvedOnly ? 'true' : 'false' } });
}

export function recipesQueryKey(itemId: number) {
  return endpointKey(api.recipeOptions, { query: { itemId } });
}

/** The option lists of the pickers, asked with `?search=`. */
export const optionLists = { items: api.itemOptions, workers: api.workerOptions } as const;
export function optionsQueryKey(list: keyof typeof optionLists, search: string) {
  return endpointKey(optionLists[list], { query: { search } });
}

/** The first part of the keys of the board, open cards and the order lines. */
const taskKeyHeads = new Set<unknown>([endpointKey(api.list)[0], endpointKey(api.fromOrders)[0]]);
/** Everything of this page that a change can make stale (the board, open cards and the order lines). */
export const isTasksQuery = (query: Query) => taskKeyHeads.has(query.queryKey[0]);

export type CompleteBody = NonNullable<BodyInput<typeof api.complete>>;

export const tasksApi = {
  create: (body: BodyInput<typeof api.create>) => callEndpoint(api.create, { body }),
  update: (id: number, body: BodyInput<typeof api.update>) => callEndpoint(api.update, { params: { id }, body }),
  move: (id: number, to: TaskStatus) => callEndpoint(api.move, { params: { id }, body: { to } }),
  complete: (id: number, body: CompleteBody) => callEndpoint(api.complete, { params: { id }, body }),
  fromOrders: (body: BodyInput<typeof api.createFromOrders>) => callEndpoint(api.createFromOrders, { body }),
};

/** The MO behind a card, on /manufacturing. */
export const moPageUrl = (id: number) => `/manufacturing?id=${id}`;
