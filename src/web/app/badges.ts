// Counts on sidebar items (spec §2, §7, §9): pending payments and unread notifications. A source is active
// only once its route is registered in the route table, so nothing asks for an endpoint that does not exist.
import { useQueries, type QueryKey } from '@tanstack/react-query';
import { notificationsEndpoints } from '@/modules/notifications/notifications.endpoints.ts';
import { paymentsEndpoints } from '@/modules/payments/payments.endpoints.ts';
import { endpointKey } from '@/web/lib/api.ts';

export interface BadgeSource {
  /** The catalogue route whose item shows the count. */
  route: string;
  /** The query key of the GET endpoint answering an object with the count in `field`. */
  key: QueryKey;
  field: string;
}

export const badgeSources: readonly BadgeSource[] = [
  { route: '/payments', key: endpointKey(paymentsEndpoints.stats), field: 'pendingPayments' },
  { route: '/notifications', key: endpointKey(notificationsEndpoints.stats), field: 'unreadNotifications' },
];

// Spec §9: the badges are the only polling in the app.
export const BADGE_REFETCH_INTERVAL = 10_000;
export const BADGE_STALE_TIME = 5000;
export const BADGE_ICON_MODE_LIMIT = 99;

export function activeBadgeSources(
  registeredRoutes: ReadonlySet<string>,
  sources: readonly BadgeSource[] = badgeSources,
): BadgeSource[] {
  return sources.filter((source) => registeredRoutes.has(source.route));
}

/** The endpoint's own key, so the page's invalidation after a mutation refreshes the badge. */
export function badgeQueryKey(source: BadgeSource) {
  return source.key;
}

function countOf(data: unknown, field: string): number {
  const value = typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[field] : undefined;
  const count = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(count) && count > 0 ? Math.floor(count) : 0;
}

/**
 * What a badge shows: nothing for zero; in icon mode a count above 99 is '99+' (spec §2, §9); expanded
 * items show the whole number.
 */
export function formatBadgeCount(count: number | undefined, iconMode: boolean): string | null {
  if (!count || count <= 0) return null;
  if (iconMode && count > BADGE_ICON_MODE_LIMIT) return `${BADGE_ICON_MODE_LIMIT}+`;
  return String(count);
}

/** Polls every active source (10 s, also in the background, stale after 5 s); route → count. */
export function useBadgeCounts(
  registeredRoutes: ReadonlySet<string>,
  sources: readonly BadgeSource[] = badgeSources,
): ReadonlyMap<string, number> {
  const active = activeBadgeSources(registeredRoutes, sources);
  return useQueries({
    queries: active.map((source) => ({
      queryKey: badgeQueryKey(source),
      refetchInterval: BADGE_REFETCH_INTERVAL,
      refetchIntervalInBackground: true,
      staleTime: BADGE_STALE_TIME,
      select: (data: unknown) => countOf(data, source.field),
    })),
    combine: (results) => new Map(active.map((source, index) => [source.route, results[index]?.data ?? 0])),
  });
}
