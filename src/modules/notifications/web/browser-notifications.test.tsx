import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notificationSchema, type Notification } from '../notifications.contract.ts';
import { Toaster } from '@/web/components/ui/toaster.tsx';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import {
  BrowserNotifications,
  nativeTitle,
  requestPushPermission,
  showNativeNotification,
  usePushPermission,
} from './browser-notifications.tsx';
import { pageNavigation } from '@/web/lib/navigation.ts';

function notification(overrides: Partial<Notification> & { id: number }): Notification {
  return notificationSchema.parse({
    type: 'info',
    priority: 'low',
    title: `Повідомлення ${overrides.id}`,
    message: `Текст ${overrides.id}`,
    isRead: false,
    isResolved: false,
    actionRequired: false,
    actionUrl: null,
    relatedEntityType: null,
    relatedEntityId: null,
    relatedLabel: null,
    createdAt: '2025-03-14T10:05:00.000Z',
    ...overrides,
  });
}

/** A stand-in for window.Notification that records what would have been shown. */
function stubNotificationApi(permission: NotificationPermission = 'granted') {
  const shown: FakeNotification[] = [];
  class FakeNotification {
    static permission: NotificationPermission = permission;
    static requestPermission = vi.fn(async (): Promise<NotificationPermission> => FakeNotification.permission);
    onclick: (() => void) | null = null;
    close = vi.fn();
    readonly title: string;
    readonly options: NotificationOptions;
    constructor(title: string, options: NotificationOptions) {
      this.title = title;
      this.options = options;
      shown.push(this);
    }
  }
  vi.stubGlobal('Notification', FakeNotification);
  return { FakeNotification, shown };
}

function renderToaster() {
  return render(<Toaster />);
}

beforeEach(() => {
  window.sessionStorage.clear();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('nativeTitle', () => {
  it('puts an emoji by priority and type before the title', () => {
    const base = { title: 'Подія', priority: 'low' as const };
    expect(nativeTitle({ ...base, type: 'error', priority: 'critical' })).toBe('🚨 Подія');
    expect(nativeTitle({ ...base, type: 'payment', priority: 'critical' })).toBe('🚨 Подія');
    expect(nativeTitle({ ...base, type: 'error' })).toBe('❌ Подія');
    expect(nativeTitle({ ...base, type: 'warning', priority: 'high' })).toBe('⚠️ Подія');
    expect(nativeTitle({ ...base, type: 'payment', priority: 'high' })).toBe('💳 Подія');
    expect(nativeTitle({ ...base, type: 'success' })).toBe('✅ Подія');
    expect(nativeTitle({ ...base, type: 'info' })).toBe('ℹ️ Подія');
    expect(nativeTitle({ ...base, type: 'system', priority: 'medium' })).toBe('ℹ️ Подія');
  });
});

describe('the push permission flow (spec §8)', () => {
  it('says when the browser has no notifications', async () => {
    renderToaster();
    expect('Notification' in window).toBe(false);
    expect(await act(() => requestPushPermission())).toBe('unsupported');
    expect(screen.getByText('Браузер не підтримує повідомлення')).toBeTruthy();
    expect(screen.getByText('Ваш браузер не підтримує push-повідомлення')).toBeTruthy();
  });

  it('says where to unblock them when they are denied, without asking again', async () => {
    const { FakeNotification } = stubNotificationApi('denied');
    renderToaster();
    expect(await act(() => requestPushPermission())).toBe('denied');
    expect(screen.getByText('Повідомлення заблоковані')).toBeTruthy();
    expect(screen.getByText('Ви можете увімкнути їх в налаштуваннях браузера')).toBeTruthy();
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled();
  });

  it('reports a failed request', async () => {
    const { FakeNotification } = stubNotificationApi('default');
    FakeNotification.requestPermission.mockRejectedValueOnce(new Error('blocked by policy'));
    renderToaster();
    expect(await act(() => requestPushPermission())).toBe('default');
    expect(screen.getByText('Помилка')).toBeTruthy();
    expect(screen.getByText('Не вдалося запросити дозвіл на повідомлення')).toBeTruthy();
  });

  it('confirms a granted permission and the hook follows it', async () => {
    const { FakeNotification } = stubNotificationApi('default');
    FakeNotification.requestPermission.mockImplementationOnce(async () => {
      FakeNotification.permission = 'granted';
      return 'granted';
    });
    renderToaster();
    const { result } = renderHook(() => usePushPermission());
    expect(result.current.permission).toBe('default');
    await act(() => result.current.request());
    expect(result.current.permission).toBe('granted');
    expect(screen.getByText('Повідомлення дозволені')).toBeTruthy();
  });

  it('reports a refusal in the browser prompt as blocked', async () => {
    const { FakeNotification } = stubNotificationApi('default');
    FakeNotification.requestPermission.mockImplementationOnce(async () => 'denied');
    renderToaster();
    expect(await act(() => requestPushPermission())).toBe('denied');
    expect(screen.getByText('Повідомлення заблоковані')).toBeTruthy();
  });
});

describe('showNativeNotification (spec §7)', () => {
  it('uses the fixed tag prefix, the favicon, closes after 5 s and opens /notifications on click', () => {
    vi.useFakeTimers();
    const { shown } = stubNotificationApi();
    const focus = vi.spyOn(window, 'focus').mockImplementation(() => undefined);
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => undefined);

    showNativeNotification(notification({ id: 8, type: 'success', title: 'Виробництво завершено' }));
    const [native] = shown;
    expect(native!.title).toBe('✅ Виробництво завершено');
    expect(native!.options).toEqual({
      body: 'Текст 8',
      tag: 'erp-notification-8',
      icon: '/favicon.svg',
      requireInteraction: false,
    });
    vi.advanceTimersByTime(4999);
    expect(native!.close).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(native!.close).toHaveBeenCalled();

    native!.onclick!();
    expect(focus).toHaveBeenCalled();
    expect(assign).toHaveBeenCalledWith('/notifications');
  });

  it('keeps critical and payment notifications until the user acts', () => {
    vi.useFakeTimers();
    const { shown } = stubNotificationApi();
    showNativeNotification(notification({ id: 1, type: 'error', priority: 'critical' }));
    showNativeNotification(notification({ id: 2, type: 'payment', priority: 'low' }));
    expect(shown.map((n) => n.options.requireInteraction)).toEqual([true, true]);
    vi.advanceTimersByTime(60_000);
    expect(shown.every((n) => n.close.mock.calls.length === 0)).toBe(true);
  });

  it('shows a toast with the same title and body when the browser refuses', () => {
    vi.stubGlobal(
      'Notification',
      class {
        static permission = 'granted';
        constructor() {
          throw new TypeError('Illegal constructor');
        }
      },
    );
    renderToaster();
    act(() => showNativeNotification(notification({ id: 3, type: 'warning', title: 'Закінчується товар' })));
    expect(screen.getByText('⚠️ Закінчується товар')).toBeTruthy();
    expect(screen.getByText('Текст 3')).toBeTruthy();
  });
});

describe('BrowserNotifications', () => {
  function stubServer() {
    const state = {
      stats: { unreadNotifications: 0, totalNotifications: 0, unreadCount: 0, criticalCount: 0, unresolvedCount: 0 },
      unread: [] as Notification[],
    };
    const setUnread = (list: Notification[], total = list.length) => {
      state.unread = list;
      state.stats = {
        ...state.stats,
        unreadNotifications: list.length,
        unreadCount: list.length,
        totalNotifications: total,
      };
    };
    const fetchMock = stubFetch((url) => {
      if (url === '/api/notifications/stats') return jsonResponse(state.stats);
      if (url === '/api/notifications?status=unread&limit=10') return jsonResponse(state.unread);
      return jsonResponse({ error: 'Не знайдено' }, 404);
    });
    const listCalls = () =>
      fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/notifications?')).length;
    return { setUnread, fetchMock, listCalls };
  }

  function stubBadge() {
    const setAppBadge = vi.fn(async () => undefined);
    const clearAppBadge = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'setAppBadge', { configurable: true, value: setAppBadge });
    Object.defineProperty(navigator, 'clearAppBadge', { configurable: true, value: clearAppBadge });
    return { setAppBadge, clearAppBadge };
  }

  afterEach(() => {
    Reflect.deleteProperty(navigator, 'setAppBadge');
    Reflect.deleteProperty(navigator, 'clearAppBadge');
  });

  const statsKey = ['/api/notifications/stats'];

  it('pops only notifications that arrive after the tab opened, each once, and sets the app badge', async () => {
    const { shown } = stubNotificationApi('granted');
    const { setAppBadge, clearAppBadge } = stubBadge();
    const server = stubServer();
    const old = notification({ id: 10, title: 'Старе' });
    server.setUnread([old]);
    const { queryClient } = renderWithProviders(<BrowserNotifications />);

    // First look: what is unread already is not popped.
    await waitFor(() => expect(server.listCalls()).toBe(1));
    await waitFor(() => expect(setAppBadge).toHaveBeenCalledWith(1));
    expect(shown).toHaveLength(0);

    const fresh = notification({ id: 11, type: 'payment', priority: 'high', title: 'Новий платіж' });
    server.setUnread([fresh, old]);
    await act(() => queryClient.refetchQueries({ queryKey: statsKey }));
    await waitFor(() => expect(shown).toHaveLength(1));
    expect(shown[0]!.title).toBe('💳 Новий платіж');
    expect(shown[0]!.options).toMatchObject({ tag: 'erp-notification-11', requireInteraction: true });
    expect(setAppBadge).toHaveBeenLastCalledWith(2);

    // Same count again: nothing new is looked up or shown.
    await act(() => queryClient.refetchQueries({ queryKey: statsKey }));
    expect(server.listCalls()).toBe(2);

    // Everything read: the badge is cleared.
    server.setUnread([], 2);
    await act(() => queryClient.refetchQueries({ queryKey: statsKey }));
    await waitFor(() => expect(clearAppBadge).toHaveBeenCalled());

    // Another arrives; the one shown before is not repeated.
    const third = notification({ id: 12, title: 'Третє' });
    server.setUnread([third, fresh], 3);
    await act(() => queryClient.refetchQueries({ queryKey: statsKey }));
    await waitFor(() => expect(shown).toHaveLength(2));
    expect(shown[1]!.title).toBe('ℹ️ Третє');
  });

  it('remembers across page loads of the same tab, so old ones never pop again', async () => {
    const { shown } = stubNotificationApi('granted');
    const server = stubServer();
    server.setUnread([notification({ id: 1 })]);
    const first = renderWithProviders(<BrowserNotifications />);
    await waitFor(() => expect(window.sessionStorage.length).toBe(1));
    first.unmount();

    // A full page load: a new app, same tab; one more arrived meanwhile.
    server.setUnread([notification({ id: 2, title: 'Нове між сторінками' }), notification({ id: 1 })]);
    renderWithProviders(<BrowserNotifications />);
    await waitFor(() => expect(shown).toHaveLength(1));
    expect(shown[0]!.title).toBe('ℹ️ Нове між сторінками');
  });

  it('shows nothing without the permission', async () => {
    const { shown } = stubNotificationApi('default');
    const server = stubServer();
    const { queryClient } = renderWithProviders(<BrowserNotifications />);
    await waitFor(() => expect(window.sessionStorage.length).toBe(1));

    server.setUnread([notification({ id: 5 })]);
    await act(() => queryClient.refetchQueries({ queryKey: statsKey }));
    await act(async () => undefined);
    expect(shown).toHaveLength(0);
    expect(server.listCalls()).toBe(0);
  });

  it('polls the stats with the badge options', () => {
    stubServer();
    const { queryClient } = renderWithProviders(<BrowserNotifications />);
    const [query] = queryClient.getQueryCache().findAll({ queryKey: statsKey });
    const observer = query!.observers[0]!;
    expect(observer.options).toMatchObject({
      refetchInterval: 10_000,
      refetchIntervalInBackground: true,
      staleTime: 5000,
    });
  });
});
