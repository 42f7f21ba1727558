// The profitability page (reports-admin.md §2) on a stubbed API: the cards show the report's exact figures in
// Ukrainian (money with two decimals and a comma, the margin as a percent), the months' chart carries its data as a
// hidden table, the filters and the grouping live in the address (a bookmarked address opens the same report), the
// download carries them, and a client filter says why write-offs are not split.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { profitabilitySchema } from '../reports.contract.ts';
import { presetPeriod } from '@/web/components/report-period.tsx';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { ProfitabilityPage } from './profitability-page.tsx';

const month = presetPeriod('month');
const figures = { qty: '2.0000', revenue: '300.00', cogs: '200.00', grossProfit: '100.00', margin: '33.33' };
const report = (groupBy: string, split = false) =>
  profitabilitySchema.parse({
    ...month,
    groupBy,
    totals: {
      ...figures,
      writeOffs: split ? null : '40.00',
      productionVariances: split ? null : '0.00',
      warrantyCost: split ? null : '0.00',
      operatingResult: split ? null : '60.00',
    },
    rows:
      groupBy === 'item'
        ? [{ ...figures, key: 7, label: 'Блок живлення 12 В', sku: 'PSU-12' }]
        : [{ ...figures, key: `${month.from.slice(0, 7)}-01`, label: `${month.from.slice(0, 7)}-01`, sku: null }],
    rowsTotal: 1,
    months: [{ ...figures, month: `${month.from.slice(0, 7)}-01` }],
    topClients: [{ id: 3, name: 'Енергоплюс', revenue: '300.00', grossProfit: '100.00' }],
    topItems: [{ id: 7, name: 'Блок живлення 12 В', revenue: '300.00', grossProfit: '100.00' }],
  });

function stubApi() {
  return stubFetch((url) => {
    if (url === '/api/auth/user') return jsonResponse({ error: 'Потрібно увійти' }, 401);
    if (url.startsWith('/api/reports/profitability')) {
      const params = new URLSearchParams(url.split('?')[1]);
      return jsonResponse(report(params.get('groupBy') ?? 'month', params.has('clientId')));
    }
    if (url.startsWith('/api/lookups/')) return jsonResponse([]);
    return jsonResponse({ error: `unexpected ${url}` }, 404);
  });
}
const calls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/reports/profitability'));
const paramsOf = (url: string | undefined) => new URLSearchParams((url ?? '').split('?')[1] ?? '');
const text = (el: HTMLElement) => el.textContent!.replace(/\u00a0|\u202f/g, ' ');

describe('ProfitabilityPage', () => {
  it('shows the figures of the month in Ukrainian and the months’ chart as a hidden table', async () => {
    const fetchMock = stubApi();
    renderWithProviders(<ProfitabilityPage />, { path: '/reports' });
    const cards = await screen.findByRole('region', { name: 'Прибутковість' });
    expect(text(cards)).toContain('Виручка 300,00 грн');
    expect(text(cards)).toContain('Валовий прибуток 100,00 грн');
    expect(text(cards)).toContain('Маржа 33,33 %');
    expect(text(cards)).toContain('Списання 40,00 грн');
    expect(text(cards)).toContain('Результат до постійних витрат 60,00 грн');
    expect(Object.fromEntries(paramsOf(calls(fetchMock)[0]))).toMatchObject({ ...month, groupBy: 'month', page: '1' });
    const chart = screen.getByRole('table', { name: 'Виручка, собівартість і маржа за місяцями' });
    expect(
      within(chart)
        .getAllByRole('row')[1]!
        .textContent!.replace(/\u00a0|\u202f/g, ' '),
    ).toBe(`${month.from.slice(5, 7)}.${month.from.slice(0, 4)}300,00200,0033,33 %`);
    expect(text(screen.getByText('Топ-10 клієнтів за валовим прибутком').parentElement!)).toContain(
      '1.Енергоплюс100,00',
    );
  });

  it('keeps the grouping in the address, opens a bookmarked address as it was, and exports what is shown', async () => {
    const fetchMock = stubApi();
    const user = userEvent.setup();
    const { location } = renderWithProviders(<ProfitabilityPage />, { path: '/reports' });
    await screen.findByRole('region', { name: 'Прибутковість' });
    await user.click(screen.getByRole('button', { name: 'Товар' }));
    await waitFor(() => expect(paramsOf(calls(fetchMock).at(-1)).get('groupBy')).toBe('item'));
    expect(location.history!.at(-1)).toBe('/reports?groupBy=item');
    const table = await screen.findByRole('table', { name: 'Прибутковість за групами' });
    expect(within(table).getByText('Блок живлення 12 В')).toBeTruthy();
    expect(within(table).getByText('PSU-12')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Експорт' }));
    const xlsx = await screen.findByRole('menuitem', { name: /XLSX/ });
    expect(Object.fromEntries(paramsOf(xlsx.getAttribute('href')!))).toEqual({
      ...month,
      groupBy: 'item',
      format: 'xlsx',
    });
  });

  it('opens an address with dates and no preset with no preset pressed, and keeps a typed period so', async () => {
    const fetchMock = stubApi();
    renderWithProviders(<ProfitabilityPage />, { path: '/reports?from=2026-01-01&to=2026-11-20&groupBy=item' });
    await screen.findByRole('region', { name: 'Прибутковість' });
    expect(Object.fromEntries(paramsOf(calls(fetchMock)[0]))).toMatchObject({ from: '2026-01-01', to: '2026-11-20' });
    const presets = screen.getByRole('group', { name: 'Швидкий вибір періоду' });
    for (const name of ['Місяць', 'Квартал', 'Рік']) {
      expect(within(presets).getByRole('button', { name }).getAttribute('aria-pressed'), name).toBe('false');
    }
  });

  it('opens an address with a client filter and says the write-offs cannot be split by client', async () => {
    const fetchMock = stubApi();
    renderWithProviders(<ProfitabilityPage />, { path: '/reports?clientId=3&groupBy=client&from=bad' });
    const cards = await screen.findByRole('region', { name: 'Прибутковість' });
    expect(Object.fromEntries(paramsOf(calls(fetchMock)[0]))).toMatchObject({
      clientId: '3',
      groupBy: 'client',
      ...month,
    });
    expect(text(cards)).toContain('Не розподіляється за клієнтом, компанією чи менеджером');
    expect(screen.getByRole('button', { name: 'Скинути фільтри' })).toBeTruthy();
  });
});
