import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentUserSchema } from '@/modules/auth/auth.contract.ts';
import { roleSchema } from '@/modules/roles/roles.contract.ts';
import { createUserSchema, userSchema, type User } from '@/modules/users/users.contract.ts';
import { messageSchema } from '@/shared/contract.ts';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { UsersPage } from './users-page.tsx';

const roles = roleSchema.array().parse([
  { id: 1, name: 'Адміністратор', description: 'Усі права', isSystem: true, userCount: 1 },
  { id: 2, name: 'Комірник', description: 'Склад', isSystem: false, userCount: 3 },
]);

const admin = userSchema.parse({
  id: 1,
  username: 'admin',
  email: 'admin@example.com',
  firstName: 'Олена',
  lastName: 'Коваль',
  isActive: true,
  profileImageUrl: null,
  lastLoginAt: '2025-03-14T08:05:00.000Z',
  createdAt: '2025-01-01T00:00:00.000Z',
  roles: [{ id: 1, name: 'Адміністратор' }],
  workerId: null,
  workerName: null,
});
const storekeeper = userSchema.parse({
  id: 2,
  username: 'petro',
  email: 'petro@example.com',
  firstName: 'Петро',
  lastName: 'Шевчук',
  isActive: true,
  profileImageUrl: null,
  lastLoginAt: null,
  createdAt: '2025-02-01T00:00:00.000Z',
  roles: [{ id: 2, name: 'Комірник' }],
  workerId: null,
  workerName: null,
});
const me = currentUserSchema.parse({
  id: 1,
  username: 'admin',
  firstName: 'Олена',
  lastName: 'Коваль',
  email: 'admin@example.com',
  profileImageUrl: null,
  workerId: null,
});

function listResponse(rows: User[], total: number) {
  return new Response(JSON.stringify(rows), {
    headers: { 'content-type': 'application/json', 'X-Total-Count': String(total) },
  });
}

type Answer = (url: string, init: RequestInit) => Response | undefined;

/** The page's GETs answered from the contracts; `answer` handles what a test looks at. */
function stubApi(answer: Answer = () => undefined, total = 2) {
  return stubFetch((url, init) => {
    const own = answer(url, init);
    if (own) return own;
    if (url === '/api/auth/user') return jsonResponse(me);
    if (url === '/api/roles') return jsonResponse(roles);
    if (url.startsWith('/api/users?')) return listResponse([admin, storekeeper], total);
    return jsonResponse({ error: 'Не знайдено' }, 404);
  });
}

function listUrls(fetchMock: ReturnType<typeof stubFetch>) {
  return fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/users?'));
}

describe('UsersPage', () => {
  it('shows the users with roles, status, last login and the total', async () => {
    const fetchMock = stubApi(undefined, 45);
    renderWithProviders(<UsersPage />, { path: '/users' });

    expect(screen.getByRole('heading', { name: 'Користувачі' })).toBeTruthy();
    expect(screen.getByText('Завантаження користувачів...')).toBeTruthy();
    const petroRow = (await screen.findByText('petro')).closest('tr')!;
    expect(within(petroRow).getByText('Шевчук Петро')).toBeTruthy();
    expect(within(petroRow).getByText('petro@example.com')).toBeTruthy();
    expect(within(petroRow).getByText('Комірник')).toBeTruthy();
    expect(within(petroRow).getByText('Активний')).toBeTruthy();
    expect(within(petroRow).getByText('—')).toBeTruthy();
    const adminRow = screen.getByText('admin').closest('tr')!;
    expect(within(adminRow).getByText(/^\d{2}\.03\.2025 \d{2}:05$/)).toBeTruthy();
    expect(within(adminRow).getByText('(ви)')).toBeTruthy();
    expect(screen.getByText('Показано 1–20 з 45')).toBeTruthy();
    expect(listUrls(fetchMock)).toEqual(['/api/users?page=1&limit=20&sort=username']);
  });

  it('shows the empty state and retries after an error', async () => {
    let fail = true;
    stubApi((url) => {
      if (!url.startsWith('/api/users?')) return undefined;
      return fail ? jsonResponse({ error: 'Сервер недоступний' }, 500) : listResponse([], 0);
    });
    const user = userEvent.setup();
    renderWithProviders(<UsersPage />, { path: '/users' });

    expect(await screen.findByText('Не вдалося завантажити користувачів: Сервер недоступний')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Спробувати ще раз' }));
    expect(await screen.findByText('Користувачів не знайдено')).toBeTruthy();
  });

  it('pages on the server and goes back to page 1 when the search or a filter changes', async () => {
    const fetchMock = stubApi(undefined, 45);
    const user = userEvent.setup();
    renderWithProviders(<UsersPage />, { path: '/users' });
    await screen.findByText('petro');

    await user.click(screen.getByRole('button', { name: 'Наступна сторінка' }));
    expect(await screen.findByText('Показано 21–40 з 45')).toBeTruthy();
    expect(listUrls(fetchMock).at(-1)).toBe('/api/users?page=2&limit=20&sort=username');

    await user.type(screen.getByRole('searchbox', { name: 'Пошук користувачів' }), 'петро');
    await waitFor(() =>
      expect(listUrls(fetchMock).at(-1)).toBe(
        `/api/users?page=1&limit=20&search=${encodeURIComponent('петро')}&sort=username`,
      ),
    );
    // Debounced: one request for the whole word, not one per letter.
    expect(listUrls(fetchMock).filter((url) => url.includes('search='))).toHaveLength(1);
    expect(await screen.findByText('Показано 1–20 з 45')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Наступна сторінка' }));
    await screen.findByText('Показано 21–40 з 45');
    await user.click(screen.getByRole('combobox', { name: 'Статус' }));
    await user.click(await screen.findByRole('option', { name: 'Неактивні' }));
    await waitFor(() =>
      expect(listUrls(fetchMock).at(-1)).toBe(
        `/api/users?page=1&limit=20&search=${encodeURIComponent('петро')}&sort=username&status=inactive`,
      ),
    );

    await user.click(screen.getByRole('combobox', { name: 'Роль' }));
    await user.click(await screen.findByRole('option', { name: 'Комірник' }));
    await waitFor(() => expect(listUrls(fetchMock).at(-1)).toContain('status=inactive&roleId=2'));
  });

  it('sorts by a column header and tells assistive technology the direction', async () => {
    const fetchMock = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<UsersPage />, { path: '/users' });
    await screen.findByText('petro');

    const loginHeader = screen.getByRole('columnheader', { name: /Логін/ });
    expect(loginHeader.getAttribute('aria-sort')).toBe('ascending');
    await user.click(within(loginHeader).getByRole('button'));
    expect(loginHeader.getAttribute('aria-sort')).toBe('descending');
    await user.click(within(screen.getByRole('columnheader', { name: /Останній вхід/ })).getByRole('button'));
    await waitFor(() => expect(listUrls(fetchMock).at(-1)).toBe('/api/users?page=1&limit=20&sort=lastLoginAt'));
    expect(listUrls(fetchMock)).toContain('/api/users?page=1&limit=20&sort=-username');
  });

  it('validates a new user in Ukrainian, then shows the server’s conflict under the login', async () => {
    let created: unknown;
    const fetchMock = stubApi((url, init) => {
      if (url === '/api/users' && init.method === 'POST') {
        created = JSON.parse(String(init.body));
        return jsonResponse(
          { error: 'Користувач з таким логіном уже існує', fields: { username: 'Цей логін уже зайнятий' } },
          409,
        );
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<UsersPage />, { path: '/users' });
    await screen.findByText('petro');

    await user.click(screen.getByRole('button', { name: 'Новий користувач' }));
    const dialog = await screen.findByRole('dialog', { name: 'Новий користувач' });
    await user.click(within(dialog).getByRole('button', { name: 'Створити' }));

    expect(
      await within(dialog).findByText('Логін: 3–50 символів — латинські літери, цифри, крапка, дефіс або підкреслення'),
    ).toBeTruthy();
    expect(within(dialog).getByText('Вкажіть коректну адресу e-mail')).toBeTruthy();
    expect(within(dialog).getByText("Вкажіть ім'я")).toBeTruthy();
    expect(within(dialog).getByText('Вкажіть прізвище')).toBeTruthy();
    expect(within(dialog).getByText('Оберіть щонайменше одну роль')).toBeTruthy();
    expect(within(dialog).getByText('Пароль повинен містити мінімум 6 символів')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/users' && init?.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByLabelText('Логін'), 'Ivan.P');
    await user.type(within(dialog).getByLabelText('E-mail'), 'ivan@example.com');
    await user.type(within(dialog).getByLabelText("Ім'я"), 'Іван');
    await user.type(within(dialog).getByLabelText('Прізвище'), 'Петренко');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Комірник' }));
    await user.type(within(dialog).getByLabelText('Тимчасовий пароль'), 'secret1');
    await user.click(within(dialog).getByRole('button', { name: 'Створити' }));

    const login = within(dialog).getByLabelText('Логін');
    await waitFor(() => expect(login.getAttribute('aria-invalid')).toBe('true'));
    const message = document.getElementById(login.getAttribute('aria-describedby')!)!;
    expect(message.textContent).toBe('Цей логін уже зайнятий');
    expect(createUserSchema.parse(created)).toEqual({
      username: 'ivan.p',
      email: 'ivan@example.com',
      firstName: 'Іван',
      lastName: 'Петренко',
      roleIds: [2],
      workerId: null,
      isActive: true,
      password: 'secret1',
      sendInvite: false,
    });
    expect(screen.getByRole('dialog', { name: 'Новий користувач' })).toBeTruthy();
  });

  it('creates a user with an invitation instead of a password', async () => {
    let created: unknown;
    stubApi((url, init) => {
      if (url === '/api/users' && init.method === 'POST') {
        created = JSON.parse(String(init.body));
        return jsonResponse({ ...storekeeper, id: 3, username: 'ivan', email: 'ivan@example.com' }, 201);
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<UsersPage />, { path: '/users' });
    await screen.findByText('petro');

    await user.click(screen.getByRole('button', { name: 'Новий користувач' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Логін'), 'ivan');
    await user.type(within(dialog).getByLabelText('E-mail'), 'ivan@example.com');
    await user.type(within(dialog).getByLabelText("Ім'я"), 'Іван');
    await user.type(within(dialog).getByLabelText('Прізвище'), 'Петренко');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Комірник' }));
    await user.click(within(dialog).getByRole('radio', { name: /Надіслати запрошення/ }));
    expect(within(dialog).queryByLabelText('Тимчасовий пароль')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Створити' }));

    expect(await screen.findByText('Запрошення надіслано на ivan@example.com')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(created).toMatchObject({ username: 'ivan', roleIds: [2], sendInvite: true });
    expect(created).not.toHaveProperty('password');
  });

  it('asks before deactivating, then deactivates', async () => {
    const fetchMock = stubApi((url, init) =>
      url === '/api/users/2/deactivate' && init.method === 'POST'
        ? jsonResponse({ ...storekeeper, isActive: false })
        : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<UsersPage />, { path: '/users' });
    await screen.findByText('petro');

    // Deactivation is in the row's menu; one's own account cannot be deactivated.
    await user.click(screen.getByRole('button', { name: 'Дії: admin' }));
    expect((await screen.findByRole('menuitem', { name: 'Деактивувати' })).getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('menuitem', { name: 'Видалити' }).getAttribute('aria-disabled')).toBe('true');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Дії: petro' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Деактивувати' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Деактивувати користувача?' });
    expect(within(confirm).getByText(/«petro» більше не зможе увійти/)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/deactivate'))).toBe(false);

    await user.click(within(confirm).getByRole('button', { name: 'Деактивувати' }));
    expect(await screen.findByText('Користувача деактивовано')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/users/2/deactivate')).toHaveLength(1);
  });

  it('shows why a used account cannot be deleted', async () => {
    stubApi((url, init) =>
      url === '/api/users/2' && init.method === 'DELETE'
        ? jsonResponse({ error: 'Користувач уже працював у системі — деактивуйте його замість видалення' }, 409)
        : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<UsersPage />, { path: '/users' });
    await screen.findByText('petro');

    await user.click(screen.getByRole('button', { name: 'Дії: petro' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Видалити' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Видалити користувача?' });
    await user.click(within(confirm).getByRole('button', { name: 'Видалити' }));

    expect(
      await screen.findByText('Користувач уже працював у системі — деактивуйте його замість видалення'),
    ).toBeTruthy();
    expect(screen.getByText('petro')).toBeTruthy();
  });

  it('sends a reset link and sets a temporary password', async () => {
    const fetchMock = stubApi((url, init) => {
      if (url === '/api/users/2/send-reset' && init.method === 'POST')
        return jsonResponse(messageSchema.parse({ message: 'Лист надіслано' }));
      if (url === '/api/users/2/set-password' && init.method === 'POST')
        return jsonResponse(messageSchema.parse({ message: 'Пароль змінено' }));
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<UsersPage />, { path: '/users' });
    await screen.findByText('petro');

    await user.click(screen.getByRole('button', { name: 'Дії: petro' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Надіслати посилання для скидання паролю' }));
    expect(await screen.findByText('Лист для скидання паролю надіслано на petro@example.com')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Встановити пароль: petro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Встановити пароль' });
    await user.type(within(dialog).getByLabelText('Новий пароль'), '123');
    await user.click(within(dialog).getByRole('button', { name: 'Встановити' }));
    expect(await within(dialog).findByText('Пароль повинен містити мінімум 6 символів')).toBeTruthy();
    await user.clear(within(dialog).getByLabelText('Новий пароль'));
    await user.type(within(dialog).getByLabelText('Новий пароль'), 'temp-123');
    await user.click(within(dialog).getByRole('button', { name: 'Встановити' }));

    expect(await screen.findByText('Пароль встановлено')).toBeTruthy();
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/users/2/set-password')!;
    expect(JSON.parse(String(call[1]?.body))).toEqual({ password: 'temp-123' });
  });
});
