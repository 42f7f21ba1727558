// The stock pages' adjustment dialogs (warehouse.md §1): the quick 'Коригування' (validation, one-call posting, the
// server's 409 shown), the settings gear dialog, the drafts with 'Провести' / 'Видалити', and the opening-balance
// upload — each checked by the requests it sends and what the user reads.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stockRowSchema, stockStatsSchema, type StockRow } from '@/modules/stock/stock.contract.ts';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { ComponentStockPage } from './component-stock-page.tsx';
import { RegisteredRoutesContext } from '@/web/layout/registered-routes.ts';
import { InventoryPage } from './inventory-page.tsx';

const row = (values: Partial<StockRow> & Pick<StockRow, 'itemId' | 'sku' | 'name'>): StockRow =>
  stockRowSchema.parse({
    kind: 'product',
    categoryName: null,
    unitShortName: 'шт',
    onHand: '20.0000',
    reserved: '12.0000',
    available: '8.0000',
    avgCost: '180.000000',
    value: '3600.00',
    threshold: '10',
    stockControl: true,
    status: 'low-stock',
    ...values,
  });

const powerSupply = row({ itemId: 2, sku: 'БЖ-24', name: 'Блок живлення 24 В' });
const newCase = row({
  itemId: 3,
  sku: 'КОР-1',
  name: 'Корпус малий',
  onHand: '0.0000',
  reserved: '0.0000',
  available: '0.0000',
  avgCost: null,
  value: '0.00',
  status: 'out-of-stock',
});

const adjustment = (number: string) => ({
  id: 41,
  number,
  documentDate: '2026-11-22',
  status: 'posted',
  warehouseId: 5,
  warehouseName: 'Основний склад',
  reason: 'damage',
  comment: null,
  lineCount: 1,
  version: 2,
  postedAt: '2026-11-22T10:00:00.000Z',
  cancelledAt: null,
  cancelReason: null,
  createdAt: '2026-11-22T10:00:00.000Z',
  lines: [],
});

type Answer = (url: string, init: RequestInit) => Response | undefined;

function stubApi(answer: Answer = () => undefined) {
  return stubFetch((url, init) => {
    const own = answer(url, init);
    if (own) return own;
    if (/^\/api\/(inventory|component-stock)\/stats/.test(url)) {
      return jsonResponse(stockStatsSchema.parse({ items: 2, value: '3600.00', lowStock: 1, outOfStock: 1 }));
    }
    if (/^\/api\/(inventory|component-stock)\?/.test(url)) {
      return new Response(JSON.stringify([powerSupply, newCase]), {
        headers: { 'content-type': 'application/json', 'X-Total-Count': '2' },
      });
    }
    if (url.startsWith('/api/lookups/warehouses')) return jsonResponse([{ id: 5, label: 'Основний склад' }]);
    return jsonResponse({ error: 'Не знайдено' }, 404);
  });
}

const posts = (fetchMock: ReturnType<typeof stubFetch>, url: string) =>
  fetchMock.mock.calls
    .filter(([u, init]) => String(u) === url && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init!.body)) as Record<string, unknown>);

async function openAdjust(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(await screen.findByRole('button', { name }));
  return screen.findByRole('dialog', { name: 'Коригування' });
}

describe("the quick dialog 'Коригування'", () => {
  it('validates in Ukrainian, posts a count in one call and shows the 409 refusal', async () => {
    let answer409 = true;
    const fetchMock = stubApi((url, init) => {
      if (url === '/api/inventory/adjustments' && init.method === 'POST') {
        if (answer409) {
          answer409 = false;
          return jsonResponse({ error: 'Недостатньо запасу: БЖ-24 (Основний склад): потрібно 25, доступно 8' }, 409);
        }
        return jsonResponse(adjustment('ADJ-2026-00001'), 201);
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<InventoryPage />, { path: '/inventory' });
    // No bill-of-materials page is registered here, so no row's menu leads to one.
    await user.click(await screen.findByRole('button', { name: 'Дії: БЖ-24 Блок живлення 24 В' }));
    expect(screen.getAllByRole('menuitem').length).toBeGreaterThan(0);
    expect(screen.queryAllByRole('menuitem', { name: /^Специфікація/ })).toEqual([]);
    await user.keyboard('{Escape}');
    const dialog = await openAdjust(user, 'Коригування: БЖ-24 Блок живлення 24 В');
    // The item has an average: no unit cost is asked for.
    expect(within(dialog).queryByLabelText('Ціна одиниці, грн')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Провести' }));
    expect(within(dialog).getByText('Оберіть склад')).toBeTruthy();
    expect(within(dialog).getByText('Оберіть причину')).toBeTruthy();
    expect(within(dialog).getByText('Вкажіть число (не більше 4 знаків після коми)')).toBeTruthy();
    expect(posts(fetchMock, '/api/inventory/adjustments')).toEqual([]);

    await user.click(within(dialog).getByRole('combobox', { name: 'Склад' }));
    await user.click(await screen.findByRole('option', { name: 'Основний склад' }));
    await user.type(within(dialog).getByLabelText('Фактична кількість, шт'), '-1');
    await user.click(within(dialog).getByRole('combobox', { name: 'Причина' }));
    await user.click(await screen.findByRole('option', { name: 'Псування' }));
    await user.click(within(dialog).getByRole('button', { name: 'Провести' }));
    expect(within(dialog).getByText('Фактична кількість не може бути від’ємною')).toBeTruthy();

    await user.clear(within(dialog).getByLabelText('Фактична кількість, шт'));
    await user.type(within(dialog).getByLabelText('Фактична кількість, шт'), '18');
    await user.type(within(dialog).getByLabelText('Коментар'), ' Пошкоджено ');
    await user.click(within(dialog).getByRole('button', { name: 'Провести' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Недостатньо запасу: БЖ-24 (Основний склад): потрібно 25, доступно 8',
    );
    expect(posts(fetchMock, '/api/inventory/adjustments')).toEqual([
      {
        warehouseId: 5,
        reason: 'damage',
        comment: 'Пошкоджено',
        post: true,
        lines: [{ itemId: 2, countedQty: '18' }],
      },
    ]);
  });

  it('posts a signed change and closes, announcing the new document', async () => {
    const fetchMock = stubApi((url, init) =>
      url === '/api/inventory/adjustments' && init.method === 'POST'
        ? jsonResponse(adjustment('ADJ-2026-00001'), 201)
        : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<InventoryPage />, { path: '/inventory' });
    const dialog = await openAdjust(user, 'Коригування: БЖ-24 Блок живлення 24 В');
    await user.click(within(dialog).getByRole('combobox', { name: 'Склад' }));
    await user.click(await screen.findByRole('option', { name: 'Основний склад' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Причина' }));
    await user.click(await screen.findByRole('option', { name: 'Виправлення обліку' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Зміна кількості (±)' }));
    await user.type(within(dialog).getByLabelText('Зміна кількості, шт'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Провести' }));
    expect(within(dialog).getByText('Зміна не може дорівнювати нулю')).toBeTruthy();
    await user.clear(within(dialog).getByLabelText('Зміна кількості, шт'));
    await user.type(within(dialog).getByLabelText('Зміна кількості, шт'), '-2,5');
    await user.click(within(dialog).getByRole('button', { name: 'Провести' }));

    expect(await screen.findByText('Коригування ADJ-2026-00001 проведено')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Коригування' })).toBeNull());
    expect(posts(fetchMock, '/api/inventory/adjustments')[0]).toMatchObject({
      reason: 'correction',
      lines: [{ itemId: 2, deltaQty: '-2.5' }],
    });
  });

  it('asks a serial-tracked item for its serials: the count must match the change, ranges counted', async () => {
    const fetchMock = stubApi((url, init) => {
      if (url === '/api/inventory/2') {
        return jsonResponse({
          itemId: 2,
          sku: 'БЖ-24',
          name: 'Блок живлення 24 В',
          kind: 'product',
          serialTracking: true,
          unitShortName: 'шт',
          avgCost: '180.000000',
          value: '3600.00',
          balances: [],
          reservations: [],
          movements: [],
        });
      }
      return url === '/api/inventory/adjustments' && init.method === 'POST'
        ? jsonResponse(adjustment('ADJ-2026-00003'), 201)
        : undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<InventoryPage />, { path: '/inventory' });
    const dialog = await openAdjust(user, 'Коригування: БЖ-24 Блок живлення 24 В');
    const serials = await within(dialog).findByLabelText('Серійні номери');
    await user.click(within(dialog).getByRole('combobox', { name: 'Склад' }));
    await user.click(await screen.findByRole('option', { name: 'Основний склад' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Причина' }));
    await user.click(await screen.findByRole('option', { name: 'Псування' }));
    // A count cannot name the units: the change (±) is asked for.
    await user.type(within(dialog).getByLabelText('Фактична кількість, шт'), '18');
    await user.click(within(dialog).getByRole('button', { name: 'Провести' }));
    expect(within(dialog).getByText('Для товару із серійним обліком оберіть «Зміна кількості (±)»')).toBeTruthy();

    await user.click(within(dialog).getByRole('radio', { name: 'Зміна кількості (±)' }));
    await user.type(within(dialog).getByLabelText('Зміна кількості, шт'), '-3');
    await user.type(serials, 'bz-001');
    expect(within(dialog).getByText('Вказано 1 з 3')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Провести' }));
    expect(within(dialog).getByText('Потрібно 3 серійні номери, вказано 1')).toBeTruthy();
    expect(posts(fetchMock, '/api/inventory/adjustments')).toEqual([]);

    await user.clear(serials);
    await user.type(serials, 'BZ-001{Enter}bz-005-bz-006');
    expect(within(dialog).getByText('Вказано 3 з 3')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Провести' }));
    expect(await screen.findByText('Коригування ADJ-2026-00003 проведено')).toBeTruthy();
    expect(posts(fetchMock, '/api/inventory/adjustments')[0]).toMatchObject({
      reason: 'damage',
      lines: [{ itemId: 2, deltaQty: '-3', serials: ['BZ-001', 'BZ-005', 'BZ-006'] }],
    });
  });

  it('asks for the unit cost of an item with no average, under the component page’s own API', async () => {
    const fetchMock = stubApi((url, init) =>
      url === '/api/component-stock/adjustments' && init.method === 'POST'
        ? jsonResponse(adjustment('ADJ-2026-00002'), 201)
        : undefined,
    );
    const user = userEvent.setup();
    const { location } = renderWithProviders(<ComponentStockPage />, { path: '/component-stock' });
    const dialog = await openAdjust(user, 'Коригування: КОР-1 Корпус малий');
    await user.click(within(dialog).getByRole('combobox', { name: 'Склад' }));
    await user.click(await screen.findByRole('option', { name: 'Основний склад' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Зміна кількості (±)' }));
    await user.type(within(dialog).getByLabelText('Зміна кількості, шт'), '5');
    await user.click(within(dialog).getByRole('combobox', { name: 'Причина' }));
    await user.click(await screen.findByRole('option', { name: 'Введення залишків' }));
    await user.click(within(dialog).getByRole('button', { name: 'Провести' }));
    expect(within(dialog).getByText('Вкажіть ціну одиниці (число, не більше 6 знаків після коми)')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Ціна одиниці, грн'), '12,5');
    await user.click(within(dialog).getByRole('button', { name: 'Провести' }));
    await waitFor(() =>
      expect(posts(fetchMock, '/api/component-stock/adjustments')).toEqual([
        {
          warehouseId: 5,
          reason: 'opening',
          comment: null,
          post: true,
          lines: [{ itemId: 3, deltaQty: '5', unitCost: '12.5' }],
        },
      ]),
    );
    // The other row actions lead where the spec says.
    const caseRow = screen.getByText('Корпус малий').closest('tr')!;
    await user.click(within(caseRow).getByRole('button', { name: 'Дії: КОР-1 Корпус малий' }));
    expect(screen.queryByRole('menuitem', { name: /^Специфікація/ })).toBeNull();
    await user.click(screen.getByRole('menuitem', { name: 'Переміщення: КОР-1 Корпус малий' }));
    expect(location.history.at(-1)).toBe('/warehouse-transfers?new=1&itemId=3');
  });
});

describe("the settings dialog 'Налаштування складу'", () => {
  it('shows the settings, validates the threshold and saves only what changed', async () => {
    const fetchMock = stubApi((url, init) => {
      if (url === '/api/inventory/settings' && init.method === 'GET') {
        return jsonResponse({ allowNegativeStock: false, lowStockThreshold: 10 });
      }
      if (url === '/api/inventory/settings' && init.method === 'PATCH') {
        return jsonResponse({ allowNegativeStock: true, lowStockThreshold: 5 });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<InventoryPage />, { path: '/inventory' });
    await user.click(await screen.findByRole('button', { name: 'Налаштування складу' }));
    const dialog = await screen.findByRole('dialog', { name: 'Налаштування складу' });
    const threshold = await within(dialog).findByLabelText('Поріг «Закінчується», од.');
    expect((threshold as HTMLInputElement).value).toBe('10');
    const negative = within(dialog).getByRole('switch', { name: 'Дозволити від’ємні залишки' });
    expect(negative.getAttribute('aria-checked')).toBe('false');

    await user.click(negative);
    await user.clear(threshold);
    await user.type(threshold, '2,5');
    await user.click(within(dialog).getByRole('button', { name: 'Зберегти' }));
    expect(within(dialog).getByText('Вкажіть ціле число від 0')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);

    await user.clear(threshold);
    await user.type(threshold, '5');
    await user.click(within(dialog).getByRole('button', { name: 'Зберегти' }));
    expect(await screen.findByText('Налаштування складу збережено')).toBeTruthy();
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH')!;
    expect(JSON.parse(String(patch[1]!.body))).toEqual({ allowNegativeStock: true, lowStockThreshold: 5 });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Налаштування складу' })).toBeNull());
  });

  it('offers no changes to a user who may only view the stock', async () => {
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
        return jsonResponse([{ route: '/inventory', canView: true, canAccess: false }]);
      }
      return undefined;
    });
    const user = userEvent.setup();
    // With the bill-of-materials page registered (production builds it), the row leads to the item's BOM.
    renderWithProviders(
      <RegisteredRoutesContext value={new Set(['/inventory', '/bom'])}>
        <InventoryPage />
      </RegisteredRoutesContext>,
      { path: '/inventory' },
    );
    const powerRow = (await screen.findByText('Блок живлення 24 В')).closest('tr')!;
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Налаштування складу' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Введення залишків' })).toBeNull();
    expect(within(powerRow).queryByRole('button', { name: /^Коригування/ })).toBeNull();
    // Reading stays: the movement, the transfer, the labels, the BOM, the drafts, the scanner.
    expect(within(powerRow).getByRole('link', { name: 'Рух: БЖ-24 Блок живлення 24 В' })).toBeTruthy();
    await user.click(within(powerRow).getByRole('button', { name: 'Дії: БЖ-24 Блок живлення 24 В' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Переміщення: БЖ-24 Блок живлення 24 В',
      'Етикетки: БЖ-24 Блок живлення 24 В',
      'Специфікація: БЖ-24 Блок живлення 24 В',
    ]);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Чернетки коригувань' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Сканувати' })).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method && init.method !== 'GET')).toBe(false);
  });
});

const draft = {
  ...adjustment('ADJ-2026-00007'),
  status: 'draft',
  reason: 'opening',
  version: 1,
  lineCount: 1,
  postedAt: null,
  lines: [
    {
      id: 1,
      lineNo: 1,
      itemId: 2,
      sku: 'БЖ-24',
      itemName: 'Блок живлення 24 В',
      unitShortName: 'шт',
      deltaQty: '12.0000',
      countedQty: null,
      unitCost: '125.500000',
      notes: null,
    },
  ],
};

describe('the adjustment drafts and the opening-balance import', () => {
  it('lists the drafts with their lines and posts one with its version after the confirmation', async () => {
    const fetchMock = stubApi((url, init) => {
      if (url.startsWith('/api/inventory/adjustments?')) {
        return new Response(JSON.stringify([{ ...draft, lines: undefined }]), {
          headers: { 'content-type': 'application/json', 'X-Total-Count': '1' },
        });
      }
      if (url === '/api/inventory/adjustments/41' && init.method === 'GET') return jsonResponse(draft);
      if (url === '/api/inventory/adjustments/41/post') return jsonResponse({ ...draft, status: 'posted' });
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<InventoryPage />, { path: '/inventory' });
    await user.click(await screen.findByRole('button', { name: 'Чернетки коригувань' }));
    const dialog = await screen.findByRole('dialog', { name: 'Чернетки коригувань' });
    expect(await within(dialog).findByText('ADJ-2026-00007')).toBeTruthy();
    expect(within(dialog).getByText(/Основний склад · Введення залишків · 1 рядок/)).toBeTruthy();
    const listUrl = fetchMock.mock.calls
      .map(([u]) => String(u))
      .find((u) => u.startsWith('/api/inventory/adjustments?'));
    expect(new URLSearchParams(listUrl!.split('?')[1]).get('status')).toBe('draft');

    await user.click(within(dialog).getByRole('button', { name: 'Рядки ADJ-2026-00007' }));
    const lines = await within(dialog).findByRole('table', { name: 'Рядки ADJ-2026-00007' });
    expect(within(lines).getByText('Блок живлення 24 В')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Провести' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Провести ADJ-2026-00007?' });
    await user.click(within(confirm).getByRole('button', { name: 'Провести' }));
    expect(await screen.findByText('Коригування ADJ-2026-00007 проведено')).toBeTruthy();
    expect(posts(fetchMock, '/api/inventory/adjustments/41/post')).toEqual([{ version: 1 }]);
  });

  it('uploads a file, lists every row’s error, and shows the drafts it created', async () => {
    let refuse = true;
    const fetchMock = stubApi((url, init) => {
      if (url === '/api/inventory/adjustments/import' && init.method === 'POST') {
        if (refuse) {
          refuse = false;
          return jsonResponse(
            {
              error:
                'Файл не завантажено: помилок — 1. Виправте їх і завантажте файл ще раз. Рядок 3: артикул «Х» не знайдено',
              fields: { 'rows.0': 'Рядок 3: артикул «Х» не знайдено' },
            },
            400,
          );
        }
        return jsonResponse([draft, { ...draft, id: 42, number: 'ADJ-2026-00008', warehouseName: 'Склад філії' }], 201);
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<InventoryPage />, { path: '/inventory' });
    await user.click(await screen.findByRole('button', { name: 'Введення залишків' }));
    const dialog = await screen.findByRole('dialog', { name: 'Введення залишків' });
    await user.click(within(dialog).getByRole('button', { name: 'Завантажити' }));
    expect(within(dialog).getByText('Оберіть файл CSV або XLSX')).toBeTruthy();

    const file = new File(['SKU;Код складу;Кількість;Ціна одиниці\nБЖ-24;ОСН;12;125,5\n'], 'залишки.csv');
    await user.upload(within(dialog).getByLabelText('Файл залишків'), file);
    await user.click(within(dialog).getByRole('button', { name: 'Завантажити' }));
    const alert = await within(dialog).findByRole('alert');
    expect(within(alert).getByText('Рядок 3: артикул «Х» не знайдено')).toBeTruthy();
    const sent = fetchMock.mock.calls.find(([u]) => String(u) === '/api/inventory/adjustments/import')!;
    expect((sent[1]!.body as Blob).type).toBe('text/csv');

    await user.click(within(dialog).getByRole('button', { name: 'Завантажити' }));
    expect(await within(dialog).findByText(/Створено 2 чернетки/)).toBeTruthy();
    expect(within(dialog).getByText('ADJ-2026-00008')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Відкрити чернетки' }));
    expect(await screen.findByRole('dialog', { name: 'Чернетки коригувань' })).toBeTruthy();
  });
});
