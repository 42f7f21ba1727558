import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  bomItemRowSchema,
  bomSchema,
  explosionSchema,
  whereUsedRowSchema,
  type Bom,
  type BomItemRow,
} from '@/modules/bom/bom.contract.ts';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { BomPage } from './bom-page.tsx';

const item = (over: Partial<BomItemRow>): BomItemRow =>
  bomItemRowSchema.parse({
    id: 2,
    sku: 'БЖ-12-2',
    name: 'Блок живлення БЖ-12/2',
    kind: 'product',
    isActive: true,
    categoryId: null,
    categoryName: null,
    unitId: 1,
    unitShortName: 'шт',
    unitType: 'count',
    bomCount: 1,
    hasBom: true,
    defaultBomId: 10,
    defaultBomStatus: 'active',
    ...over,
  });

const product = item({});
const board = item({ id: 3, sku: 'ПЛ-БЖ', name: 'Плата блока живлення', kind: 'semi_finished', defaultBomId: 11 });
const resistor = item({
  id: 7,
  sku: 'R-0603-10K',
  name: 'Резистор 10 кОм 0603',
  kind: 'component',
  bomCount: 0,
  hasBom: false,
  defaultBomId: null,
  defaultBomStatus: null,
});
const bare = item({ id: 4, sku: 'КТ-100', name: 'Контролер КТ-100', bomCount: 0, hasBom: false, defaultBomId: null });

const bom: Bom = bomSchema.parse({
  id: 10,
  itemId: 2,
  itemSku: 'БЖ-12-2',
  itemName: 'Блок живлення БЖ-12/2',
  itemKind: 'product',
  itemUnitShortName: 'шт',
  name: 'Основна',
  outputQty: '1.0000',
  isDefault: true,
  status: 'active',
  notes: null,
  version: 3,
  lineCount: 2,
  materialCost: '85.10',
  noPriceCount: 1,
  createdAt: '2026-11-10T08:00:00.000Z',
  updatedAt: '2026-11-10T08:00:00.000Z',
  linesCost: '85.10',
  lines: [
    {
      id: 100,
      lineNo: 1,
      componentItemId: 3,
      sku: 'ПЛ-БЖ',
      name: 'Плата блока живлення',
      kind: 'semi_finished',
      unitId: 1,
      unitShortName: 'шт',
      qty: '1.000000',
      enteredQty: '1.000000',
      enteredUnitId: 1,
      enteredUnitShortName: 'шт',
      scrapPercent: '0.00',
      designators: 'A1',
      notes: null,
      perUnitQty: '1.000000',
      unitCost: '85.100000',
      costSource: 'planned',
      lineCost: '85.10',
      noPrice: false,
      made: true,
      available: '0.0000',
      alternatives: [],
    },
    {
      id: 101,
      lineNo: 2,
      componentItemId: 8,
      sku: 'M-CASE-Z1',
      name: 'Корпус Z-1',
      kind: 'component',
      unitId: 1,
      unitShortName: 'шт',
      qty: '1.000000',
      enteredQty: '1.000000',
      enteredUnitId: 1,
      enteredUnitShortName: 'шт',
      scrapPercent: '0.00',
      designators: null,
      notes: null,
      perUnitQty: '1.000000',
      unitCost: '0.000000',
      costSource: 'none',
      lineCost: '0.00',
      noPrice: true,
      made: false,
      available: '12.0000',
      alternatives: [],
    },
  ],
});
const { lines: _lines, linesCost: _linesCost, ...summary } = bom;
const draftV2 = { ...summary, id: 12, name: 'v2', isDefault: false, status: 'draft' as const, version: 1 };

function list(rows: unknown[]) {
  return new Response(JSON.stringify(rows), {
    headers: { 'content-type': 'application/json', 'X-Total-Count': String(rows.length) },
  });
}

type Answer = (url: string, init: RequestInit) => Response | undefined;

function stubApi(answer: Answer = () => undefined) {
  return stubFetch((url, init) => {
    const own = answer(url, init);
    if (own) return own;
    if (url === '/api/auth/user') return jsonResponse({ error: 'Потрібно увійти' }, 401);
    if (url.startsWith('/api/bom/items?ids=2')) return list([product]);
    if (url.startsWith('/api/bom/items?ids=4')) return list([bare]);
    if (url.startsWith('/api/bom/items?kind=stocked')) return list([board, resistor]);
    if (url.startsWith('/api/bom/items?')) return list([product, board, bare]);
    if (url.startsWith('/api/bom?itemId=2')) return list([summary, draftV2]);
    if (url.startsWith('/api/bom?itemId=4')) return list([]);
    if (url === '/api/bom/10' && (init.method ?? 'GET') === 'GET') return jsonResponse(bom);
    if (url === '/api/bom/units') {
      return jsonResponse([
        { id: 1, name: 'Штука', shortName: 'шт', type: 'count', factor: '1.000000' },
        { id: 2, name: 'Пара', shortName: 'пара', type: 'count', factor: '2.000000' },
      ]);
    }
    if (url.startsWith('/api/bom/10/explosion?qty=5&mode=tree')) {
      return jsonResponse(
        explosionSchema.parse({
          bomId: 10,
          itemId: 2,
          qty: '5',
          mode: 'tree',
          tree: [
            {
              itemId: 3,
              sku: 'ПЛ-БЖ',
              name: 'Плата блока живлення',
              kind: 'semi_finished',
              unitShortName: 'шт',
              level: 1,
              bomLineId: 100,
              designators: 'A1',
              scrapPercent: '0.00',
              perUnitQty: '1.000000',
              qty: '5.0000',
              available: '0.0000',
              bomId: 11,
              cycle: false,
              children: [
                {
                  itemId: 7,
                  sku: 'R-0603-10K',
                  name: 'Резистор 10 кОм 0603',
                  kind: 'component',
                  unitShortName: 'шт',
                  level: 2,
                  bomLineId: 200,
                  designators: 'R1–R10',
                  scrapPercent: '2.00',
                  perUnitQty: '10.200000',
                  qty: '51.0000',
                  available: '40.0000',
                  bomId: null,
                  cycle: false,
                  children: [],
                },
              ],
            },
          ],
        }),
      );
    }
    if (url.startsWith('/api/bom/10/explosion?qty=5&mode=flat')) {
      return jsonResponse({
        bomId: 10,
        itemId: 2,
        qty: '5',
        mode: 'flat',
        flat: [
          {
            itemId: 7,
            sku: 'R-0603-10K',
            name: 'Резистор 10 кОм 0603',
            kind: 'component',
            unitShortName: 'шт',
            qty: '51.0000',
            available: '40.0000',
            shortage: '11.0000',
          },
        ],
      });
    }
    if (url.startsWith('/api/bom/10/explosion'))
      return jsonResponse({ bomId: 10, itemId: 2, qty: '1', mode: 'tree', tree: [] });
    if (url === '/api/bom/where-used/2') {
      return jsonResponse([
        whereUsedRowSchema.parse({
          bomId: 30,
          bomName: 'Комплект',
          bomStatus: 'active',
          isDefault: true,
          itemId: 9,
          sku: 'НАБІР-1',
          name: 'Набір живлення',
          kind: 'product',
          level: 1,
          perUnitQty: '2.000000',
          path: ['Набір живлення', 'Блок живлення БЖ-12/2'],
        }),
      ]);
    }
    if (url === '/api/bom/10/history') {
      return jsonResponse([
        {
          id: 1,
          at: '2026-11-10T08:00:00.000Z',
          action: 'update',
          userName: 'Коваленко Олена',
          actor: null,
          before: { status: 'draft', isDefault: false, lines: [{}] },
          after: { status: 'active', isDefault: true, lines: [{}, {}] },
        },
      ]);
    }
    return jsonResponse({ error: `Немає відповіді для ${url}` }, 404);
  });
}

const calls = (fetchMock: ReturnType<typeof stubApi>, method: string) =>
  fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === method);

describe('BomPage', () => {
  it('opens ?itemId= with its versions, default star, lines with costs and available stock, and the total', async () => {
    stubApi();
    renderWithProviders(<BomPage />, { path: '/bom?itemId=2' });
    expect(screen.getByRole('heading', { name: 'Специфікації' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Блок живлення БЖ-12/2' })).toBeTruthy();
    const versions = await screen.findByRole('group', { name: 'Специфікації виробу' });
    expect(within(versions).getByRole('button', { name: 'Основна (Основна)' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(within(versions).getByRole('button', { name: 'v2' })).toBeTruthy();
    expect(within(versions).getAllByLabelText('Основна специфікація')).toHaveLength(1);

    const table = await screen.findByRole('table', { name: 'Склад' });
    const boardRow = within(table).getByText('ПЛ-БЖ').closest('tr')!;
    expect(within(boardRow).getByRole('button', { name: 'Відкрити специфікацію: Плата блока живлення' })).toBeTruthy();
    // The board's full planned unit cost, and the line's cost.
    expect(within(boardRow).getAllByText('85,10')).toHaveLength(2);
    expect(within(boardRow).getByText('планова собівартість')).toBeTruthy();
    const caseRow = within(table).getByText('M-CASE-Z1').closest('tr')!;
    expect(within(caseRow).getByText('Немає ціни')).toBeTruthy();
    expect(within(caseRow).getByText('12')).toBeTruthy();
    expect(screen.getByText('Немає ціни в 1 позиції — пораховано як 0')).toBeTruthy();
    expect(screen.getAllByText('85,10').length).toBeGreaterThanOrEqual(2);
    // The left pane marks items that have a BOM.
    const pane = screen.getByRole('region', { name: 'Вироби' });
    expect(within(pane).getAllByText('має специфікацію')).toHaveLength(2);
  });

  it('shows the explosion as a tree and flat for a quantity, where-used and the history', async () => {
    const fetchMock = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<BomPage />, { path: '/bom?itemId=2' });
    await screen.findByRole('table', { name: 'Склад' });

    await user.click(screen.getByRole('tab', { name: 'Розгортка' }));
    const qty = await screen.findByLabelText('Кількість виробів');
    await user.clear(qty);
    await user.type(qty, '5');
    const tree = await screen.findByRole('table', { name: 'Дерево' });
    await waitFor(() => expect(within(tree).getByLabelText('Рівень 2: Резистор 10 кОм 0603')).toBeTruthy());
    expect(within(tree).getByLabelText('Рівень 1: Плата блока живлення')).toBeTruthy();
    expect(within(tree).getByText('51')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Плоский' }));
    const flat = await screen.findByRole('table', { name: 'Плоский' });
    const row = within(flat).getByText('R-0603-10K').closest('tr')!;
    expect(within(row).getByText('51')).toBeTruthy();
    expect(within(row).getByText('40')).toBeTruthy();
    expect(within(row).getByText('11')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/bom/10/explosion?qty=5&mode=flat')).toBe(true);

    await user.click(screen.getByRole('tab', { name: 'Де використовується' }));
    expect(await screen.findByRole('link', { name: 'Набір живлення' })).toBeTruthy();
    expect(screen.getByText('Набір живлення → Блок живлення БЖ-12/2')).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'Історія' }));
    expect(await screen.findByText('Статус: Чернетка → Діюча; зроблено основною; рядків: 1 → 2')).toBeTruthy();
    expect(screen.getByText('Коваленко Олена')).toBeTruthy();
  });

  it('creates a BOM: says what is missing, then sends the picked component with its unit and scrap', async () => {
    const created: Bom = bomSchema.parse({ ...bom, id: 15, itemId: 4, name: 'Основна', status: 'draft' });
    const fetchMock = stubApi((url, init) => {
      if (url === '/api/bom' && init.method === 'POST') return jsonResponse(created, 201);
      if (url === '/api/bom/15') return jsonResponse(created);
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<BomPage />, { path: '/bom?itemId=4' });
    expect(await screen.findByText('У виробу ще немає специфікації')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Нова специфікація' }));
    const form = await screen.findByRole('form', { name: 'Нова специфікація' });

    await user.click(within(form).getByRole('button', { name: 'Зберегти' }));
    expect(await within(form).findByText('Виправте позначені поля')).toBeTruthy();
    expect(within(form).getByText('Оберіть запис зі списку')).toBeTruthy();
    expect(calls(fetchMock, 'POST')).toHaveLength(0);

    await user.click(within(form).getByRole('combobox', { name: 'Компонент 1' }));
    await user.click(await screen.findByRole('option', { name: /Резистор 10 кОм 0603/ }));
    expect(within(form).getByText('облікова одиниця: шт')).toBeTruthy();
    await user.type(within(form).getByLabelText('Кількість'), '10');
    const scrap = within(form).getByLabelText('Відхід, %');
    await user.clear(scrap);
    await user.type(scrap, '2,5');
    await user.type(within(form).getByLabelText('Позиційні позначення'), 'R1–R10');
    await user.click(within(form).getByRole('button', { name: 'Зберегти' }));

    await waitFor(() => expect(calls(fetchMock, 'POST')).toHaveLength(1));
    const body = JSON.parse(String(calls(fetchMock, 'POST')[0]![1]!.body));
    expect(body).toEqual({
      itemId: 4,
      name: 'Основна',
      outputQty: '1',
      status: 'draft',
      notes: null,
      lines: [
        {
          componentItemId: 7,
          qty: '10',
          unitId: 1,
          scrapPercent: '2.5',
          designators: 'R1–R10',
          notes: null,
        },
      ],
    });
    expect(await screen.findByText('Специфікацію створено')).toBeTruthy();
  });

  it('deletes only after confirmation and shows the server’s refusal', async () => {
    const fetchMock = stubApi((url, init) => {
      if (url === '/api/bom/10' && init.method === 'DELETE') {
        return jsonResponse(
          {
            error:
              'Специфікацію використано в замовленнях на виробництво (MO-2026-00001) — її не можна видалити, архівуйте її',
          },
          409,
        );
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<BomPage />, { path: '/bom?itemId=2' });
    const actions = await screen.findByRole('group', { name: 'Дії зі специфікацією' });
    await user.click(within(actions).getByRole('button', { name: 'Видалити' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Видалити специфікацію?' });
    expect(calls(fetchMock, 'DELETE')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Видалити' }));
    await waitFor(() => expect(calls(fetchMock, 'DELETE')).toHaveLength(1));
    expect(
      await screen.findByText(
        'Специфікацію використано в замовленнях на виробництво (MO-2026-00001) — її не можна видалити, архівуйте її',
      ),
    ).toBeTruthy();
  });

  it('makes the draft version the default', async () => {
    const v2Full: Bom = bomSchema.parse({ ...bom, ...draftV2 });
    const fetchMock = stubApi((url, init) => {
      if (url === '/api/bom/12') return jsonResponse(v2Full);
      if (url === '/api/bom/12/make-default' && init.method === 'POST')
        return jsonResponse({ ...v2Full, isDefault: true });
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<BomPage />, { path: '/bom?itemId=2' });
    await user.click(await screen.findByRole('button', { name: 'v2' }));
    const actions = await screen.findByRole('group', { name: 'Дії зі специфікацією' });
    await user.click(within(actions).getByRole('button', { name: 'Зробити основною' }));
    await waitFor(() =>
      expect(calls(fetchMock, 'POST').map(([url]) => String(url))).toEqual(['/api/bom/12/make-default']),
    );
    expect(await screen.findByText('Специфікацію зроблено основною')).toBeTruthy();
  });

  it('shows a bought component only where it is used, through every level', async () => {
    stubApi((url) => {
      if (url.startsWith('/api/bom/items?ids=7')) return list([resistor]);
      if (url.startsWith('/api/bom?itemId=7')) return list([]);
      if (url === '/api/bom/where-used/7') {
        return jsonResponse([
          {
            bomId: 11,
            bomName: 'Основна',
            bomStatus: 'active',
            isDefault: true,
            itemId: 3,
            sku: 'ПЛ-БЖ',
            name: 'Плата блока живлення',
            kind: 'semi_finished',
            level: 1,
            perUnitQty: '10.200000',
            path: ['Плата блока живлення', 'Резистор 10 кОм 0603'],
          },
          {
            bomId: 10,
            bomName: 'Основна',
            bomStatus: 'active',
            isDefault: true,
            itemId: 2,
            sku: 'БЖ-12-2',
            name: 'Блок живлення БЖ-12/2',
            kind: 'product',
            level: 2,
            perUnitQty: '10.200000',
            path: ['Блок живлення БЖ-12/2', 'Плата блока живлення', 'Резистор 10 кОм 0603'],
          },
        ]);
      }
      return undefined;
    });
    renderWithProviders(<BomPage />, { path: '/bom?itemId=7' });
    expect(await screen.findByRole('heading', { name: 'Резистор 10 кОм 0603' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Склад' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Де використовується' }).getAttribute('aria-selected')).toBe('true');
    const table = await screen.findByRole('table', { name: 'Де використовується «Резистор 10 кОм 0603»' });
    const productRow = within(table).getByRole('link', { name: 'Блок живлення БЖ-12/2' }).closest('tr')!;
    expect(within(productRow).getByText('через 1 рівень')).toBeTruthy();
    expect(within(productRow).getByText('10,2')).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'Плата блока живлення' }).getAttribute('href')).toBe(
      '/bom?itemId=3',
    );
  });

  it('offers no changes to a user who may only view /bom', async () => {
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
      if (url.startsWith('/api/users/5/accessible-menu'))
        return jsonResponse([{ route: '/bom', canView: true, canAccess: false }]);
      return undefined;
    });
    renderWithProviders(<BomPage />, { path: '/bom?itemId=2' });
    await screen.findByRole('table', { name: 'Склад' });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Імпорт' })).toBeNull());
    expect(screen.queryByRole('group', { name: 'Дії зі специфікацією' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Нова специфікація' })).toBeNull();
    expect(calls(fetchMock, 'POST')).toHaveLength(0);
  });
});
