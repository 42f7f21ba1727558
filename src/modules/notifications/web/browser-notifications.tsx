// Native (browser) notifications (spec §7, §8; reports-admin.md §9): driven by the badge's 10-second poll
// of the notification stats while a tab is open; there is no web-push server.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { toast } from '@/web/lib/use-toast.ts';
import { notificationsApi, statsQueryOptions, type Notification, type NotificationStats } from './notifications.api.ts';
import { browserNotificationsMessages as messages } from './notifications.messages.ts';
import { pageNavigation } from '@/web/lib/navigation.ts';

export const NATIVE_TAG_PREFIX = 'erp-notification-';
export const NATIVE_ICON = '/favicon.svg';
export const NATIVE_AUTO_CLOSE_MS = 5000;
/** How many of the newest unread notifications are looked at when the count grows. */
export const NEWEST_UNREAD_LIMIT = 10;
export const TRACKER_STORAGE_KEY = 'erp-browser-notifications';
const MAX_REMEMBERED_IDS = 200;

type TitleSource = Pick<Notification, 'type' | 'priority' | 'title'>;

/** The title of a native notification: an emoji by priority and type, then the title (spec §7). */
export function nativeTitle(notification: TitleSource): string {
  return `${titleEmoji(notification)} ${notification.title}`;
}

function titleEmoji({ type, priority }: TitleSource): string {
  if (priority === 'critical') return '🚨';
  switch (type) {
    case 'error':
      return '❌';
    case 'warning':
      return '⚠️';
    case 'payment':
      return '💳';
    case 'success':
      return '✅';
    default:
      return 'ℹ️';
  }
}

/** Critical ones and payments stay until the user acts on them; the rest close after 5 s (spec §7). */
export function requiresInteraction(notification: Pick<Notification, 'type' | 'priority'>): boolean {
  return notification.priority === 'critical' || notification.type === 'payment';
}

type NotificationConstructor = typeof window.Notification;

function notificationApi(): NotificationConstructor | undefined {
  return typeof window !== 'undefined' && 'Notification' in window ? window.Notification : undefined;
}

export type PushPermission = NotificationPermission | 'unsupported';

export function currentPushPermission(): PushPermission {
  return notificationApi()?.permission ?? 'unsupported';
}

/** Asks the browser, with the promise form or (older Safari) the callback form of requestPermission. */
function askBrowser(api: NotificationConstructor): Promise<NotificationPermission> {
  return new Promise((resolve, reject) => {
    try {
      const answer: Promise<NotificationPermission> | undefined = api.requestPermission(resolve);
      if (answer) answer.then(resolve, reject);
    } catch (error) {
      reject(error);
    }
  });
}

/** The permission flow of spec §8; answers the permission it ends with. */
export async function requestPushPermission(): Promise<PushPermission> {
  const api = notificationApi();
  if (!api) {
    toast({ title: messages.unsupportedTitle, description: messages.unsupportedText });
    return 'unsupported';
  }
  if (api.permission === 'denied') {
    toast({ variant: 'destructive', title: messages.deniedTitle, description: messages.deniedText });
    return 'denied';
  }
  let permission: NotificationPermission;
  try {
    permission = await askBrowser(api);
  } catch {
    toast({ variant: 'destructive', title: messages.errorTitle, description: messages.requestFailed });
    return api.permission;
  }
  if (permission === 'granted') toast({ title: messages.grantedTitle, description: messages.grantedText });
  if (permission === 'denied') {
    toast({ variant: 'destructive', title: messages.deniedTitle, description: messages.deniedText });
  }
  return permission;
}

/** The push permission for the page's badge and button; follows changes made in the browser's settings. */
export function usePushPermission() {
  const [permission, setPermission] = useState<PushPermission>(currentPushPermission);
  const [requesting, setRequesting] = useState(false);

  useEffect(() => {
    if (!notificationApi() || typeof navigator.permissions?.query !== 'function') return;
    let status: PermissionStatus | undefined;
    let cancelled = false;
    const update = () => setPermission(currentPushPermission());
    navigator.permissions.query({ name: 'notifications' }).then(
      (answer) => {
        if (cancelled) return;
        status = answer;
        status.addEventListener('change', update);
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
      status?.removeEventListener('change', update);
    };
  }, []);

  const request = useCallback(async () => {
    setRequesting(true);
    try {
      setPermission(await requestPushPermission());
    } finally {
      setRequesting(false);
    }
  }, []);

  return { permission, requesting, request };
}

/** Shows one native notification; when the browser refuses, the same title and body as a toast (spec §8). */
export function showNativeNotification(notification: Notification): void {
  const title = nativeTitle(notification);
  const api = notificationApi();
  try {
    if (!api) throw new Error('Notification API is missing');
    const requireInteraction = requiresInteraction(notification);
    const native = new api(title, {
      body: notification.message,
      tag: `${NATIVE_TAG_PREFIX}${notification.id}`,
      icon: NATIVE_ICON,
      requireInteraction,
    });
    native.onclick = () => {
      window.focus();
      native.close();
      pageNavigation.assign('/notifications');
    };
    if (!requireInteraction) setTimeout(() => native.close(), NATIVE_AUTO_CLOSE_MS);
  } catch {
    // Chrome on Android, for one, only shows notifications through a service worker.
    toast({ title, description: notification.message });
  }
}

/** Spec §7: the app badge shows the unread count and is cleared at 0, where the browser has one. */
export function updateAppBadge(unread: number): void {
  if (typeof navigator === 'undefined') return;
  const call =
    unread > 0
      ? 'setAppBadge' in navigator && typeof navigator.setAppBadge === 'function'
        ? () => navigator.setAppBadge(unread)
        : undefined
      : 'clearAppBadge' in navigator && typeof navigator.clearAppBadge === 'function'
        ? () => navigator.clearAppBadge()
        : undefined;
  if (!call) return;
  try {
    void call().catch(() => undefined);
  } catch {
    // A browser without badge support in this context (not installed, no permission): nothing to show.
  }
}

/**
 * What this tab has already dealt with, kept in sessionStorage so a full page load (every navigation, spec
 * §2) neither repeats nor pops old notifications: the ids shown, the highest id known when the tab started
 * (older ones are never popped) and the counts last seen.
 */
export interface TrackerState {
  seen: number[];
  floor: number;
  unread: number;
  total: number;
}

function loadState(): TrackerState | undefined {
  try {
    const raw = window.sessionStorage.getItem(TRACKER_STORAGE_KEY);
    if (!raw) return undefined;
    const value = JSON.parse(raw) as Partial<TrackerState>;
    if (!Array.isArray(value.seen) || typeof value.floor !== 'number') return undefined;
    return {
      seen: value.seen.filter((id): id is number => typeof id === 'number'),
      floor: value.floor,
      unread: typeof value.unread === 'number' ? value.unread : 0,
      total: typeof value.total === 'number' ? value.total : 0,
    };
  } catch {
    return undefined;
  }
}

function saveState(state: TrackerState): void {
  try {
    window.sessionStorage.setItem(
      TRACKER_STORAGE_KEY,
      JSON.stringify({ ...state, seen: state.seen.slice(-MAX_REMEMBERED_IDS) }),
    );
  } catch {
    // Storage may be full or disabled; the tab then only remembers until the next page load.
  }
}

type Counts = { unread: number; total: number };

/** One look at new stats: pops the unread notifications this tab has not shown yet. */
async function handleStats(counts: Counts, memory: { state: TrackerState | undefined }): Promise<void> {
  const api = notificationApi();
  if (!api || api.permission === 'denied') return;
  const known = memory.state ?? loadState();
  if (!known) {
    // The first look of this tab: what is unread now is old news and is never popped.
    const current = counts.unread > 0 ? await notificationsApi.newestUnread(NEWEST_UNREAD_LIMIT) : [];
    const ids = current.map((n) => n.id);
    memory.state = { seen: ids, floor: Math.max(0, ...ids), ...counts };
    saveState(memory.state);
    return;
  }
  const grew = counts.unread > known.unread || counts.total > known.total;
  const state: TrackerState = { ...known, seen: [...known.seen], ...counts };
  if (grew && api.permission === 'granted') {
    // A failed look leaves the old counts in place, so the next poll tries again.
    const seen = new Set(state.seen);
    const fresh = (await notificationsApi.newestUnread(NEWEST_UNREAD_LIMIT))
      .filter((n) => !n.isRead && n.id > state.floor && !seen.has(n.id))
      .reverse(); // oldest first, so the newest ends on top
    for (const notification of fresh) {
      showNativeNotification(notification);
      state.seen.push(notification.id);
    }
  }
  memory.state = state;
  saveState(state);
}

/**
 * Mounted once in the signed-in shell; renders nothing. Reads the stats the sidebar badge already polls (same
 * key and options: one poll), keeps the app badge up to date and pops a native notification for each new
 * unread one while the permission is granted.
 */
export function BrowserNotifications() {
  const { data } = useQuery<NotificationStats>(statsQueryOptions);
  const unread = data?.unreadCount;
  const total = data?.totalNotifications ?? 0;
  const memory = useRef<{ state: TrackerState | undefined }>({ state: undefined });
  const queue = useRef<Promise<void>>(Promise.resolve());

  useEffect(() => {
    if (unread === undefined) return;
    updateAppBadge(unread);
    const counts = { unread, total };
    // One look at a time, in the order the stats came.
    queue.current = queue.current.then(() => handleStats(counts, memory.current)).catch(() => undefined);
  }, [unread, total]);

  return null;
}
