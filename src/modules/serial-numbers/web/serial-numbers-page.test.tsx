import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  serialDetailSchema,
  serialSummarySchema,
  serialTemplateSchema,
  type SerialDetail,
  type SerialSummary,
  type SerialTemplate,
} from '@/modules/serial-numbers/serial-numbers.contract.ts';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { SerialNumbersPage } from './serial-numbers-page.tsx';
import { pick } from '@/web/testing/pick.ts';

const available: SerialSummary = serialSummarySchema.parse({
  id: 1,
  itemId: 40,
  sku: 'ТП-М01',
  itemName: 'Мультиметр цифровий ТП-М01',
  serial: '2601-00001',
  status: 'available',
  warehouseId: 3,
  warehouseName: 'Склад готової продукції',
  moId: null,
  receiptId: null,
  shipmentId: null,
  clientId: null,
  clientName: null,
  soldAt: null,
  warrantyMonths: 24,
  warrantyUntil: null,
  notes: null,
  createdAt: '2026-01-05T09:00:00.000Z',
});

const sold: SerialSummary = serialSummarySchema.parse({
  ...available,
  id: 2,
  serial: '2601-00002',
  status: 'sold',
  warehouseId: null,
  warehouseName: null,
  shipmentId: 9,
  clientId: 7,
  clientName: 'ТОВ «Енергосервіс»',
  soldAt: '2026-02-10T10:00:00.000Z',
  warrantyUntil: '2028-02-10',
});

const availableDetail: SerialDetail = serialDetailSchema.parse({
  ...available,
  shipmentNumber: null,
  orderNumber: null,
  events: [
    {
      id: 11,
      event: 'registered',
      documentType: null,
      documentId: null,
      documentNumber: null,
      clientName: null,
      at: '2026-01-05T09:00:00.000Z',
      userId: 1,
      userName: 'Олена Коваленко',
      note: null,
    },
  ],
});

const soldDetail: SerialDetail = serialDetailSchema.parse({
  ...sold,
  shipmentNumber: 'SHP-2026-00009',
  orderNumber: 'ORD-2026-00004',
  events: [
    {
      id: 21,
      event: 'generated',
      documentType: 'manufacturing_order',
      documentId: 3,
      documentNumber: 'MO-2026-00003',
      clientName: null,
      at: '2026-01-05T09:00:00.000Z',
      userId: null,
      userName: null,
      note: null,
    },
    {
      id: 22,
      event: 'sold',
      documentType: 'shipment',
      documentId: 9,
      documentNumber: 'SHP-2026-00009',
      clientName: 'ТОВ «Енергосервіс»',
      at: '2026-02-10T10:00:00.000Z',
      userId: 1,
      userName: 'Олена Коваленко',
      note: null,
    },
  ],
});

const standard: SerialTemplate = serialTemplateSchema.parse({
  id: 1,
  name: 'Стандартний',
  pattern: '{YY}{MM}-{N:5}',
  resetPeriod: 'monthly',
  isDefault: true,
  itemCount: 0,
  categoryCount: 2,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

type Answer = (url: string, init: RequestInit) => Response | undefined;

function listResponse(rows: unknown[], total = rows.length) {
  return new Response(JSON.stringify(rows), {
    headers: { 'content-type': 'application/json', 'X-Total-Count': String(total) },
  });
}

function stubApi(answer: Answer = () => undefined) {
  return stubFetch((url, init) => {
    const own = answer(url, init);
    if (own) return own;
    if (url === '/api/auth/user') return jsonResponse({ error: 'Потрібно увійти' }, 401);
    if (url.startsWith('/api/serial-numbers?')) return listResponse([available, sold], 2);
    if (url === '/api/serial-numbers/stats') {
      return jsonResponse({
        allocated: 3,
        available: 41,
        reserved: 2,
        sold: 17,
        in_repair: 1,
        defective: 1,
        void: 0,
      });
    }
    if (url === '/api/serial-numbers/1') return jsonResponse(availableDetail);
    if (url === '/api/serial-numbers/2') return jsonResponse(soldDetail);
    if (url.startsWith('/api/serial-numbers/templates?')) return listResponse([standard]);
    if (url.startsWith('/api/serial-numbers/templates/1/preview')) {
      return jsonResponse({
        templateId: 1,
        key: 'serial:1:2026-03',
        nextValue: 8,
        values: ['2603-00008', '2603-00009', '2603-00010'],
      });
    }
    if (url.startsWith('/api/lookups/products')) return jsonResponse([{ id: 40, label: 'Мультиметр цифровий ТП-М01' }]);
    if (url.startsWith('/api/lookups/warehouses')) return jsonResponse([{ id: 3, label: 'Склад готової продукції' }]);
    return jsonResponse({ error: 'Не знайдено' }, 404);
  });
}

const listUrls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/serial-numbers?'));

const bodiesOf = (fetchMock: ReturnType<typeof stubFetch>, method: string, url: string) =>
  fetchMock.mock.calls
    .filter(([callUrl, init]) => callUrl === url && init?.method === method)
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);

afterEach(() => {
  vi.useRealTimers();
});

describe('SerialNumbersPage — the list', () => {
  it('shows the stat cards and the serials with their state, warehouse, client, sale and warranty end', async () => {
    const fetchMock = stubApi();
    renderWithProviders(<SerialNumbersPage />, { path: '/serial-numbers' });

    expect(screen.getByRole('heading', { name: 'Серійні номери' })).toBeTruthy();
    const cards = await screen.findByRole('region', { name: 'Серійні номери за станом' });
    expect(await within(cards).findByRole('button', { name: /На складі 41/ })).toBeTruthy();
    expect(within(cards).getByRole('button', { name: /Продано 17/ })).toBeTruthy();
    expect(within(cards).getByRole('button', { name: /У ремонті 1/ })).toBeTruthy();
    expect(within(cards).getByRole('button', { name: /Виділено 3/ })).toBeTruthy();
    expect(within(cards).getByText('ще 2 зарезервовано під відвантаження')).toBeTruthy();

    const availableRow = (await screen.findByText('2601-00001')).closest('tr')!;
    expect(within(availableRow).getByText('Мультиметр цифровий ТП-М01')).toBeTruthy();
    expect(within(availableRow).getByText('Арт. ТП-М01')).toBeTruthy();
    expect(within(availableRow).getByText('На складі')).toBeTruthy();
    expect(within(availableRow).getByText('Склад готової продукції')).toBeTruthy();
    const soldRow = screen.getByText('2601-00002').closest('tr')!;
    expect(within(soldRow).getByText('Продано')).toBeTruthy();
    expect(within(soldRow).getByText('ТОВ «Енергосервіс»')).toBeTruthy();
    expect(within(soldRow).getByText('10.02.2026')).toBeTruthy();
    expect(within(soldRow).getByText('10.02.2028')).toBeTruthy();
    expect(screen.getByText('Показано 1–2 з 2')).toBeTruthy();
    expect(listUrls(fetchMock)).toEqual(['/api/serial-numbers?page=1&limit=20&sort=-createdAt']);
  });

  it('asks for what ?search= names and shows it in the search box', async () => {
    const fetchMock = stubApi();
    renderWithProviders(<SerialNumbersPage />, { path: '/serial-numbers?search=2601-00002' });
    await screen.findByRole('region', { name: 'Серійні номери за станом' });
    await waitFor(() =>
      expect(listUrls(fetchMock)).toEqual(['/api/serial-numbers?page=1&limit=20&search=2601-00002&sort=-createdAt']),
    );
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('2601-00002');
  });

  it('filters by a stat card, the state, the item and the search, and sorts by a column', async () => {
    const fetchMock = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<SerialNumbersPage />, { path: '/serial-numbers' });
    await screen.findByText('2601-00001');

    await user.click(await screen.findByRole('button', { name: /Продано 17/ }));
    await waitFor(() => expect(listUrls(fetchMock).at(-1)).toContain('status=sold'));
    expect(screen.getByRole('button', { name: /Продано 17/ }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: /Продано 17/ }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Продано 17/ }).getAttribute('aria-pressed')).toBe('false'),
    );
    expect(screen.getByRole('combobox', { name: 'Стан' }).textContent).toBe('Усі стани');

    await user.type(screen.getByRole('searchbox', { name: 'Пошук серійних номерів' }), 'енерго');
    await waitFor(() => expect(listUrls(fetchMock).at(-1)).toContain(`search=${encodeURIComponent('енерго')}`));
    await user.click(screen.getByRole('combobox', { name: 'Стан' }));
    await user.click(await screen.findByRole('option', { name: 'У ремонті' }));
    await pick(user, screen.getByRole('combobox', { name: 'Товар' }), 'Мультиметр цифровий ТП-М01');
    await waitFor(() =>
      expect(listUrls(fetchMock).at(-1)).toBe(
        `/api/serial-numbers?page=1&limit=20&search=${encodeURIComponent('енерго')}&sort=-createdAt&status=in_repair&itemId=40`,
      ),
    );
    const serialHeader = screen.getByRole('columnheader', { name: /Серійний номер/ });
    await user.click(within(serialHeader).getByRole('button'));
    await waitFor(() => expect(listUrls(fetchMock).at(-1)).toContain('sort=serial'));
    await user.click(screen.getByRole('button', { name: 'Скинути фільтри' }));
    await waitFor(() => expect(listUrls(fetchMock).at(-1)).toBe('/api/serial-numbers?page=1&limit=20&sort=serial'));
  });

  it('chooses serials one by one or the whole page and asks for the labels of those chosen', async () => {
    const fetchMock = stubApi((url, init) =>
      url === '/api/serial-numbers/print-labels' && init.method === 'POST'
        ? jsonResponse({ error: 'Принтер етикеток не налаштовано' }, 409)
        : undefined,
    );
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    const user = userEvent.setup();
    renderWithProviders(<SerialNumbersPage />, { path: '/serial-numbers' });
    await screen.findByText('2601-00001');
    expect(screen.getByRole('button', { name: 'Друк етикеток' })).toHaveProperty('disabled', true);

    await user.click(screen.getByRole('checkbox', { name: 'Вибрати 2601-00002' }));
    expect(screen.getByRole('button', { name: 'Друк етикеток (1)' })).toHaveProperty('disabled', false);
    // Choosing a row does not open it.
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Вибрати всі на сторінці' }));
    expect(screen.getByRole('checkbox', { name: 'Вибрати 2601-00001' }).getAttribute('aria-checked')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Друк етикеток (2)' }));
    await waitFor(() =>
      expect(bodiesOf(fetchMock, 'POST', '/api/serial-numbers/print-labels')).toEqual([{ ids: [2, 1] }]),
    );
    expect(await screen.findByText('Не вдалося підготувати етикетки')).toBeTruthy();
    expect(tab.close).toHaveBeenCalled();

    await user.click(screen.getByRole('checkbox', { name: 'Вибрати всі на сторінці' }));
    expect(screen.getByRole('button', { name: 'Друк етикеток' })).toHaveProperty('disabled', true);
  });

  it('shows the load error with a retry, then the empty state', async () => {
    let fail = true;
    stubApi((url) => {
      if (!url.startsWith('/api/serial-numbers?')) return undefined;
      return fail ? jsonResponse({ error: 'Сервер недоступний' }, 500) : listResponse([], 0);
    });
    const user = userEvent.setup();
    renderWithProviders(<SerialNumbersPage />, { path: '/serial-numbers' });
    expect(await screen.findByText('Не вдалося завантажити серійні номери: Сервер недоступний')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Спробувати ще раз' }));
    expect(await screen.findByText('Серійних номерів не знайдено')).toBeTruthy();
    expect(screen.getByText('0 номерів')).toBeTruthy();
  });
});

describe('SerialNumbersPage — the drawer', () => {
  it('opens from ?open= and shows the timeline with the MO, the shipment and the client', async () => {
    stubApi();
    renderWithProviders(<SerialNumbersPage />, { path: '/serial-numbers?open=2' });
    const drawer = await screen.findByRole('dialog', { name: /2601-00002/ });
    const timeline = await within(drawer).findByRole('region', { name: 'Історія' });
    expect(within(timeline).getByText('Згенеровано')).toBeTruthy();
    expect(within(timeline).getByText('Замовлення на виробництво MO-2026-00003')).toBeTruthy();
    expect(within(timeline).getByText('Відвантаження SHP-2026-00009 · клієнт ТОВ «Енергосервіс»')).toBeTruthy();
    expect(within(drawer).getByText('10.02.2028')).toBeTruthy();
    expect(within(drawer).getByText('ORD-2026-00004')).toBeTruthy();
    // A sold serial cannot be written off.
    expect(within(drawer).queryByRole('button', { name: 'Списати' })).toBeNull();
  });

  it('writes a serial off after the reason is given, and sends the reason', async () => {
    const fetchMock = stubApi((url, init) => {
      if (url === '/api/serial-numbers/1/write-off' && init.method === 'POST') {
        return jsonResponse({
          serial: { ...availableDetail, status: 'defective', warehouseId: null, warehouseName: null },
          adjustmentId: 15,
          adjustmentNumber: 'ADJ-2026-00015',
        });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<SerialNumbersPage />, { path: '/serial-numbers' });
    await user.click(await screen.findByRole('button', { name: 'Відкрити серійний номер 2601-00001' }));
    const drawer = await screen.findByRole('dialog', { name: /2601-00001/ });
    await user.click(await within(drawer).findByRole('button', { name: 'Списати' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Списати серійний номер?' });
    await user.click(within(confirm).getByRole('button', { name: 'Списати' }));
    expect(await within(confirm).findByText('Вкажіть причину списання')).toBeTruthy();
    expect(bodiesOf(fetchMock, 'POST', '/api/serial-numbers/1/write-off')).toEqual([]);
    await user.type(within(confirm).getByLabelText(/Причина списання/), 'Розбитий корпус');
    await user.click(within(confirm).getByRole('button', { name: 'Списати' }));
    await waitFor(() =>
      expect(bodiesOf(fetchMock, 'POST', '/api/serial-numbers/1/write-off')).toEqual([{ reason: 'Розбитий корпус' }]),
    );
    expect(await screen.findByText('Коригування ADJ-2026-00015 проведено')).toBeTruthy();
    await waitFor(() => expect(within(drawer).getAllByText('Брак / списано').length).toBeGreaterThan(0));
  });
});

describe('SerialNumbersPage — generate and register', () => {
  it('registers typed ranges: counts them, validates, and sends the text', async () => {
    const fetchMock = stubApi((url, init) => {
      if (url === '/api/serial-numbers/register' && init.method === 'POST') return jsonResponse([available], 201);
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<SerialNumbersPage />, { path: '/serial-numbers' });
    await user.click(await screen.findByRole('button', { name: 'Зареєструвати наявні' }));
    const dialog = await screen.findByRole('dialog', { name: 'Зареєструвати наявні' });
    await user.click(within(dialog).getByRole('button', { name: 'Зареєструвати' }));
    expect(await within(dialog).findByText('Оберіть товар')).toBeTruthy();
    expect(within(dialog).getByText('Оберіть склад')).toBeTruthy();
    expect(within(dialog).getByText('Вкажіть хоча б один серійний номер')).toBeTruthy();

    const text = within(dialog).getByLabelText(/Серійні номери/);
    await user.type(text, 'A00012-A00015, b7, B7');
    expect(within(dialog).getByText('Розпізнано 6 номерів')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Зареєструвати' }));
    expect(await within(dialog).findByText('Повторюються у списку: B7')).toBeTruthy();
    await user.clear(text);
    await user.type(text, 'A00012-A00015');
    await pick(user, within(dialog).getByRole('combobox', { name: /Товар/ }), 'Мультиметр цифровий ТП-М01');
    await pick(user, within(dialog).getByRole('combobox', { name: /Склад/ }), 'Склад готової продукції');
    await user.click(within(dialog).getByRole('button', { name: 'Зареєструвати' }));
    await waitFor(() =>
      expect(bodiesOf(fetchMock, 'POST', '/api/serial-numbers/register')).toEqual([
        { itemId: 40, warehouseId: 3, ranges: 'A00012-A00015' },
      ]),
    );
    expect(await screen.findByText('Зареєстровано 1 номер')).toBeTruthy();
  });

  it('shows the server refusal of a duplicate by name', async () => {
    stubApi((url, init) => {
      if (url === '/api/serial-numbers/register' && init.method === 'POST') {
        return jsonResponse({ error: 'Ці серійні номери вже є у товару «ТП-М01»: A00013 (На складі)' }, 409);
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<SerialNumbersPage />, { path: '/serial-numbers' });
    await user.click(await screen.findByRole('button', { name: 'Зареєструвати наявні' }));
    const dialog = await screen.findByRole('dialog', { name: 'Зареєструвати наявні' });
    await pick(user, within(dialog).getByRole('combobox', { name: /Товар/ }), 'Мультиметр цифровий ТП-М01');
    await pick(user, within(dialog).getByRole('combobox', { name: /Склад/ }), 'Склад готової продукції');
    await user.type(within(dialog).getByLabelText(/Серійні номери/), 'A00013');
    await user.click(within(dialog).getByRole('button', { name: 'Зареєструвати' }));
    expect(
      await within(dialog).findByText('Ці серійні номери вже є у товару «ТП-М01»: A00013 (На складі)'),
    ).toBeTruthy();
  });

  it('generates with a chosen template, shows its next values and the serials made', async () => {
    const fetchMock = stubApi((url, init) => {
      if (url === '/api/serial-numbers/generate' && init.method === 'POST') {
        return jsonResponse(
          [
            { ...available, id: 5, serial: '2603-00008', status: 'allocated', warehouseId: null, warehouseName: null },
            { ...available, id: 6, serial: '2603-00009', status: 'allocated', warehouseId: null, warehouseName: null },
          ],
          201,
        );
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<SerialNumbersPage />, { path: '/serial-numbers' });
    await user.click(await screen.findByRole('button', { name: 'Згенерувати' }));
    const dialog = await screen.findByRole('dialog', { name: 'Згенерувати серійні номери' });
    const count = within(dialog).getByLabelText(/Кількість/);
    await user.clear(count);
    await user.type(count, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Згенерувати' }));
    expect(await within(dialog).findByText('Оберіть товар')).toBeTruthy();
    expect(within(dialog).getByText('Кількість — ціле число від 1 до 1000')).toBeTruthy();

    await pick(user, within(dialog).getByRole('combobox', { name: /Товар/ }), 'Мультиметр цифровий ТП-М01');
    await user.clear(count);
    await user.type(count, '2');
    await user.click(within(dialog).getByRole('combobox', { name: 'Шаблон' }));
    await user.click(await screen.findByRole('option', { name: 'Стандартний — {YY}{MM}-{N:5}' }));
    expect(await within(dialog).findByText('2603-00008, 2603-00009, 2603-00010')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Згенерувати' }));
    await waitFor(() =>
      expect(bodiesOf(fetchMock, 'POST', '/api/serial-numbers/generate')).toEqual([
        { itemId: 40, count: 2, templateId: 1, warehouseId: null },
      ]),
    );
    expect(await within(dialog).findByText('2603-00009')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Друк етикеток' })).toBeTruthy();
  });
});

describe('SerialNumbersPage — templates', () => {
  it('lists the templates with their next values and previews a new pattern as it is typed', async () => {
    const fetchMock = stubApi((url, init) => {
      if (url === '/api/serial-numbers/templates' && init.method === 'POST') {
        return jsonResponse({ ...standard, id: 2, name: 'Річний', isDefault: false }, 201);
      }
      return undefined;
    });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-15T10:00:00'));
    const user = userEvent.setup();
    renderWithProviders(<SerialNumbersPage />, { path: '/serial-numbers' });
    await user.click(screen.getByRole('tab', { name: 'Шаблони' }));
    const table = await screen.findByRole('table', { name: 'Шаблони номерів' });
    const row = (await within(table).findByText('Стандартний')).closest('tr')!;
    expect(within(row).getByText('Основний')).toBeTruthy();
    expect(within(row).getByText('Щомісяця')).toBeTruthy();
    expect(await within(row).findByText('2603-00008, 2603-00009, 2603-00010')).toBeTruthy();
    expect(within(row).getByText('товарів: 0, категорій: 2')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Новий шаблон' }));
    const dialog = await screen.findByRole('dialog', { name: 'Новий шаблон' });
    expect(within(dialog).getByTestId('template-live-preview').textContent).toBe('2603-00001, 2603-00002, 2603-00003');
    const pattern = within(dialog).getByLabelText('Шаблон номера');
    await user.clear(pattern);
    await user.type(pattern, 'SN{{YYYY}-{{N:4}-{{SKU}');
    expect(
      within(dialog).getByText(
        'Лічильник скидається щомісяця — додайте до шаблону рік і місяць ({YY}{MM}), інакше номери повторяться',
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('combobox', { name: 'Скидання лічильника' }));
    await user.click(await screen.findByRole('option', { name: 'Щороку' }));
    expect(within(dialog).getByTestId('template-live-preview').textContent).toBe(
      'SN2026-0001-АРТИКУЛ, SN2026-0002-АРТИКУЛ, SN2026-0003-АРТИКУЛ',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Зберегти' }));
    expect(await within(dialog).findByText('Вкажіть назву шаблону')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Назва'), 'Річний');
    await user.click(within(dialog).getByRole('button', { name: 'Зберегти' }));
    await waitFor(() =>
      expect(bodiesOf(fetchMock, 'POST', '/api/serial-numbers/templates')).toEqual([
        { name: 'Річний', pattern: 'SN{YYYY}-{N:4}-{SKU}', resetPeriod: 'yearly', isDefault: false },
      ]),
    );
  });

  it('hides the changes from a user who may only view serial numbers', async () => {
    const fetchMock = stubApi((url) => {
      if (url === '/api/auth/user') {
        return jsonResponse({
          id: 5,
          username: 'viewer',
          firstName: 'Ліна',
          lastName: 'Коваль',
          email: 'viewer@example.com',
          profileImageUrl: null,
          workerId: null,
        });
      }
      if (url.startsWith('/api/users/5/accessible-menu')) {
        return jsonResponse([{ route: '/serial-numbers', canView: true, canAccess: false }]);
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<SerialNumbersPage />, { path: '/serial-numbers?open=1' });
    const drawer = await screen.findByRole('dialog', { name: /2601-00001/ });
    await within(drawer).findByRole('region', { name: 'Історія' });
    await waitFor(() => expect(within(drawer).queryByRole('button', { name: 'Списати' })).toBeNull());
    expect(within(drawer).getByRole('button', { name: 'Друк етикеток' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Згенерувати' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Зареєструвати наявні' })).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Шаблони' }));
    await screen.findByText('Стандартний');
    expect(screen.queryByRole('button', { name: 'Новий шаблон' })).toBeNull();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method && init.method !== 'GET')).toBe(false);
  });
});
