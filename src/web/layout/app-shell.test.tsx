import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { routeCatalog } from '@/shared/route-catalog.ts';
import { createQueryClient } from '@/web/lib/query-client.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { AppShell } from './app-shell.tsx';
import { clearSidebarCookie, menuAllowing, olena, seedUser, stubShellApi } from './shell.fixtures.ts';
import { setPhoneWidth } from '@/web/testing/viewport.ts';

const everyRoute: ReadonlySet<string> = new Set(routeCatalog.map((entry) => entry.route));
// What the route table registers today: home, users, roles, profile and the placeholders.
const builtRoutes: ReadonlySet<string> = new Set([
  '/',
  '/users',
  '/roles',
  '/profile',
  '/documents',
  '/settings',
  '/my-analytics',
  '/my-documents',
  '/messages',
]);

function renderShell({
  path = '/',
  registered = builtRoutes,
}: { path?: string; registered?: ReadonlySet<string> } = {}) {
  const queryClient = createQueryClient();
  seedUser(queryClient);
  return renderWithProviders(
    <AppShell user={olena} registeredRoutes={registered}>
      <h1>Вміст сторінки</h1>
    </AppShell>,
    { path, queryClient },
  );
}

const navigation = () => screen.getByRole('navigation', { name: 'Розділи системи' });
const sidebarState = () => document.querySelector('[data-slot="sidebar"]')?.getAttribute('data-state');

beforeEach(clearSidebarCookie);
afterEach(clearSidebarCookie);

describe('AppShell sidebar', () => {
  it('shows every group of the catalogue to an administrator', async () => {
    stubShellApi();
    renderShell({ registered: everyRoute });
    for (const name of ['Головне', 'Продажі', 'Склад', 'Виробництво', 'Довідники', 'Звіти', 'Адміністрування']) {
      expect(await within(navigation()).findByRole('group', { name })).toBeTruthy();
    }
    const sales = within(screen.getByRole('group', { name: 'Продажі' }));
    expect(sales.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Замовлення клієнтів',
      'Платежі',
      'Відвантаження',
      'Листування',
      'Серійні номери',
    ]);
    // The user menu's pages are not sidebar items.
    expect(within(navigation()).queryByRole('link', { name: 'Профіль' })).toBeNull();
  });

  it('offers only registered pages, as full-page links', async () => {
    stubShellApi();
    renderShell();
    const admin = within(await within(navigation()).findByRole('group', { name: 'Адміністрування' }));
    expect(admin.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Користувачі', '/users'],
      ['Ролі та дозволи', '/roles'],
    ]);
    expect(screen.getByRole('group', { name: 'Звіти' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Продажі' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Повідомлення системи' })).toBeNull();
  });

  it('shows nothing but the always-allowed items when only an unbuilt page may be viewed', async () => {
    stubShellApi({ menu: menuAllowing('/orders') });
    renderShell();
    await waitFor(() => expect(within(navigation()).getAllByRole('link').length).toBeGreaterThan(0));
    expect(
      within(navigation())
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Головна', 'Документи']);
    expect(screen.queryByRole('link', { name: 'Замовлення клієнтів' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Адміністрування' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Продажі' })).toBeNull();
    expect(within(navigation()).getAllByRole('group')).toHaveLength(2);
  });

  it('highlights the item of the current path, detail pages included', async () => {
    stubShellApi();
    renderShell({ path: '/users' });
    const users = await within(navigation()).findByRole('link', { name: 'Користувачі' });
    expect(users.getAttribute('aria-current')).toBe('page');
    expect(users.getAttribute('data-active')).toBe('true');
    expect(screen.getByRole('link', { name: 'Ролі та дозволи' }).getAttribute('aria-current')).toBeNull();
    expect(screen.getByText('Користувачі', { selector: 'header p' })).toBeTruthy();
  });

  it('shows the page title of the current path in the header', async () => {
    stubShellApi();
    renderShell({ path: '/no-such-page' });
    expect(screen.getByText('Сторінку не знайдено', { selector: 'header p' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Сторінку не знайдено — Система управління виробництвом'));
  });

  it('collapses to icons with Ctrl+B and remembers it in the sidebar_state cookie', async () => {
    stubShellApi();
    const user = userEvent.setup();
    renderShell();
    expect(sidebarState()).toBe('expanded');

    await user.keyboard('{Control>}b{/Control}');
    expect(sidebarState()).toBe('collapsed');
    expect(document.querySelector('[data-slot="sidebar"]')?.getAttribute('data-collapsible')).toBe('icon');
    expect(document.cookie).toContain('sidebar_state=false');

    await user.keyboard('{Meta>}b{/Meta}');
    expect(sidebarState()).toBe('expanded');
    expect(document.cookie).toContain('sidebar_state=true');
  });

  it('toggles with the trigger button and starts from the remembered state', async () => {
    stubShellApi();
    document.cookie = 'sidebar_state=false; path=/';
    const user = userEvent.setup();
    renderShell();
    expect(sidebarState()).toBe('collapsed');
    await user.click(screen.getByRole('button', { name: 'Показати або сховати бічне меню' }));
    expect(sidebarState()).toBe('expanded');
    expect(document.cookie).toContain('sidebar_state=true');
  });

  it("shows a badge count, as '99+' in icon mode", async () => {
    stubShellApi({ others: { '/api/payments/stats': { pendingPayments: 150 } } });
    const user = userEvent.setup();
    renderShell({ registered: new Set([...builtRoutes, '/payments']) });
    const item = (await screen.findByRole('link', { name: 'Платежі' })).closest('li')!;
    expect(await within(item).findByText('150')).toBeTruthy();

    await user.keyboard('{Control>}b{/Control}');
    expect(within(item).getByText('99+')).toBeTruthy();
    expect(within(item).queryByText('150')).toBeNull();
  });

  it('shows no badge for zero', async () => {
    const fetchMock = stubShellApi({ others: { '/api/payments/stats': { pendingPayments: 0 } } });
    renderShell({ registered: new Set([...builtRoutes, '/payments']) });
    const item = (await screen.findByRole('link', { name: 'Платежі' })).closest('li')!;
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/api/payments/stats')).toBe(true));
    expect(item.querySelector('[data-sidebar^="menu-badge"]')).toBeNull();
  });

  it('polls no badge endpoint while their pages are not registered', async () => {
    const fetchMock = stubShellApi();
    renderShell();
    await within(navigation()).findByRole('link', { name: 'Користувачі' });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/users/7/accessible-menu']);
  });
});

describe('AppShell user card', () => {
  it('shows initials, name and e-mail, and opens the user menu with logout', async () => {
    stubShellApi();
    const user = userEvent.setup();
    renderShell();
    const card = screen.getByRole('button', { name: 'Меню користувача: Олена Коваль olena@example.com' });
    expect(within(card).getByText('ОК')).toBeTruthy();
    expect(within(card).getByText('Олена Коваль')).toBeTruthy();
    expect(within(card).getByText('olena@example.com')).toBeTruthy();

    await user.click(card);
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => [item.textContent, item.getAttribute('href')])).toEqual([
      ['Профіль', '/profile'],
      ['Налаштування', '/settings'],
      ['Моя аналітика', '/my-analytics'],
      ['Мої документи', '/my-documents'],
      ['Повідомлення', '/messages'],
      ['Вийти', '/api/logout'],
    ]);
  });

  it('offers /notifications once it is registered', async () => {
    stubShellApi({ others: { '/api/notifications/stats': { unreadNotifications: 3 } } });
    const user = userEvent.setup();
    renderShell({ registered: new Set([...builtRoutes, '/notifications']) });
    await user.click(screen.getByRole('button', { name: 'Меню користувача: Олена Коваль olena@example.com' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getByRole('menuitem', { name: /Повідомлення системи/ })
        .getAttribute('href'),
    ).toBe('/notifications');
  });

  it('shows the profile image when there is one', () => {
    stubShellApi();
    const queryClient = createQueryClient();
    seedUser(queryClient);
    renderWithProviders(
      <AppShell user={{ ...olena, profileImageUrl: '/uploads/olena.png' }} registeredRoutes={builtRoutes}>
        <p>Вміст</p>
      </AppShell>,
      { queryClient },
    );
    // Radix shows the image once it has loaded; jsdom loads no images, so the initials stay as the fallback.
    expect(screen.getByText('ОК')).toBeTruthy();
  });

  it('switches the theme from the header', async () => {
    stubShellApi();
    const user = userEvent.setup();
    renderShell();
    await user.click(screen.getByRole('button', { name: 'Увімкнути темну тему' }));
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(screen.getByRole('button', { name: 'Увімкнути світлу тему' })).toBeTruthy();
  });
});

describe('AppShell on a phone', () => {
  it('opens the sidebar as a side sheet under 768 px', async () => {
    setPhoneWidth();
    stubShellApi();
    const user = userEvent.setup();
    renderShell();
    expect(screen.queryByRole('navigation', { name: 'Розділи системи' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Показати або сховати бічне меню' }));
    const sheet = await screen.findByRole('dialog', { name: 'Бічне меню' });
    expect(await within(sheet).findByRole('link', { name: 'Користувачі' })).toBeTruthy();
    expect(within(sheet).getByText('Олена Коваль')).toBeTruthy();
  });
});
