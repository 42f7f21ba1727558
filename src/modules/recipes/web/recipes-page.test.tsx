import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  recipePreviewSchema,
  recipeSchema,
  recipeSummarySchema,
  type RecipePreview,
  type RecipeSummary,
} from '@/modules/recipes/recipes.contract.ts';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { RecipesPage } from './recipes-page.tsx';

const serial: RecipeSummary = recipeSummarySchema.parse({
  id: 5,
  itemId: 40,
  itemSku: 'ПЛ-БЖ',
  itemName: 'Плата блока живлення',
  name: 'Серійна, оплавлення',
  bomId: 3,
  bomName: 'Основна',
  techCardId: 7,
  techCardName: 'Плата БЖ — серійний монтаж',
  batchSize: '50.0000',
  labourRatePerHour: null,
  isDefault: true,
  status: 'active',
  costPerUnit: '25.000000',
  updatedAt: '2026-11-01T10:00:00.000Z',
});
const hand: RecipeSummary = recipeSummarySchema.parse({
  ...serial,
  id: 6,
  name: 'Дрібна партія, ручна пайка',
  techCardId: 8,
  techCardName: 'Плата БЖ — ручна пайка',
  batchSize: '5.0000',
  isDefault: false,
  costPerUnit: '43.495000',
});

const preview = (batchSize: string, qtyB: string, perUnit: string): RecipePreview =>
  recipePreviewSchema.parse({
    itemId: 40,
    batchSize,
    labourRatePerHour: null,
    bom: { id: 3, name: 'Основна', status: 'active', outputQty: '1.0000', lineCount: 2 },
    materials: [
      {
        bomLineId: 1,
        lineNo: 1,
        itemId: 11,
        sku: 'IC-1',
        name: 'Мікросхема',
        unitShortName: 'шт',
        perUnitQty: '1.000000',
        batchQty: batchSize,
      },
      {
        bomLineId: 2,
        lineNo: 2,
        itemId: 12,
        sku: 'R-1',
        name: 'Резистор',
        unitShortName: 'шт',
        perUnitQty: `${qtyB}.000000`,
        batchQty: String(Number(qtyB) * Number(batchSize)),
      },
    ],
    techCard: { id: 7, name: 'Плата БЖ — серійний монтаж', status: 'active', baseName: null },
    operations: [
      {
        seq: 10,
        name: 'Монтаж SMD',
        departmentName: 'SMT',
        positionName: 'Оператор',
        setupMinutes: '10.00',
        runMinutesPerUnit: '2.0000',
        canRunParallel: false,
        qualityCheck: false,
        inherited: false,
        minutes: '30.00',
        labour: '60.00',
        overhead: '30.00',
      },
    ],
    minutes: '30.00',
    leadTimeDays: 1,
    cost: { material: '160.00', labour: '60.00', overhead: '30.00', total: '250.00', perUnit, noPrice: [] },
    costError: null,
  });

const serialRecipe = (p: RecipePreview) =>
  recipeSchema.parse({
    ...serial,
    unitShortName: 'шт',
    instructions: '**Увага**',
    notes: null,
    version: 3,
    createdAt: '2026-10-01T10:00:00.000Z',
    preview: p,
  });

const options = {
  boms: [
    { id: 3, name: 'Основна', status: 'active', isDefault: true, outputQty: '1.0000' },
    { id: 4, name: 'v2', status: 'draft', isDefault: false, outputQty: '1.0000' },
  ],
  techCards: [
    {
      id: 7,
      name: 'Плата БЖ — серійний монтаж',
      status: 'active',
      isDefault: true,
      baseTechCardId: null,
      baseName: null,
    },
    {
      id: 8,
      name: 'Плата БЖ — ручна пайка',
      status: 'active',
      isDefault: false,
      baseTechCardId: 7,
      baseName: 'Плата БЖ — серійний монтаж',
    },
  ],
};

type Answer = (url: string, init: RequestInit) => Response | undefined;
function stubApi(answer: Answer = () => undefined) {
  return stubFetch((url, init) => {
    const own = answer(url, init);
    if (own) return own;
    if (url === '/api/auth/user') return jsonResponse({ error: 'Потрібно увійти' }, 401);
    if (url.startsWith('/api/recipes?'))
      return new Response(JSON.stringify([serial, hand]), {
        headers: { 'content-type': 'application/json', 'X-Total-Count': '2' },
      });
    if (url === '/api/recipes/options?itemId=40') return jsonResponse(options);
    if (url.startsWith('/api/lookups/products')) return jsonResponse([{ id: 40, label: 'ПЛ-БЖ Плата блока живлення' }]);
    return jsonResponse({ error: 'Не знайдено' }, 404);
  });
}

const requests = (fetchMock: ReturnType<typeof stubFetch>, method: string, prefix: string) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url).startsWith(prefix) && (init?.method ?? 'GET') === method);

describe('RecipesPage', () => {
  it('lists name, item, BOM, tech card, batch size, cost per unit and the default star', async () => {
    stubApi();
    renderWithProviders(<RecipesPage />, { path: '/recipes' });
    expect(screen.getByRole('heading', { name: 'Рецепти' })).toBeTruthy();
    const row = (await screen.findByRole('button', { name: 'Відкрити рецепт «Серійна, оплавлення»' })).closest('tr')!;
    expect(within(row).getByRole('img', { name: 'Типовий рецепт виробу' })).toBeTruthy();
    expect(within(row).getByText('Основна')).toBeTruthy();
    expect(within(row).getByText('Плата БЖ — серійний монтаж')).toBeTruthy();
    expect(within(row).getByText('50')).toBeTruthy();
    expect(within(row).getByText('25,00')).toBeTruthy();
    const other = screen.getByRole('button', { name: 'Відкрити рецепт «Дрібна партія, ручна пайка»' }).closest('tr')!;
    expect(within(other).getByText('43,50')).toBeTruthy();
    expect(within(other).queryByRole('img')).toBeNull();
  });

  it("filters by a link's item until 'Скинути фільтри', and deletes a recipe only after asking", async () => {
    const fetchMock = stubApi((url, init) => {
      if (url === '/api/recipes/5' && init.method === 'DELETE') return new Response(null, { status: 204 });
      if (url === '/api/recipes/5') return jsonResponse(serialRecipe(preview('10', '3', '25.000000')));
      if (url.startsWith('/api/recipes/preview?')) return jsonResponse(preview('10', '3', '25.000000'));
      return undefined;
    });
    const lastList = () => new URL(String(requests(fetchMock, 'GET', '/api/recipes?').at(-1)![0]), 'http://x');
    const user = userEvent.setup();
    renderWithProviders(<RecipesPage />, { path: '/recipes?itemId=40' });
    await screen.findByRole('button', { name: 'Відкрити рецепт «Серійна, оплавлення»' });
    expect(lastList().searchParams.get('itemId')).toBe('40');
    await user.click(screen.getByRole('button', { name: 'Скинути фільтри' }));
    await waitFor(() => expect(lastList().searchParams.has('itemId')).toBe(false));
    expect(lastList().searchParams.get('sort')).toBe('itemName');
    expect(screen.queryByRole('button', { name: 'Скинути фільтри' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Відкрити рецепт «Серійна, оплавлення»' }));
    const dialog = await screen.findByRole('dialog', { name: /Рецепт «Серійна, оплавлення»/ });
    await user.click(await within(dialog).findByRole('button', { name: 'Видалити' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Видалити рецепт?' });
    expect(requests(fetchMock, 'DELETE', '/api/recipes/5')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Видалити' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests(fetchMock, 'DELETE', '/api/recipes/5')).toHaveLength(1);
  });

  it('asks for the item, BOM, tech card and batch size (never ingredients) and previews the variant live', async () => {
    const fetchMock = stubApi((url, init) => {
      if (url.startsWith('/api/recipes/preview?')) {
        const batch = new URL(url, 'http://x').searchParams.get('batchSize')!;
        return jsonResponse(preview(batch, '3', batch === '10' ? '25.000000' : '26.100000'));
      }
      if (url === '/api/recipes' && init.method === 'POST')
        return jsonResponse(serialRecipe(preview('10', '3', '25.000000')), 201);
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<RecipesPage />, { path: '/recipes' });
    await user.click(await screen.findByRole('button', { name: 'Новий рецепт' }));
    const dialog = await screen.findByRole('dialog', { name: 'Новий рецепт' });
    expect(within(dialog).queryByText(/інгредієнт/i)).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Зберегти' }));
    expect(
      await within(dialog).findByText('Оберіть товар або напівфабрикат', { selector: '[role="alert"]' }),
    ).toBeTruthy();
    expect(within(dialog).getByText('Вкажіть назву')).toBeTruthy();
    expect(requests(fetchMock, 'POST', '/api/recipes')).toHaveLength(0);

    await user.click(within(dialog).getByRole('combobox', { name: /Виріб/ }));
    await user.click(await screen.findByRole('option', { name: 'ПЛ-БЖ Плата блока живлення' }));
    // The item's default BOM and tech card are picked from its own lists.
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: /Специфікація/ }).textContent).toContain('Основна'),
    );
    expect(within(dialog).getByRole('combobox', { name: /Технологічна карта/ }).textContent).toContain(
      'Плата БЖ — серійний монтаж',
    );
    await user.type(within(dialog).getByLabelText(/Назва/), 'Серійна, оплавлення');
    const batch = within(dialog).getByLabelText(/Розмір партії/);
    await user.clear(batch);
    await user.type(batch, '10');
    await waitFor(() => expect(within(dialog).getByTestId('preview-unit-cost').textContent).toBe('25,00'));
    expect(
      within(dialog)
        .getAllByTestId('batch-qty')
        .map((cell) => cell.textContent?.trim()),
    ).toEqual(['10 шт', '30 шт']);
    expect(within(dialog).getByTestId('preview-minutes').textContent).toBe('30');
    expect(
      requests(fetchMock, 'GET', '/api/recipes/preview?')
        .map(([url]) => String(url))
        .at(-1),
    ).toBe('/api/recipes/preview?itemId=40&bomId=3&techCardId=7&batchSize=10');

    await user.click(within(dialog).getByRole('button', { name: 'Зберегти' }));
    await waitFor(() => expect(requests(fetchMock, 'POST', '/api/recipes')).toHaveLength(1));
    const body = JSON.parse(String(requests(fetchMock, 'POST', '/api/recipes')[0]![1]!.body)) as Record<
      string,
      unknown
    >;
    expect(body).toMatchObject({ itemId: 40, name: 'Серійна, оплавлення', bomId: 3, techCardId: 7, batchSize: '10' });
    expect(Object.keys(body).sort()).toEqual(
      [
        'batchSize',
        'bomId',
        'instructions',
        'itemId',
        'labourRatePerHour',
        'name',
        'notes',
        'status',
        'techCardId',
      ].sort(),
    );
  });

  it('shows a changed BOM line in the preview the next time the recipe is opened (nothing is stored)', async () => {
    let qtyB = '3';
    stubApi((url) => {
      if (url === '/api/recipes/5') return jsonResponse(serialRecipe(preview('10', qtyB, '25.000000')));
      if (url.startsWith('/api/recipes/preview?')) {
        return jsonResponse(preview('10', qtyB, qtyB === '3' ? '25.000000' : '29.000000'));
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<RecipesPage />, { path: '/recipes' });
    await user.click(await screen.findByRole('button', { name: 'Відкрити рецепт «Серійна, оплавлення»' }));
    let dialog = await screen.findByRole('dialog', { name: /Рецепт «Серійна, оплавлення»/ });
    await waitFor(() => expect(within(dialog).getAllByTestId('batch-qty')[1]!.textContent?.trim()).toBe('30 шт'));
    await user.click(within(dialog).getAllByRole('button', { name: 'Закрити' })[0]!);

    qtyB = '5'; // someone changed the BOM line on /bom
    await user.click(screen.getByRole('button', { name: 'Відкрити рецепт «Серійна, оплавлення»' }));
    dialog = await screen.findByRole('dialog', { name: /Рецепт «Серійна, оплавлення»/ });
    await waitFor(() => expect(within(dialog).getAllByTestId('batch-qty')[1]!.textContent?.trim()).toBe('50 шт'));
    await waitFor(() => expect(within(dialog).getByTestId('preview-unit-cost').textContent).toBe('29,00'));
  });
});
