import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  catalogRouteSchema,
  putPermissionsSchema,
  roleDetailSchema,
  roleSchema,
  type RoleDetail,
} from '@/modules/roles/roles.contract.ts';
import { routeCatalog } from '@/shared/route-catalog.ts';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { RolesPage } from './roles-page.tsx';

const catalogue = catalogRouteSchema.array().parse(
  routeCatalog.map((entry) => ({
    route: entry.route,
    label: entry.label,
    group: entry.group,
    icon: entry.icon,
    sidebar: entry.sidebar,
    alwaysAllowed: entry.alwaysAllowed ?? false,
    requiresAccess: entry.requiresAccess ?? false,
  })),
);

// Every page of the catalogue is built but '/repairs' (as the route table was before repairs were built).
const built = new Set(catalogue.map((entry) => entry.route).filter((route) => route !== '/repairs'));

const admin = roleDetailSchema.parse({
  id: 1,
  name: 'Адміністратор',
  description: 'Усі права',
  isSystem: true,
  userCount: 1,
  permissions: [],
});
const storekeeper = roleDetailSchema.parse({
  id: 2,
  name: 'Комірник',
  description: 'Склад і запаси',
  isSystem: false,
  userCount: 3,
  permissions: [
    { route: '/inventory', canView: true, canAccess: false },
    { route: '/component-stock', canView: true, canAccess: true },
    { route: '/repairs', canView: true, canAccess: false },
  ],
});
const manager = roleDetailSchema.parse({
  id: 3,
  name: 'Менеджер',
  description: '',
  isSystem: false,
  userCount: 21,
  permissions: [],
});

type Answer = (url: string, init: RequestInit) => Response | undefined;

/** The server: GETs answered from `details`, which a test's own answers may change. */
function stubApi(answer: Answer = () => undefined, details: RoleDetail[] = [admin, storekeeper, manager]) {
  return stubFetch((url, init) => {
    const own = answer(url, init);
    if (own) return own;
    if (url === '/api/roles') {
      return jsonResponse(roleSchema.array().parse(details.map(({ permissions: _permissions, ...role }) => role)));
    }
    if (url === '/api/roles/routes') return jsonResponse(catalogue);
    const detail = details.find((role) => url === `/api/roles/${role.id}`);
    if (detail && (init.method ?? 'GET') === 'GET') return jsonResponse(detail);
    return jsonResponse({ error: 'Не знайдено' }, 404);
  });
}

// By label rather than by role: the matrix has ~150 checkboxes and role queries are slow on a tree that big.
const box = (name: string) => screen.getByLabelText(name);
const isTicked = (name: string) => box(name).getAttribute('data-state') === 'checked';

async function openStorekeeper() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: /Комірник/ }));
  await screen.findByRole('heading', { name: 'Комірник' });
  await screen.findByRole('checkbox', { name: 'Перегляд: Запаси товарів' });
  return user;
}

describe('RolesPage', () => {
  it('lists the roles with their user counts and shows the administrator read-only', async () => {
    stubApi();
    renderWithProviders(<RolesPage />, { path: '/roles', registeredRoutes: built });

    expect(screen.getByRole('heading', { name: 'Ролі та дозволи' })).toBeTruthy();
    const list = await screen.findByRole('region', { name: 'Ролі' });
    expect(within(list).getByText('1 користувач')).toBeTruthy();
    expect(within(list).getByText('3 користувачі')).toBeTruthy();
    expect(within(list).getByText('21 користувач')).toBeTruthy();

    expect(
      await screen.findByText('Системна роль «Адміністратор» має всі права. Її дозволи не можна змінити.'),
    ).toBeTruthy();
    await screen.findByLabelText('Перегляд: Замовлення клієнтів');
    const boxes = [...document.querySelectorAll('[role="checkbox"]')];
    expect(boxes.length).toBeGreaterThan(2 * catalogue.length);
    for (const checkbox of boxes) {
      expect(checkbox.getAttribute('data-state')).toBe('checked');
      expect(checkbox.hasAttribute('disabled')).toBe(true);
    }
    expect(screen.queryByRole('button', { name: 'Зберегти' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Видалити' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Перейменувати' }).hasAttribute('disabled')).toBe(true);
  });

  it('ticks view with full access and drops full access with view', async () => {
    stubApi();
    renderWithProviders(<RolesPage />, { path: '/roles', registeredRoutes: built });
    const user = await openStorekeeper();

    expect(isTicked('Перегляд: Запаси товарів')).toBe(true);
    expect(isTicked('Повний доступ: Запаси товарів')).toBe(false);
    expect(isTicked('Перегляд: Замовлення клієнтів')).toBe(false);
    expect(screen.getByText('Усі зміни збережено')).toBeTruthy();

    await user.click(box('Повний доступ: Замовлення клієнтів'));
    expect(isTicked('Перегляд: Замовлення клієнтів')).toBe(true);
    expect(isTicked('Повний доступ: Замовлення клієнтів')).toBe(true);
    expect(screen.getByText('Незбережені зміни: 1')).toBeTruthy();

    await user.click(box('Перегляд: Запаси компонентів'));
    expect(isTicked('Перегляд: Запаси компонентів')).toBe(false);
    expect(isTicked('Повний доступ: Запаси компонентів')).toBe(false);
    expect(screen.getByText('Незбережені зміни: 2')).toBeTruthy();

    // Always-allowed routes are shown ticked and cannot be changed.
    expect(isTicked('Перегляд: Профіль')).toBe(true);
    expect(box('Перегляд: Профіль').hasAttribute('disabled')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Скасувати зміни' }));
    expect(isTicked('Повний доступ: Замовлення клієнтів')).toBe(false);
    expect(screen.getByText('Усі зміни збережено')).toBeTruthy();
  });

  it('toggles a whole group for one column', async () => {
    stubApi();
    renderWithProviders(<RolesPage />, { path: '/roles', registeredRoutes: built });
    const user = await openStorekeeper();
    const sales = ['Замовлення клієнтів', 'Платежі', 'Відвантаження', 'Листування', 'Серійні номери'];
    const warehouseView = box('Перегляд — уся група «Склад»');
    expect(warehouseView.getAttribute('data-state')).toBe('indeterminate');

    await user.click(box('Повний доступ — уся група «Продажі»'));
    for (const label of sales) {
      expect(isTicked(`Перегляд: ${label}`)).toBe(true);
      expect(isTicked(`Повний доступ: ${label}`)).toBe(true);
    }
    expect(isTicked('Повний доступ — уся група «Продажі»')).toBe(true);

    await user.click(box('Повний доступ — уся група «Продажі»'));
    for (const label of sales) {
      expect(isTicked(`Перегляд: ${label}`)).toBe(true);
      expect(isTicked(`Повний доступ: ${label}`)).toBe(false);
    }

    await user.click(box('Перегляд — уся група «Продажі»'));
    for (const label of sales) expect(isTicked(`Перегляд: ${label}`)).toBe(false);
    // Other groups stay as they were.
    expect(isTicked('Перегляд: Запаси товарів')).toBe(true);
  });

  it('saves every route of the catalogue with PUT, offering only built pages and keeping the rights of the others', async () => {
    let sent: unknown;
    const details = [admin, storekeeper, manager];
    const fetchMock = stubApi((url, init) => {
      if (url === '/api/roles/2/permissions' && init.method === 'PUT') {
        sent = JSON.parse(String(init.body));
        details[1] = { ...storekeeper, permissions: putPermissionsSchema.parse(sent).permissions };
        return jsonResponse(details[1]);
      }
      return undefined;
    }, details);
    renderWithProviders(<RolesPage />, { path: '/roles', registeredRoutes: built });
    const user = await openStorekeeper();

    expect(screen.queryByRole('checkbox', { name: 'Перегляд: Ремонти' })).toBeNull();
    await user.click(box('Повний доступ: Замовлення клієнтів'));
    await user.click(box('Перегляд: Запаси товарів'));
    await user.click(screen.getByRole('button', { name: 'Зберегти' }));

    expect(await screen.findByText('Дозволи збережено')).toBeTruthy();
    const { permissions } = putPermissionsSchema.parse(sent);
    expect(permissions).toHaveLength(catalogue.length);
    const byRoute = new Map(permissions.map((permission) => [permission.route, permission]));
    expect(byRoute.get('/orders')).toEqual({ route: '/orders', canView: true, canAccess: true });
    expect(byRoute.get('/inventory')).toEqual({ route: '/inventory', canView: false, canAccess: false });
    expect(byRoute.get('/component-stock')).toEqual({ route: '/component-stock', canView: true, canAccess: true });
    expect(byRoute.get('/payments')).toEqual({ route: '/payments', canView: false, canAccess: false });
    expect(byRoute.get('/profile')).toEqual({ route: '/profile', canView: true, canAccess: true });
    expect(byRoute.get('/repairs')).toEqual({ route: '/repairs', canView: true, canAccess: false });
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT')).toHaveLength(1);
    await waitFor(() => expect(screen.getByText('Усі зміни збережено')).toBeTruthy());
  });

  it('asks before leaving unsaved changes for another role', async () => {
    stubApi();
    renderWithProviders(<RolesPage />, { path: '/roles', registeredRoutes: built });
    const user = await openStorekeeper();

    await user.click(box('Повний доступ: Платежі'));
    await user.click(screen.getByRole('button', { name: /Менеджер/ }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Незбережені зміни' });
    await user.click(within(confirm).getByRole('button', { name: 'Залишитися' }));
    expect(screen.getByRole('heading', { name: 'Комірник' })).toBeTruthy();
    expect(isTicked('Повний доступ: Платежі')).toBe(true);

    await user.click(screen.getByRole('button', { name: /Менеджер/ }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Відкинути зміни' }));
    expect(await screen.findByRole('heading', { name: 'Менеджер' })).toBeTruthy();
    await waitFor(() => expect(isTicked('Повний доступ: Платежі')).toBe(false));
  });

  it('creates, copies and refuses to delete a role in use', async () => {
    const copyDetail = roleDetailSchema.parse({ ...storekeeper, id: 4, name: 'Комірник (копія)', userCount: 0 });
    const details = [admin, storekeeper, manager];
    const fetchMock = stubApi((url, init) => {
      if (url === '/api/roles' && init.method === 'POST') {
        return jsonResponse({ error: 'Роль з такою назвою вже існує', fields: { name: 'Назва вже зайнята' } }, 409);
      }
      if (url === '/api/roles/2/copy' && init.method === 'POST') {
        details.push(copyDetail);
        return jsonResponse(copyDetail, 201);
      }
      if (url === '/api/roles/2' && init.method === 'DELETE') {
        return jsonResponse({ error: 'Роль призначено користувачам (3) — її не можна видалити' }, 409);
      }
      return undefined;
    }, details);
    renderWithProviders(<RolesPage />, { path: '/roles', registeredRoutes: built });
    const user = await openStorekeeper();

    await user.click(screen.getByRole('button', { name: 'Нова роль' }));
    const form = await screen.findByRole('dialog', { name: 'Нова роль' });
    await user.click(within(form).getByRole('button', { name: 'Створити' }));
    expect(await within(form).findByText('Вкажіть назву ролі')).toBeTruthy();
    await user.type(within(form).getByLabelText('Назва'), 'Комірник');
    await user.click(within(form).getByRole('button', { name: 'Створити' }));
    expect(await within(form).findByText('Назва вже зайнята')).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Скасувати' }));

    await user.click(screen.getByRole('button', { name: 'Видалити' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Видалити роль?' });
    await user.click(within(confirm).getByRole('button', { name: 'Видалити' }));
    expect(await screen.findByText('Роль призначено користувачам (3) — її не можна видалити')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Копіювати' }));
    expect(await screen.findByRole('heading', { name: 'Комірник (копія)' })).toBeTruthy();
    expect(screen.getByText('Роль скопійовано')).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/roles/2/copy')).toHaveLength(1);
  });
});
