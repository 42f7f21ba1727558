import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { queryKeyToUrl } from '@/web/lib/api.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import {
  activeBadgeSources,
  BADGE_REFETCH_INTERVAL,
  BADGE_STALE_TIME,
  badgeSources,
  formatBadgeCount,
  useBadgeCounts,
} from './badges.ts';

function Counts({ registered }: { registered: ReadonlySet<string> }) {
  const counts = useBadgeCounts(registered);
  return (
    <ul>
      {[...counts].map(([route, count]) => (
        <li key={route}>
          {route}: {count}
        </li>
      ))}
    </ul>
  );
}

describe('formatBadgeCount', () => {
  it("shows nothing for zero and '99+' above 99 in icon mode", () => {
    expect(formatBadgeCount(0, false)).toBeNull();
    expect(formatBadgeCount(undefined, true)).toBeNull();
    expect(formatBadgeCount(7, true)).toBe('7');
    expect(formatBadgeCount(99, true)).toBe('99');
    expect(formatBadgeCount(100, true)).toBe('99+');
    expect(formatBadgeCount(1250, true)).toBe('99+');
  });

  it('shows the whole count on an expanded item', () => {
    expect(formatBadgeCount(150, false)).toBe('150');
  });
});

describe('badge sources', () => {
  it('covers pending payments and unread notifications', () => {
    expect(badgeSources.map(({ route, key, field }) => [route, queryKeyToUrl(key), field])).toEqual([
      ['/payments', '/api/payments/stats', 'pendingPayments'],
      ['/notifications', '/api/notifications/stats', 'unreadNotifications'],
    ]);
    expect(BADGE_REFETCH_INTERVAL).toBe(10_000);
    expect(BADGE_STALE_TIME).toBe(5000);
  });

  it('is active only when its route is registered', () => {
    expect(activeBadgeSources(new Set(['/', '/users']))).toEqual([]);
    expect(activeBadgeSources(new Set(['/payments'])).map((s) => s.route)).toEqual(['/payments']);
  });

  it('never asks for the count of an unregistered route', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ pendingPayments: 3, unreadNotifications: 4 }));
    renderWithProviders(<Counts registered={new Set(['/', '/users', '/roles'])} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByRole('listitem')).toBeNull();
  });

  it('polls a registered source in the background and reads its field', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ pendingPayments: 12 }));
    const { queryClient } = renderWithProviders(<Counts registered={new Set(['/payments'])} />);
    expect(await screen.findByText('/payments: 12')).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/payments/stats']);

    const query = queryClient.getQueryCache().find({ queryKey: badgeSources[0]!.key });
    const observerOptions = query?.observers[0]?.options;
    expect(observerOptions).toMatchObject({
      refetchInterval: 10_000,
      refetchIntervalInBackground: true,
      staleTime: 5000,
    });
  });
});
