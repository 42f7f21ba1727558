import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  orderSchema,
  orderSummarySchema,
  type Order,
  type OrderSummary,
} from '@/modules/supplier-orders/supplier-orders.contract.ts';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { itemOption, sourceOf } from '@/modules/items/web/item-options.fixture.ts';
import { SupplierOrdersPage } from './supplier-orders-page.tsx';

const sentSummary: OrderSummary = orderSummarySchema.parse({
  id: 5,
  number: 'PO-2026-00005',
  orderDate: '2026-11-02',
  expectedDate: '2026-11-10',
  status: 'sent',
  supplierId: 3,
  supplierName: 'Радіомаг',
  warehouseId: 1,
  warehouseName: 'Склад матеріалів',
  supplierReference: null,
  currencyCode: 'UAH',
  fxRate: '1.000000',
  totalNet: '1000.00',
  totalVat: '200.00',
  totalGross: '1200.00',
  totalUah: '1200.00',
  lineCount: 1,
  orderedQty: '100.0000',
  receivedQty: '0.0000',
  remainingQty: '100.0000',
  receivedPercent: 0,
  isOverdue: true,
});

const partialSummary: OrderSummary = orderSummarySchema.parse({
  ...sentSummary,
  id: 6,
  number: 'PO-2026-00006',
  status: 'partially_received',
  expectedDate: '2026-12-20',
  supplierReference: 'PI-77',
  receivedQty: '60.0000',
  remainingQty: '40.0000',
  receivedPercent: 60,
  isOverdue: false,
});

const sent: Order = orderSchema.parse({
  ...sentSummary,
  companyId: null,
  pricesIncludeVat: false,
  notes: null,
  version: 2,
  sentAt: '2026-11-02T09:00:00.000Z',
  confirmedAt: null,
  closedAt: null,
  closeReason: null,
  cancelledAt: null,
  cancelReason: null,
  createdAt: '2026-11-02T08:00:00.000Z',
  lines: [
    {
      id: 50,
      lineNo: 1,
      itemId: 12,
      sku: 'C-100N',
      itemName: 'Конденсатор 100 нФ 0603',
      unitShortName: 'шт',
      qty: '100.0000',
      enteredQty: '100.0000',
      unitPrice: '10.000000',
      vatRate: '20',
      lineNet: '1000.00',
      lineVat: '200.00',
      lineGross: '1200.00',
      expectedDate: null,
      notes: null,
      receivedQty: '0.0000',
      remainingQty: '100.0000',
    },
  ],
});

type Answer = (url: string, init: RequestInit) => Response | undefined;

function stubApi(answer: Answer = () => undefined) {
  return stubFetch((url, init) => {
    const own = answer(url, init);
    if (own) return own;
    if (url === '/api/auth/user') return jsonResponse({ error: 'Потрібно увійти' }, 401);
    if (url.startsWith('/api/supplier-orders?')) {
      return new Response(JSON.stringify([sentSummary, partialSummary]), {
        headers: { 'content-type': 'application/json', 'X-Total-Count': '2' },
      });
    }
    if (url === '/api/supplier-orders/stats') {
      return jsonResponse({ openOrders: 2, awaitingConfirmation: 1, overdue: 1, openAmount: '1680.00' });
    }
    if (url === '/api/supplier-orders/5' && (init.method ?? 'GET') === 'GET') return jsonResponse(sent);
    if (url === '/api/supplier-orders/5/receipts') return jsonResponse([]);
    if (url.startsWith('/api/lookups/suppliers')) return jsonResponse([{ id: 3, label: 'Радіомаг' }]);
    if (url.startsWith('/api/lookups/')) return jsonResponse([]);
    return jsonResponse({ error: 'Не знайдено' }, 404);
  });
}

const listUrls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/supplier-orders?'));
const bodiesOf = (fetchMock: ReturnType<typeof stubFetch>, method: string, url: string) =>
  fetchMock.mock.calls
    .filter(([callUrl, init]) => callUrl === url && init?.method === method)
    .map(([, init]) => (init?.body === undefined ? undefined : (JSON.parse(String(init.body)) as unknown)));

async function openDrawer(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Відкрити замовлення PO-2026-00005' }));
  const drawer = await screen.findByRole('dialog', { name: /PO-2026-00005/ });
  await within(drawer).findByText('Конденсатор 100 нФ 0603');
  return drawer;
}

describe('SupplierOrdersPage', () => {
  it('opens the order a link names (?open=, the global search) and drops the parameter on close', async () => {
    stubApi();
    const user = userEvent.setup();
    const { location } = renderWithProviders(<SupplierOrdersPage />, { path: '/supplier-orders?open=5' });
    const drawer = await screen.findByRole('dialog', { name: /PO-2026-00005/ });
    await within(drawer).findByText('Конденсатор 100 нФ 0603');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(location.history.at(-1)).toBe('/supplier-orders');
  });

  it('shows the stat cards and the orders with Ukrainian statuses, progress and the overdue mark', async () => {
    const fetchMock = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<SupplierOrdersPage />, { path: '/supplier-orders' });

    expect(screen.getByRole('heading', { name: 'Замовлення постачальникам' })).toBeTruthy();
    const stats = screen.getByRole('region', { name: 'Показники замовлень' });
    await waitFor(() => expect(within(stats).getByText('1 680,00')).toBeTruthy());
    expect(within(stats).getByText('Очікують підтвердження')).toBeTruthy();
    expect(within(stats).getByText('Прострочені поставки')).toBeTruthy();

    const sentRow = (await screen.findByText('PO-2026-00005')).closest('tr')!;
    expect(within(sentRow).getByText('Відправлено')).toBeTruthy();
    expect(within(sentRow).getByText('Прострочено')).toBeTruthy();
    expect(within(sentRow).getByText('1 200,00')).toBeTruthy();
    const partialRow = screen.getByText('PO-2026-00006').closest('tr')!;
    expect(within(partialRow).getByText('Частково отримано')).toBeTruthy();
    expect(within(partialRow).getByText('60 % · залишок 40')).toBeTruthy();
    expect(within(partialRow).queryByText('Прострочено')).toBeNull();
    expect(listUrls(fetchMock)).toEqual(['/api/supplier-orders?page=1&limit=20&sort=-orderDate']);

    // The overdue card filters the list.
    await user.click(within(stats).getByRole('button', { name: /Прострочені поставки/ }));
    await waitFor(() => expect(listUrls(fetchMock).at(-1)).toContain('overdue=true'));
    fireEvent.change(screen.getByLabelText('Період з'), { target: { value: '01.11.2026' } });
    await waitFor(() => expect(listUrls(fetchMock).at(-1)).toContain('dateFrom=2026-11-01'));
  });

  it('confirms a sent order with the supplier reference and the version it read', async () => {
    const fetchMock = stubApi((url, init) =>
      url === '/api/supplier-orders/5/confirm' && init.method === 'POST'
        ? jsonResponse({ ...sent, status: 'confirmed', version: 3, supplierReference: 'PI-88' })
        : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<SupplierOrdersPage />, { path: '/supplier-orders' });
    const drawer = await openDrawer(user);
    // The actions of a sent order.
    expect(within(drawer).queryByRole('button', { name: 'Надіслати' })).toBeNull();
    expect(within(drawer).getByRole('button', { name: 'Отримати' })).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: 'Повернути в чернетку' })).toBeTruthy();
    expect(within(drawer).getByText('Залишок')).toBeTruthy();

    await user.click(within(drawer).getByRole('button', { name: 'Підтвердити' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Підтвердження постачальника' });
    await user.type(within(confirm).getByLabelText('Номер постачальника'), 'PI-88');
    await user.click(within(confirm).getByRole('button', { name: 'Підтвердити' }));
    await waitFor(() => expect(bodiesOf(fetchMock, 'POST', '/api/supplier-orders/5/confirm')).toHaveLength(1));
    expect(bodiesOf(fetchMock, 'POST', '/api/supplier-orders/5/confirm')[0]).toEqual({
      version: 2,
      expectedDate: '2026-11-10',
      supplierReference: 'PI-88',
    });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('sends a draft with the letter to the supplier when asked, and says where the letter went', async () => {
    const draft = { ...sent, status: 'draft' as const, sentAt: null };
    const fetchMock = stubApi((url, init) => {
      if (url === '/api/supplier-orders/5' && (init.method ?? 'GET') === 'GET') return jsonResponse(draft);
      if (url === '/api/supplier-orders/5/send' && init.method === 'POST') {
        return jsonResponse({ ...sent, version: 3, emailedTo: ['zakaz@radiomag.ua'] });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<SupplierOrdersPage />, { path: '/supplier-orders' });
    const drawer = await openDrawer(user);
    await user.click(within(drawer).getByRole('button', { name: 'Надіслати' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Надіслати замовлення?' });
    const letter = within(dialog).getByRole('checkbox', { name: /Надіслати постачальнику лист із замовленням/ });
    expect(letter.getAttribute('aria-checked')).toBe('false');
    await user.click(letter);
    await user.click(within(dialog).getByRole('button', { name: 'Надіслати' }));
    await waitFor(() => expect(bodiesOf(fetchMock, 'POST', '/api/supplier-orders/5/send')).toHaveLength(1));
    expect(bodiesOf(fetchMock, 'POST', '/api/supplier-orders/5/send')[0]).toEqual({ version: 2, email: true });
    expect(await screen.findByText('Лист поставлено в чергу: zakaz@radiomag.ua')).toBeTruthy();
  });

  it('asks for a reason before cancelling and names a missing supplier in a new order', async () => {
    const fetchMock = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<SupplierOrdersPage />, { path: '/supplier-orders' });
    const drawer = await openDrawer(user);
    await user.click(within(drawer).getByRole('button', { name: 'Скасувати' }));
    const cancel = await screen.findByRole('alertdialog', { name: 'Скасувати замовлення?' });
    await user.click(within(cancel).getByRole('button', { name: 'Скасувати' }));
    expect(await within(cancel).findByText('Вкажіть причину')).toBeTruthy();
    expect(bodiesOf(fetchMock, 'POST', '/api/supplier-orders/5/cancel')).toHaveLength(0);
    await user.click(within(cancel).getByRole('button', { name: 'Не змінювати' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Нове замовлення' }));
    const dialog = await screen.findByRole('dialog', { name: 'Нове замовлення постачальнику' });
    await user.click(within(dialog).getByRole('button', { name: /Зберегти/ }));
    expect(await within(dialog).findByText('Оберіть постачальника зі списку')).toBeTruthy();
    expect(bodiesOf(fetchMock, 'POST', '/api/supplier-orders')).toHaveLength(0);
  });

  it("'Отримати' creates the receipt draft and opens it on the receipts page", async () => {
    const fetchMock = stubApi((url, init) =>
      url === '/api/supplier-orders/5/receive' && init.method === 'POST'
        ? jsonResponse({ id: 77, number: 'GRN-2026-00077' }, 201)
        : undefined,
    );
    const user = userEvent.setup();
    const { location } = renderWithProviders(<SupplierOrdersPage />, { path: '/supplier-orders' });
    const drawer = await openDrawer(user);
    await user.click(within(drawer).getByRole('button', { name: 'Отримати' }));
    const receive = await screen.findByRole('alertdialog', { name: 'Отримати товар за замовленням' });
    expect(within(receive).getByRole('combobox', { name: /Склад отримання/ }).textContent).toContain(
      'Склад матеріалів',
    );
    await user.click(within(receive).getByRole('button', { name: 'Створити прихід' }));
    expect(await within(receive).findByText("Обов'язкове поле")).toBeTruthy();
    await user.type(within(receive).getByLabelText(/№ документа постачальника/), 'РН-501');
    fireEvent.change(within(receive).getByLabelText(/Дата документа постачальника/), {
      target: { value: '20.11.2026' },
    });
    await user.click(within(receive).getByRole('button', { name: 'Створити прихід' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/supplier-receipts?open=77'));
    expect(bodiesOf(fetchMock, 'POST', '/api/supplier-orders/5/receive')[0]).toEqual({
      supplierDocNumber: 'РН-501',
      supplierDocDate: '2026-11-20',
      documentTypeId: null,
      // The order's warehouse, pre-selected in the dialog.
      warehouseId: 1,
    });
  });

  it("edits an order's lines and puts the server's line error under its input", async () => {
    const fetchMock = stubApi((url, init) =>
      url === '/api/supplier-orders/5' && init.method === 'PATCH'
        ? jsonResponse({ error: 'Перевірте поля', fields: { 'lines.0.qty': 'Замало для постачальника' } }, 422)
        : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<SupplierOrdersPage />, { path: '/supplier-orders' });
    const drawer = await openDrawer(user);
    await user.click(within(drawer).getByRole('button', { name: 'Редагувати' }));
    const dialog = await screen.findByRole('dialog', { name: 'Замовлення PO-2026-00005' });
    const lines = within(dialog).getByRole('region', { name: 'Рядки замовлення' });
    const first = within(lines).getByRole('group', { name: 'Рядок 1' });
    const qty = within(first).getByLabelText('Кількість') as HTMLInputElement;
    expect(qty.value).toBe('100');

    await user.click(within(lines).getByRole('button', { name: 'Додати рядок' }));
    expect(within(lines).getByRole('group', { name: 'Рядок 2' })).toBeTruthy();
    await user.click(within(lines).getByRole('button', { name: 'Видалити рядок 2' }));
    expect(within(lines).queryByRole('group', { name: 'Рядок 2' })).toBeNull();

    await user.clear(qty);
    await user.type(qty, '80');
    await user.click(within(dialog).getByRole('button', { name: /Зберегти/ }));
    expect(await within(first).findByText('Замало для постачальника')).toBeTruthy();
    expect(qty.getAttribute('aria-invalid')).toBe('true');
    const [body] = bodiesOf(fetchMock, 'PATCH', '/api/supplier-orders/5') as { version: number; lines: unknown[] }[];
    expect(body?.version).toBe(2);
    expect(body?.lines).toEqual([expect.objectContaining({ id: 50, itemId: 12, qty: '80' })]);
  });

  it('pre-selects the warehouse the server gives the lines, and fills the last purchase price with a hint', async () => {
    const suggestion = {
      unitPrice: '12.500000',
      currencyCode: 'UAH',
      date: '2026-10-15',
      supplierId: 3,
      supplierName: 'Радіомаг',
      fromThisSupplier: true,
    };
    const fetchMock = stubApi((url, init) => {
      if (url === '/api/supplier-orders/default-warehouse') {
        return jsonResponse({ warehouseId: 4, warehouseName: 'Склад комплектуючих' });
      }
      if (url === '/api/supplier-orders/default-warehouse?itemIds=44') {
        return jsonResponse({ warehouseId: 8, warehouseName: 'Склад готової продукції' });
      }
      if (url.startsWith('/api/items/options')) {
        // The picker shows the free stock in the order's warehouse beside the last purchase price.
        return jsonResponse(
          sourceOf(url) === 'products'
            ? [itemOption({ id: 44, name: 'Мультиметр М-1', kind: 'product', sku: 'ММ-1' })]
            : [
                itemOption({
                  id: 12,
                  name: 'Резистор 10 кОм',
                  sku: 'R-10K',
                  purchasePrice: '12.5',
                  purchaseCurrency: 'UAH',
                  available: '120.0000',
                }),
              ],
        );
      }
      if (url.startsWith('/api/lookups/warehouses')) return jsonResponse([{ id: 1, label: 'Основний склад' }]);
      if (url === '/api/supplier-orders/price-suggestion?supplierId=3&itemId=12&currencyCode=UAH') {
        return jsonResponse({ suggestion });
      }
      if (url.startsWith('/api/supplier-orders/price-suggestion')) return jsonResponse({ suggestion: null });
      if (url === '/api/supplier-orders' && init.method === 'POST') return jsonResponse({ ...sent, id: 9 }, 201);
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<SupplierOrdersPage />, { path: '/supplier-orders' });
    await user.click(await screen.findByRole('button', { name: 'Нове замовлення' }));
    const dialog = await screen.findByRole('dialog', { name: 'Нове замовлення постачальнику' });
    const warehouse = within(dialog).getByRole('combobox', { name: /Склад отримання/ });
    // A new order: the materials warehouse production takes from, pre-selected.
    await waitFor(() => expect(warehouse.textContent).toContain('Склад комплектуючих'));

    const pick = async (combobox: HTMLElement, option: string | RegExp) => {
      await user.click(combobox);
      await user.click(await screen.findByRole('option', { name: option }));
    };
    await pick(within(dialog).getByRole('combobox', { name: /Постачальник/ }), 'Радіомаг');
    const lines = within(dialog).getByRole('region', { name: 'Рядки замовлення' });
    const first = within(lines).getByRole('group', { name: 'Рядок 1' });
    // A product on the line: the default follows it to the finished-goods warehouse.
    await user.click(within(first).getByRole('button', { name: 'Товари' }));
    await pick(within(first).getByRole('combobox', { name: /Позиція/ }), /^Мультиметр М-1/);
    await waitFor(() => expect(warehouse.textContent).toContain('Склад готової продукції'));
    // No price for it: nothing filled in, no hint.
    const price = within(first).getByLabelText('Ціна за од.') as HTMLInputElement;
    expect(price.value).toBe('');
    expect(within(first).queryByText(/Остання ціна закупівлі/)).toBeNull();

    // A component with a last price: filled in (editable), with the hint in Ukrainian.
    await user.click(within(first).getByRole('button', { name: 'Компоненти' }));
    await user.click(within(first).getByRole('combobox', { name: /Позиція/ }));
    // Found by the one item picker: its SKU, last purchase price and what is free in the order's warehouse.
    const resistor = await screen.findByRole('option', { name: /^Резистор 10 кОм/ });
    expect(resistor.textContent).toContain('R-10K · 12,50 грн · Доступно 120 шт');
    // Each search asks for its source's items and the free stock in the warehouse the order has at that moment.
    expect(fetchMock.mock.calls.map(([url]) => String(url)).filter((u) => u.startsWith('/api/items/'))).toEqual([
      '/api/items/options?source=products&warehouseId=4',
      '/api/items/options?source=components&warehouseId=8',
    ]);
    await user.click(resistor);
    await waitFor(() => expect(price.value).toBe('12,5'));
    expect(within(first).getByText('Остання ціна закупівлі: 12,50 грн (15.10.2026)')).toBeTruthy();

    // The user's own warehouse stays.
    await pick(warehouse, 'Основний склад');
    await user.clear(within(first).getByLabelText('Кількість'));
    await user.type(within(first).getByLabelText('Кількість'), '10');
    await user.click(within(dialog).getByRole('button', { name: /Зберегти/ }));
    await waitFor(() => expect(bodiesOf(fetchMock, 'POST', '/api/supplier-orders')).toHaveLength(1));
    expect(bodiesOf(fetchMock, 'POST', '/api/supplier-orders')[0]).toMatchObject({
      supplierId: 3,
      warehouseId: 1,
      lines: [expect.objectContaining({ itemId: 12, qty: '10', unitPrice: '12.5' })],
    });
  });

  it('orders a line in кг of an item stocked in grams: the hint in grams, the unit sent with the typed qty', async () => {
    const unit = (id: number, shortName: string, factor: string) => ({
      id,
      name: shortName,
      shortName,
      type: 'weight',
      factor,
    });
    const fetchMock = stubApi((url, init) => {
      if (url.startsWith('/api/supplier-orders/default-warehouse')) {
        return jsonResponse({ warehouseId: 4, warehouseName: 'Склад комплектуючих' });
      }
      if (url.startsWith('/api/items/options')) return jsonResponse([itemOption({ id: 12, name: 'Припій ПОС-61' })]);
      if (url.startsWith('/api/supplier-orders/price-suggestion')) return jsonResponse({ suggestion: null });
      if (url === '/api/supplier-orders/item-units?itemId=12') {
        const grams = unit(4, 'г', '0.001000');
        return jsonResponse({ stockUnit: grams, units: [grams, unit(3, 'кг', '1.000000')] });
      }
      if (url === '/api/supplier-orders' && init.method === 'POST') return jsonResponse({ ...sent, id: 9 }, 201);
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<SupplierOrdersPage />, { path: '/supplier-orders' });
    await user.click(await screen.findByRole('button', { name: 'Нове замовлення' }));
    const dialog = await screen.findByRole('dialog', { name: 'Нове замовлення постачальнику' });
    const pick = async (combobox: HTMLElement, option: string | RegExp) => {
      await user.click(combobox);
      await user.click(await screen.findByRole('option', { name: option }));
    };
    await pick(within(dialog).getByRole('combobox', { name: /Постачальник/ }), 'Радіомаг');
    const first = within(within(dialog).getByRole('region', { name: 'Рядки замовлення' })).getByRole('group', {
      name: 'Рядок 1',
    });
    await pick(within(first).getByRole('combobox', { name: /Позиція/ }), /^Припій ПОС-61/);
    const unitSelect = within(first).getByRole('combobox', { name: 'Одиниця рядка 1' });
    await waitFor(() => expect(unitSelect.textContent).toBe('г'));
    await pick(unitSelect, 'кг');
    await user.type(within(first).getByLabelText('Кількість'), '1,25');
    await user.type(within(first).getByLabelText('Ціна за од.'), '400');
    expect(within(first).getByText(/^= 1\s250 г$/)).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: /Зберегти/ }));
    await waitFor(() => expect(bodiesOf(fetchMock, 'POST', '/api/supplier-orders')).toHaveLength(1));
    expect(bodiesOf(fetchMock, 'POST', '/api/supplier-orders')[0]).toMatchObject({
      lines: [expect.objectContaining({ itemId: 12, qty: '1.25', unitId: 3, unitPrice: '400' })],
    });
  });
});
