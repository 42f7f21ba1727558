import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deferred, jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { setPhoneWidth } from '@/web/testing/viewport.ts';
import { Route } from 'wouter';
import {
  createMosAnswerSchema,
  forecastDetailSchema,
  forecastLineRowSchema,
  forecastSeriesSchema,
  forecastSuggestionsSchema,
  type ForecastDetail,
} from '../production-forecasts.contract.ts';
import { ProductionForecastPage } from './production-forecast-page.tsx';

const realisedNone = { lines: 0, sumActual: '0', accuracy: null, wape: null, bias: null };

const forecast: ForecastDetail = forecastDetailSchema.parse({
  id: 7,
  name: 'Контролери, помісячно',
  scope: 'items',
  scopeLabel: '2 позиції',
  granularity: 'month',
  method: 'moving_average',
  windowN: 3,
  alpha: '0.3',
  historyPeriods: 12,
  horizonPeriods: 2,
  status: 'calculated',
  calculatedAt: '2026-11-02T08:00:00.000Z',
  backtestAccuracy: '85.3',
  realisedAccuracy: '80.0',
  itemCount: 2,
  updatedAt: '2026-11-02T08:00:00.000Z',
  version: 3,
  notes: null,
  itemIds: [11, 12],
  categoryId: null,
  historyFrom: '2025-11-01',
  historyTo: '2026-10-01',
  periods: ['2026-11-01', '2026-12-01'],
  realised: { lines: 1, sumActual: '25', accuracy: '80.0', wape: '20.0', bias: '-20.0' },
  createdAt: '2026-11-01T08:00:00.000Z',
  createdByName: 'Олена Коваль',
  updatedByName: null,
});

const lines = [
  forecastLineRowSchema.parse({
    itemId: 11,
    sku: 'CTRL-01',
    name: 'Контролер К1',
    unitShortName: 'шт',
    wholeUnits: true,
    lowHistory: false,
    nextForecast: '20',
    backtestAccuracy: '85.3',
    realised: { lines: 1, sumActual: '25', accuracy: '80.0', wape: '20.0', bias: '-20.0' },
    cells: [
      { periodStart: '2026-11-01', forecastQty: '20', actualQty: '25' },
      { periodStart: '2026-12-01', forecastQty: '20', actualQty: null },
    ],
  }),
  forecastLineRowSchema.parse({
    itemId: 12,
    sku: 'CTRL-02',
    name: 'Контролер К2 (новий)',
    unitShortName: 'шт',
    wholeUnits: true,
    lowHistory: true,
    nextForecast: '0',
    backtestAccuracy: null,
    realised: realisedNone,
    cells: [
      { periodStart: '2026-11-01', forecastQty: '0', actualQty: null },
      { periodStart: '2026-12-01', forecastQty: '0', actualQty: null },
    ],
  }),
];

const series = forecastSeriesSchema.parse({
  itemId: 11,
  sku: 'CTRL-01',
  name: 'Контролер К1',
  unitShortName: 'шт',
  granularity: 'month',
  lowHistory: false,
  points: [
    { periodStart: '2026-08-01', history: '10', forecast: null, actual: null },
    { periodStart: '2026-09-01', history: '20', forecast: null, actual: null },
    { periodStart: '2026-10-01', history: '30', forecast: null, actual: null },
    { periodStart: '2026-11-01', history: null, forecast: '20', actual: '25' },
  ],
});

const suggestions = forecastSuggestionsSchema.parse({
  periodStart: '2026-12-01',
  rows: [
    {
      itemId: 11,
      sku: 'CTRL-01',
      name: 'Контролер К1',
      unitShortName: 'шт',
      wholeUnits: true,
      forecastQty: '20',
      free: '4',
      inProduction: '2',
      suggestedQty: '14',
      problem: null,
    },
    {
      itemId: 12,
      sku: 'CTRL-02',
      name: 'Контролер К2 (новий)',
      unitShortName: 'шт',
      wholeUnits: true,
      forecastQty: '5',
      free: '0',
      inProduction: '0',
      suggestedQty: '5',
      problem: null,
    },
  ],
});

function stubApi(answer: (url: string, init: RequestInit) => Response | undefined = () => undefined) {
  return stubFetch((url, init) => {
    const own = answer(url, init);
    if (own) return own;
    if (url === '/api/auth/user') return jsonResponse({ error: 'Потрібно увійти' }, 401);
    if (url === '/api/production-forecasts/7') return jsonResponse(forecast);
    if (url.startsWith('/api/production-forecasts/7/lines?'))
      return new Response(JSON.stringify(lines), {
        headers: { 'content-type': 'application/json', 'X-Total-Count': '2' },
      });
    if (url.startsWith('/api/production-forecasts/7/series?itemId=11')) return jsonResponse(series);
    if (url === '/api/production-forecasts/7/suggestions') return jsonResponse(suggestions);
    return jsonResponse({ error: 'Не знайдено' }, 404);
  });
}

const renderPage = () =>
  renderWithProviders(
    <Route path="/production-forecasts/:id">
      <ProductionForecastPage />
    </Route>,
    { path: '/production-forecasts/7' },
  );

describe('ProductionForecastPage', () => {
  it('shows a calculated forecast: the accuracy, the periods table, the chart’s table and “Мало історії”', async () => {
    stubApi();
    renderPage();

    expect(await screen.findByRole('heading', { name: 'Контролери, помісячно' })).toBeTruthy();
    const accuracy = await screen.findByRole('region', { name: 'Точність' });
    expect(within(accuracy).getAllByText('85,3 %').length).toBeGreaterThan(0);
    expect(within(accuracy).getAllByText('80,0 %').length).toBeGreaterThan(0);
    expect(within(accuracy).getAllByText('−20,0 %').length).toBeGreaterThan(0);

    const table = screen.getByRole('table', { name: 'Прогноз: позиції за періодами' });
    expect(within(table).getByRole('columnheader', { name: 'листопад 2026' })).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: 'грудень 2026' })).toBeTruthy();
    const first = within(within(table).getByText('Контролер К1').closest('tr')!);
    expect(first.getByText('факт 25')).toBeTruthy();
    const second = within(within(table).getByText('Контролер К2 (новий)').closest('tr')!);
    expect(second.getByText('Мало історії')).toBeTruthy();

    // The chart's hidden table reads the item's history, forecast and actual by period.
    const chart = await screen.findByRole('table', { name: 'Історія, прогноз і факт: Контролер К1' });
    const october = within(within(chart).getByText('жовтень 2026').closest('tr')!);
    expect(october.getByText('30')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Створити МВ' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Видалити' })).toBeNull();
  });

  it('on a phone the items and their periods are cards, not a wide table', async () => {
    setPhoneWidth();
    stubApi();
    renderPage();

    const cards = await screen.findByRole('list', { name: 'Прогноз: позиції за періодами' });
    const first = within(within(cards).getByText('Контролер К1').closest('li')!);
    expect(first.getByText('листопад 2026')).toBeTruthy();
    expect(first.getByText('факт 25')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Прогноз: позиції за періодами' })).toBeNull();
    expect(within(screen.getByRole('list', { name: 'Точність за позиціями' })).getByText('Мало історії')).toBeTruthy();
  });

  it('“Створити МВ” sends the edited quantities without the removed rows and links the created MOs', async () => {
    const bodies: unknown[] = [];
    stubApi((url, init) => {
      if (url === '/api/production-forecasts/7/create-manufacturing-orders' && init.method === 'POST') {
        bodies.push(JSON.parse(String(init.body)));
        return jsonResponse(
          createMosAnswerSchema.parse({
            created: [{ id: 41, number: 'MO-2026-00041', itemId: 11, qty: '12.5' }],
            message: 'Створено виробничих замовлень: 1 (MO-2026-00041)',
          }),
        );
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Створити МВ' }));
    const dialog = await screen.findByRole('dialog', { name: 'Створити виробничі замовлення' });
    const form = within(dialog);
    expect(form.getByText(/грудень 2026/)).toBeTruthy();
    const qty = await form.findByLabelText('Кількість до випуску: Контролер К1');
    expect((qty as HTMLInputElement).value).toBe('14');
    await user.clear(qty);
    await user.type(qty, '12,5');
    await user.click(form.getByRole('button', { name: 'Прибрати «Контролер К2 (новий)» зі створення' }));
    await user.click(form.getByRole('button', { name: 'Створити 1 замовлення' }));

    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({ lines: [{ itemId: 11, qty: '12.5' }] });
    const link = await form.findByRole('link', { name: 'MO-2026-00041' });
    expect(link.getAttribute('href')).toBe('/manufacturing?open=41');
  });

  it('a draft: saves its parameters with the version, then calculates with a status line while the server works', async () => {
    const draft = forecastDetailSchema.parse({
      ...forecast,
      status: 'draft',
      scope: 'all',
      scopeLabel: 'Усі виготовлені товари',
      itemIds: [],
      calculatedAt: null,
      backtestAccuracy: null,
      realisedAccuracy: null,
      historyFrom: null,
      historyTo: null,
      periods: [],
      realised: realisedNone,
    });
    const patches: unknown[] = [];
    const calculation = deferred<Response>();
    const calculateBodies: unknown[] = [];
    stubApi((url, init) => {
      if (url !== '/api/production-forecasts/7') return undefined;
      if (init.method === 'PATCH') {
        patches.push(JSON.parse(String(init.body)));
        return jsonResponse({ ...draft, historyPeriods: 24, version: 4 });
      }
      return jsonResponse(draft);
    });
    const base = globalThis.fetch;
    const user = userEvent.setup();
    renderPage();

    const form = within(await screen.findByRole('region', { name: 'Параметри' }));
    expect(form.getByLabelText('Вікно n, періодів')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Видалити' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Створити МВ' })).toBeNull();
    const history = form.getByLabelText('Глибина історії, періодів');
    await user.clear(history);
    await user.type(history, '24');
    // Unsaved parameters are not calculated.
    expect((screen.getByRole('button', { name: 'Розрахувати' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(form.getByRole('button', { name: 'Зберегти параметри' }));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toMatchObject({ version: 3, historyPeriods: 24, windowN: 3, method: 'moving_average' });
    expect(patches[0]).not.toHaveProperty('alpha');

    stubFetch((url, init) => {
      if (url !== '/api/production-forecasts/7/calculate') return base(url, init);
      calculateBodies.push(JSON.parse(String(init.body)));
      return calculation.promise;
    });
    const calculate = await screen.findByRole('button', { name: 'Розрахувати' });
    await waitFor(() => expect((calculate as HTMLButtonElement).disabled).toBe(false));
    await user.click(calculate);
    expect(await screen.findByText(/Розраховуємо прогноз/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Розрахунок…' })).toBeTruthy();
    calculation.resolve(jsonResponse({ ...forecast, version: 5 }));
    expect(await screen.findByRole('region', { name: 'Точність' })).toBeTruthy();
    // The version of the saved copy.
    expect(calculateBodies).toEqual([{ version: 4 }]);
  });

  it('“Архівувати” asks first and sends the version; an archived forecast may be deleted, then the list opens', async () => {
    const archived = forecastDetailSchema.parse({ ...forecast, status: 'archived', version: 4 });
    const calls: string[] = [];
    stubApi((url, init) => {
      if (url === '/api/production-forecasts/7/archive') {
        calls.push(`archive ${String(init.body)}`);
        return jsonResponse(archived);
      }
      if (url === '/api/production-forecasts/7' && init.method === 'DELETE') {
        calls.push('delete');
        return new Response(null, { status: 204 });
      }
      return undefined;
    });
    const user = userEvent.setup();
    const { location } = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Архівувати' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Перенести прогноз в архів?' });
    expect(calls).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Архівувати' }));
    await waitFor(() => expect(calls).toEqual(['archive {"version":3}']));
    expect(await screen.findByText('Архів')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Перерахувати' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Створити МВ' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Видалити' }));
    const remove = await screen.findByRole('alertdialog', { name: 'Видалити прогноз?' });
    await user.click(within(remove).getByRole('button', { name: 'Видалити' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/production-forecasts'));
    expect(calls).toEqual(['archive {"version":3}', 'delete']);
  });
});
