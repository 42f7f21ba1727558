// /component-stock's purchasing view (warehouse.md §2): the purchasing columns with their figures, the package type
// filter sent to the list, its stats and its export, and 'Замовити' — the selected rows posted, the drafts linked, a
// refusal shown with the server's words.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { componentStockRowSchema, stockStatsSchema, type ComponentStockRow } from '@/modules/stock/stock.contract.ts';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { ComponentStockPage } from './component-stock-page.tsx';

const row = (values: Partial<ComponentStockRow> & Pick<ComponentStockRow, 'itemId' | 'sku' | 'name'>) =>
  componentStockRowSchema.parse({
    kind: 'component',
    categoryName: 'Резистори',
    unitShortName: 'шт',
    onHand: '0.0000',
    reserved: '0.0000',
    available: '0.0000',
    avgCost: null,
    value: '0.00',
    threshold: '10',
    stockControl: true,
    status: 'out-of-stock',
    packageTypeId: null,
    packageTypeName: null,
    onOrder: '0.0000',
    required: '0.0000',
    shortageQty: '0.0000',
    shortage: false,
    lastPrice: null,
    lastSupplierId: null,
    lastSupplierName: null,
    ...values,
  });

const resistor = row({
  itemId: 1,
  sku: 'R-10K',
  name: 'Резистор 10 кОм',
  onHand: '120.0000',
  reserved: '120.0000',
  packageTypeId: 7,
  packageTypeName: '0805',
  onOrder: '40.0000',
  required: '80.0000',
  shortageQty: '40.0000',
  shortage: true,
  lastPrice: '3.00',
  lastSupplierId: 3,
  lastSupplierName: 'Радіомаг',
});
const chip = row({
  itemId: 2,
  sku: 'U-555',
  name: 'Таймер NE555',
  packageTypeId: 8,
  packageTypeName: 'DIP-8',
  onOrder: '100.0000',
  required: '100.0000',
});

type Answer = (url: string, init: RequestInit) => Response | undefined;

function stubApi(answer: Answer = () => undefined) {
  return stubFetch((url, init) => {
    const own = answer(url, init);
    if (own) return own;
    if (url.startsWith('/api/component-stock/stats')) {
      return jsonResponse(stockStatsSchema.parse({ items: 2, value: '0.00', lowStock: 0, outOfStock: 2 }));
    }
    if (/^\/api\/component-stock\?/.test(url)) {
      return new Response(JSON.stringify([resistor, chip]), {
        headers: { 'content-type': 'application/json', 'X-Total-Count': '2' },
      });
    }
    if (url.startsWith('/api/lookups/package-types')) return jsonResponse([{ id: 7, label: '0805' }]);
    if (url.startsWith('/api/lookups/')) return jsonResponse([]);
    return jsonResponse({ error: 'Не знайдено' }, 404);
  });
}

const urls = (fetchMock: ReturnType<typeof stubFetch>, pattern: RegExp) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => pattern.test(url));
const posts = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls
    .filter(([url, init]) => String(url) === '/api/component-stock/order-drafts' && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);
const text = (element: Element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim();

describe('ComponentStockPage: purchasing', () => {
  it('shows the purchasing columns: package type, on order, required, the shortage flag, last price and supplier', async () => {
    stubApi();
    renderWithProviders(<ComponentStockPage />, { path: '/component-stock' });
    const resistorRow = (await screen.findByText('Резистор 10 кОм')).closest('tr')!;
    const table = screen.getByRole('table', { name: 'Запаси компонентів' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => text(header));
    // What is on order, needed and short stands right after 'Доступно' (seen without scrolling at 1280 px); the
    // package type, last price and supplier come last, before the actions.
    const at = headers.indexOf('Доступно');
    expect(headers.slice(at, at + 4)).toEqual(['Доступно', 'Замовлено', 'Потрібно', 'Дефіцит']);
    expect(headers.slice(-4)).toEqual(['Тип корпусу', 'Остання ціна', 'Постачальник', 'Дії']);
    const byHeader = (row: HTMLElement) => {
      const cells = within(row)
        .getAllByRole('cell')
        .map((cell) => text(cell));
      return (names: string[]) => names.map((name) => cells[headers.indexOf(name)]);
    };
    const purchasing = ['Тип корпусу', 'Замовлено', 'Потрібно', 'Дефіцит', 'Остання ціна', 'Постачальник'];
    expect(byHeader(resistorRow)(purchasing)).toEqual(['0805', '40', '80', 'Дефіцит 40', '3,00 грн', 'Радіомаг']);
    const chipRow = screen.getByText('Таймер NE555').closest('tr')!;
    // On order covers the need: no shortage flag; never bought: no price, no supplier.
    expect(byHeader(chipRow)(purchasing)).toEqual(['DIP-8', '100', '100', '—', '—', '—']);
  });

  it('filters by package type: the list, its stats and the export carry it', async () => {
    const fetchMock = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<ComponentStockPage />, { path: '/component-stock' });
    await screen.findByText('Резистор 10 кОм');
    await user.click(screen.getByRole('combobox', { name: 'Тип корпусу' }));
    await user.click(await screen.findByRole('option', { name: '0805' }));
    await waitFor(() =>
      expect(urls(fetchMock, /^\/api\/component-stock\?/).at(-1)).toBe(
        '/api/component-stock?page=1&limit=50&sort=name&packageTypeId=7',
      ),
    );
    await waitFor(() =>
      expect(urls(fetchMock, /^\/api\/component-stock\/stats/).at(-1)).toBe(
        '/api/component-stock/stats?packageTypeId=7',
      ),
    );
    await user.click(screen.getByRole('button', { name: /Експорт/ }));
    const xlsx = await screen.findByRole('menuitem', { name: /XLSX/ });
    expect(xlsx.getAttribute('href')).toBe('/api/component-stock/export?format=xlsx&sort=name&packageTypeId=7');
  });

  it("'Замовити' posts the selected rows and links to the drafts; a refusal shows the server's reason", async () => {
    let refuse = true;
    const fetchMock = stubApi((url, init) => {
      if (url !== '/api/component-stock/order-drafts' || init.method !== 'POST') return undefined;
      return refuse
        ? jsonResponse({ error: 'Немає постачальника (ще жодного приходу) для: U-555.' }, 422)
        : jsonResponse(
            { orders: [{ id: 101, number: 'PO-2026-00101', supplierId: 3, supplierName: 'Радіомаг', lines: 1 }] },
            201,
          );
    });
    const user = userEvent.setup();
    renderWithProviders(<ComponentStockPage />, { path: '/component-stock' });
    await screen.findByText('Резистор 10 кОм');
    const order = screen.getByRole('button', { name: 'Замовити' });
    expect(order.hasAttribute('disabled')).toBe(true);

    await user.click(screen.getByRole('checkbox', { name: 'Вибрати R-10K Резистор 10 кОм' }));
    await user.click(screen.getByRole('checkbox', { name: 'Вибрати U-555 Таймер NE555' }));
    expect(screen.getByText('Вибрано: 2 позиції')).toBeTruthy();
    await user.click(order);
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Немає постачальника (ще жодного приходу) для: U-555.',
    );
    expect(posts(fetchMock)).toEqual([{ itemIds: [1, 2] }]);

    refuse = false;
    await user.click(screen.getByRole('checkbox', { name: 'Вибрати U-555 Таймер NE555' }));
    await user.click(screen.getByRole('button', { name: 'Замовити' }));
    const status = await screen.findByRole('status');
    const link = within(status).getByRole('link', { name: 'PO-2026-00101 — Радіомаг (1 позиція)' });
    expect(link.getAttribute('href')).toBe('/supplier-orders?open=101');
    expect(posts(fetchMock).at(-1)).toEqual({ itemIds: [1] });
    // The selection is cleared once the drafts exist.
    expect(screen.queryByText(/Вибрано:/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Замовити' }).hasAttribute('disabled')).toBe(true);
  });
});
