import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { pick } from '@/web/testing/pick.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import {
  forecastCreateSchema,
  forecastDetailSchema,
  forecastRowSchema,
  type ForecastRow,
} from '../production-forecasts.contract.ts';
import { ProductionForecastsPage } from './production-forecasts-page.tsx';

const calculated: ForecastRow = forecastRowSchema.parse({
  id: 7,
  name: 'Контролери, помісячно',
  scope: 'category',
  scopeLabel: 'Контролери',
  granularity: 'month',
  method: 'moving_average',
  windowN: 3,
  alpha: '0.3',
  historyPeriods: 12,
  horizonPeriods: 3,
  status: 'calculated',
  calculatedAt: '2026-11-20T08:00:00.000Z',
  backtestAccuracy: '85.3',
  realisedAccuracy: '80.0',
  itemCount: 4,
  updatedAt: '2026-11-20T08:00:00.000Z',
});
const draft: ForecastRow = forecastRowSchema.parse({
  ...calculated,
  id: 8,
  name: 'Усе виробництво, потижнево',
  scope: 'all',
  scopeLabel: 'Усі виготовлені товари',
  granularity: 'week',
  method: 'exponential_smoothing',
  status: 'draft',
  calculatedAt: null,
  backtestAccuracy: null,
  realisedAccuracy: null,
  itemCount: 0,
});

function listResponse(rows: ForecastRow[]) {
  return new Response(JSON.stringify(rows), {
    headers: { 'content-type': 'application/json', 'X-Total-Count': String(rows.length) },
  });
}

function stubApi(
  rows: ForecastRow[],
  answer: (url: string, init: RequestInit) => Response | undefined = () => undefined,
) {
  return stubFetch((url, init) => {
    const own = answer(url, init);
    if (own) return own;
    if (url === '/api/auth/user') return jsonResponse({ error: 'Потрібно увійти' }, 401);
    if (url.startsWith('/api/production-forecasts?')) return listResponse(rows);
    return jsonResponse({ error: 'Не знайдено' }, 404);
  });
}

describe('ProductionForecastsPage', () => {
  it('lists the forecasts with scope, method, period, status and both accuracies; a row opens the forecast', async () => {
    stubApi([calculated, draft]);
    const user = userEvent.setup();
    const { location } = renderWithProviders(<ProductionForecastsPage />, { path: '/production-forecasts' });

    expect(screen.getByRole('heading', { name: 'Прогнозування виробництва' })).toBeTruthy();
    const row = (await screen.findByText('Контролери, помісячно')).closest('tr')!;
    const cells = within(row);
    expect(cells.getByText('Контролери')).toBeTruthy();
    expect(cells.getByText('Ковзне середнє')).toBeTruthy();
    expect(cells.getByText('Місяць')).toBeTruthy();
    expect(cells.getByText('Розраховано')).toBeTruthy();
    expect(cells.getByText('85,3 %')).toBeTruthy();
    expect(cells.getByText('80,0 %')).toBeTruthy();

    const other = within(screen.getByText('Усе виробництво, потижнево').closest('tr')!);
    expect(other.getByText('Експоненційне згладжування')).toBeTruthy();
    expect(other.getByText('Чернетка')).toBeTruthy();
    expect(other.getAllByText('—')).toHaveLength(2);

    await user.click(row);
    expect(location.history?.at(-1)).toBe('/production-forecasts/7');
  });

  it('says when nothing is found and asks the archive by the status filter', async () => {
    const fetchMock = stubApi([]);
    const user = userEvent.setup();
    renderWithProviders(<ProductionForecastsPage />, { path: '/production-forecasts' });

    expect(await screen.findByText('Прогнозів не знайдено')).toBeTruthy();
    expect(screen.getByText('Створіть перший прогноз кнопкою «Новий прогноз».')).toBeTruthy();

    await pick(user, screen.getByRole('combobox', { name: 'Статус' }), 'Архів');
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes('status=archived'))).toBe(true),
    );
  });

  it('shows only the chosen method’s parameter and sends the right body', async () => {
    const created = forecastDetailSchema.parse({
      ...draft,
      id: 9,
      name: 'Новий',
      version: 1,
      notes: null,
      itemIds: [],
      categoryId: null,
      historyFrom: null,
      historyTo: null,
      periods: [],
      realised: { lines: 0, sumActual: '0', accuracy: null, wape: null, bias: null },
      createdAt: '2026-11-28T10:00:00.000Z',
      createdByName: null,
      updatedByName: null,
    });
    const bodies: unknown[] = [];
    stubApi([], (url, init) => {
      if (url === '/api/production-forecasts' && init.method === 'POST') {
        bodies.push(JSON.parse(String(init.body)));
        return jsonResponse(created, 201);
      }
      return undefined;
    });
    const user = userEvent.setup();
    const { location } = renderWithProviders(<ProductionForecastsPage />, { path: '/production-forecasts' });

    await user.click(await screen.findByRole('button', { name: 'Новий прогноз' }));
    const dialog = await screen.findByRole('dialog', { name: 'Новий прогноз' });
    const form = within(dialog);
    expect(form.getByLabelText('Вікно n, періодів')).toBeTruthy();
    expect(form.queryByLabelText('Коефіцієнт α')).toBeNull();

    // Nothing named: the contract's own message lands on the field, nothing is sent.
    await user.click(form.getByRole('button', { name: 'Створити' }));
    expect(await form.findByText('Вкажіть назву прогнозу (до 200 символів)')).toBeTruthy();
    expect(bodies).toHaveLength(0);

    await user.type(form.getByLabelText(/Назва/), 'Новий');
    await pick(user, form.getByRole('combobox', { name: 'Метод' }), 'Експоненційне згладжування');
    expect(form.queryByLabelText('Вікно n, періодів')).toBeNull();
    const alpha = form.getByLabelText('Коефіцієнт α');
    await user.clear(alpha);
    await user.type(alpha, '1,5');
    await user.click(form.getByRole('button', { name: 'Створити' }));
    expect(await form.findByText(/Коефіцієнт згладжування α — число більше 0 і не більше 1/)).toBeTruthy();
    expect(bodies).toHaveLength(0);

    await user.clear(alpha);
    await user.type(alpha, '0,5');
    await user.click(form.getByRole('button', { name: 'Створити' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      name: 'Новий',
      scope: 'all',
      itemIds: [],
      categoryId: null,
      granularity: 'month',
      method: 'exponential_smoothing',
      alpha: '0,5',
      historyPeriods: 12,
      horizonPeriods: 3,
      notes: '',
    });
    expect(forecastCreateSchema.parse(bodies[0]).alpha).toBe('0.5');
    await waitFor(() => expect(location.history?.at(-1)).toBe('/production-forecasts/9'));
  });

  it('shows the server’s refusal of a field on that field', async () => {
    const bodies: unknown[] = [];
    stubApi([], (url, init) => {
      if (url.startsWith('/api/lookups/product-categories')) return jsonResponse([{ id: 5, label: 'Контролери' }]);
      if (url !== '/api/production-forecasts' || init.method !== 'POST') return undefined;
      bodies.push(JSON.parse(String(init.body)));
      return jsonResponse({ error: 'Некоректні дані запиту', fields: { categoryId: 'Категорію не знайдено' } }, 400);
    });
    const user = userEvent.setup();
    renderWithProviders(<ProductionForecastsPage />, { path: '/production-forecasts' });

    await user.click(await screen.findByRole('button', { name: 'Новий прогноз' }));
    const form = within(await screen.findByRole('dialog', { name: 'Новий прогноз' }));
    await user.type(form.getByLabelText(/Назва/), 'За категорією');
    await pick(user, form.getByRole('combobox', { name: 'Охоплення' }), 'Категорія');
    // No category chosen: the contract's message, nothing sent.
    await user.click(form.getByRole('button', { name: 'Створити' }));
    expect(await form.findByText('Оберіть категорію')).toBeTruthy();
    expect(bodies).toHaveLength(0);

    const category = form.getByRole('combobox', { name: /Категорія продукції/ });
    await pick(user, category, 'Контролери');
    await user.click(form.getByRole('button', { name: 'Створити' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ scope: 'category', categoryId: 5, itemIds: [] });
    const message = await form.findByText('Категорію не знайдено');
    expect(category.getAttribute('aria-describedby')).toBe(message.id);
    expect(category.getAttribute('aria-invalid')).toBe('true');
  });
});
