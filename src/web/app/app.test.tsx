import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '@/web/lib/query-client.ts';
import { deferred, jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import {
  adminMenu,
  clearSidebarCookie,
  MENU_URL,
  menuAllowing,
  olena,
  stubShellApi,
} from '@/web/layout/shell.fixtures.ts';
import { LAST_USER_ID_KEY } from './use-accessible-menu.ts';
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

describe('the menu beside the user check', () => {
  const signedInAs = (
    user: typeof olena | null,
    { menu = adminMenu, held }: { menu?: typeof adminMenu; held?: Promise<Response> } = {},
  ) => {
    const calls: string[] = [];
    const fetchMock = stubFetch((url) => {
      calls.push(url.split('?')[0] ?? url);
      if (url === '/api/auth/user') {
        if (held) return held;
        return user ? jsonResponse(user) : jsonResponse({ error: 'Потрібно увійти в систему' }, 401);
      }
      if (url === `/api/users/${user?.id}/accessible-menu`) return jsonResponse(menu);
      if (url.endsWith('/accessible-menu')) return jsonResponse({ error: 'Доступ заборонено' }, 403);
      return jsonResponse({ error: 'Не знайдено' }, 404);
    });
    return { calls, fetchMock };
  };

  it("asks for the last user's menu while the user check is still under way, and once only", async () => {
    window.localStorage.setItem(LAST_USER_ID_KEY, String(olena.id));
    const check = deferred<Response>();
    const { calls } = signedInAs(olena, { held: check.promise });
    renderApp('/');
    await waitFor(() => expect(calls).toContain(MENU_URL));
    expect(screen.getByText('Завантаження...')).toBeTruthy();
    check.resolve(jsonResponse(olena));
    expect(await screen.findByText(/Вітаємо, Олена!/, {}, { timeout: 5000 })).toBeTruthy();
    expect(calls.filter((url) => url === MENU_URL)).toHaveLength(1);
  });

  it('asks for nothing before the check in a browser that kept no user, and keeps the one that signed in', async () => {
    const check = deferred<Response>();
    const { calls } = signedInAs(olena, { held: check.promise });
    renderApp('/');
    await waitFor(() => expect(calls).toContain('/api/auth/user'));
    expect(calls.some((url) => url.endsWith('/accessible-menu'))).toBe(false);
    check.resolve(jsonResponse(olena));
    expect(await screen.findByText(/Вітаємо, Олена!/, {}, { timeout: 5000 })).toBeTruthy();
    expect(calls).toContain(MENU_URL);
    expect(window.localStorage.getItem(LAST_USER_ID_KEY)).toBe(String(olena.id));
  });

  it('uses the menu of who actually signed in when another user was kept, and forgets the id at sign-out', async () => {
    const taras = { ...olena, id: 12, username: 'taras', firstName: 'Тарас', email: 'taras@example.com' };
    window.localStorage.setItem(LAST_USER_ID_KEY, String(olena.id));
    const { calls } = signedInAs(taras, { menu: menuAllowing() });
    renderApp('/');
    expect(await screen.findByText(/Вітаємо, Тарас!/, {}, { timeout: 5000 })).toBeTruthy();
    // Taras may not see /users: the sidebar follows his menu, not the one asked for on a guess.
    const navigation = screen.getByRole('navigation', { name: 'Розділи системи' });
    await waitFor(() => expect(within(navigation).queryByRole('link', { name: 'Користувачі' })).toBeNull());
    expect(calls).toContain('/api/users/12/accessible-menu');
    expect(window.localStorage.getItem(LAST_USER_ID_KEY)).toBe('12');
    cleanup();

    signedInAs(null);
    renderApp('/orders');
    expect(await screen.findByRole('heading', { name: 'Вхід до системи' })).toBeTruthy();
    await waitFor(() => expect(window.localStorage.getItem(LAST_USER_ID_KEY)).toBeNull());
  });
});
