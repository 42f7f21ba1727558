import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { orderSummarySchema, orderStatusLabels, type OrderSummary } from '@/modules/orders/orders.contract.ts';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { OrdersPage } from './orders-page.tsx';
import { confirmed, confirmedSummary } from './orders.fixture.ts';

const draftSummary: OrderSummary = orderSummarySchema.parse({
  ...confirmedSummary,
  id: 6,
  orderNumber: 'ORD-2026-00006',
  status: 'draft',
  externalNumber: null,
  paid: '0.00',
  paymentStatus: 'unpaid',
  outstanding: '300.00',
  dueDate: '2026-12-20',
  isOverdue: false,
});

type Answer = (url: string, init: RequestInit) => Response | undefined;

function stubApi(answer: Answer = () => undefined) {
  return stubFetch((url, init) => {
    const own = answer(url, init);
    if (own) return own;
    const method = init.method ?? 'GET';
    if (url === '/api/auth/user') return jsonResponse({ error: 'Потрібно увійти' }, 401);
    if (url.startsWith('/api/orders?')) {
      return new Response(JSON.stringify([confirmedSummary, draftSummary]), {
        headers: { 'content-type': 'application/json', 'X-Total-Count': '2' },
      });
    }
    if (url.startsWith('/api/orders/totals')) {
      return jsonResponse({ count: 2, totalGross: '600.00', paid: '100.00', outstanding: '500.00' });
    }
    if (url === '/api/orders/stats') {
      return jsonResponse({
        active: 7,
        overdue: 1,
        unpaidAmount: '12500.00',
        shippedThisMonth: 3,
        shippedThisMonthAmount: '4800.00',
      });
    }
    if (url === '/api/orders/settings') {
      return jsonResponse({
        productionPrepaymentPercent: 100,
        invoiceValidityDays: 5,
        statusLabels: { ...orderStatusLabels },
      });
    }
    if (url === '/api/orders/5' && method === 'GET') return jsonResponse(confirmed);
    if (url === '/api/orders/5/payments') {
      return jsonResponse([
        {
          allocationId: 1,
          paymentId: 31,
          number: 'PAY-2026-00031',
          paymentDate: '2026-11-03',
          type: 'receipt',
          method: 'bank_transfer',
          status: 'posted',
          paymentAmount: '100.00',
          amount: '100.00',
          currencyCode: 'UAH',
        },
      ]);
    }
    if (url === '/api/orders/5/shipments') return jsonResponse([]);
    if (url === '/api/orders/5/history') return jsonResponse([]);
    if (url === '/api/orders/5/related') return jsonResponse(related);
    if (url.startsWith('/api/lookups/clients')) return jsonResponse([{ id: 3, label: 'ТОВ «Енергоприлад»' }]);
    if (url.startsWith('/api/lookups/')) return jsonResponse([]);
    return jsonResponse({ error: 'Не знайдено' }, 404);
  });
}

const doc = { amount: null, currencyCode: null, detail: null };
const related = [
  {
    ...doc,
    kind: 'invoice',
    id: 5,
    number: 'ORD-2026-00005',
    date: '2026-11-01',
    status: 'issued',
    statusLabel: 'Виставлено',
    amount: '1200.00',
    currencyCode: 'UAH',
  },
  {
    ...doc,
    kind: 'payment',
    id: 31,
    number: 'PAY-2026-00031',
    date: '2026-11-03',
    status: 'posted',
    statusLabel: 'Проведено',
    amount: '100.00',
    currencyCode: 'UAH',
  },
  {
    ...doc,
    kind: 'payment',
    id: 32,
    number: 'PAY-2026-00032',
    date: '2026-11-04',
    status: 'draft',
    statusLabel: 'Неопрацьований',
    amount: '50.00',
    currencyCode: 'UAH',
  },
  {
    ...doc,
    kind: 'shipment',
    id: 77,
    number: 'SHP-2026-00077',
    date: '2026-11-05',
    status: 'posted',
    statusLabel: 'Проведено',
    amount: '600.00',
    currencyCode: 'UAH',
  },
  {
    ...doc,
    kind: 'manufacturing',
    id: 3,
    number: 'MO-2026-00003',
    date: '2026-11-20',
    status: 'planned',
    statusLabel: 'Заплановано',
    detail: 'Блок живлення БЖ-12/2, 2',
  },
];

const listUrls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/orders?'));
const bodiesOf = (fetchMock: ReturnType<typeof stubFetch>, method: string, url: string) =>
  fetchMock.mock.calls
    .filter(([callUrl, init]) => callUrl === url && init?.method === method)
    .map(([, init]) => (init?.body === undefined ? undefined : (JSON.parse(String(init.body)) as unknown)));

async function openDrawer(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Відкрити замовлення ORD-2026-00005' }));
  const drawer = await screen.findByRole('dialog', { name: /ORD-2026-00005/ });
  await within(drawer).findByText('Блок живлення БЖ-12/2');
  return drawer;
}

afterEach(() => vi.unstubAllGlobals());

describe('OrdersPage', () => {
  it('shows the stat cards, the orders with status and payment badges, overdue dates and the filter totals', async () => {
    const fetchMock = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<OrdersPage />, { path: '/orders' });

    expect(screen.getByRole('heading', { name: 'Замовлення клієнтів' })).toBeTruthy();
    const stats = screen.getByRole('region', { name: 'Показники замовлень' });
    await waitFor(() => expect(within(stats).getByText('12 500,00')).toBeTruthy());
    expect(within(stats).getByText('Активні замовлення')).toBeTruthy();
    expect(within(stats).getByText('4 800,00')).toBeTruthy();

    const row = (await screen.findByText('ORD-2026-00005')).closest('tr')!;
    expect(within(row).getByText('Підтверджено')).toBeTruthy();
    expect(within(row).getByText('Частково оплачено')).toBeTruthy();
    expect(within(row).getByText('РМ00-027688')).toBeTruthy();
    const due = within(row).getByText('05.11.2026');
    expect(due.className).toContain('text-red-700');
    const draftRow = screen.getByText('ORD-2026-00006').closest('tr')!;
    expect(within(draftRow).getByText('Чернетка')).toBeTruthy();
    expect(within(draftRow).getByText('Не оплачено')).toBeTruthy();
    expect(within(draftRow).getByText('20.12.2026').className).not.toContain('text-red-700');
    const totals = await screen.findByLabelText('Підсумки за фільтром');
    expect(within(totals).getByText('500,00 грн')).toBeTruthy();
    expect(listUrls(fetchMock)).toEqual(['/api/orders?page=1&limit=20&sort=-orderDate']);

    // The active card filters by the two active statuses; the overdue card by overdue.
    await user.click(within(stats).getByRole('button', { name: /Активні замовлення/ }));
    await waitFor(() => expect(listUrls(fetchMock).at(-1)).toContain('status=confirmed%2Cpartially_shipped'));
    await user.click(within(stats).getByRole('button', { name: /Прострочені/ }));
    await waitFor(() => expect(listUrls(fetchMock).at(-1)).toContain('overdue=true'));
    fireEvent.change(screen.getByLabelText('Період з'), { target: { value: '01.11.2026' } });
    await waitFor(() => expect(listUrls(fetchMock).at(-1)).toContain('dateFrom=2026-11-01'));
  });

  it('pre-fills the search from ?search= (the notification link) and asks the server for it', async () => {
    const fetchMock = stubApi();
    renderWithProviders(<OrdersPage />, { path: '/orders?search=ORD-2026-00005' });
    expect((screen.getByLabelText('Пошук замовлень') as HTMLInputElement).value).toBe('ORD-2026-00005');
    await waitFor(() => expect(listUrls(fetchMock)[0]).toContain('search=ORD-2026-00005'));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/orders/totals?search=ORD-2026-00005')),
      ).toBe(true),
    );
  });

  it('opens the drawer with the lines, payments and production tabs and the actions of the state', async () => {
    stubApi();
    const user = userEvent.setup();
    renderWithProviders(<OrdersPage />, { path: '/orders' });
    const drawer = await openDrawer(user);
    // A confirmed order: its next step is the one primary button; cancelling is in 'Ще', never beside it.
    const toolbar = within(drawer).getByRole('toolbar');
    const buttons = within(toolbar).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual([
      'Відвантажити',
      'Редагувати',
      'Записати оплату',
      'Рахунок на оплату',
      'Ще',
    ]);
    expect(buttons[0]!.className).toContain('bg-primary text-primary-foreground');
    expect(buttons[1]!.className).not.toContain('bg-primary text-primary-foreground');
    expect(within(drawer).queryByRole('button', { name: 'Скасувати' })).toBeNull();
    expect(within(drawer).queryByRole('button', { name: 'Підтвердити' })).toBeNull();
    await user.click(within(toolbar).getByRole('button', { name: 'Ще' }));
    const menu = await screen.findByRole('menu');
    const items = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    expect(items).toContain('Зняти резерв');
    expect(items.at(-1)).toBe('Скасувати');
    await user.keyboard('{Escape}');
    const lines = within(drawer).getByRole('table', { name: 'Рядки' });
    expect(within(lines).getByText('Резерв')).toBeTruthy();
    expect(within(lines).getByText('Залишок')).toBeTruthy();

    await user.click(within(drawer).getByRole('tab', { name: 'Оплати' }));
    expect(await within(within(drawer).getByRole('tabpanel')).findByText('PAY-2026-00031')).toBeTruthy();
    await user.click(within(drawer).getByRole('tab', { name: 'Виробництво' }));
    const production = within(drawer).getByRole('tabpanel');
    expect((await within(production).findByRole('link', { name: 'MO-2026-00003' })).getAttribute('href')).toBe(
      '/manufacturing?open=3',
    );
    expect(within(production).getByText('Блок живлення БЖ-12/2, 2')).toBeTruthy();
    await user.click(within(drawer).getByRole('tab', { name: 'Історія' }));
    expect(await within(drawer).findByText('Записів ще немає')).toBeTruthy();

    const open = vi.fn();
    vi.stubGlobal('open', open);
    await user.click(within(drawer).getByRole('button', { name: 'Рахунок на оплату' }));
    expect(open).toHaveBeenCalledWith('/api/orders/5/print/invoice', '_blank');
  });

  it('asks for a reason before cancelling and sends the version it read', async () => {
    const fetchMock = stubApi((url, init) =>
      url === '/api/orders/5/cancel' && init.method === 'POST'
        ? jsonResponse({ ...confirmed, status: 'cancelled', version: 5 })
        : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<OrdersPage />, { path: '/orders' });
    const drawer = await openDrawer(user);
    await user.click(within(drawer).getByRole('button', { name: 'Ще' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Скасувати' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Скасувати замовлення?' });
    await user.click(within(dialog).getByRole('button', { name: 'Скасувати' }));
    expect(await within(dialog).findByText('Вкажіть причину')).toBeTruthy();
    expect(bodiesOf(fetchMock, 'POST', '/api/orders/5/cancel')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/Причина/), 'Клієнт відмовився');
    await user.click(within(dialog).getByRole('button', { name: 'Скасувати' }));
    await waitFor(() =>
      expect(bodiesOf(fetchMock, 'POST', '/api/orders/5/cancel')).toEqual([
        { version: 4, reason: 'Клієнт відмовився' },
      ]),
    );
  });

  it("'Відвантажити' creates the shipment draft and opens it; 'Записати оплату' goes to the payments", async () => {
    const fetchMock = stubApi((url, init) =>
      url === '/api/shipments' && init.method === 'POST'
        ? jsonResponse({ id: 77, number: 'SHP-2026-00077' }, 201)
        : undefined,
    );
    const user = userEvent.setup();
    const { location } = renderWithProviders(<OrdersPage />, { path: '/orders' });
    const drawer = await openDrawer(user);
    await user.click(within(drawer).getByRole('button', { name: 'Відвантажити' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Створити відвантаження?' });
    await user.click(within(dialog).getByRole('button', { name: 'Створити' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/shipments?open=77&from=order'));
    expect(bodiesOf(fetchMock, 'POST', '/api/shipments')).toEqual([{ orderId: 5 }]);

    // The drawer stays open over the page (a real app shows the shipments page at that address).
    const again = await screen.findByRole('dialog', { name: /ORD-2026-00005/ });
    await user.click(within(again).getByRole('button', { name: 'Записати оплату' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/payments?orderId=5&from=order'));
  });

  it('lists the linked documents as links to their drawers and the invoice as its print form', async () => {
    stubApi();
    const user = userEvent.setup();
    const { location } = renderWithProviders(<OrdersPage />, { path: '/orders' });
    const drawer = await openDrawer(user);
    const section = await within(drawer).findByRole('region', { name: "Пов'язані документи" });
    const payments = await within(section).findByRole('region', { name: 'Оплати' });
    expect(within(payments).getByRole('heading').textContent).toBe('Оплати (2)');
    const rows = within(payments).getAllByRole('listitem');
    expect(within(rows[0]!).getByText('03.11.2026')).toBeTruthy();
    expect(within(rows[0]!).getByText('100,00 грн')).toBeTruthy();
    expect(within(rows[1]!).getByText('Неопрацьований')).toBeTruthy();
    const invoice = within(section).getByRole('link', { name: /ORD-2026-00005/ });
    expect(invoice.getAttribute('href')).toBe('/api/orders/5/print/invoice');
    expect(invoice.getAttribute('target')).toBe('_blank');
    expect(within(section).getByRole('region', { name: 'Відвантаження' })).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'MO-2026-00003' })).toBeTruthy();
    await user.click(within(payments).getByRole('link', { name: 'PAY-2026-00032' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/payments?open=32'));
  });

  it('names what is missing in a new order and does not send it', async () => {
    const fetchMock = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<OrdersPage />, { path: '/orders' });
    await user.click(await screen.findByRole('button', { name: 'Нове замовлення' }));
    const dialog = await screen.findByRole('dialog', { name: 'Нове замовлення клієнта' });
    await user.clear(within(dialog).getByLabelText('Кількість, рядок 1'));
    await user.type(within(dialog).getByLabelText('Кількість, рядок 1'), '0');
    await user.click(within(dialog).getByRole('button', { name: /Зберегти/ }));
    expect(await within(dialog).findByText('Оберіть клієнта зі списку')).toBeTruthy();
    expect(within(dialog).getByText('Має бути більше нуля')).toBeTruthy();
    expect(within(dialog).getAllByText('Оберіть запис зі списку').length).toBeGreaterThan(0);
    expect(bodiesOf(fetchMock, 'POST', '/api/orders')).toHaveLength(0);
  });

  it('asks before Esc or Скасувати throw a filled form away, and closes an untouched one at once', async () => {
    stubApi();
    const user = userEvent.setup();
    renderWithProviders(<OrdersPage />, { path: '/orders' });
    await user.click(await screen.findByRole('button', { name: 'Нове замовлення' }));
    let dialog = await screen.findByRole('dialog', { name: 'Нове замовлення клієнта' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Нове замовлення клієнта' })).toBeNull());

    await user.click(await screen.findByRole('button', { name: 'Нове замовлення' }));
    dialog = await screen.findByRole('dialog', { name: 'Нове замовлення клієнта' });
    await user.type(within(dialog).getByLabelText('Ціна, рядок 1'), '100');
    await user.keyboard('{Escape}');
    const question = await screen.findByRole('alertdialog', { name: 'Закрити без збереження?' });
    await user.click(within(question).getByRole('button', { name: 'Продовжити редагування' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect((within(dialog).getByLabelText('Ціна, рядок 1') as HTMLInputElement).value).toBe('100');

    await user.click(within(dialog).getByRole('button', { name: 'Скасувати' }));
    const again = await screen.findByRole('alertdialog', { name: 'Закрити без збереження?' });
    await user.click(within(again).getByRole('button', { name: 'Закрити без збереження' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Нове замовлення клієнта' })).toBeNull());
  });

  it('computes the live totals with the shared VAT rule as lines are typed', async () => {
    stubApi();
    const user = userEvent.setup();
    renderWithProviders(<OrdersPage />, { path: '/orders' });
    await user.click(await screen.findByRole('button', { name: 'Нове замовлення' }));
    const dialog = await screen.findByRole('dialog', { name: 'Нове замовлення клієнта' });
    await user.clear(within(dialog).getByLabelText('Кількість, рядок 1'));
    await user.type(within(dialog).getByLabelText('Кількість, рядок 1'), '3');
    await user.type(within(dialog).getByLabelText('Ціна, рядок 1'), '100');
    await user.click(within(dialog).getByRole('switch', { name: 'Ціни з ПДВ' }));
    const totals = within(dialog).getByLabelText('Всього з ПДВ');
    await waitFor(() => expect(within(totals).getByText('250,00')).toBeTruthy());
    expect(within(totals).getByText('50,00')).toBeTruthy();
    expect(within(totals).getByText('300,00')).toBeTruthy();
  });

  it('creates an order: client search fills the contact and delivery preset, the item search fills the price', async () => {
    const fetchMock = stubApi((url, init) => {
      if (url === '/api/orders/clients/3') {
        return jsonResponse({
          id: 3,
          name: 'ТОВ «Енергоприлад»',
          isActive: true,
          discountPercent: '5.00',
          priceList: 'wholesale',
          paymentTermDays: 14,
          managerUserId: null,
          defaultCarrierId: null,
          contacts: [{ id: 9, fullName: 'Мельник Оксана', phone: '+380671112233', email: null, isPrimary: true }],
          presets: [
            {
              id: 4,
              label: 'Склад у Харкові',
              isPrimary: true,
              carrierId: 2,
              carrierName: 'Нова пошта',
              recipientName: 'Мельник Оксана',
              recipientPhone: '+380671112233',
              cityRef: 'city-ref',
              cityName: 'Харків',
              deliveryType: 'branch',
              warehouseRef: 'wh-ref',
              warehouseNumber: '12',
              warehouseAddress: 'вул. Сумська, 1',
              address: null,
              serviceType: 'WarehouseWarehouse',
              payerType: 'Recipient',
              paymentMethod: 'Cash',
              codEnabled: false,
            },
          ],
        });
      }
      if (url.startsWith('/api/items/options')) {
        return jsonResponse([
          {
            id: 12,
            sku: 'БЖ-12-2',
            name: 'Блок живлення БЖ-12/2',
            kind: 'product',
            barcode: null,
            unitShortName: 'шт',
            retailPrice: '520.000000',
            wholesalePrice: '442.000000',
            vatRate: '20',
            purchasePrice: null,
            purchaseCurrency: null,
            available: '8.0000',
          },
        ]);
      }
      if (url === '/api/orders' && init.method === 'POST') return jsonResponse({ ...confirmed, id: 5 }, 201);
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<OrdersPage />, { path: '/orders' });
    await user.click(await screen.findByRole('button', { name: 'Нове замовлення' }));
    const dialog = await screen.findByRole('dialog', { name: 'Нове замовлення клієнта' });
    await user.click(within(dialog).getByRole('combobox', { name: /Клієнт/ }));
    await user.click(await screen.findByRole('option', { name: 'ТОВ «Енергоприлад»' }));
    await waitFor(() =>
      expect((within(dialog).getByLabelText('Одержувач') as HTMLInputElement).value).toBe('Мельник Оксана'),
    );
    expect(within(dialog).getByText('відстрочка 14 дн. · знижка 5,00 % · оптові ціни')).toBeTruthy();
    await user.click(within(dialog).getByRole('combobox', { name: 'Товар або послуга' }));
    await user.click(await screen.findByRole('option', { name: /Блок живлення БЖ-12\/2/ }));
    expect((within(dialog).getByLabelText('Ціна, рядок 1') as HTMLInputElement).value).toBe('442');
    // 1 × 442 with the client's 5 % discount: 419.90 net, 83.98 VAT, 503.88 gross.
    const totals = within(dialog).getByLabelText('Всього з ПДВ');
    await waitFor(() => expect(within(totals).getByText('503,88')).toBeTruthy());
    await user.click(within(dialog).getByRole('button', { name: /Зберегти/ }));
    await waitFor(() => expect(bodiesOf(fetchMock, 'POST', '/api/orders')).toHaveLength(1));
    expect(bodiesOf(fetchMock, 'POST', '/api/orders')[0]).toMatchObject({
      clientId: 3,
      contactId: 9,
      deliveryPresetId: 4,
      carrierId: 2,
      npCityName: 'Харків',
      npWarehouseNumber: '12',
      currencyCode: 'UAH',
      pricesIncludeVat: false,
      lines: [{ itemId: 12, qty: '1', unitPrice: '442', vatRate: '20' }],
    });
  });

  it('edits an order: stored lines keep their ids and the version it was read at goes along', async () => {
    const fetchMock = stubApi((url, init) =>
      url === '/api/orders/5' && init.method === 'PATCH' ? jsonResponse({ ...confirmed, version: 5 }) : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<OrdersPage />, { path: '/orders' });
    const drawer = await openDrawer(user);
    await user.click(within(drawer).getByRole('button', { name: 'Редагувати' }));
    const dialog = await screen.findByRole('dialog', { name: 'Замовлення ORD-2026-00005' });
    expect(within(dialog).getByText('Відвантажено 1 шт')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Видалити рядок 1' }) as HTMLButtonElement).disabled).toBe(true);
    const qty = within(dialog).getByLabelText('Кількість, рядок 1');
    await user.clear(qty);
    await user.type(qty, '4');
    await user.click(within(dialog).getByRole('button', { name: /Зберегти/ }));
    await waitFor(() => expect(bodiesOf(fetchMock, 'PATCH', '/api/orders/5')).toHaveLength(1));
    expect(bodiesOf(fetchMock, 'PATCH', '/api/orders/5')[0]).toMatchObject({
      version: 4,
      clientId: 3,
      deletedLineIds: [],
      lines: [{ id: 50, itemId: 12, qty: '4', unitPrice: '100', discountPercent: '0', vatRate: '20' }],
    });
  });
});
