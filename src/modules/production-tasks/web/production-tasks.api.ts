// The calls of the kanban page, typed by the module's contract (production.md §5).
import type { Query } from '@tanstack/react-query';
import {
  tasksApiUrls,
  type FromOrdersCreateInput,
  type MoExcess,
  type MoPriority,
  type ProductionTask,
  type ProductionTaskDetail,
  type TaskCreateInput,
  type TaskStatus,
  type TaskUpdateInput,
} from '@/modules/production-tasks/production-tasks.contract.ts';
import { apiRequest } from '@/web/lib/api.ts';

export const TASKS_URL = tasksApiUrls.list;

/** The board's filter; its entries become the query parameters ('all', null and '' are left out). */
export interface TaskBoardFilter {
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
  return [TASKS_URL, filter] as const;
}

/** One card opened in the edit dialog (`/api/production-tasks/5`). */
export function taskQueryKey(id: number) {
  return [TASKS_URL, id] as const;
}

export function fromOrdersQueryKey(approvedOnly: boolean) {
  return [tasksApiUrls.fromOrders, { approvedOnly: String(approvedOnly) }] as const;
}

export function recipesQueryKey(itemId: number) {
  return [tasksApiUrls.recipes, { itemId }] as const;
}

/** Everything of this page that a change can make stale (the board, open cards and the order lines). */
export const isTasksQuery = (query: Query) =>
  query.queryKey[0] === TASKS_URL || query.queryKey[0] === tasksApiUrls.fromOrders;

export interface CompleteBody {
  goodQty?: string;
  confirmShort?: boolean;
  excess?: MoExcess;
}

export const tasksApi = {
  create: (body: TaskCreateInput) => apiRequest<ProductionTask>('POST', TASKS_URL, body),
  update: (id: number, body: TaskUpdateInput) => apiRequest<ProductionTaskDetail>('PATCH', tasksApiUrls.one(id), body),
  move: (id: number, to: TaskStatus) => apiRequest<ProductionTask>('POST', tasksApiUrls.move(id), { to }),
  complete: (id: number, body: CompleteBody) => apiRequest<ProductionTask>('POST', tasksApiUrls.complete(id), body),
  fromOrders: (body: FromOrdersCreateInput) => apiRequest<ProductionTask[]>('POST', tasksApiUrls.fromOrders, body),
};

/** The MO behind a card, on /manufacturing. */
export const moPageUrl = (id: number) => `/manufacturing?id=${id}`;
