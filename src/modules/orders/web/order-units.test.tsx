// Client order lines in another unit of the item's stock-unit type (reference-data.md §1, issue 22 #13): the line's
// unit select with the '= 2 500 г' hint, the unit sent with the typed quantity, the server's refusal under the unit,
// and the drawer showing a line as ordered ('2,5 кг (= 2 500 г)').
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { orderStatusLabels } from '@/modules/orders/orders.contract.ts';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { OrdersPage } from './orders-page.tsx';
import { confirmed, confirmedSummary } from './orders.fixture.ts';

type Answer = (url: string, init: RequestInit) => Response | undefined;

function stubApi(answer: Answer) {
  return stubFetch((url, init) => {
    const own = answer(url, init);
    if (own) return own;
    if (url === '/api/auth/user') return jsonResponse({ error: 'Потрібно увійти' }, 401);
    if (url.startsWith('/api/orders?')) {
      return new Response(JSON.stringify([confirmedSummary]), {
        headers: { 'content-type': 'application/json', 'X-Total-Count': '1' },
      });
    }
    if (url.startsWith('/api/orders/totals')) {
      return jsonResponse({ count: 1, totalGross: '300.00', paid: '0.00', outstanding: '300.00' });
    }
    if (url === '/api/orders/stats') {
      return jsonResponse({
        active: 1,
        overdue: 0,
        unpaidAmount: '0.00',
        shippedThisMonth: 0,
        shippedThisMonthAmount: '0.00',
      });
    }
    if (url === '/api/orders/settings') {
      return jsonResponse({
        productionPrepaymentPercent: 100,
        invoiceValidityDays: 5,
        statusLabels: { ...orderStatusLabels },
      });
    }
    if (/^\/api\/orders\/5\/(payments|shipments|history|related)$/.test(url)) return jsonResponse([]);
    if (url.startsWith('/api/lookups/clients')) return jsonResponse([{ id: 3, label: 'ТОВ «Енергоприлад»' }]);
    if (url.startsWith('/api/lookups/')) return jsonResponse([]);
    if (url === '/api/orders/clients/3') {
      return jsonResponse({
        id: 3,
        name: 'ТОВ «Енергоприлад»',
        isActive: true,
        discountPercent: null,
        priceList: 'retail',
        paymentTermDays: 0,
        managerUserId: null,
        defaultCarrierId: null,
        contacts: [],
        presets: [],
      });
    }
    if (url.startsWith('/api/items/options')) {
      return jsonResponse([
        {
          id: 14,
          sku: 'ПР-61',
          name: 'Припій ПОС-61',
          kind: 'material',
          barcode: null,
          unitShortName: 'г',
          retailPrice: null,
          wholesalePrice: null,
          vatRate: '20',
          purchasePrice: null,
          purchaseCurrency: null,
          available: '5000.0000',
        },
      ]);
    }
    const units = /^\/api\/orders\/item-units\?itemId=(\d+)$/.exec(url);
    if (units) {
      const grams = { id: 4, name: 'Грам', shortName: 'г', type: 'weight', factor: '0.001000' };
      return jsonResponse({
        stockUnit: grams,
        units: [grams, { ...grams, id: 3, name: 'Кілограм', shortName: 'кг', factor: '1.000000' }],
      });
    }
    return jsonResponse({ error: 'Не знайдено' }, 404);
  });
}

const bodiesOf = (fetchMock: ReturnType<typeof stubFetch>, method: string, url: string) =>
  fetchMock.mock.calls
    .filter(([callUrl, init]) => callUrl === url && init?.method === method)
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);

async function newOrderWithSolder(user: ReturnType<typeof userEvent.setup>) {
  renderWithProviders(<OrdersPage />, { path: '/orders' });
  await user.click(await screen.findByRole('button', { name: 'Нове замовлення' }));
  const dialog = await screen.findByRole('dialog', { name: 'Нове замовлення клієнта' });
  await user.click(within(dialog).getByRole('combobox', { name: /Клієнт/ }));
  await user.click(await screen.findByRole('option', { name: 'ТОВ «Енергоприлад»' }));
  await user.click(within(dialog).getByRole('combobox', { name: 'Товар або послуга' }));
  await user.click(await screen.findByRole('option', { name: /Припій ПОС-61/ }));
  const unitSelect = within(dialog).getByRole('combobox', { name: 'Одиниця рядка 1' });
  await waitFor(() => expect(unitSelect.textContent).toBe('г'));
  await user.click(unitSelect);
  await user.click(await screen.findByRole('option', { name: 'кг' }));
  const qty = within(dialog).getByLabelText('Кількість, рядок 1');
  await user.clear(qty);
  await user.type(qty, '2,5');
  await user.type(within(dialog).getByLabelText('Ціна, рядок 1'), '400');
  return { dialog, unitSelect };
}

afterEach(() => vi.unstubAllGlobals());

describe('order lines in another unit', () => {
  it('sells 2,5 кг of an item kept in grams: the hint in grams, the amount per кг, the unit sent', async () => {
    const fetchMock = stubApi((url, init) =>
      url === '/api/orders' && init.method === 'POST' ? jsonResponse({ ...confirmed, id: 5 }, 201) : undefined,
    );
    const user = userEvent.setup();
    const { dialog } = await newOrderWithSolder(user);
    expect(within(dialog).getByText(/^Доступно 5\s000 г$/)).toBeTruthy();
    expect(within(dialog).getByText(/^= 2\s500 г$/)).toBeTruthy();
    expect(within(dialog).getByLabelText('Сума, рядок 1').textContent).toMatch(/^1\s000,00$/);
    await user.click(within(dialog).getByRole('button', { name: /Зберегти/ }));
    await waitFor(() => expect(bodiesOf(fetchMock, 'POST', '/api/orders')).toHaveLength(1));
    expect(bodiesOf(fetchMock, 'POST', '/api/orders')[0]).toMatchObject({
      lines: [{ itemId: 14, qty: '2.5', unitId: 3, unitPrice: '400', vatRate: '20' }],
    });
  });

  it("puts the server's refusal of the unit under the line's unit select", async () => {
    const refusal = 'Одиниця «кг» іншого типу, ніж облікова одиниця позиції «г»';
    stubApi((url, init) =>
      url === '/api/orders' && init.method === 'POST'
        ? jsonResponse({ error: refusal, fields: { 'lines.0.unitId': refusal } }, 400)
        : undefined,
    );
    const user = userEvent.setup();
    const { dialog, unitSelect } = await newOrderWithSolder(user);
    await user.click(within(dialog).getByRole('button', { name: /Зберегти/ }));
    await waitFor(() => expect(unitSelect.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getAllByText(refusal).length).toBeGreaterThan(0);
  });

  it('shows a line entered in кг as ordered in the drawer and edits it in кг', async () => {
    const inKg = {
      ...confirmed,
      lines: [
        {
          ...confirmed.lines[0]!,
          unitShortName: 'г',
          qty: '2500.0000',
          enteredQty: '2.5000',
          enteredUnitId: 3,
          enteredUnitShortName: 'кг',
          unitPrice: '400.000000',
        },
      ],
    };
    const fetchMock = stubApi((url, init) => {
      if (url === '/api/orders/5' && (init.method ?? 'GET') === 'GET') return jsonResponse(inKg);
      if (url === '/api/orders/5' && init.method === 'PATCH') return jsonResponse(inKg);
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<OrdersPage />, { path: '/orders' });
    await user.click(await screen.findByRole('button', { name: 'Відкрити замовлення ORD-2026-00005' }));
    const drawer = await screen.findByRole('dialog', { name: /ORD-2026-00005/ });
    await within(drawer).findByText('Блок живлення БЖ-12/2');
    expect(within(drawer).getByText(/^2,5 кг \(= 2\s500 г\)$/)).toBeTruthy();
    await user.click(within(drawer).getByRole('button', { name: 'Редагувати' }));
    const dialog = await screen.findByRole('dialog', { name: 'Замовлення ORD-2026-00005' });
    expect((within(dialog).getByLabelText('Кількість, рядок 1') as HTMLInputElement).value).toBe('2,5');
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Одиниця рядка 1' }).textContent).toBe('кг'),
    );
    expect(within(dialog).getByText(/^= 2\s500 г$/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: /Зберегти/ }));
    await waitFor(() => expect(bodiesOf(fetchMock, 'PATCH', '/api/orders/5')).toHaveLength(1));
    expect(bodiesOf(fetchMock, 'PATCH', '/api/orders/5')[0]).toMatchObject({
      lines: [{ id: 50, itemId: 12, qty: '2.5', unitId: 3, unitPrice: '400' }],
    });
  });
});
