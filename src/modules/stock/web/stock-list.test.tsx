import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { inventoryRowSchema, stockStatsSchema, type InventoryRow } from '@/modules/stock/stock.contract.ts';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { ComponentStockPage } from './component-stock-page.tsx';
import { InventoryPage } from './inventory-page.tsx';
import { setPhoneWidth } from '@/web/testing/viewport.ts';

/** A row as /inventory answers it ('У виробництві' included; /component-stock's page ignores it). */
const row = (values: Partial<InventoryRow> & Pick<InventoryRow, 'itemId' | 'sku' | 'name' | 'status'>): InventoryRow =>
  inventoryRowSchema.parse({
    inProduction: '0.0000',
    kind: 'product',
    categoryName: 'Блоки живлення',
    unitShortName: 'шт',
    onHand: '0.0000',
    reserved: '0.0000',
    available: '0.0000',
    avgCost: null,
    value: '0.00',
    threshold: '10.0000',
    stockControl: true,
    ...values,
  });

const inStock = row({
  itemId: 1,
  sku: 'БЖ-12',
  name: 'Блок живлення 12 В',
  status: 'in-stock',
  onHand: '120.0000',
  reserved: '20.0000',
  available: '100.0000',
  inProduction: '12.0000',
  avgCost: '410.5000',
  value: '49260.00',
});
const lowStock = row({
  itemId: 2,
  sku: 'БЖ-24',
  name: 'Блок живлення 24 В',
  status: 'low-stock',
  onHand: '20.0000',
  reserved: '12.0000',
  available: '8.0000',
  avgCost: '520.00',
  value: '10400.00',
});
const outOfStock = row({
  itemId: 3,
  sku: 'КОР-1',
  name: 'Корпус малий',
  status: 'out-of-stock',
  categoryName: null,
  unitShortName: null,
});
const uncontrolled = row({
  itemId: 4,
  sku: 'ПАК-1',
  name: 'Пакування',
  status: 'low-stock',
  onHand: '3.0000',
  available: '3.0000',
  stockControl: false,
});

const stats = stockStatsSchema.parse({ items: 4, value: '1234567.80', lowStock: 1, outOfStock: 1 });

function listResponse(rows: InventoryRow[], total: number) {
  return new Response(JSON.stringify(rows), {
    headers: { 'content-type': 'application/json', 'X-Total-Count': String(total) },
  });
}

type Answer = (url: string) => Response | undefined;

/** The pages' GETs answered from the contract; `answer` handles what a test looks at. */
function stubApi(answer: Answer = () => undefined) {
  return stubFetch((url) => {
    const own = answer(url);
    if (own) return own;
    if (/^\/api\/(inventory|component-stock)\/stats/.test(url)) return jsonResponse(stats);
    if (/^\/api\/(inventory|component-stock)\?/.test(url)) {
      return listResponse([inStock, lowStock, outOfStock, uncontrolled], 4);
    }
    if (url.startsWith('/api/lookups/')) return jsonResponse([{ id: 5, label: 'Основний склад' }]);
    return jsonResponse({ error: 'Не знайдено' }, 404);
  });
}

const urls = (fetchMock: ReturnType<typeof stubFetch>, pattern: RegExp) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => pattern.test(url));
const listUrls = (fetchMock: ReturnType<typeof stubFetch>) => urls(fetchMock, /^\/api\/inventory\?/);
const statsUrls = (fetchMock: ReturnType<typeof stubFetch>) => urls(fetchMock, /^\/api\/inventory\/stats/);
const paramsOf = (url: string | undefined) => new URLSearchParams((url ?? '').split('?')[1] ?? '');
/** Text as a reader sees it: non-breaking spaces (thousands, ' грн') read as spaces. */
const text = (element: Element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim();

describe('InventoryPage', () => {
  it('shows the stock with Ukrainian labels, the status badges, the stat cards and the requests it made', async () => {
    const fetchMock = stubApi();
    renderWithProviders(<InventoryPage />, { path: '/inventory' });

    expect(screen.getByRole('heading', { name: 'Запаси товарів' })).toBeTruthy();
    expect(screen.getByText('Завантаження запасів...')).toBeTruthy();
    const lowRow = (await screen.findByText('Блок живлення 24 В')).closest('tr')!;

    const table = screen.getByRole('table', { name: 'Запаси товарів' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => text(header));
    expect(headers).toEqual([
      'Артикул',
      'Назва',
      'Категорія',
      'Од.',
      'Залишок',
      'Резерв',
      'Доступно',
      'У виробництві',
      'Сер. собівартість',
      'Вартість',
      'Статус',
      'Дії',
    ]);

    // The one status rule's badges: green, amber, red.
    const inRow = screen.getByText('Блок живлення 12 В').closest('tr')!;
    const inBadge = within(inRow).getByText('В наявності');
    expect(inBadge.className).toContain('emerald');
    const cells = within(inRow)
      .getAllByRole('cell')
      .map((cell) => text(cell));
    expect(cells.slice(0, 10)).toEqual([
      'БЖ-12',
      // The name cell carries the category too (shown under the name below 2xl, where its own column hides).
      'Блок живлення 12 ВБлоки живлення',
      'Блоки живлення',
      'шт',
      '120',
      '20',
      '100',
      '12',
      '410,50 грн',
      '49 260,00 грн',
    ]);
    expect(within(lowRow).getByText('Закінчується').className).toContain('amber');
    const outRow = screen.getByText('Корпус малий').closest('tr')!;
    expect(within(outRow).getByText('Немає в наявності').className).toContain('red');
    // No category, no unit and no average cost yet read as a dash.
    expect(within(outRow).getAllByText('—')).toHaveLength(3);

    // Without stock control the status is greyed and says why.
    const uncontrolledRow = screen.getByText('Пакування').closest('tr')!;
    const greyBadge = within(uncontrolledRow).getByText('Закінчується');
    expect(greyBadge.className).toContain('bg-muted');
    expect(greyBadge.className).not.toContain('amber');
    expect(within(uncontrolledRow).getByText('(Без контролю залишку)')).toBeTruthy();

    // Stat cards: count, value in hryvnias, and the two status cards as toggle buttons.
    const cards = screen.getByRole('region', { name: 'Підсумки запасів' });
    expect(text(within(cards).getByText('Позицій').closest('li')!)).toBe('Позицій 4 Товарів у списку');
    expect(text(within(cards).getByText('Вартість запасу').closest('li')!)).toContain('1 234 567,80 грн');
    const lowCard = within(cards).getByRole('button', { name: /Закінчується/ });
    expect(lowCard.getAttribute('aria-pressed')).toBe('false');
    expect(text(lowCard)).toContain('1');
    expect(within(cards).getByRole('button', { name: /Немає в наявності/ })).toBeTruthy();

    expect(screen.getByText('Показано 1–4 з 4')).toBeTruthy();
    expect(listUrls(fetchMock)).toEqual(['/api/inventory?page=1&limit=50&sort=name']);
    expect(statsUrls(fetchMock)).toEqual(['/api/inventory/stats']);
    // The pickers ask their lookups only when opened.
    expect(urls(fetchMock, /^\/api\/lookups/)).toEqual([]);
  });

  it('explains a greyed status in a tooltip that the keyboard reaches', async () => {
    stubApi((url) => (/^\/api\/inventory\?/.test(url) ? listResponse([uncontrolled], 1) : undefined));
    const user = userEvent.setup();
    renderWithProviders(<InventoryPage />, { path: '/inventory' });
    const badge = await screen.findByText('Закінчується', { selector: '[data-status]' });

    await user.click(screen.getByRole('searchbox', { name: 'Пошук: Запаси товарів' }));
    for (let step = 0; step < 40 && !badge.parentElement!.contains(document.activeElement); step++) await user.tab();
    expect(badge.parentElement!.contains(document.activeElement)).toBe(true);
    expect(await screen.findByRole('tooltip')).toBeTruthy();
    expect(text(screen.getByRole('tooltip'))).toContain('Без контролю залишку');
  });

  it('opens filtered by the search of its URL (the low-stock notification link)', async () => {
    const fetchMock = stubApi();
    renderWithProviders(<InventoryPage />, { path: '/inventory?search=БЖ-12' });
    await screen.findByText('Блок живлення 12 В');

    expect(paramsOf(listUrls(fetchMock)[0]).get('search')).toBe('БЖ-12');
    expect(listUrls(fetchMock)).toEqual([
      `/api/inventory?page=1&limit=50&search=${encodeURIComponent('БЖ-12')}&sort=name`,
    ]);
    expect(paramsOf(statsUrls(fetchMock)[0]).get('search')).toBe('БЖ-12');
    expect((screen.getByRole('searchbox', { name: 'Пошук: Запаси товарів' }) as HTMLInputElement).value).toBe('БЖ-12');
  });

  it('filters by status from the stat cards, and lifts the filter on a second click', async () => {
    const fetchMock = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<InventoryPage />, { path: '/inventory' });
    await screen.findByText('Блок живлення 12 В');

    const lowCard = screen.getByRole('button', { name: /Закінчується/ });
    await user.click(lowCard);
    await waitFor(() => expect(paramsOf(listUrls(fetchMock).at(-1)).get('status')).toBe('low-stock'));
    expect(listUrls(fetchMock).at(-1)).toBe('/api/inventory?page=1&limit=50&sort=name&status=low-stock');
    expect(lowCard.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('combobox', { name: 'Статус' }).textContent).toContain('Закінчується');
    // The cards count whatever the status filter: their request did not change.
    expect(statsUrls(fetchMock)).toEqual(['/api/inventory/stats']);

    await user.click(screen.getByRole('button', { name: /Немає в наявності/ }));
    await waitFor(() => expect(paramsOf(listUrls(fetchMock).at(-1)).get('status')).toBe('out-of-stock'));
    expect(lowCard.getAttribute('aria-pressed')).toBe('false');

    // A second click lifts it: the unfiltered list comes back (from the cache, no new request).
    const outCard = screen.getByRole('button', { name: /Немає в наявності/ });
    await user.click(outCard);
    await waitFor(() => expect(outCard.getAttribute('aria-pressed')).toBe('false'));
    expect(screen.getByRole('combobox', { name: 'Статус' }).textContent).toContain('Усі статуси');
    expect(listUrls(fetchMock).filter((url) => !url.includes('status='))).toHaveLength(1);
  });

  it('searches, filters by warehouse and sorts on the server, and the export links carry it all', async () => {
    const fetchMock = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<InventoryPage />, { path: '/inventory' });
    await screen.findByText('Блок живлення 12 В');

    expect(screen.getByRole('combobox', { name: 'Склад' }).textContent).toContain('Усі склади планування');
    await user.type(screen.getByRole('searchbox', { name: 'Пошук: Запаси товарів' }), 'блок');
    await waitFor(() => expect(paramsOf(listUrls(fetchMock).at(-1)).get('search')).toBe('блок'));
    expect(urls(fetchMock, /search=/).filter((url) => url.startsWith('/api/inventory?'))).toHaveLength(1);

    await user.click(screen.getByRole('combobox', { name: 'Склад' }));
    await user.click(await screen.findByRole('option', { name: 'Основний склад' }));
    await waitFor(() => expect(paramsOf(listUrls(fetchMock).at(-1)).get('warehouseId')).toBe('5'));
    expect(urls(fetchMock, /^\/api\/lookups/)).toEqual(['/api/lookups/warehouses?limit=20']);
    expect(paramsOf(statsUrls(fetchMock).at(-1)).get('warehouseId')).toBe('5');
    expect(screen.getByRole('combobox', { name: 'Склад' }).textContent).toContain('Основний склад');

    const valueHeader = screen.getByRole('columnheader', { name: /Вартість/ });
    await user.click(within(valueHeader).getByRole('button'));
    expect(valueHeader.getAttribute('aria-sort')).toBe('ascending');
    await user.click(within(valueHeader).getByRole('button'));
    expect(valueHeader.getAttribute('aria-sort')).toBe('descending');
    await waitFor(() => expect(paramsOf(listUrls(fetchMock).at(-1)).get('sort')).toBe('-value'));

    await user.click(screen.getByRole('button', { name: 'Експорт' }));
    const csv = await screen.findByRole('menuitem', { name: /CSV/ });
    const xlsx = screen.getByRole('menuitem', { name: /XLSX/ });
    const query = `search=${encodeURIComponent('блок')}&sort=-value&warehouseId=5`;
    expect(csv.getAttribute('href')).toBe(`/api/inventory/export?format=csv&${query}`);
    expect(xlsx.getAttribute('href')).toBe(`/api/inventory/export?format=xlsx&${query}`);
    expect(csv.hasAttribute('download')).toBe(true);
  });

  it('filters by kind on the server: the list, the stat cards and the export', async () => {
    const fetchMock = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<InventoryPage />, { path: '/inventory' });
    await screen.findByText('Блок живлення 12 В');

    await user.click(screen.getByRole('combobox', { name: 'Тип' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Усі типи',
      'Готова продукція',
      'Напівфабрикат',
    ]);
    await user.click(screen.getByRole('option', { name: 'Напівфабрикат' }));
    await waitFor(() =>
      expect(listUrls(fetchMock).at(-1)).toBe('/api/inventory?page=1&limit=50&sort=name&kind=semi_finished'),
    );
    expect(statsUrls(fetchMock).at(-1)).toBe('/api/inventory/stats?kind=semi_finished');
    await user.click(screen.getByRole('button', { name: 'Експорт' }));
    expect((await screen.findByRole('menuitem', { name: /CSV/ })).getAttribute('href')).toBe(
      '/api/inventory/export?format=csv&sort=name&kind=semi_finished',
    );
  });

  it('leads from each row to its movements of every kind, and offers the rest in the row menu', async () => {
    stubApi();
    const user = userEvent.setup();
    const { location } = renderWithProviders(<InventoryPage />, { path: '/inventory' });
    const inRow = (await screen.findByText('Блок живлення 12 В')).closest('tr')!;

    // The row's menu: moving the item and its labels (the adjustment sits beside 'Рух' for those who may change).
    await user.click(within(inRow).getByRole('button', { name: 'Дії: БЖ-12 Блок живлення 12 В' }));
    const items = screen.getAllByRole('menuitem').map((item) => text(item));
    expect(items).toEqual(['Переміщення: БЖ-12 Блок живлення 12 В', 'Етикетки: БЖ-12 Блок живлення 12 В']);
    await user.keyboard('{Escape}');

    // A link, so a middle click opens the movements in a new tab; a click moves within the app.
    const movements = within(inRow).getByRole('link', { name: 'Рух: БЖ-12 Блок живлення 12 В' });
    expect(movements.getAttribute('href')).toBe('/component-movement?itemId=1&kind=all');
    await user.click(movements);
    expect(location.history.at(-1)).toBe('/component-movement?itemId=1&kind=all');
  });

  it('shows a card per item on a phone, with its movements and its menu in reach', async () => {
    setPhoneWidth();
    stubApi();
    const user = userEvent.setup();
    const { location } = renderWithProviders(<InventoryPage />, { path: '/inventory' });
    const card = (await screen.findByText('Блок живлення 12 В')).closest('li')!;

    expect(screen.queryByRole('table', { name: 'Запаси товарів' })).toBeNull();
    expect(within(screen.getByRole('list', { name: 'Запаси товарів' })).getAllByRole('listitem')).toHaveLength(4);
    expect(text(card)).toContain('Доступно100');
    await user.click(within(card).getByRole('button', { name: 'Дії: БЖ-12 Блок живлення 12 В' }));
    expect(screen.getByRole('menuitem', { name: 'Етикетки: БЖ-12 Блок живлення 12 В' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await user.click(within(card).getByRole('link', { name: 'Рух: БЖ-12 Блок живлення 12 В' }));
    expect(location.history.at(-1)).toBe('/component-movement?itemId=1&kind=all');
  });

  it('shows the empty state, and the error state with a retry', async () => {
    let fail = true;
    stubApi((url) => {
      if (!url.startsWith('/api/inventory?')) return undefined;
      return fail ? jsonResponse({ error: 'Сервер недоступний' }, 500) : listResponse([], 0);
    });
    const user = userEvent.setup();
    renderWithProviders(<InventoryPage />, { path: '/inventory' });

    expect(await screen.findByText('Не вдалося завантажити запаси: Сервер недоступний')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Спробувати ще раз' }));
    expect(await screen.findByText('Запасів не знайдено')).toBeTruthy();
    expect(screen.getByText('0 позицій')).toBeTruthy();
  });
});

describe('ComponentStockPage', () => {
  it('reads the component stock, picks component categories, and links to the components’ movements', async () => {
    const fetchMock = stubApi();
    const user = userEvent.setup();
    const rendered = renderWithProviders(<ComponentStockPage />, { path: '/component-stock?search=R-10K' });

    expect(screen.getByRole('heading', { name: 'Запаси компонентів' })).toBeTruthy();
    const inRow = (await screen.findByText('Блок живлення 12 В')).closest('tr')!;
    expect(urls(fetchMock, /^\/api\/component-stock/)).toEqual([
      '/api/component-stock?page=1&limit=50&search=R-10K&sort=name',
      '/api/component-stock/stats?search=R-10K',
    ]);
    await user.click(screen.getByRole('combobox', { name: 'Категорія' }));
    await screen.findByRole('option', { name: 'Основний склад' });
    expect(urls(fetchMock, /^\/api\/lookups/)).toEqual(['/api/lookups/categories?limit=20']);
    await user.keyboard('{Escape}');

    await user.click(within(inRow).getByRole('link', { name: /^Рух:/ }));
    expect(rendered.location.history.at(-1)).toBe('/component-movement?itemId=1');
  });
});
