// /system-logs in jsdom: stat cards by level, the journal with its filters sent to the server, an opened row's
// before/after diff (changed keys marked, '***' shown as hidden), the events tab, and the cleanup's N ≥ 30 check.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuditDetail, AuditRow, EventRow, LogStats } from '@/modules/system-logs/system-logs.contract.ts';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { setPhoneWidth } from '@/web/testing/viewport.ts';
import { SystemLogsPage } from './system-logs-page.tsx';

const row: AuditRow = {
  id: 31,
  at: '2026-11-20T08:15:00.000Z',
  userId: 2,
  userName: 'Олена Коваленко',
  actor: null,
  action: 'update',
  entityType: 'items',
  entityId: '5',
  ip: '10.0.0.8',
  requestId: 'req-7',
};
const failed: AuditRow = {
  ...row,
  id: 30,
  userId: null,
  userName: null,
  actor: 'anonymous',
  action: 'login_failed',
  entityType: 'user',
  entityId: null,
  ip: '203.0.113.7',
};
const detail: AuditDetail = {
  ...row,
  before: { retailPrice: '100.000000', name: 'Блок живлення', passwordHash: '***' },
  after: { retailPrice: '150.000000', name: 'Блок живлення', passwordHash: '***' },
  changedKeys: ['retailPrice'],
};
const event: EventRow = {
  id: 4,
  at: '2026-11-20T09:00:00.000Z',
  level: 'error',
  category: 'job',
  message: 'Перевірка дефіциту не вдалася',
  details: { job: 'shortage', token: '***' },
  requestId: null,
};
const stats: LogStats = { day: { info: 3, warn: 1, error: 2 }, week: { info: 10, warn: 4, error: 5 } };

const list = (rows: unknown[]) =>
  new Response(JSON.stringify(rows), {
    headers: { 'content-type': 'application/json', 'X-Total-Count': String(rows.length) },
  });

function stubApi() {
  return stubFetch((url, init) => {
    if (url === '/api/auth/user') return jsonResponse({ error: 'Потрібно увійти' }, 401);
    if (url === '/api/system-logs/stats') return jsonResponse(stats);
    if (url.startsWith('/api/system-logs/audit?')) {
      return list(url.includes('action=login_failed') ? [failed] : [row, failed]);
    }
    if (url === '/api/system-logs/audit/31') return jsonResponse(detail);
    if (url.startsWith('/api/system-logs/events?')) return list([event]);
    if (url === '/api/system-logs/events/cleanup' && init.method === 'POST') {
      return jsonResponse({ deleted: 2, message: 'Видалено 2 події' });
    }
    return jsonResponse({ error: 'Не знайдено' }, 404);
  });
}

const auditUrls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/system-logs/audit?'));

describe('SystemLogsPage', () => {
  it('shows the counts by level and the journal, newest first, with the user and the IP', async () => {
    const fetchMock = stubApi();
    renderWithProviders(<SystemLogsPage />, { path: '/system-logs' });
    expect(screen.getByRole('heading', { name: 'Системні журнали' })).toBeTruthy();
    const cards = screen.getByRole('region', { name: 'Події за рівнями' });
    await waitFor(() => expect(within(cards).getByRole('button', { name: /Помилка за 24 год 2/ })).toBeTruthy());
    expect(within(cards).getByText('за 7 днів: 5')).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Журнал дій' });
    expect(within(table).getByText('Олена Коваленко')).toBeTruthy();
    expect(within(table).getByText('Невдалий вхід')).toBeTruthy();
    expect(within(table).getByText('203.0.113.7')).toBeTruthy();
    expect(within(table).getByText('Невідомий')).toBeTruthy();
    expect(auditUrls(fetchMock)[0]).toContain('sort=-at');
  });

  it('sends the action filter and an entity from the address to the server', async () => {
    const fetchMock = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<SystemLogsPage />, { path: '/system-logs?entityType=orders&entityId=12' });
    await screen.findByRole('table', { name: 'Журнал дій' });
    expect(auditUrls(fetchMock)[0]).toMatch(/entityType=orders.*entityId=12|entityId=12.*entityType=orders/);
    await user.click(screen.getByRole('combobox', { name: 'Дія' }));
    await user.click(await screen.findByRole('option', { name: 'Невдалий вхід' }));
    await waitFor(() => expect(auditUrls(fetchMock).some((url) => url.includes('action=login_failed'))).toBe(true));
  });

  it('opens a row into its before/after diff with the changed key marked and secrets hidden', async () => {
    stubApi();
    const user = userEvent.setup();
    renderWithProviders(<SystemLogsPage />, { path: '/system-logs' });
    const table = await screen.findByRole('table', { name: 'Журнал дій' });
    const [toggle] = within(table).getAllByRole('button', { name: /Показати зміни/ });
    await user.click(toggle!);
    expect(toggle!.getAttribute('aria-expanded')).toBe('true');
    const diff = await screen.findByRole('table', { name: 'Зміни запису' });
    const price = within(diff).getByRole('row', { name: /retailPrice/ });
    expect(price.getAttribute('data-changed')).toBe('true');
    expect(within(price).getByText('100,000000')).toBeTruthy();
    expect(within(price).getByText('150,000000')).toBeTruthy();
    const name = within(diff).getByRole('row', { name: /name/ });
    expect(name.getAttribute('data-changed')).toBeNull();
    const secret = within(diff).getByRole('row', { name: /passwordHash/ });
    expect(within(secret).getAllByText('приховано')).toHaveLength(2);
    expect(diff.textContent).not.toContain('***');
    expect(screen.getByText('Змінено полів: 1 · Запит req-7')).toBeTruthy();
  });

  it('lists system events with their level and masked details', async () => {
    stubApi();
    const user = userEvent.setup();
    renderWithProviders(<SystemLogsPage />, { path: '/system-logs' });
    await user.click(screen.getByRole('tab', { name: 'Системні події' }));
    const table = await screen.findByRole('table', { name: 'Системні події' });
    expect(within(table).getByText('Перевірка дефіциту не вдалася')).toBeTruthy();
    expect(within(table).getByText('Помилка')).toBeTruthy();
    expect(within(table).getByText('Фонові задачі')).toBeTruthy();
    expect(within(table).getByText('job: shortage; token: приховано')).toBeTruthy();
  });

  it('refuses fewer than 30 days in Ukrainian, then cleans up after confirmation', async () => {
    const fetchMock = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<SystemLogsPage />, { path: '/system-logs' });
    await user.click(screen.getByRole('button', { name: 'Очистити старші за N днів' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Очистити системні події' });
    const days = within(dialog).getByLabelText('Старші за, днів');
    await user.clear(days);
    await user.type(days, '29');
    await user.click(within(dialog).getByRole('button', { name: 'Очистити' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Вкажіть ціле число днів, не менше 30');
    const posts = () => fetchMock.mock.calls.filter(([url]) => url === '/api/system-logs/events/cleanup');
    expect(posts()).toHaveLength(0);
    await user.clear(days);
    await user.type(days, '45');
    await user.click(within(dialog).getByRole('button', { name: 'Очистити' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(JSON.parse(String(posts()[0]![1]!.body))).toEqual({ olderThanDays: 45 });
    expect(await screen.findByText('Видалено 2 події')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('shows the journal as cards on a phone, a card opening into its diff', async () => {
    setPhoneWidth();
    stubApi();
    const user = userEvent.setup();
    renderWithProviders(<SystemLogsPage />, { path: '/system-logs' });
    const cards = await screen.findByRole('list', { name: 'Журнал дій' });
    const [first] = within(cards).getAllByRole('listitem');
    expect(within(first!).getByText('Олена Коваленко')).toBeTruthy();
    expect(within(first!).getByText('Користувач')).toBeTruthy();
    await user.click(within(first!).getByRole('button', { name: /Показати зміни/ }));
    const diff = await within(first!).findByRole('table', { name: 'Зміни запису' });
    expect(
      within(diff)
        .getByRole('row', { name: /retailPrice/ })
        .getAttribute('data-changed'),
    ).toBe('true');
  });
});
