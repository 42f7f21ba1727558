// The costing page (production.md §9): the rows with their figures and a red margin below 0, the filters in the
// request, the breakdown drawer (BOM tree, operations, saved calculations), 'Зберегти калькуляцію' and
// 'Застосувати ціну' behind a confirmation.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  costingBreakdownSchema,
  costingRowSchema,
  costSnapshotSchema,
  type CostingRow,
} from '@/modules/costing/costing.contract.ts';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { CostingPage } from './costing-page.tsx';

const board: CostingRow = costingRowSchema.parse({
  itemId: 30,
  sku: 'PSU-10',
  name: 'Блок живлення 10 Вт',
  kind: 'product',
  categoryId: 2,
  categoryName: 'Блоки живлення',
  unitShortName: 'шт',
  recipeId: null,
  recipeName: null,
  qty: '1',
  material: '100.00',
  labour: '60.00',
  overhead: '20.00',
  total: '180.00',
  retailPrice: '200.00',
  marginPercent: '10.00',
  markupPercent: '11.11',
  appliedMarkupPercent: '20.00',
  suggestedPrice: '216.00',
  actual: '190.00',
  actualCount: 2,
  deviationPercent: '5.56',
  noPriceCount: 0,
});
const loss: CostingRow = costingRowSchema.parse({
  ...board,
  itemId: 31,
  sku: 'PSU-20',
  name: 'Блок живлення 20 Вт',
  retailPrice: '150.00',
  marginPercent: '-20.00',
  markupPercent: '-16.67',
  actual: null,
  actualCount: 0,
  deviationPercent: null,
});
const breakdown = costingBreakdownSchema.parse({
  row: board,
  version: '2026-11-20T10:00:00.000Z',
  spec: { source: 'default_bom', bomId: 5, bomName: 'Основна', techCardId: 6, techCardName: 'Серійний' },
  recipes: [],
  forQty: { material: '100.00', labour: '60.00', overhead: '20.00', total: '180.00' },
  minutes: '30.00',
  lines: [
    {
      key: '1',
      depth: 0,
      bomLineId: 1,
      itemId: 40,
      sku: 'PCB-1',
      name: 'Плата живлення',
      unitShortName: 'шт',
      qtyPerUnit: '1.000000',
      unitCost: '80.000000',
      lineCost: '80.00',
      source: 'planned',
    },
    {
      key: '1.1',
      depth: 1,
      bomLineId: 2,
      itemId: 41,
      sku: 'R-10K',
      name: 'Резистор 10 кОм',
      unitShortName: 'шт',
      qtyPerUnit: '10.200000',
      unitCost: '0.500000',
      lineCost: '5.10',
      source: 'avg',
    },
  ],
  operations: [
    {
      seq: 10,
      name: 'Монтаж',
      departmentName: 'Дільниця SMT',
      positionName: 'Монтажник',
      minutes: '30.00',
      labourRate: '120.000000',
      overheadRate: '40.000000',
      labour: '60.00',
      overhead: '20.00',
    },
  ],
});
const snapshot = costSnapshotSchema.parse({
  id: 3,
  itemId: 30,
  recipeId: null,
  recipeName: null,
  qty: '1.0000',
  material: '90.00',
  labour: '60.00',
  overhead: '20.00',
  total: '170.00',
  retailPrice: '200.00',
  suggestedPrice: '204.00',
  markupPercent: '20.00',
  calculatedAt: '2026-11-19T08:30:00.000Z',
  userId: 1,
  userName: 'Коваль Олена',
});

function stubApi() {
  let price = '200.00';
  return stubFetch((url, init) => {
    if (url === '/api/auth/user') return jsonResponse({ error: 'Потрібно увійти' }, 401);
    if (url === '/api/costing/30/apply-price' && init.method === 'POST') {
      price = JSON.parse(String(init.body)).price;
      return jsonResponse({ itemId: 30, retailPrice: price, previousPrice: '200.000000', version: 'x' });
    }
    if (url === '/api/costing/30/snapshots' && init.method === 'POST') return jsonResponse(snapshot, 201);
    if (url === '/api/costing/30/snapshots') return jsonResponse([snapshot]);
    if (url.startsWith('/api/costing/30?') || url === '/api/costing/30') return jsonResponse(breakdown);
    if (url.startsWith('/api/costing?')) {
      const rows = [{ ...board, retailPrice: price }, loss];
      return new Response(JSON.stringify(rows), {
        headers: { 'content-type': 'application/json', 'X-Total-Count': String(rows.length) },
      });
    }
    if (url === '/api/costing/settings' && init.method === 'PATCH') {
      return jsonResponse({ defaultMarkupPercent: '25.00', hoursPerDay: 8 });
    }
    if (url === '/api/costing/settings') return jsonResponse({ defaultMarkupPercent: '20.00', hoursPerDay: 8 });
    if (url.startsWith('/api/lookups/')) return jsonResponse([]);
    return jsonResponse({ error: 'Не знайдено' }, 404);
  });
}

const listUrls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/costing?'));

describe('CostingPage', () => {
  it('shows the rows with their figures and a red margin below zero, and filters by margin', async () => {
    const fetchMock = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<CostingPage />, { path: '/costing' });
    expect(screen.getByRole('heading', { name: 'Калькуляція собівартості' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Калькуляція собівартості' });
    for (const header of ['Товар', 'Матеріали', 'Праця', 'Накладні', 'Собівартість', 'Ціна', 'Маржа']) {
      expect(within(table).getByRole('columnheader', { name: new RegExp(header) })).toBeTruthy();
    }
    expect(within(table).getByRole('columnheader', { name: /Рекомендована ціна/ })).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: /Фактична \(середня\)/ })).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: /Відхилення/ })).toBeTruthy();

    const row = within(table).getByText('Блок живлення 10 Вт').closest('tr')!;
    for (const text of ['100,00', '60,00', '20,00', '180,00', '200,00', '10,00 %', '216,00', '190,00', '5,56 %']) {
      expect(within(row).getByText(text)).toBeTruthy();
    }
    const lossRow = within(table).getByText('Блок живлення 20 Вт').closest('tr')!;
    const margin = within(lossRow).getByText('-20,00 %');
    expect(margin.className).toContain('text-destructive');
    expect(within(row).getByText('10,00 %').className).not.toContain('text-destructive');
    expect(listUrls(fetchMock)).toEqual(['/api/costing?page=1&limit=50&sort=name']);

    await user.type(screen.getByRole('textbox', { name: 'Маржа нижче, %' }), '15');
    await waitFor(() => expect(listUrls(fetchMock).at(-1)).toContain('belowMarginPercent=15'));
  });

  it('opens the breakdown, saves a calculation and applies the suggested price after a confirmation', async () => {
    const fetchMock = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<CostingPage />, { path: '/costing' });
    await user.click(await screen.findByRole('button', { name: 'Блок живлення 10 Вт: калькуляція' }));
    const drawer = await screen.findByRole('dialog', { name: 'Блок живлення 10 Вт' });

    const lines = await within(drawer).findByRole('table', { name: 'Матеріали (специфікація)' });
    expect(within(lines).getByText('Плата живлення')).toBeTruthy();
    expect(within(lines).getByText('Резистор 10 кОм')).toBeTruthy();
    expect(within(lines).getByText('5,10')).toBeTruthy();
    const ops = within(drawer).getByRole('table', { name: 'Операції (техкарта)' });
    const op = within(ops).getByText('Монтаж').closest('tr')!;
    expect(within(op).getByText('Дільниця SMT / Монтажник')).toBeTruthy();
    expect(within(op).getByText('120,00')).toBeTruthy();
    expect(within(op).getByText('40,00')).toBeTruthy();
    const history = await within(drawer).findByRole('table', { name: 'Збережені калькуляції' });
    expect(within(history).getByText('Коваль Олена')).toBeTruthy();
    expect(within(history).getByText('170,00')).toBeTruthy();

    await user.click(within(drawer).getByRole('button', { name: 'Зберегти калькуляцію' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([url, init]) => url === '/api/costing/30/snapshots' && init?.method === 'POST'),
      ).toBe(true),
    );

    await user.click(within(drawer).getByRole('button', { name: 'Застосувати ціну' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Застосувати рекомендовану ціну?' });
    expect(within(confirm).getByText(/з 200,00 на 216,00 грн/)).toBeTruthy();
    // Nothing is sent before the confirmation.
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/costing/30/apply-price')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Застосувати' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    const applied = fetchMock.mock.calls.filter(([url]) => url === '/api/costing/30/apply-price');
    expect(applied.map(([, init]) => JSON.parse(String(init?.body)))).toEqual([
      { price: '216.00', version: '2026-11-20T10:00:00.000Z' },
    ]);
    // The list is read again with the new price.
    await waitFor(() => expect(listUrls(fetchMock).length).toBeGreaterThan(1));
  });

  it('changes the default markup in the gear dialog, sending only what changed', async () => {
    const fetchMock = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<CostingPage />, { path: '/costing' });
    await user.click(screen.getByRole('button', { name: 'Налаштування калькуляції' }));
    const dialog = await screen.findByRole('dialog', { name: 'Налаштування калькуляції' });
    const markup = await within(dialog).findByRole('textbox', { name: 'Націнка за замовчуванням, %' });
    expect((markup as HTMLInputElement).value).toBe('20');
    await user.clear(markup);
    await user.type(markup, '25');
    await user.click(within(dialog).getByRole('button', { name: 'Зберегти' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Налаштування калькуляції' })).toBeNull());
    const patches = fetchMock.mock.calls.filter(
      ([url, init]) => url === '/api/costing/settings' && init?.method === 'PATCH',
    );
    expect(patches.map(([, init]) => JSON.parse(String(init?.body)))).toEqual([{ defaultMarkupPercent: '25' }]);
  });
});
