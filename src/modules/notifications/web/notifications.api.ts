// The calls of the notifications page, typed by the module's contract (spec §7; reports-admin.md §9).
import type { QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
// Types only: BrowserNotifications sits in the shell's bundle, which must not pull zod in.
import type {
  deletedCountSchema,
  Notification,
  NotificationStats,
  notificationPriorityValues,
  notificationStatusValues,
  notificationTypeValues,
  updatedCountSchema,
} from '../notifications.contract.ts';
import { callEndpoint, endpointKey, getListQueryFn } from '@/web/lib/api.ts';
import { notificationsEndpoints as api } from '../notifications.endpoints.ts';
import { ordersEndpoints } from '@/modules/orders/orders.endpoints.ts';
import { paymentsEndpoints } from '@/modules/payments/payments.endpoints.ts';

export type { Notification, NotificationStats };
export type DeletedCount = z.infer<typeof deletedCountSchema>;
export type UpdatedCount = z.infer<typeof updatedCountSchema>;

export type NotificationType = (typeof notificationTypeValues)[number];
export type NotificationPriority = (typeof notificationPriorityValues)[number];
export type NotificationStatus = (typeof notificationStatusValues)[number];

export const ALL = 'all';
export type NotificationTypeFilter = NotificationType | typeof ALL;
export type NotificationPriorityFilter = NotificationPriority | typeof ALL;
export type NotificationStatusFilter = NotificationStatus | typeof ALL;

/** Spec §9: 50 a page; the contract's NOTIFICATIONS_DEFAULT_LIMIT, repeated to keep zod out (a test ties them). */
export const NOTIFICATIONS_PAGE_SIZE = 50;

/** Spec §3 'Notification list filter'. 'all' and '' never reach the URL (spec §5, queryKeyToUrl). */
export interface NotificationListFilter {
  page: number;
  limit: number;
  type: NotificationTypeFilter;
  priority: NotificationPriorityFilter;
  status: NotificationStatusFilter;
  searchQuery: string;
}

export const initialNotificationFilter: NotificationListFilter = {
  page: 1,
  limit: NOTIFICATIONS_PAGE_SIZE,
  type: ALL,
  priority: ALL,
  status: ALL,
  searchQuery: '',
};

/** Every list query starts with this key, so one prefix refreshes them all. */
export const notificationsQueryKey = endpointKey(api.list);
/** The same key as the sidebar badge (src/web/app/badges.ts), so the page and the badge share one poll. */
export const notificationStatsQueryKey = endpointKey(api.stats);

export const notificationListQueryKey = (filter: NotificationListFilter) => endpointKey(api.list, { query: filter });
/** A bare array with the total in X-Total-Count. */
export const notificationListQueryFn = getListQueryFn<Notification>();

// Spec §9: the badges are polled every 10 s, also in the background, stale after 5 s.
export const STATS_REFETCH_INTERVAL = 10_000;
export const STATS_STALE_TIME = 5000;
export const statsQueryOptions = {
  queryKey: notificationStatsQueryKey,
  refetchInterval: STATS_REFETCH_INTERVAL,
  refetchIntervalInBackground: true,
  staleTime: STATS_STALE_TIME,
} as const;

export const notificationsApi = {
  markRead: (id: number) => callEndpoint(api.markRead, { params: { id } }),
  resolve: (id: number) => callEndpoint(api.resolve, { params: { id } }),
  remove: (id: number) => callEndpoint(api.remove, { params: { id } }),
  bulkDelete: (ids: number[]) => callEndpoint(api.bulkDelete, { body: { ids } }),
  resetBadges: () => callEndpoint(api.resetBadges),
  sendTest: () => callEndpoint(api.sendTest),
  /** The newest unread ones, for the browser notifications (spec §7). */
  newestUnread: async (limit = 10) => {
    const answer: unknown = await callEndpoint(api.list, { query: { status: 'unread', limit } });
    return notificationArrayOf(answer);
  },
  /** The order's number, for 'Перейти' on an order notification (spec §7). */
  orderNumber: async (id: string) => {
    const order: { orderNumber?: unknown } = await callEndpoint(ordersEndpoints.get, { params: { id } });
    return typeof order.orderNumber === 'string' || typeof order.orderNumber === 'number'
      ? String(order.orderNumber)
      : undefined;
  },
};

/** Spec §7: the list answer is an array, or an object with `notifications`. */
function notificationArrayOf(answer: unknown): Notification[] {
  if (Array.isArray(answer)) return answer as Notification[];
  if (typeof answer === 'object' && answer !== null && 'notifications' in answer) {
    const { notifications } = answer as { notifications: unknown };
    if (Array.isArray(notifications)) return notifications as Notification[];
  }
  return [];
}

/**
 * Spec §7: after every notification mutation the list, the notification stats and the payment stats are
 * refreshed; the stats keys are the sidebar badges' keys, so both badges follow.
 */
export function refreshNotifications(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
    queryClient.invalidateQueries({ queryKey: notificationStatsQueryKey }),
    queryClient.invalidateQueries({ queryKey: endpointKey(paymentsEndpoints.stats) }),
  ]);
}
