import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  shortageRowSchema,
  shortageSourcesSchema,
  type ShortageRow,
  type ShortageSources,
} from '@/modules/shortage/shortage.contract.ts';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { ShortagePage } from './shortage-page.tsx';
import { parseQty } from './shortage-order-dialog.tsx';

const resistor: ShortageRow = shortageRowSchema.parse({
  itemId: 12,
  sku: 'R-10K',
  name: 'Резистор 10 кОм 0603',
  kind: 'component',
  categoryId: 4,
  categoryName: 'Резистори',
  unitShortName: 'шт',
  needs: '40.0000',
  available: '25.0000',
  onOrder: '0.0000',
  inDrafts: '0.0000',
  shortage: '15.0000',
  shortageDate: '2026-11-20',
  leadTimeDays: 5,
  leadTimeSource: 'supplier',
  critical: true,
  neededInProgress: false,
  blockedMos: [],
  preferredSupplierId: 3,
  preferredSupplierName: 'Радіомаг',
  packQty: null,
  lastPrice: '0.480000',
  avgCost: '0.450000',
  suggestedQty: '15.0000',
  estimatedCost: '7.20',
  alternatives: [
    {
      itemId: 14,
      sku: 'R-10K-0805',
      name: 'Резистор 10 кОм 0805',
      unitShortName: 'шт',
      available: '300.0000',
      note: null,
    },
  ],
});
const solder: ShortageRow = shortageRowSchema.parse({
  ...resistor,
  itemId: 13,
  sku: 'SOLDER-1',
  name: 'Припій ПОС-61',
  categoryName: null,
  unitShortName: 'кг',
  needs: '2.5000',
  available: '0.0000',
  shortage: '2.5000',
  shortageDate: '2026-12-30',
  leadTimeDays: 7,
  leadTimeSource: 'default',
  critical: false,
  preferredSupplierId: null,
  preferredSupplierName: null,
  lastPrice: null,
  avgCost: null,
  suggestedQty: '2.5000',
  estimatedCost: '0.00',
  alternatives: [],
});

const sources: ShortageSources = shortageSourcesSchema.parse({
  itemId: 12,
  sku: 'R-10K',
  name: 'Резистор 10 кОм 0603',
  unitShortName: 'шт',
  needs: '40.0000',
  available: '25.0000',
  onOrder: '0.0000',
  inDrafts: '0.0000',
  shortage: '15.0000',
  sources: [
    {
      kind: 'mo',
      date: '2026-11-18',
      qty: '12.0000',
      uncovered: '0.0000',
      moId: 7,
      moNumber: 'MO-2026-00007',
      moStatus: 'released',
      orderId: null,
      orderNumber: null,
      clientName: null,
      dueDate: null,
      productId: 30,
      productSku: 'BK-1',
      productName: 'Блок керування',
      productQty: '3.0000',
      path: null,
    },
    {
      kind: 'order',
      date: '2026-11-20',
      qty: '28.0000',
      uncovered: '15.0000',
      moId: null,
      moNumber: null,
      moStatus: null,
      orderId: 41,
      orderNumber: 'ORD-2026-00041',
      clientName: 'Енергоплюс',
      dueDate: '2026-11-20',
      productId: 30,
      productSku: 'BK-1',
      productName: 'Блок керування',
      productQty: '7.0000',
      path: 'Плата керування',
    },
  ],
  supplierOrders: [],
});

type Answer = (url: string, init: RequestInit) => Response | undefined;

function stubApi(rows: ShortageRow[] = [resistor, solder], answer: Answer = () => undefined) {
  return stubFetch((url, init) => {
    const own = answer(url, init);
    if (own) return own;
    if (url === '/api/auth/user') return jsonResponse({ error: 'Потрібно увійти' }, 401);
    if (url.startsWith('/api/shortage/stats')) {
      return jsonResponse({
        items: rows.length,
        critical: rows.filter((r) => r.critical).length,
        estimatedCost: '7.20',
        withoutSupplier: 1,
      });
    }
    if (url === '/api/shortage/12/sources') return jsonResponse(sources);
    if (url.startsWith('/api/shortage?')) {
      return new Response(JSON.stringify(rows), {
        headers: { 'content-type': 'application/json', 'X-Total-Count': String(rows.length) },
      });
    }
    if (url.startsWith('/api/lookups/suppliers')) return jsonResponse([{ id: 9, label: 'Елкомп' }]);
    if (url.startsWith('/api/lookups/')) return jsonResponse([]);
    return jsonResponse({ error: 'Не знайдено' }, 404);
  });
}

const listUrls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/shortage?'));
const bodiesOf = (fetchMock: ReturnType<typeof stubFetch>, method: string, url: string) =>
  fetchMock.mock.calls
    .filter(([callUrl, init]) => callUrl === url && init?.method === method)
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);

describe('ShortagePage', () => {
  it('shows the totals and the rows with their figures, badge, supplier, price and alternatives', async () => {
    const fetchMock = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<ShortagePage />, { path: '/shortage' });

    expect(screen.getByRole('heading', { name: 'Дефіцит матеріалів' })).toBeTruthy();
    const stats = screen.getByRole('region', { name: 'Підсумки дефіциту' });
    await waitFor(() => expect(within(stats).getByText('7,20')).toBeTruthy());

    const row = (await screen.findByText('Резистор 10 кОм 0603')).closest('tr')!;
    expect(within(row).getByText('Критичний')).toBeTruthy();
    expect(within(row).getByText('20.11.2026')).toBeTruthy();
    expect(within(row).getByText('5 дн.')).toBeTruthy();
    expect(within(row).getByText('Радіомаг')).toBeTruthy();
    expect(within(row).getByText('0,48')).toBeTruthy();
    expect(within(row).getByText('R-10K-0805: вільно 300')).toBeTruthy();
    expect(within(row).getByText('15')).toBeTruthy();
    const other = screen.getByText('Припій ПОС-61').closest('tr')!;
    expect(within(other).getByText('Звичайний')).toBeTruthy();
    expect(within(other).getByText('Не вказано')).toBeTruthy();
    expect(listUrls(fetchMock)).toEqual(['/api/shortage?page=1&limit=50&sort=priority']);

    // The critical card filters the list.
    await user.click(within(stats).getByRole('button', { name: /Критичних/ }));
    await waitFor(() => expect(listUrls(fetchMock).at(-1)).toContain('critical=true'));

    // The item's name opens its sources.
    await user.click(screen.getByRole('button', { name: 'Резистор 10 кОм 0603: джерела потреби R-10K' }));
    const drawer = await screen.findByRole('dialog', { name: 'Джерела потреби R-10K' });
    expect(await within(drawer).findByText('ORD-2026-00041')).toBeTruthy();
  });

  it('opens the sources of the notification’s item from ?itemId= with the MO and the order linked', async () => {
    const fetchMock = stubApi([resistor]);
    renderWithProviders(<ShortagePage />, { path: '/shortage?itemId=12' });
    const drawer = await screen.findByRole('dialog', { name: 'Джерела потреби R-10K' });
    expect(await within(drawer).findByRole('link', { name: 'Відкрити MO-2026-00007' })).toBeTruthy();
    const orderLink = within(drawer).getByRole('link', { name: 'Відкрити ORD-2026-00041' });
    expect(orderLink.getAttribute('href')).toBe('/orders?open=41');
    expect(within(drawer).getByText(/через Плата керування/)).toBeTruthy();
    expect(within(drawer).getByText('Замовлень постачальникам на цю позицію немає')).toBeTruthy();
    await waitFor(() => expect(listUrls(fetchMock)[0]).toContain('itemId=12'));
  });

  it('creates supplier orders from the selected rows, asking for a supplier for the row without one', async () => {
    const fetchMock = stubApi([resistor, solder], (url, init) =>
      url === '/api/shortage/create-supplier-orders' && init.method === 'POST'
        ? jsonResponse(
            {
              ids: [101, 102],
              orders: [
                { id: 101, number: 'PO-2026-00101', supplierId: 3, supplierName: 'Радіомаг', lines: 1 },
                { id: 102, number: 'PO-2026-00102', supplierId: 9, supplierName: 'Елкомп', lines: 1 },
              ],
            },
            201,
          )
        : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<ShortagePage />, { path: '/shortage' });
    const create = screen.getByRole('button', { name: /Створити замовлення постачальнику/ });
    expect(create.hasAttribute('disabled')).toBe(true);
    await user.click(await screen.findByRole('checkbox', { name: 'Обрати R-10K' }));
    await user.click(screen.getByRole('checkbox', { name: 'Обрати SOLDER-1' }));
    await user.click(screen.getByRole('button', { name: /Створити замовлення постачальнику \(2\)/ }));

    const dialog = await screen.findByRole('dialog', { name: 'Створити замовлення постачальнику' });
    const qty = within(dialog).getByLabelText('Кількість R-10K') as HTMLInputElement;
    expect(qty.value).toBe('15');
    await user.clear(qty);
    await user.type(qty, '20');
    await user.click(within(dialog).getByRole('button', { name: 'Створити чернетки' }));
    expect(await within(dialog).findByText('Оберіть постачальника')).toBeTruthy();
    expect(bodiesOf(fetchMock, 'POST', '/api/shortage/create-supplier-orders')).toHaveLength(0);

    await user.click(within(dialog).getByRole('combobox', { name: 'Постачальник для позицій без основного' }));
    await user.click(await screen.findByRole('option', { name: 'Елкомп' }));
    await user.click(within(dialog).getByRole('button', { name: 'Створити чернетки' }));
    await waitFor(() => expect(bodiesOf(fetchMock, 'POST', '/api/shortage/create-supplier-orders')).toHaveLength(1));
    expect(bodiesOf(fetchMock, 'POST', '/api/shortage/create-supplier-orders')[0]).toEqual({
      lines: [
        { itemId: 12, qty: '20' },
        { itemId: 13, qty: '2.5', supplierId: 9 },
      ],
    });
    expect(await screen.findByText('Створено чернетки: PO-2026-00101, PO-2026-00102')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says when there is no shortage and when the list cannot load', async () => {
    stubApi([]);
    const { unmount } = renderWithProviders(<ShortagePage />, { path: '/shortage' });
    expect(await screen.findByText('Дефіциту немає')).toBeTruthy();
    unmount();
    stubApi([], (url) =>
      url.startsWith('/api/shortage?') ? jsonResponse({ error: 'Помилка сервера' }, 500) : undefined,
    );
    renderWithProviders(<ShortagePage />, { path: '/shortage' });
    expect(await screen.findByText(/Не вдалося завантажити дефіцит/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Спробувати знову' })).toBeTruthy();
  });

  it('reads typed quantities exactly', () => {
    expect(parseQty('12,5')).toBe('12.5');
    expect(parseQty('1 000')).toBe('1000');
    expect(parseQty('0')).toBeNull();
    expect(parseQty('1.23456')).toBeNull();
  });
});
