// The product profitability page (reports-admin.md §7) on a stubbed API: the cards and the table show the server's
// figures in Ukrainian with the flags 'Збиткова' and 'Нижче цілі', the top and the distribution charts carry their
// data as hidden tables, the flag filter lives in the address and the download, and a row opens its trend drawer.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { productProfitabilitySchema, productTrendSchema } from '../product-profitability.contract.ts';
import { presetPeriod } from '@/web/components/report-period.tsx';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { ProductProfitabilityPage } from './product-profitability-page.tsx';

const month = presetPeriod('month');
const loss = {
  itemId: 7,
  sku: 'PSU-12',
  name: 'Блок живлення 12 В',
  qty: '2.0000',
  revenue: '160.00',
  cogs: '200.00',
  grossProfit: '-40.00',
  margin: '-25.00',
  avgUnitCost: '100.00',
  avgPrice: '80.00',
  plannedUnitCost: null,
  retailPrice: '100.00',
  plannedMargin: null,
  targetMarkup: null,
  loss: true,
  belowTarget: false,
};
const made = {
  ...loss,
  itemId: 8,
  sku: 'KT-100',
  name: 'Контролер КТ-100',
  qty: '1.0000',
  revenue: '100.00',
  cogs: '55.00',
  grossProfit: '45.00',
  margin: '45.00',
  avgUnitCost: '55.00',
  avgPrice: '100.00',
  plannedUnitCost: '100.00',
  plannedMargin: '0.00',
  targetMarkup: '20.00',
  loss: false,
  belowTarget: true,
};
const report = (flag: string | null) =>
  productProfitabilitySchema.parse({
    ...month,
    totals: { qty: '3.0000', revenue: '260.00', cogs: '255.00', grossProfit: '5.00', margin: '1.92' },
    rows: flag === 'loss' ? [loss] : flag === 'belowTarget' ? [made] : [made, loss],
    total: flag ? 1 : 2,
    distribution: [
      { bucket: 'negative', count: 1 },
      { bucket: '0-10', count: 0 },
      { bucket: '10-20', count: 0 },
      { bucket: '20-30', count: 0 },
      { bucket: '30+', count: 1 },
    ],
  });

function stubApi() {
  return stubFetch((url) => {
    if (url === '/api/auth/user') return jsonResponse({ error: 'Потрібно увійти' }, 401);
    if (url.startsWith('/api/product-profitability/top')) {
      return jsonResponse([
        { itemId: 8, name: 'Контролер КТ-100', revenue: '100.00', grossProfit: '45.00', margin: '45.00' },
      ]);
    }
    if (url.startsWith('/api/product-profitability/8/trend')) {
      return jsonResponse(
        productTrendSchema.parse({
          itemId: 8,
          name: 'Контролер КТ-100',
          months: [
            {
              month: `${month.from.slice(0, 7)}-01`,
              qty: '1.0000',
              revenue: '100.00',
              cogs: '55.00',
              grossProfit: '45.00',
              margin: '45.00',
            },
          ],
        }),
      );
    }
    if (url.startsWith('/api/product-profitability')) {
      return jsonResponse(report(new URLSearchParams(url.split('?')[1]).get('flag')));
    }
    if (url.startsWith('/api/lookups/')) return jsonResponse([]);
    return jsonResponse({ error: `unexpected ${url}` }, 404);
  });
}
const listCalls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/product-profitability?'));
const paramsOf = (url: string | undefined) => new URLSearchParams((url ?? '').split('?')[1] ?? '');
const text = (el: HTMLElement) => el.textContent!.replace(/\u00a0|\u202f/g, ' ');

describe('ProductProfitabilityPage', () => {
  it('shows the figures, the flags and the charts of the month', async () => {
    const fetchMock = stubApi();
    renderWithProviders(<ProductProfitabilityPage />, { path: '/product-profitability' });
    const cards = await screen.findByRole('region', { name: 'Рентабельність продуктів' });
    expect(text(cards)).toContain('Виручка 260,00 грн');
    expect(text(cards)).toContain('Маржа 1,92 %');
    expect(text(cards)).toContain('Збиткових товарів 1');
    expect(Object.fromEntries(paramsOf(listCalls(fetchMock)[0]))).toEqual({ ...month, page: '1', limit: '50' });
    const table = screen.getByRole('table', { name: 'Рентабельність товарів' });
    const lossRow = within(table).getByText('Блок живлення 12 В').closest('tr')!;
    expect(text(lossRow)).toContain('-40,00');
    expect(text(lossRow)).toContain('-25 %');
    expect(within(lossRow).getByText('Збиткова')).toBeTruthy();
    const madeRow = within(table).getByText('Контролер КТ-100').closest('tr')!;
    expect(within(madeRow).getByText('Нижче цілі')).toBeTruthy();
    expect(text(madeRow)).toContain('100,000 %');
    const top = screen.getByRole('table', { name: 'Топ-10 товарів за валовим прибутком' });
    expect(text(within(top).getAllByRole('row')[1]!)).toBe('Контролер КТ-10045,00');
    const buckets = screen.getByRole('table', { name: 'Розподіл товарів за маржею' });
    expect(
      within(buckets)
        .getAllByRole('row')
        .map((r) => text(r)),
    ).toEqual(['МаржаТоварів', '< 0 %1', '0–10 %0', '10–20 %0', '20–30 %0', '≥ 30 %1']);
  });

  it('keeps the flag in the address and the download, and opens an item’s trend', async () => {
    const fetchMock = stubApi();
    const user = userEvent.setup();
    const { location } = renderWithProviders(<ProductProfitabilityPage />, { path: '/product-profitability' });
    await screen.findByRole('region', { name: 'Рентабельність продуктів' });
    await user.click(screen.getByRole('button', { name: 'Збиткові' }));
    await waitFor(() => expect(paramsOf(listCalls(fetchMock).at(-1)).get('flag')).toBe('loss'));
    expect(location.history!.at(-1)).toBe('/product-profitability?flag=loss');
    await user.click(screen.getByRole('button', { name: 'Експорт' }));
    const xlsx = await screen.findByRole('menuitem', { name: /XLSX/ });
    expect(Object.fromEntries(paramsOf(xlsx.getAttribute('href')!))).toEqual({
      ...month,
      flag: 'loss',
      format: 'xlsx',
    });
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Усі товари' }));
    await user.click(await screen.findByRole('button', { name: /Контролер КТ-100\s*—\s*динаміка/ }));
    const drawer = await screen.findByRole('dialog');
    const chart = await within(drawer).findByRole('table', { name: 'Виручка, собівартість і маржа за місяцями' });
    expect(text(within(chart).getAllByRole('row')[1]!)).toBe(
      `${month.from.slice(5, 7)}.${month.from.slice(0, 4)}100,0055,0045 %`,
    );
  });
});
