import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createSchema, defineResource } from '@/resources/_engine/define-resource.ts';
import { RowAction } from '@/web/components/data-list.tsx';
import { deferred, jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import type { ImportPreview, ResourceRow } from './resource-api.ts';
import { createResourcePage } from './resource-page.tsx';
import { setPhoneWidth } from '@/web/testing/viewport.ts';

// A small declaration with one field of each kind the page treats differently.
const widgets = defineResource({
  route: '/widgets',
  title: 'Вироби',
  newLabel: 'Новий виріб',
  oneLabel: 'виріб',
  fields: [
    { name: 'name', label: 'Назва', kind: 'text', required: true, unique: true, list: true, search: true },
    {
      name: 'type',
      label: 'Тип',
      kind: 'enum',
      required: true,
      options: [
        { value: 'count', label: 'Кількість' },
        { value: 'weight', label: 'Вага' },
      ],
      list: true,
      filter: true,
    },
    { name: 'factor', label: 'Коефіцієнт', kind: 'decimal', required: true, scale: 6, min: 0, list: true },
    { name: 'isBase', label: 'Базовий', kind: 'boolean', list: true, filter: true },
    {
      name: 'departmentId',
      label: 'Відділ',
      kind: 'reference',
      references: '/departments',
      list: true,
      filter: true,
    },
    { name: 'pinCount', label: 'Кількість виводів', kind: 'integer', min: 0 },
    { name: 'color', label: 'Колір', kind: 'color', list: true },
    { name: 'description', label: 'Опис', kind: 'textarea' },
  ],
  displayField: 'name',
  defaultSort: 'name',
  importKey: ['name'],
  hasActiveFlag: true,
});

const WidgetsPage = createResourcePage(widgets);

const kilogram: ResourceRow = {
  id: 1,
  name: 'Кілограм',
  type: 'weight',
  factor: '1.000000',
  isBase: true,
  departmentId: 3,
  departmentIdLabel: 'Цех збирання',
  pinCount: null,
  color: '#ff8800',
  description: null,
  isActive: true,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};
const gram: ResourceRow = {
  ...kilogram,
  id: 2,
  name: 'Грам',
  factor: '0.001000',
  isBase: false,
  departmentId: null,
  departmentIdLabel: null,
  color: null,
};
const departments = [
  { id: 3, label: 'Цех збирання' },
  { id: 4, label: 'Склад' },
];

function listResponse(rows: ResourceRow[], total: number) {
  return new Response(JSON.stringify(rows), {
    headers: { 'content-type': 'application/json', 'X-Total-Count': String(total) },
  });
}

type Answer = (url: string, init: RequestInit) => Response | Promise<Response> | undefined;

function stubApi(answer: Answer = () => undefined, total = 2) {
  return stubFetch((url, init) => {
    const own = answer(url, init);
    if (own) return own;
    if (url.startsWith('/api/lookups/departments')) return jsonResponse(departments);
    if (url.startsWith('/api/widgets?')) return listResponse([kilogram, gram], total);
    return jsonResponse({ error: 'Не знайдено' }, 404);
  });
}

function urls(fetchMock: ReturnType<typeof stubFetch>, prefix: string) {
  return fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith(prefix));
}
const listUrls = (fetchMock: ReturnType<typeof stubFetch>) => urls(fetchMock, '/api/widgets?');
const calls = (fetchMock: ReturnType<typeof stubFetch>, method: string, prefix: string) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url).startsWith(prefix) && init?.method === method);

describe('createResourcePage', () => {
  it('offers no changes to a user who may only view the route', async () => {
    stubApi((url) => {
      if (url === '/api/auth/user') {
        return jsonResponse({
          id: 7,
          username: 'viewer',
          firstName: 'Ліна',
          lastName: 'Коваль',
          email: 'viewer@example.com',
          profileImageUrl: null,
          workerId: null,
        });
      }
      if (url.startsWith('/api/users/7/accessible-menu')) {
        return jsonResponse([{ route: '/widgets', canView: true, canAccess: false }]);
      }
      return undefined;
    });
    renderWithProviders(<WidgetsPage />, { path: '/widgets' });
    await screen.findByRole('cell', { name: 'Кілограм' });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Новий виріб' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Імпорт' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Редагувати:/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Видалити:/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Експорт' })).toBeTruthy();
  });

  it('starts with the search a link gives (?search=, the global search)', async () => {
    const fetchMock = stubApi(undefined, 120);
    renderWithProviders(<WidgetsPage />, { path: '/widgets?search=Грам' });
    await screen.findByText('Кілограм');
    expect((screen.getByRole('searchbox', { name: 'Пошук: Вироби' }) as HTMLInputElement).value).toBe('Грам');
    expect(listUrls(fetchMock)).toEqual([
      `/api/widgets?page=1&limit=50&search=${encodeURIComponent('Грам')}&sort=name&isActive=true`,
    ]);
  });

  it('lists the rows with option labels, reference labels, colours, badges and the total', async () => {
    const fetchMock = stubApi(undefined, 120);
    renderWithProviders(<WidgetsPage />, { path: '/widgets' });

    expect(screen.getByRole('heading', { name: 'Вироби' })).toBeTruthy();
    expect(screen.getByText('Завантаження...')).toBeTruthy();
    const row = (await screen.findByText('Кілограм')).closest('tr')!;
    expect(within(row).getByText('Вага')).toBeTruthy();
    // Exact decimals are shown with a decimal comma and without the column's padding zeros.
    expect(within(row).getByText('1,00')).toBeTruthy();
    expect(within(row).getByText('Так')).toBeTruthy();
    expect(within(row).getByText('Цех збирання')).toBeTruthy();
    expect(within(row).getByText('#ff8800')).toBeTruthy();
    expect(within(row).getByText('Активний')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Редагувати: Кілограм' })).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Видалити: Кілограм' })).toBeTruthy();
    const gramRow = screen.getByText('Грам').closest('tr')!;
    expect(within(gramRow).getByText('Ні')).toBeTruthy();
    expect(within(gramRow).getAllByText('—')).toHaveLength(2); // no department, no colour
    expect(screen.getByText('Показано 1–50 з 120')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /Назва/ }).getAttribute('aria-sort')).toBe('ascending');
    expect(screen.getByRole('columnheader', { name: /Колір/ }).hasAttribute('aria-sort')).toBe(false);
    expect(listUrls(fetchMock)).toEqual(['/api/widgets?page=1&limit=50&sort=name&isActive=true']);
    // Pickers ask their lookup only when opened.
    expect(urls(fetchMock, '/api/lookups')).toEqual([]);
  });

  it('shows the empty state, and the error state with a retry', async () => {
    let fail = true;
    stubApi((url) => {
      if (!url.startsWith('/api/widgets?')) return undefined;
      return fail ? jsonResponse({ error: 'Сервер недоступний' }, 500) : listResponse([], 0);
    });
    const user = userEvent.setup();
    renderWithProviders(<WidgetsPage />, { path: '/widgets' });

    expect(await screen.findByText('Не вдалося завантажити записи: Сервер недоступний')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Спробувати ще раз' }));
    expect(await screen.findByText('Записів не знайдено')).toBeTruthy();
  });

  it('searches, filters and sorts on the server, going back to page 1 each time', async () => {
    const fetchMock = stubApi(undefined, 120);
    const user = userEvent.setup();
    renderWithProviders(<WidgetsPage />, { path: '/widgets' });
    await screen.findByText('Кілограм');

    await user.click(screen.getByRole('button', { name: 'Наступна сторінка' }));
    expect(await screen.findByText('Показано 51–100 з 120')).toBeTruthy();
    expect(listUrls(fetchMock).at(-1)).toBe('/api/widgets?page=2&limit=50&sort=name&isActive=true');

    await user.type(screen.getByRole('searchbox', { name: 'Пошук: Вироби' }), 'грам');
    await waitFor(() =>
      expect(listUrls(fetchMock).at(-1)).toBe(
        `/api/widgets?page=1&limit=50&search=${encodeURIComponent('грам')}&sort=name&isActive=true`,
      ),
    );
    expect(listUrls(fetchMock).filter((url) => url.includes('search='))).toHaveLength(1); // debounced

    await user.click(screen.getByRole('button', { name: 'Наступна сторінка' }));
    await screen.findByText('Показано 51–100 з 120');
    await user.click(screen.getByRole('combobox', { name: 'Тип' }));
    await user.click(await screen.findByRole('option', { name: 'Вага' }));
    await waitFor(() => expect(listUrls(fetchMock).at(-1)).toMatch(/^\/api\/widgets\?page=1&.*&type=weight$/));

    await user.click(screen.getByRole('combobox', { name: 'Статус' }));
    await user.click(await screen.findByRole('option', { name: 'Усі' }));
    await waitFor(() => expect(listUrls(fetchMock).at(-1)).toContain('&isActive=all&type=weight'));

    await user.click(screen.getByRole('combobox', { name: 'Базовий' }));
    await user.click(await screen.findByRole('option', { name: 'Ні' }));
    await waitFor(() => expect(listUrls(fetchMock).at(-1)).toContain('&type=weight&isBase=false'));

    await user.click(screen.getByRole('combobox', { name: 'Відділ' }));
    await user.click(await screen.findByRole('option', { name: 'Цех збирання' }));
    await waitFor(() =>
      expect(listUrls(fetchMock).at(-1)).toBe(
        `/api/widgets?page=1&limit=50&search=${encodeURIComponent('грам')}&sort=name&isActive=all&type=weight&isBase=false&departmentId=3`,
      ),
    );
    expect(urls(fetchMock, '/api/lookups')).toEqual(['/api/lookups/departments?limit=20']);
    expect(screen.getByRole('combobox', { name: 'Відділ' }).textContent).toContain('Цех збирання');

    const nameHeader = screen.getByRole('columnheader', { name: /Назва/ });
    await user.click(within(nameHeader).getByRole('button'));
    expect(nameHeader.getAttribute('aria-sort')).toBe('descending');
    await waitFor(() => expect(listUrls(fetchMock).at(-1)).toContain('&sort=-name&'));
  });

  it('resets the search and the filters, keeping the sort', async () => {
    const fetchMock = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<WidgetsPage />, { path: '/widgets' });
    await screen.findByText('Кілограм');
    expect(screen.queryByRole('button', { name: 'Скинути фільтри' })).toBeNull();

    await user.click(screen.getByRole('combobox', { name: 'Тип' }));
    await user.click(await screen.findByRole('option', { name: 'Вага' }));
    await user.click(screen.getByRole('combobox', { name: 'Тип' }));
    await user.click(await screen.findByRole('option', { name: 'Усі' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Тип' }).textContent).toContain('Усі'));
    expect(screen.queryByRole('button', { name: 'Скинути фільтри' })).toBeNull(); // nothing filtered any more

    await user.type(screen.getByRole('searchbox', { name: 'Пошук: Вироби' }), 'кг');
    await user.click(screen.getByRole('combobox', { name: 'Базовий' }));
    await user.click(await screen.findByRole('option', { name: 'Так' }));
    await user.click(within(screen.getByRole('columnheader', { name: /Назва/ })).getByRole('button'));
    await waitFor(() => expect(listUrls(fetchMock).at(-1)).toContain('&sort=-name&isActive=true&isBase=true'));
    await user.click(screen.getByRole('button', { name: 'Скинути фільтри' }));
    await waitFor(() =>
      expect(listUrls(fetchMock).at(-1)).toBe('/api/widgets?page=1&limit=50&sort=-name&isActive=true'),
    );
    expect((screen.getByRole('searchbox', { name: 'Пошук: Вироби' }) as HTMLInputElement).value).toBe('');
  });

  it('keeps every row action in reach: a sticky column, a module’s own actions beside the name, a card on a phone', async () => {
    stubApi();
    const labels = vi.fn();
    const WithActions = createResourcePage(widgets, {
      rowActions: ({ row, canChange }) => (
        <RowAction label={`Етикетки: ${String(row.name)}`} onClick={() => labels(row.id, canChange)}>
          T
        </RowAction>
      ),
    });
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(<WithActions />, { path: '/widgets' });
    const table = await screen.findByRole('table', { name: 'Вироби' });
    await within(table).findByText('Кілограм');
    const headers = () =>
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent);
    expect(headers()).toEqual([
      'Назва',
      'Додатково',
      'Тип',
      'Коефіцієнт',
      'Базовий',
      'Відділ',
      'Колір',
      'Статус',
      'Дії',
    ]);
    expect(within(table).getByRole('columnheader', { name: 'Дії' }).className).toContain('sticky');
    await user.click(within(table).getByRole('button', { name: 'Етикетки: Грам' }));
    expect(labels).toHaveBeenCalledWith(2, true);
    expect(screen.queryByRole('dialog')).toBeNull(); // the row's click did not open the form too

    // The columns one hides stay hidden: the table remembers them by the resource.
    await user.click(screen.getByRole('button', { name: 'Стовпці' }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'Колір' }));
    await user.keyboard('{Escape}');
    expect(headers()).not.toContain('Колір');
    expect(localStorage.getItem('erp.columns.anon.resource:/widgets')).toBe('["color"]');
    unmount();

    // Under 768 px: a card per row, titled by the name, with the row's fields and all its actions.
    setPhoneWidth();
    renderWithProviders(<WithActions />, { path: '/widgets' });
    const cards = await screen.findByRole('list', { name: 'Вироби' });
    expect(screen.queryByRole('table')).toBeNull();
    const card = (await within(cards).findByText('Кілограм')).closest('li')!;
    expect(within(card).getByText('Тип').nextElementSibling!.textContent).toBe('Вага');
    expect(within(card).getByText('Активний')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Етикетки: Кілограм' })).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'Видалити: Кілограм' }));
    expect(await screen.findByRole('alertdialog', { name: 'Видалити виріб «Кілограм»?' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Скасувати' }));
    await user.click(within(card).getByText('Вага'));
    expect(await screen.findByRole('dialog', { name: 'Редагування: Кілограм' })).toBeTruthy();
  });

  it('offers the exports as links carrying the current search, filters and sort', async () => {
    stubApi();
    const user = userEvent.setup();
    renderWithProviders(<WidgetsPage />, { path: '/widgets' });
    await screen.findByText('Кілограм');

    await user.type(screen.getByRole('searchbox', { name: 'Пошук: Вироби' }), 'кг');
    await user.click(screen.getByRole('combobox', { name: 'Тип' }));
    await user.click(await screen.findByRole('option', { name: 'Вага' }));
    await user.click(screen.getByRole('combobox', { name: 'Статус' }));
    await user.click(await screen.findByRole('option', { name: 'Неактивні' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Статус' }).textContent).toContain('Неактивні'));

    await user.click(screen.getByRole('button', { name: 'Експорт' }));
    const csv = await screen.findByRole('menuitem', { name: /CSV/ });
    const xlsx = screen.getByRole('menuitem', { name: /XLSX/ });
    const query = `search=${encodeURIComponent('кг')}&sort=name&isActive=false&type=weight`;
    await waitFor(() => expect(csv.getAttribute('href')).toBe(`/api/widgets/export?format=csv&${query}`));
    expect(xlsx.getAttribute('href')).toBe(`/api/widgets/export?format=xlsx&${query}`);
    expect(csv.hasAttribute('download')).toBe(true);
  });

  it('validates a new record in Ukrainian, sends a decimal comma as a point, and shows a duplicate under its input', async () => {
    let created: Record<string, unknown> | undefined;
    const fetchMock = stubApi((url, init) => {
      if (url === '/api/widgets' && init.method === 'POST') {
        created = JSON.parse(String(init.body)) as Record<string, unknown>;
        return jsonResponse(
          {
            error: 'Запис з таким значенням поля «Назва» вже існує',
            fields: { name: 'Запис з таким значенням поля «Назва» вже існує' },
          },
          409,
        );
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<WidgetsPage />, { path: '/widgets' });
    await screen.findByText('Кілограм');

    await user.click(screen.getByRole('button', { name: 'Новий виріб' }));
    const dialog = await screen.findByRole('dialog', { name: 'Новий виріб' });
    const name = within(dialog).getByRole('textbox', { name: 'Назва' });
    const factor = within(dialog).getByRole('textbox', { name: 'Коефіцієнт' });
    const pins = within(dialog).getByRole('textbox', { name: 'Кількість виводів' });
    expect(name.getAttribute('aria-required')).toBe('true');
    expect(factor.getAttribute('inputmode')).toBe('decimal');
    expect(pins.getAttribute('inputmode')).toBe('numeric');

    await user.type(pins, '2,5');
    await user.type(within(dialog).getByRole('textbox', { name: 'Колір' }), 'червоний');
    await user.click(within(dialog).getByRole('button', { name: 'Створити' }));

    const messageOf = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-describedby')!)!;
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(messageOf(name).textContent).toBe("Обов'язкове поле");
    expect(messageOf(factor).textContent).toBe("Обов'язкове поле");
    expect(messageOf(within(dialog).getByRole('combobox', { name: 'Тип' })).textContent).toBe("Обов'язкове поле");
    expect(messageOf(pins).textContent).toBe('Вкажіть ціле число');
    expect(within(dialog).getByText('Вкажіть колір у форматі #RRGGBB')).toBeTruthy();
    expect(calls(fetchMock, 'POST', '/api/widgets')).toHaveLength(0);

    await user.type(name, 'Тонна');
    await user.click(within(dialog).getByRole('combobox', { name: 'Тип' }));
    await user.click(await screen.findByRole('option', { name: 'Вага' }));
    await user.type(factor, '1 000,5');
    await user.clear(pins);
    await user.type(pins, '12');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Колір' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Відділ' }));
    await user.click(await screen.findByRole('option', { name: 'Склад' }));
    await user.click(within(dialog).getByRole('switch', { name: 'Базовий' }));
    await user.click(within(dialog).getByRole('button', { name: 'Створити' }));

    await waitFor(() => expect(messageOf(name).textContent).toBe('Запис з таким значенням поля «Назва» вже існує'));
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(created).toEqual({
      name: 'Тонна',
      type: 'weight',
      factor: '1000.5',
      isBase: true,
      departmentId: 4,
      pinCount: 12,
      color: null,
      description: null,
      isActive: true,
    });
    // What was sent is exactly what the server's schema takes.
    expect(createSchema(widgets).safeParse(created).success).toBe(true);
    expect(screen.getByRole('dialog', { name: 'Новий виріб' })).toBeTruthy();
  });

  it('edits a row opened by a click, sends PATCH and says Збережено', async () => {
    let patched: unknown;
    const fetchMock = stubApi((url, init) => {
      if (url === '/api/widgets/2' && init.method === 'PATCH') {
        patched = JSON.parse(String(init.body));
        return jsonResponse({ ...gram, factor: '0.002000' });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<WidgetsPage />, { path: '/widgets' });

    await user.click(await screen.findByText('Грам'));
    const dialog = await screen.findByRole('dialog', { name: 'Редагування: Грам' });
    const factor = within(dialog).getByRole('textbox', { name: 'Коефіцієнт' });
    expect((factor as HTMLInputElement).value).toBe('0.001000');
    expect(within(dialog).getByRole('combobox', { name: 'Відділ' }).textContent).toContain('Не вказано');
    await user.clear(factor);
    await user.type(factor, '0,002');
    const listCallsBefore = listUrls(fetchMock).length;
    await user.click(within(dialog).getByRole('button', { name: 'Зберегти' }));

    expect(await screen.findByText('Збережено')).toBeTruthy();
    expect(patched).toMatchObject({ name: 'Грам', factor: '0.002', departmentId: null, isActive: true });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(listUrls(fetchMock).length).toBeGreaterThan(listCallsBefore);
  });

  it('shows why a used record cannot be deleted and makes it inactive instead', async () => {
    const fetchMock = stubApi((url, init) => {
      if (url === '/api/widgets/1' && init.method === 'DELETE') {
        return jsonResponse({ error: 'Запис використовується (Товари) — зробіть його неактивним' }, 409);
      }
      if (url === '/api/widgets/1' && init.method === 'PATCH') return jsonResponse({ ...kilogram, isActive: false });
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<WidgetsPage />, { path: '/widgets' });

    await user.click(await screen.findByRole('button', { name: 'Видалити: Кілограм' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Видалити виріб «Кілограм»?' });
    expect(screen.queryByRole('dialog')).toBeNull(); // the row's click did not open the form too
    await user.click(within(dialog).getByRole('button', { name: 'Видалити' }));

    expect(await within(dialog).findByText('Запис використовується (Товари) — зробіть його неактивним')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Видалити' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Зробити неактивним' }));

    expect(await screen.findByText('«Кілограм» тепер неактивний')).toBeTruthy();
    const patch = calls(fetchMock, 'PATCH', '/api/widgets/1');
    expect(patch).toHaveLength(1);
    expect(JSON.parse(String(patch[0]![1]!.body))).toEqual({ isActive: false });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('deletes an unused record', async () => {
    const fetchMock = stubApi((url, init) =>
      url === '/api/widgets/2' && init.method === 'DELETE' ? new Response(null, { status: 204 }) : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<WidgetsPage />, { path: '/widgets' });

    await user.click(await screen.findByRole('button', { name: 'Видалити: Грам' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Видалити виріб «Грам»?' });
    await user.click(within(dialog).getByRole('button', { name: 'Видалити' }));
    expect(await screen.findByText('Видалено')).toBeTruthy();
    expect(calls(fetchMock, 'DELETE', '/api/widgets/2')).toHaveLength(1);
  });

  it('previews an import, blocks it while rows have errors, re-maps columns and commits without dryRun', async () => {
    const withError: ImportPreview = {
      columns: [
        { header: 'Назва', field: 'name' },
        { header: 'Тип', field: 'type' },
        { header: 'Примітка', field: null },
      ],
      rows: [
        { row: 2, status: 'new', messages: [], values: { name: 'Тонна' } },
        { row: 3, status: 'update', messages: [], values: { name: 'Грам' } },
        { row: 4, status: 'error', messages: ['Тип: Оберіть значення зі списку'], values: { name: 'Унція' } },
      ],
      counts: { new: 1, update: 1, error: 1 },
    };
    const clean: ImportPreview = {
      columns: [
        { header: 'Назва', field: 'name' },
        { header: 'Тип', field: null },
        { header: 'Примітка', field: null },
      ],
      rows: [
        { row: 2, status: 'new', messages: [], values: { name: 'Тонна' } },
        { row: 3, status: 'update', messages: [], values: { name: 'Грам' } },
        { row: 4, status: 'new', messages: [], values: { name: 'Унція' } },
      ],
      counts: { new: 2, update: 1, error: 0 },
    };
    const secondRun = deferred<Response>();
    let dryRuns = 0;
    const fetchMock = stubApi((url, init) => {
      if (!url.startsWith('/api/widgets/import') || init.method !== 'POST') return undefined;
      if (url.includes('dryRun=1')) {
        dryRuns += 1;
        return dryRuns === 1 ? jsonResponse(withError) : secondRun.promise;
      }
      return jsonResponse({ created: 2, updated: 1 });
    });
    const user = userEvent.setup();
    renderWithProviders(<WidgetsPage />, { path: '/widgets' });
    await screen.findByText('Кілограм');

    await user.click(screen.getByRole('button', { name: 'Імпорт' }));
    const dialog = await screen.findByRole('dialog', { name: 'Імпорт: Вироби' });
    const submit = within(dialog).getByRole('button', { name: 'Імпортувати' });
    expect(submit.hasAttribute('disabled')).toBe(true);
    const file = new File(['Назва;Тип;Примітка\nТонна;weight;x\n'], 'widgets.csv', { type: '' });
    await user.upload(within(dialog).getByLabelText('Обрати файл CSV або XLSX'), file);

    const errorRow = (await within(dialog).findByText('Тип: Оберіть значення зі списку')).closest('tr')!;
    expect(within(dialog).getByText('widgets.csv')).toBeTruthy();
    expect(within(errorRow).getByText('Помилка')).toBeTruthy();
    expect(within(errorRow).getByText('Унція')).toBeTruthy();
    const previewRows = within(within(dialog).getByRole('table', { name: 'Рядки файлу' })).getAllByRole('row');
    expect(previewRows[1]!.textContent).toContain('Унція'); // errors first
    const count = (label: string) =>
      within(dialog).getByText(label, { selector: 'dt' }).nextElementSibling!.textContent;
    expect([count('Нові'), count('Оновлення'), count('Помилки')]).toEqual(['1', '1', '1']);
    expect(submit.hasAttribute('disabled')).toBe(true);

    const [firstUrl, firstInit] = calls(fetchMock, 'POST', '/api/widgets/import')[0]!;
    expect(firstUrl).toBe('/api/widgets/import?dryRun=1');
    expect((firstInit!.body as Blob).type).toBe('text/csv');
    expect((firstInit!.headers as Record<string, string>)['Content-Type']).toBe('text/csv');

    // Re-map: skip the 'Тип' column; the dry run runs again with the whole mapping.
    await user.click(within(dialog).getByRole('combobox', { name: 'Поле для колонки «Тип»' }));
    await user.click(await screen.findByRole('option', { name: 'Не імпортувати' }));
    const mappingAfterType = { Назва: 'name', Тип: '', Примітка: '' };
    await waitFor(() =>
      expect(calls(fetchMock, 'POST', '/api/widgets/import').at(-1)![0]).toBe(
        `/api/widgets/import?dryRun=1&mapping=${encodeURIComponent(JSON.stringify(mappingAfterType))}`,
      ),
    );
    expect(within(dialog).getByRole('progressbar', { name: 'Обробка файлу...' })).toBeTruthy();
    await act(async () => secondRun.resolve(jsonResponse(clean)));
    await waitFor(() => expect(count('Помилки')).toBe('0'));
    expect(within(dialog).queryByRole('progressbar')).toBeNull();
    expect(submit.hasAttribute('disabled')).toBe(false);

    const listCallsBefore = listUrls(fetchMock).length;
    await user.click(submit);
    expect(await screen.findByText('Імпортовано: створено 2, оновлено 1')).toBeTruthy();
    const commit = calls(fetchMock, 'POST', '/api/widgets/import').at(-1)!;
    expect(commit[0]).toBe(
      `/api/widgets/import?fileName=${encodeURIComponent(file.name)}&mapping=${encodeURIComponent(JSON.stringify(mappingAfterType))}`,
    );
    expect(commit[0]).not.toContain('dryRun');
    expect((commit[1]!.body as Blob).size).toBe(file.size);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(listUrls(fetchMock).length).toBeGreaterThan(listCallsBefore);
  });

  it('refuses a file that is neither CSV nor XLSX, and shows why the server refused one', async () => {
    const fetchMock = stubApi((url, init) =>
      url.startsWith('/api/widgets/import') && init.method === 'POST'
        ? jsonResponse({ error: 'У файлі немає стовпця-ключа: Назва' }, 400)
        : undefined,
    );
    renderWithProviders(<WidgetsPage />, { path: '/widgets' });
    await screen.findByText('Кілограм');

    fireEvent.click(screen.getByRole('button', { name: 'Імпорт' }));
    const dialog = await screen.findByRole('dialog', { name: 'Імпорт: Вироби' });
    const input = within(dialog).getByLabelText('Обрати файл CSV або XLSX');
    fireEvent.change(input, { target: { files: [new File(['x'], 'widgets.pdf', { type: 'application/pdf' })] } });
    expect(await within(dialog).findByText('Оберіть файл .csv або .xlsx')).toBeTruthy();
    expect(calls(fetchMock, 'POST', '/api/widgets/import')).toHaveLength(0);

    fireEvent.change(input, { target: { files: [new File(['Код\n1\n'], 'widgets.xlsx')] } });
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('У файлі немає стовпця-ключа: Назва');
    const [, init] = calls(fetchMock, 'POST', '/api/widgets/import')[0]!;
    expect((init!.body as Blob).type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(within(dialog).getByRole('button', { name: 'Імпортувати' }).hasAttribute('disabled')).toBe(true);
  });
});
