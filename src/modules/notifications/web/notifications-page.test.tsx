import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  notificationSchema,
  notificationStatsSchema,
  type Notification,
  type NotificationStats,
} from '../notifications.contract.ts';
import { jsonResponse, stubFetch, textResponse } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { pageNavigation } from '@/web/lib/navigation.ts';
import { NotificationsPage } from './notifications-page.tsx';

function notification(overrides: Partial<Notification> & { id: number }): Notification {
  return notificationSchema.parse({
    type: 'info',
    priority: 'low',
    title: `Повідомлення ${overrides.id}`,
    message: 'Текст повідомлення',
    isRead: true,
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

const shortage = notification({
  id: 1,
  type: 'error',
  priority: 'critical',
  title: 'Критичний дефіцит: Резистор 10 кОм',
  message: 'Залишок 0 шт. при мінімумі 100',
  isRead: false,
  actionRequired: true,
  actionUrl: '/shortage?itemId=12',
  relatedEntityType: 'item',
  relatedEntityId: '12',
  relatedLabel: 'Резистор 10 кОм (R-10K)',
});
const payment = notification({
  id: 2,
  type: 'payment',
  priority: 'high',
  title: 'Платіж потребує зіставлення',
  message: 'Надійшло 1 200,00 грн від ТОВ «Промінь»',
  isRead: true,
  isResolved: true,
  actionRequired: true,
  actionUrl: '/unprocessed-payments/55',
  relatedEntityType: 'payment',
  relatedEntityId: '55',
  createdAt: '2025-08-02T16:40:00.000Z',
});
const delivered = notification({
  id: 3,
  type: 'success',
  priority: 'medium',
  title: 'Замовлення прострочене',
  message: 'Відвантаження затримується',
  isRead: false,
  actionUrl: '/orders/7',
});

const stats: NotificationStats = notificationStatsSchema.parse({
  unreadNotifications: 2,
  totalNotifications: 3,
  unreadCount: 2,
  criticalCount: 1,
  unresolvedCount: 1,
});

function listResponse(rows: Notification[], total = rows.length) {
  return new Response(JSON.stringify(rows), {
    headers: { 'content-type': 'application/json', 'X-Total-Count': String(total) },
  });
}

type Answer = (url: string, init: RequestInit) => Response | Promise<Response> | undefined;

/** The page's GETs answered from the contract; `answer` handles what a test looks at. */
function stubApi(
  answer: Answer = () => undefined,
  rows: Notification[] = [shortage, payment, delivered],
  total?: number,
) {
  return stubFetch((url, init) => {
    const own = answer(url, init);
    if (own) return own;
    if (url === '/api/notifications/stats') return jsonResponse(stats);
    if (url.startsWith('/api/notifications?')) return listResponse(rows, total);
    return jsonResponse({ error: 'Не знайдено' }, 404);
  });
}

type FetchMock = ReturnType<typeof stubFetch>;

const callsOf = (fetchMock: FetchMock, test: (url: string, init: RequestInit) => boolean) =>
  fetchMock.mock.calls.filter(([url, init]) => test(String(url), init ?? {}));
const listUrls = (fetchMock: FetchMock) =>
  callsOf(fetchMock, (url) => url.startsWith('/api/notifications?')).map(([url]) => String(url));
const statsCalls = (fetchMock: FetchMock) => callsOf(fetchMock, (url) => url === '/api/notifications/stats').length;

function cardOf(title: string): HTMLElement {
  return screen.getByRole('article', { name: new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
}

beforeEach(() => {
  window.sessionStorage.clear();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('NotificationsPage', () => {
  it('shows the loading text, then the stats and the cards with their badges and Ukrainian dates', async () => {
    const fetchMock = stubApi();
    renderWithProviders(<NotificationsPage />, { path: '/notifications' });

    expect(screen.getByRole('heading', { level: 1, name: 'Повідомлення системи' })).toBeTruthy();
    expect(screen.getByText('Завантаження повідомлень...')).toBeTruthy();

    const critical = await screen.findByRole('article', { name: /Критичний дефіцит/ });
    expect(within(critical).getByText('Критичний')).toBeTruthy();
    expect(within(critical).getByText('Помилка')).toBeTruthy();
    expect(within(critical).getByText('Нове')).toBeTruthy();
    expect(within(critical).queryByText('Вирішено')).toBeNull();
    expect(within(critical).getByText('Залишок 0 шт. при мінімумі 100')).toBeTruthy();
    // The related record by the name a person knows it by, as a link to where the notification leads.
    expect(within(critical).getByText('Пов’язано з:')).toBeTruthy();
    const related = within(critical).getByRole('link', { name: 'Резистор 10 кОм (R-10K)' });
    expect(related.getAttribute('href')).toBe('/shortage?itemId=12');
    expect(within(critical).getByText(/^14 берез\. 2025, \d{2}:05$/)).toBeTruthy();
    for (const action of ['Перейти', 'Прочитано', 'Вирішити', 'Видалити']) {
      expect(within(critical).getByRole('button', { name: action })).toBeTruthy();
    }

    const paid = cardOf('Платіж потребує зіставлення');
    expect(within(paid).getByText('Високий')).toBeTruthy();
    expect(within(paid).getByText('Платіж')).toBeTruthy();
    expect(within(paid).getByText('Вирішено')).toBeTruthy();
    // Raised before labels were kept: its kind in Ukrainian and its number, never 'payments #55'.
    expect(within(paid).getByRole('link', { name: 'Платіж №55' })).toBeTruthy();
    expect(within(paid).queryByText('Нове')).toBeNull();
    expect(within(paid).getByText(/^02 серп\. 2025, \d{2}:40$/)).toBeTruthy();
    // Read and resolved: neither 'Прочитано' nor 'Вирішити'.
    expect(within(paid).queryByRole('button', { name: 'Прочитано' })).toBeNull();
    expect(within(paid).queryByRole('button', { name: 'Вирішити' })).toBeNull();

    const order = cardOf('Замовлення прострочене');
    expect(within(order).getByText('Середній')).toBeTruthy();
    expect(within(order).getByText('Успіх')).toBeTruthy();
    expect(within(order).queryByText(/Пов’язано з/)).toBeNull();
    // Not actionRequired: no 'Вирішити'.
    expect(within(order).queryByRole('button', { name: 'Вирішити' })).toBeNull();
    expect(within(order).getByRole('button', { name: 'Прочитано' })).toBeTruthy();

    const statsRegion = screen.getByRole('region', { name: 'Підсумок повідомлень' });
    await waitFor(() => expect(within(statsRegion).getByText('3')).toBeTruthy());
    for (const [label, value] of [
      ['Всього', '3'],
      ['Непрочитані', '2'],
      ['Критичні', '1'],
      ['Невирішені', '1'],
    ] as const) {
      const term = within(statsRegion).getByText(label);
      expect(term.parentElement!.querySelector('dd')!.textContent).toBe(value);
    }
    expect(screen.getByText('Показано 1–3 з 3')).toBeTruthy();
    expect(listUrls(fetchMock)).toEqual(['/api/notifications?page=1&limit=50']);
  });

  it('says so when there are no notifications', async () => {
    stubApi(undefined, []);
    renderWithProviders(<NotificationsPage />, { path: '/notifications' });
    expect(await screen.findByText('Немає повідомлень')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Видалити вибрані' }).hasAttribute('disabled')).toBe(true);
  });

  it('pages beyond 50 and goes back to page 1 without the "all" values when a filter or the search changes', async () => {
    const fetchMock = stubApi(undefined, [shortage, payment, delivered], 120);
    const user = userEvent.setup();
    renderWithProviders(<NotificationsPage />, { path: '/notifications' });
    expect(await screen.findByText('Показано 1–50 з 120')).toBeTruthy();
    expect(screen.getByText('Сторінка 1 з 3')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Наступна сторінка' }));
    expect(await screen.findByText('Показано 51–100 з 120')).toBeTruthy();
    expect(listUrls(fetchMock).at(-1)).toBe('/api/notifications?page=2&limit=50');

    await user.click(screen.getByRole('combobox', { name: 'Тип' }));
    await user.click(await screen.findByRole('option', { name: 'Платіж' }));
    await waitFor(() => expect(listUrls(fetchMock).at(-1)).toBe('/api/notifications?page=1&limit=50&type=payment'));
    expect(await screen.findByText('Показано 1–50 з 120')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Наступна сторінка' }));
    await screen.findByText('Показано 51–100 з 120');
    await user.click(screen.getByRole('combobox', { name: 'Статус' }));
    await user.click(await screen.findByRole('option', { name: 'Невирішені' }));
    await waitFor(() =>
      expect(listUrls(fetchMock).at(-1)).toBe('/api/notifications?page=1&limit=50&type=payment&status=unresolved'),
    );

    await user.click(screen.getByRole('combobox', { name: 'Пріоритет' }));
    await user.click(await screen.findByRole('option', { name: 'Критичний' }));
    await waitFor(() => expect(listUrls(fetchMock).at(-1)).toContain('&priority=critical&'));

    // 'Усі' is 'all', and 'all' never reaches the server.
    await user.click(screen.getByRole('combobox', { name: 'Тип' }));
    await user.click(await screen.findByRole('option', { name: 'Усі' }));
    await waitFor(() =>
      expect(listUrls(fetchMock).at(-1)).toBe('/api/notifications?page=1&limit=50&priority=critical&status=unresolved'),
    );
    expect(listUrls(fetchMock).some((url) => url.includes('all'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Наступна сторінка' }));
    await waitFor(() => expect(listUrls(fetchMock).at(-1)).toContain('page=2'));
    await user.type(screen.getByRole('searchbox', { name: 'Пошук повідомлень' }), 'дефіцит');
    await waitFor(() =>
      expect(listUrls(fetchMock).at(-1)).toBe(
        `/api/notifications?page=1&limit=50&priority=critical&status=unresolved&searchQuery=${encodeURIComponent('дефіцит')}`,
      ),
    );
    // Debounced: one request for the whole word.
    expect(listUrls(fetchMock).filter((url) => url.includes('searchQuery='))).toHaveLength(1);
  });

  it('marks one read, refreshes the list, the notification stats and the payment stats', async () => {
    const fetchMock = stubApi((url, init) =>
      url === '/api/notifications/1/read' && init.method === 'PATCH' ? jsonResponse({ ok: true }) : undefined,
    );
    const user = userEvent.setup();
    const { queryClient } = renderWithProviders(<NotificationsPage />, { path: '/notifications' });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const card = await screen.findByRole('article', { name: /Критичний дефіцит/ });
    await waitFor(() => expect(statsCalls(fetchMock)).toBe(1));

    await user.click(within(card).getByRole('button', { name: 'Прочитано' }));
    expect(await screen.findByText('Повідомлення позначено як прочитане')).toBeTruthy();
    expect(
      callsOf(fetchMock, (url, init) => url === '/api/notifications/1/read' && init.method === 'PATCH'),
    ).toHaveLength(1);
    await waitFor(() => expect(statsCalls(fetchMock)).toBe(2));
    await waitFor(() => expect(listUrls(fetchMock)).toHaveLength(2));
    const keys = invalidate.mock.calls.map(([filters]) => filters?.queryKey);
    expect(keys).toEqual(
      expect.arrayContaining([['/api/notifications'], ['/api/notifications/stats'], ['/api/payments/stats']]),
    );
  });

  it('resolves one that needs action and shows the server message when it cannot', async () => {
    let conflict = false;
    const fetchMock = stubApi((url, init) => {
      if (url !== '/api/notifications/1/resolve' || init.method !== 'PATCH') return undefined;
      return conflict
        ? jsonResponse({ error: 'Це повідомлення не потребує вирішення або вже вирішене' }, 409)
        : jsonResponse({ ok: true });
    });
    const user = userEvent.setup();
    renderWithProviders(<NotificationsPage />, { path: '/notifications' });
    const card = await screen.findByRole('article', { name: /Критичний дефіцит/ });
    await waitFor(() => expect(statsCalls(fetchMock)).toBe(1));

    await user.click(within(card).getByRole('button', { name: 'Вирішити' }));
    expect(await screen.findByText('Повідомлення вирішено')).toBeTruthy();
    await waitFor(() => expect(statsCalls(fetchMock)).toBe(2));

    conflict = true;
    await user.click(within(cardOf('Критичний дефіцит')).getByRole('button', { name: 'Вирішити' }));
    expect(await screen.findByText('Це повідомлення не потребує вирішення або вже вирішене')).toBeTruthy();
    expect(screen.getByText('Помилка', { selector: '[data-slot="toast"] *' })).toBeTruthy();
    expect(callsOf(fetchMock, (url) => url.endsWith('/resolve'))).toHaveLength(2);
  });

  it('deletes one, and falls back to its own words when the server gives none', async () => {
    let broken = false;
    const fetchMock = stubApi((url, init) => {
      if (url !== '/api/notifications/3' || init.method !== 'DELETE') return undefined;
      return broken ? textResponse('Bad Gateway', 502) : jsonResponse({ deletedCount: 1 });
    });
    const user = userEvent.setup();
    renderWithProviders(<NotificationsPage />, { path: '/notifications' });
    const card = await screen.findByRole('article', { name: /Замовлення прострочене/ });
    await waitFor(() => expect(statsCalls(fetchMock)).toBe(1));

    await user.click(within(card).getByRole('button', { name: 'Видалити' }));
    expect(await screen.findByText('Повідомлення видалено')).toBeTruthy();
    await waitFor(() => expect(statsCalls(fetchMock)).toBe(2));

    broken = true;
    await user.click(within(cardOf('Замовлення прострочене')).getByRole('button', { name: 'Видалити' }));
    expect(await screen.findByText('Не вдалося видалити повідомлення')).toBeTruthy();
    expect(callsOf(fetchMock, (url, init) => url === '/api/notifications/3' && init.method === 'DELETE')).toHaveLength(
      2,
    );
  });

  it('deletes the selected ones, says how many in Ukrainian and clears the selection', async () => {
    const fetchMock = stubApi((url, init) => {
      if (url !== '/api/notifications/bulk-delete' || init.method !== 'DELETE') return undefined;
      const { ids } = JSON.parse(String(init.body)) as { ids: number[] };
      return jsonResponse({ deletedCount: ids.length });
    });
    const user = userEvent.setup();
    renderWithProviders(<NotificationsPage />, { path: '/notifications' });
    await screen.findByRole('article', { name: /Критичний дефіцит/ });

    await user.click(
      screen.getByRole('checkbox', { name: 'Вибрати повідомлення «Критичний дефіцит: Резистор 10 кОм»' }),
    );
    await user.click(screen.getByRole('checkbox', { name: 'Вибрати повідомлення «Замовлення прострочене»' }));
    expect(screen.getByText('Вибрано: 2')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Видалити вибрані (2)' }));

    expect(await screen.findByText('Видалено 2 повідомлення')).toBeTruthy();
    const [call] = callsOf(fetchMock, (url) => url === '/api/notifications/bulk-delete');
    expect(call![1]!.method).toBe('DELETE');
    expect(JSON.parse(String(call![1]!.body))).toEqual({ ids: [1, 3] });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Видалити вибрані' })).toBeTruthy());
    for (const box of screen.getAllByRole('checkbox')) expect(box.getAttribute('aria-checked')).toBe('false');
  });

  it('selects a whole page with the select-all checkbox and reports 5 deleted', async () => {
    const five = [1, 2, 3, 4, 5].map((id) => notification({ id }));
    const fetchMock = stubApi(
      (url) => (url === '/api/notifications/bulk-delete' ? jsonResponse({ deletedCount: 5 }) : undefined),
      five,
    );
    const user = userEvent.setup();
    renderWithProviders(<NotificationsPage />, { path: '/notifications' });
    await screen.findByRole('article', { name: /Повідомлення 5/ });

    const selectAll = screen.getByRole('checkbox', { name: 'Вибрати всі на сторінці' });
    await user.click(screen.getByRole('checkbox', { name: 'Вибрати повідомлення «Повідомлення 2»' }));
    expect(selectAll.getAttribute('aria-checked')).toBe('mixed');
    await user.click(selectAll);
    expect(selectAll.getAttribute('aria-checked')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Видалити вибрані (5)' }));

    expect(await screen.findByText('Видалено 5 повідомлень')).toBeTruthy();
    const [call] = callsOf(fetchMock, (url) => url === '/api/notifications/bulk-delete');
    expect(JSON.parse(String(call![1]!.body))).toEqual({ ids: [1, 2, 3, 4, 5] });
    await waitFor(() => expect(selectAll.getAttribute('aria-checked')).toBe('false'));
  });

  it('marks everything read with "Прочитано все" and explains a failure', async () => {
    let fail = false;
    const fetchMock = stubApi((url, init) => {
      if (url !== '/api/notifications/reset-badges' || init.method !== 'POST') return undefined;
      return fail ? jsonResponse({ error: 'Сервер недоступний' }, 503) : jsonResponse({ updated: 2 });
    });
    const user = userEvent.setup();
    renderWithProviders(<NotificationsPage />, { path: '/notifications' });
    await screen.findByRole('article', { name: /Критичний дефіцит/ });
    await waitFor(() => expect(statsCalls(fetchMock)).toBe(1));

    await user.click(screen.getByRole('button', { name: 'Прочитано все' }));
    expect(await screen.findByText('Бейджі скинуті')).toBeTruthy();
    expect(screen.getByText('Всі банківські та звичайні сповіщення позначені як прочитані')).toBeTruthy();
    await waitFor(() => expect(statsCalls(fetchMock)).toBe(2));

    fail = true;
    await user.click(screen.getByRole('button', { name: 'Прочитано все' }));
    expect(await screen.findByText('Сервер недоступний')).toBeTruthy();
  });

  it('falls back to "Не вдалося скинути бейджі" without a server message', async () => {
    stubApi((url) => (url === '/api/notifications/reset-badges' ? textResponse('', 500, 'Internal') : undefined));
    const user = userEvent.setup();
    renderWithProviders(<NotificationsPage />, { path: '/notifications' });
    await screen.findByRole('article', { name: /Критичний дефіцит/ });
    await user.click(screen.getByRole('button', { name: 'Прочитано все' }));
    expect(await screen.findByText('Не вдалося скинути бейджі')).toBeTruthy();
  });

  it('creates a test notification and refreshes the list', async () => {
    const fetchMock = stubApi((url, init) =>
      url === '/api/notifications/test' && init.method === 'POST' ? jsonResponse({ created: 1 }, 201) : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<NotificationsPage />, { path: '/notifications' });
    await screen.findByRole('article', { name: /Критичний дефіцит/ });

    await user.click(screen.getByRole('button', { name: 'Тестове повідомлення' }));
    expect(await screen.findByText('Тестове повідомлення створено')).toBeTruthy();
    await waitFor(() => expect(listUrls(fetchMock)).toHaveLength(2));
    await waitFor(() => expect(statsCalls(fetchMock)).toBe(2));
  });

  it('opens where "Перейти" leads: an order without a readable number goes to /orders', async () => {
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => undefined);
    const fetchMock = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<NotificationsPage />, { path: '/notifications' });

    await user.click(
      within(await screen.findByRole('article', { name: /Замовлення прострочене/ })).getByRole('button', {
        name: 'Перейти',
      }),
    );
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/orders'));
    expect(callsOf(fetchMock, (url) => url === '/api/orders/7')).toHaveLength(1);

    await user.click(within(cardOf('Платіж потребує зіставлення')).getByRole('button', { name: 'Перейти' }));
    await waitFor(() => expect(assign).toHaveBeenLastCalledWith('/payments'));
  });

  it('shows the push permission and asks for it', async () => {
    const requestPermission = vi.fn(async () => {
      FakeNotification.permission = 'granted';
      return 'granted' as const;
    });
    class FakeNotification {
      static permission: NotificationPermission = 'default';
      static requestPermission = requestPermission;
    }
    vi.stubGlobal('Notification', FakeNotification);
    stubApi();
    const user = userEvent.setup();
    renderWithProviders(<NotificationsPage />, { path: '/notifications' });

    expect(screen.getByText('Не налаштовано')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Увімкнути push-повідомлення' }));
    expect(await screen.findByText('Повідомлення дозволені')).toBeTruthy();
    expect(screen.getByText('Дозволено')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Увімкнути push-повідомлення' })).toBeNull();
    expect(requestPermission).toHaveBeenCalledOnce();
    await act(async () => undefined);
  });
});
