import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  movementRowSchema,
  movementSummarySchema,
  type MovementRow,
  type MovementSummary,
} from '@/modules/stock/stock.contract.ts';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { MovementPage } from './movement-page.tsx';

const movement = (values: Partial<MovementRow> & Pick<MovementRow, 'id' | 'qty'>): MovementRow =>
  movementRowSchema.parse({
    occurredOn: '2026-03-05',
    createdAt: '2026-03-05T10:15:00.000Z',
    documentType: 'supplier_receipt',
    documentId: 1,
    documentNumber: 'GRN-2026-00001',
    itemId: 7,
    sku: 'R-10K',
    itemName: 'Резистор 10 кОм',
    unitShortName: 'шт',
    warehouseId: 5,
    warehouseName: 'Основний склад',
    unitCost: '12.00',
    value: '60.00',
    balanceAfter: null,
    reversesMovementId: null,
    userName: 'Коваль Олена',
    ...values,
  });

const receipt = movement({ id: 1, qty: '5.0000', balanceAfter: '15.0000' });
const issue = movement({
  id: 2,
  qty: '-3.0000',
  value: '-36.00',
  occurredOn: '2026-03-06',
  createdAt: '2026-03-06T12:00:00.000Z',
  documentType: 'mo_issue',
  documentId: 4,
  documentNumber: 'MO-2026-00004',
  balanceAfter: '12.0000',
  userName: null,
});
const reversal = movement({
  id: 3,
  qty: '-5.0000',
  value: '-60.00',
  occurredOn: '2026-03-07',
  createdAt: '2026-03-07T08:00:00.000Z',
  balanceAfter: '7.0000',
  reversesMovementId: 1,
});

const summary: MovementSummary = movementSummarySchema.parse({
  openingQty: '10.0000',
  openingValue: '120.00',
  inQty: '5.0000',
  inValue: '60.00',
  outQty: '8.0000',
  outValue: '96.00',
  closingQty: '7.0000',
  closingValue: '1284.00',
});

/** The list as the server answers it: 'Залишок після' only when it is filtered to one item. */
function listResponse(url: string, rows: MovementRow[]) {
  const oneItem = new URLSearchParams(url.split('?')[1]).has('itemId');
  const answer = rows.map((row) => ({ ...row, balanceAfter: oneItem ? row.balanceAfter : null }));
  return new Response(JSON.stringify(answer), {
    headers: { 'content-type': 'application/json', 'X-Total-Count': String(rows.length) },
  });
}

type Answer = (url: string) => Response | undefined;

function stubApi(answer: Answer = () => undefined) {
  return stubFetch((url) => {
    const own = answer(url);
    if (own) return own;
    if (url.startsWith('/api/component-movement/summary')) return jsonResponse(summary);
    if (url.startsWith('/api/component-movement')) return listResponse(url, [reversal, issue, receipt]);
    if (url.startsWith('/api/lookups/components?ids=7')) return jsonResponse([{ id: 7, label: 'Резистор 10 кОм' }]);
    if (url.startsWith('/api/lookups/products?ids=9')) return jsonResponse([{ id: 9, label: 'Блок живлення 12 В' }]);
    return jsonResponse({ error: 'Не знайдено' }, 404);
  });
}

const urls = (fetchMock: ReturnType<typeof stubFetch>, prefix: string) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith(prefix));
const listUrls = (fetchMock: ReturnType<typeof stubFetch>) => urls(fetchMock, '/api/component-movement?');
const summaryUrls = (fetchMock: ReturnType<typeof stubFetch>) => urls(fetchMock, '/api/component-movement/summary');
const paramsOf = (url: string | undefined) => new URLSearchParams((url ?? '').split('?')[1] ?? '');
/** Text as a reader sees it: non-breaking spaces (thousands, units, ' грн') read as spaces. */
const text = (element: Element | null) => (element?.textContent ?? '').replace(/\s+/g, ' ').trim();
const summaryCell = (key: string) => document.querySelector(`[data-summary="${key}"]`);

describe('MovementPage', () => {
  it('lists the movements newest first with signed, coloured quantities and links to their documents', async () => {
    const fetchMock = stubApi();
    renderWithProviders(<MovementPage />, { path: '/component-movement' });

    expect(screen.getByRole('heading', { name: 'Рух запасів' })).toBeTruthy();
    expect(screen.getByText('Завантаження руху запасів...')).toBeTruthy();
    const plus = await screen.findByText('+5');
    expect(plus.className).toContain('emerald');
    const minus = screen.getByText('−3');
    expect(minus.className).toContain('red');
    expect(text(minus.closest('td'))).toBe('−3 шт');

    // The document: its type label and number, a link to its page searched by the number.
    const receiptRow = plus.closest('tr')!;
    const link = within(receiptRow).getByRole('link', { name: 'Прихід GRN-2026-00001' });
    expect(link.getAttribute('href')).toBe('/supplier-receipts?search=GRN-2026-00001');
    const issueRow = minus.closest('tr')!;
    expect(within(issueRow).getByRole('link', { name: 'Видача матеріалів MO-2026-00004' }).getAttribute('href')).toBe(
      '/manufacturing?search=MO-2026-00004',
    );
    expect(within(issueRow).getByText('06.03.2026')).toBeTruthy();
    expect(within(issueRow).getAllByRole('cell').at(-1)!.textContent).toBe('—');
    expect(text(within(issueRow).getAllByRole('cell')[7]!)).toBe('−36,00 грн');
    expect(within(receiptRow).getByText('R-10K')).toBeTruthy();
    expect(within(receiptRow).getByText('Резистор 10 кОм')).toBeTruthy();
    expect(within(receiptRow).getByText('Основний склад')).toBeTruthy();
    expect(within(receiptRow).getByText('Коваль Олена')).toBeTruthy();

    // The reversal is marked with the original movement's number.
    const reversalRow = screen.getByText('−5').closest('tr')!;
    expect(within(reversalRow).getByText('сторно №1').getAttribute('title')).toBe('Сторно руху №1');
    expect(within(receiptRow).queryByText(/сторно/)).toBeNull();

    // No item chosen: no 'Залишок після', and the summary gives values only.
    expect(screen.queryByRole('columnheader', { name: 'Залишок після' })).toBeNull();
    expect(screen.getByRole('columnheader', { name: /Дата/ }).getAttribute('aria-sort')).toBe('descending');
    const strip = screen.getByRole('region', { name: 'Оборотна відомість за період' });
    expect(within(strip).getByText('На початок')).toBeTruthy();
    expect(text(summaryCell('opening-value'))).toBe('Вартість: 120,00 грн');
    expect(text(summaryCell('in-value'))).toBe('Вартість: 60,00 грн');
    expect(text(summaryCell('out-value'))).toBe('Вартість: 96,00 грн');
    expect(text(summaryCell('closing-value'))).toBe('Вартість: 1 284,00 грн');
    expect(summaryCell('opening-qty')).toBeNull();

    expect(listUrls(fetchMock)).toEqual(['/api/component-movement?page=1&limit=50&sort=-occurredOn']);
    expect(summaryUrls(fetchMock)).toEqual(['/api/component-movement/summary']);
    expect(screen.getByRole('switch', { name: 'Усі товари' }).getAttribute('aria-checked')).toBe('false');
  });

  it('opens filtered to the item of its URL, names it, and shows the balance after each movement', async () => {
    const fetchMock = stubApi();
    renderWithProviders(<MovementPage />, { path: '/component-movement?itemId=7' });

    const header = await screen.findByRole('columnheader', { name: 'Залишок після' });
    expect(header).toBeTruthy();
    expect(listUrls(fetchMock)).toEqual(['/api/component-movement?page=1&limit=50&sort=-occurredOn&itemId=7']);
    expect(summaryUrls(fetchMock)).toEqual(['/api/component-movement/summary?itemId=7']);

    const receiptRow = (await screen.findByText('+5')).closest('tr')!;
    expect(within(receiptRow).getByText('15 шт')).toBeTruthy();
    expect(within(screen.getByText('−3').closest('tr')!).getByText('12 шт')).toBeTruthy();

    // One item: quantities in the summary too, in its unit.
    expect(text(summaryCell('opening-qty'))).toBe('Кількість: 10 шт');
    expect(text(summaryCell('in-qty'))).toBe('Кількість: 5 шт');
    expect(text(summaryCell('out-qty'))).toBe('Кількість: 8 шт');
    expect(text(summaryCell('closing-qty'))).toBe('Кількість: 7 шт');
    expect(text(summaryCell('closing-value'))).toBe('Вартість: 1 284,00 грн');

    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Товар' }).textContent).toContain('Резистор 10 кОм'),
    );
    expect(urls(fetchMock, '/api/lookups')).toEqual(['/api/lookups/components?ids=7']);
  });

  it('takes kind=all from the URL, and the switch widens the list and its summary to every kind', async () => {
    const fetchMock = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<MovementPage />, { path: '/component-movement?itemId=9&kind=all' });
    await screen.findByText('+5');

    expect(listUrls(fetchMock)).toEqual(['/api/component-movement?page=1&limit=50&sort=-occurredOn&itemId=9&kind=all']);
    expect(summaryUrls(fetchMock)).toEqual(['/api/component-movement/summary?itemId=9&kind=all']);
    const allKinds = screen.getByRole('switch', { name: 'Усі товари' });
    expect(allKinds.getAttribute('aria-checked')).toBe('true');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Товар' }).textContent).toContain('Блок живлення 12 В'),
    );
    expect(urls(fetchMock, '/api/lookups')).toEqual(['/api/lookups/products?ids=9']);

    // Without an item, every kind of the ledger; the switch goes back to components and materials.
    await user.click(screen.getByRole('combobox', { name: 'Товар' }));
    await user.click(await screen.findByRole('option', { name: 'Усі товари' }));
    await waitFor(() =>
      expect(listUrls(fetchMock).at(-1)).toBe('/api/component-movement?page=1&limit=50&sort=-occurredOn&kind=all'),
    );
    expect(summaryUrls(fetchMock).at(-1)).toBe('/api/component-movement/summary?kind=all');
    expect(screen.queryByRole('columnheader', { name: 'Залишок після' })).toBeNull();

    // The export carries the same filters, kind=all included.
    await user.click(screen.getByRole('button', { name: 'Експорт' }));
    const xlsx = await screen.findByRole('menuitem', { name: /XLSX/ });
    expect(xlsx.getAttribute('href')).toBe('/api/component-movement/export?format=xlsx&sort=-occurredOn&kind=all');
    expect(screen.getByRole('menuitem', { name: /CSV/ }).getAttribute('href')).toBe(
      '/api/component-movement/export?format=csv&sort=-occurredOn&kind=all',
    );
    await user.keyboard('{Escape}');

    await user.click(allKinds);
    await waitFor(() =>
      expect(listUrls(fetchMock).at(-1)).toBe('/api/component-movement?page=1&limit=50&sort=-occurredOn'),
    );
    expect(summaryUrls(fetchMock).at(-1)).toBe('/api/component-movement/summary');
    expect(allKinds.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByRole('combobox', { name: 'Товар' }).textContent).toContain('Усі компоненти та матеріали');
  });

  it('filters by document type, period and search, and sorts by number', async () => {
    const fetchMock = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<MovementPage />, { path: '/component-movement' });
    await screen.findByText('+5');

    await user.click(screen.getByRole('combobox', { name: 'Документ' }));
    await user.click(await screen.findByRole('option', { name: 'Інвентаризація' }));
    await waitFor(() => expect(paramsOf(listUrls(fetchMock).at(-1)).get('documentType')).toBe('inventory_audit'));

    fireEvent.change(screen.getByLabelText('Період з'), { target: { value: '01.03.2026' } });
    fireEvent.change(screen.getByLabelText('Період по'), { target: { value: '31.03.2026' } });
    await waitFor(() => expect(paramsOf(listUrls(fetchMock).at(-1)).get('dateTo')).toBe('2026-03-31'));

    await user.type(screen.getByRole('searchbox', { name: 'Пошук руху запасів' }), 'GRN');
    await waitFor(() => expect(paramsOf(listUrls(fetchMock).at(-1)).get('search')).toBe('GRN'));
    expect(listUrls(fetchMock).at(-1)).toBe(
      '/api/component-movement?page=1&limit=50&search=GRN&sort=-occurredOn&documentType=inventory_audit&dateFrom=2026-03-01&dateTo=2026-03-31',
    );
    expect(summaryUrls(fetchMock).at(-1)).toBe(
      '/api/component-movement/summary?search=GRN&documentType=inventory_audit&dateFrom=2026-03-01&dateTo=2026-03-31',
    );

    const numberHeader = screen.getByRole('columnheader', { name: /№/ });
    await user.click(within(numberHeader).getByRole('button'));
    expect(numberHeader.getAttribute('aria-sort')).toBe('ascending');
    await waitFor(() => expect(paramsOf(listUrls(fetchMock).at(-1)).get('sort')).toBe('id'));
  });

  it('filters by category, by who posted and by direction, the summary and the export too', async () => {
    const fetchMock = stubApi((url) => {
      if (url.startsWith('/api/lookups/categories')) return jsonResponse([{ id: 3, label: 'Резистори' }]);
      if (url.startsWith('/api/lookups/users')) return jsonResponse([{ id: 4, label: 'okoval' }]);
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<MovementPage />, { path: '/component-movement' });
    await screen.findByText('+5');

    await user.click(screen.getByRole('combobox', { name: 'Категорія' }));
    await user.click(await screen.findByRole('option', { name: 'Резистори' }));
    await waitFor(() => expect(paramsOf(listUrls(fetchMock).at(-1)).get('categoryId')).toBe('3'));

    await user.click(screen.getByRole('combobox', { name: 'Користувач' }));
    await user.click(await screen.findByRole('option', { name: 'okoval' }));
    await waitFor(() => expect(paramsOf(listUrls(fetchMock).at(-1)).get('userId')).toBe('4'));

    await user.click(screen.getByRole('combobox', { name: 'Напрям' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Прихід і розхід',
      'Прихід',
      'Розхід',
    ]);
    await user.click(screen.getByRole('option', { name: 'Розхід' }));
    await waitFor(() =>
      expect(listUrls(fetchMock).at(-1)).toBe(
        '/api/component-movement?page=1&limit=50&sort=-occurredOn&categoryId=3&userId=4&direction=out',
      ),
    );
    expect(summaryUrls(fetchMock).at(-1)).toBe('/api/component-movement/summary?categoryId=3&userId=4&direction=out');
    await user.click(screen.getByRole('button', { name: 'Експорт' }));
    expect((await screen.findByRole('menuitem', { name: /CSV/ })).getAttribute('href')).toBe(
      '/api/component-movement/export?format=csv&sort=-occurredOn&categoryId=3&userId=4&direction=out',
    );
    await user.keyboard('{Escape}');

    // 'Усі товари' offers other categories: the chosen one is lifted.
    await user.click(screen.getByRole('switch', { name: 'Усі товари' }));
    await waitFor(() =>
      expect(listUrls(fetchMock).at(-1)).toBe(
        '/api/component-movement?page=1&limit=50&sort=-occurredOn&userId=4&direction=out&kind=all',
      ),
    );
  });

  it('opens with the category, user and direction of its URL', async () => {
    const fetchMock = stubApi((url) =>
      url.startsWith('/api/lookups/') ? jsonResponse([{ id: 3, label: 'Резистори' }]) : undefined,
    );
    renderWithProviders(<MovementPage />, { path: '/component-movement?categoryId=3&userId=4&direction=in' });
    await screen.findByText('+5');
    expect(listUrls(fetchMock)[0]).toBe(
      '/api/component-movement?page=1&limit=50&sort=-occurredOn&categoryId=3&userId=4&direction=in',
    );
  });

  it('says when no movement matches, and offers a retry after an error', async () => {
    let fail = true;
    stubApi((url) => {
      if (!url.startsWith('/api/component-movement?')) return undefined;
      return fail ? jsonResponse({ error: 'Сервер недоступний' }, 500) : listResponse(url, []);
    });
    const user = userEvent.setup();
    renderWithProviders(<MovementPage />, { path: '/component-movement' });

    expect(await screen.findByText('Не вдалося завантажити рух запасів: Сервер недоступний')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Спробувати ще раз' }));
    expect(await screen.findByText('Рухів за цими умовами немає')).toBeTruthy();
    expect(screen.getByText('0 рухів')).toBeTruthy();
  });
});
