import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '@/web/lib/query-client.ts';
import { deferred, jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { adminMenu, clearSidebarCookie, MENU_URL, stubShellApi } from '@/web/layout/shell.fixtures.ts';
import { App } from './app.tsx';

function renderApp(path: string) {
  window.history.replaceState(null, '', path);
  return render(<App queryClient={createQueryClient()} />);
}

afterEach(() => {
  window.history.replaceState(null, '', '/');
  clearSidebarCookie();
});

describe('App', () => {
  it('shows "Завантаження..." while the sign-in state loads', () => {
    stubFetch(() => deferred<Response>().promise);
    renderApp('/');
    expect(screen.getByText('Завантаження...')).toBeTruthy();
  });

  it('shows the login page on any path to a visitor', async () => {
    stubFetch(() => jsonResponse({ error: 'Потрібно увійти в систему' }, 401));
    renderApp('/orders');
    expect(await screen.findByRole('heading', { name: 'Вхід до системи' })).toBeTruthy();
  });

  it('shows the password recovery page at /forgot-password', async () => {
    stubFetch(() => jsonResponse({ error: 'Потрібно увійти в систему' }, 401));
    renderApp('/forgot-password');
    expect(await screen.findByRole('heading', { name: 'Відновлення паролю' })).toBeTruthy();
  });

  it('gives a signed-in user the shell: sidebar, home page, user card with logout, theme switch', async () => {
    const fetchMock = stubShellApi({ menu: adminMenu });
    const user = userEvent.setup();
    renderApp('/');

    expect(await screen.findByText(/Вітаємо, Олена!/, {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Система управління виробництвом' })).toBeTruthy();
    const navigation = screen.getByRole('navigation', { name: 'Розділи системи' });
    expect(within(navigation).getByRole('link', { name: 'Головна' }).getAttribute('aria-current')).toBe('page');
    expect(within(navigation).getByRole('link', { name: 'Користувачі' }).getAttribute('href')).toBe('/users');

    const card = screen.getByRole('button', { name: 'Меню користувача: Олена Коваль olena@example.com' });
    expect(within(card).getByText('olena@example.com')).toBeTruthy();
    await user.click(card);
    expect((await screen.findByRole('menuitem', { name: 'Вийти' })).getAttribute('href')).toBe('/api/logout');
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Увімкнути темну тему' }));
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(window.localStorage.getItem('theme')).toBe('dark');
    expect(screen.getByRole('button', { name: 'Увімкнути світлу тему' })).toBeTruthy();

    // Both badges poll their stats: the notifications' and the pending payments'.
    const urls = new Set<string>(fetchMock.mock.calls.map(([url]) => String(url).split('?')[0] ?? ''));
    expect(urls.has(MENU_URL)).toBe(true);
    expect(urls.has('/api/notifications/stats')).toBe(true);
    expect(urls.has('/api/payments/stats')).toBe(true);
  });
});
