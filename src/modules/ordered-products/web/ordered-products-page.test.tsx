import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  orderedProductDetailSchema,
  orderedProductRowSchema,
  type OrderedProductRow,
} from '@/modules/ordered-products/ordered-products.contract.ts';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { OrderedProductsPage } from './ordered-products-page.tsx';
import { setPhoneWidth } from '@/web/testing/viewport.ts';

afterEach(() => vi.unstubAllGlobals());

const made: OrderedProductRow = orderedProductRowSchema.parse({
  itemId: 40,
  sku: 'KT-2',
  itemName: 'Контролер КТ-2',
  kind: 'product',
  categoryId: null,
  categoryName: 'Контролери',
  unitShortName: 'шт',
  made: true,
  demand: '7.0000',
  reserved: '0.0000',
  uncovered: '7.0000',
  free: '2.0000',
  inProduction: '0.0000',
  toProduce: '5.0000',
  toBuy: '0.0000',
  coveredByMo: '0.0000',
  orders: 2,
  lines: 2,
  earliestDue: '2027-05-01',
  value: '700.00',
});
const bought: OrderedProductRow = orderedProductRowSchema.parse({
  ...made,
  itemId: 41,
  sku: 'BZH-12',
  itemName: 'Блок живлення 12 В',
  made: false,
  demand: '2.0000',
  uncovered: '2.0000',
  free: '0.0000',
  toProduce: '0.0000',
  toBuy: '2.0000',
  orders: 1,
  lines: 1,
  earliestDue: '2027-05-03',
  value: '300.00',
});
const detail = orderedProductDetailSchema.parse({
  row: made,
  lines: [
    {
      orderLineId: 501,
      orderId: 50,
      orderNumber: 'ORD-2026-00050',
      clientId: 3,
      clientName: 'Енергоплюс',
      itemId: 40,
      sku: 'KT-2',
      itemName: 'Контролер КТ-2',
      kind: 'product',
      remaining: '3.0000',
      reserved: '0.0000',
      uncovered: '3.0000',
      dueDate: '2027-05-01',
      paymentStatus: 'partially_paid',
      approved: true,
      netUnitPrice: '100.000000',
      coveredByMo: '0.0000',
    },
  ],
});

function listResponse(rows: OrderedProductRow[]) {
  return new Response(JSON.stringify(rows), {
    headers: { 'content-type': 'application/json', 'X-Total-Count': String(rows.length) },
  });
}

function stubApi(answer: (url: string, init: RequestInit) => Response | undefined = () => undefined) {
  return stubFetch((url, init) => {
    const own = answer(url, init);
    if (own) return own;
    if (url === '/api/auth/user') return jsonResponse({ error: 'Потрібно увійти' }, 401);
    if (url.startsWith('/api/ordered-products/stats')) {
      return jsonResponse({ items: 2, toProduceItems: 1, toBuyItems: 1, orders: 3, value: '1000.00' });
    }
    if (url.startsWith('/api/ordered-products/40?')) return jsonResponse(detail);
    if (url.startsWith('/api/ordered-products?')) return listResponse([made, bought]);
    if (url.startsWith('/api/recipes?')) return jsonResponse([]);
    return jsonResponse({ error: 'Не знайдено' }, 404);
  });
}

const listUrls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/ordered-products?'));

describe('OrderedProductsPage', () => {
  it('lists the figures per item, approved orders only until the toggle is switched off', async () => {
    const fetchMock = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<OrderedProductsPage />, { path: '/ordered-products' });

    expect(screen.getByRole('heading', { name: 'Замовлені товари' })).toBeTruthy();
    const madeRow = (await screen.findByText('KT-2')).closest('tr')!;
    expect(within(madeRow).getByText('Контролер КТ-2')).toBeTruthy();
    expect(within(madeRow).getByText('01.05.2027')).toBeTruthy();
    expect(within(madeRow).getByText('700,00')).toBeTruthy();
    expect(within(madeRow).getByText('5').className).toContain('font-semibold');
    const boughtRow = screen.getByText('BZH-12').closest('tr')!;
    expect(within(boughtRow).getAllByText('Закуповується').length).toBeGreaterThan(0);
    expect(await screen.findByText('1 000,00')).toBeTruthy();
    expect(listUrls(fetchMock)[0]).toContain('approvedOnly=true');

    const toggle = screen.getByRole('switch', { name: 'Лише дозволені до виробництва' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    await user.click(toggle);
    await waitFor(() => expect(listUrls(fetchMock).at(-1)).toContain('approvedOnly=false'));
    // 'Термін до' is typed дд.мм.рррр and sent as the API's date.
    await user.type(screen.getByLabelText('Термін до'), '01.12.2026');
    await waitFor(() => expect(listUrls(fetchMock).at(-1)).toContain('dueBefore=2026-12-01'));
  });

  it('opens the per-line drill-down with a link to the order', async () => {
    stubApi();
    const user = userEvent.setup();
    renderWithProviders(<OrderedProductsPage />, { path: '/ordered-products' });
    await user.click(await screen.findByRole('button', { name: 'Показати рядки замовлень: KT-2' }));
    const table = await screen.findByRole('table', { name: 'Рядки замовлень KT-2' });
    const link = within(table).getByRole('link', { name: 'Відкрити замовлення ORD-2026-00050' });
    expect(link.getAttribute('href')).toBe(`/orders?search=${encodeURIComponent('ORD-2026-00050')}`);
    expect(within(table).getByText('Енергоплюс')).toBeTruthy();
    expect(within(table).getByText('Частково оплачено')).toBeTruthy();
    expect(within(table).getByText('Дозволено')).toBeTruthy();
  });

  it('shows a card per item on a phone, with its checkbox, its drill-down and its actions in reach', async () => {
    setPhoneWidth();
    stubApi();
    const user = userEvent.setup();
    renderWithProviders(<OrderedProductsPage />, { path: '/ordered-products' });
    const card = (await screen.findByText('KT-2')).closest('li')!;

    expect(screen.queryByRole('table', { name: 'Замовлені товари' })).toBeNull();
    expect(within(card).getByRole('button', { name: 'Створити МВ: KT-2' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Зарезервувати вільне: KT-2' })).toBeTruthy();
    await user.click(within(card).getByRole('checkbox', { name: 'Вибрати KT-2' }));
    expect(screen.getByRole('toolbar', { name: /Вибрано/ })).toBeTruthy();

    const toggle = within(card).getByRole('button', { name: 'Показати рядки замовлень: KT-2' });
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await screen.findByRole('table', { name: 'Рядки замовлень KT-2' })).toBeTruthy();
  });

  it("creates an MO of toProduce with 'Кратно партії' and 'Запустити одразу'", async () => {
    const fetchMock = stubApi((url, init) =>
      url === '/api/ordered-products/create-manufacturing-orders' && init.method === 'POST'
        ? jsonResponse(
            {
              orders: [{ id: 9, number: 'MO-2026-00009', itemId: 40, qty: '8.0000', released: true, demands: [] }],
            },
            201,
          )
        : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<OrderedProductsPage />, { path: '/ordered-products' });
    await user.click(await screen.findByRole('button', { name: 'Створити МВ: KT-2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Створити виробничі замовлення' });
    const qty = within(dialog).getByLabelText('Кількість для KT-2') as HTMLInputElement;
    expect(qty.value).toBe('5');

    await user.clear(qty);
    await user.click(within(dialog).getByRole('button', { name: 'Створити' }));
    expect(
      await within(dialog).findByText('Вкажіть кількість більше нуля (не більше 4 знаків після коми)'),
    ).toBeTruthy();

    await user.type(qty, '5');
    await user.click(within(dialog).getByRole('switch', { name: 'Кратно партії' }));
    await user.click(within(dialog).getByRole('switch', { name: 'Запустити одразу' }));
    await user.click(within(dialog).getByRole('button', { name: 'Створити' }));
    expect(await screen.findByText('Створено МВ: MO-2026-00009')).toBeTruthy();
    const posted = fetchMock.mock.calls.filter(
      ([url, init]) => url === '/api/ordered-products/create-manufacturing-orders' && init?.method === 'POST',
    );
    expect(JSON.parse(String(posted[0]![1]!.body))).toEqual({
      items: [{ itemId: 40, qty: '5', recipeId: null, release: true, roundToBatch: true }],
      approvedOnly: true,
    });
  });
});
