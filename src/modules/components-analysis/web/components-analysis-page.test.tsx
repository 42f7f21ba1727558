// The components analysis page (reports-admin.md §8) on a stubbed API: the cards and the table show the server's
// figures in Ukrainian with coverage, ABC and the flags 'Замовити' and 'Неліквід'; the 'Неліквід' filter and ABC
// live in the address and the download; a row opens its drill-down (months, prices per supplier, where-used).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { componentDetailSchema, componentsAnalysisSchema } from '../components-analysis.contract.ts';
import { presetPeriod } from '@/web/components/report-period.tsx';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { ComponentsAnalysisPage } from './components-analysis-page.tsx';

const month = presetPeriod('month');
const base = {
  unitShortName: 'шт',
  onOrder: '0.0000',
  whereUsed: 1,
  lastPrice: '2.00',
  lastPurchaseDate: '2026-11-03',
  lastSupplierName: 'Постачальник',
  priceChange: null,
  lastOutgoing: null,
};
const busy = {
  ...base,
  itemId: 5,
  sku: 'RES-10K',
  name: 'Резистор 10 кОм',
  consumptionQty: '300.0000',
  consumptionValue: '600.00',
  avgDaily: '10.0000',
  available: '150.0000',
  leadTimeDays: 20,
  coverageDays: '15.0',
  reorder: true,
  abc: 'A',
  dead: false,
};
const idle = {
  ...base,
  itemId: 6,
  sku: 'CAP-1U',
  name: 'Конденсатор 1 мкФ',
  consumptionQty: '0.0000',
  consumptionValue: '0.00',
  avgDaily: '0.0000',
  available: '5.0000',
  leadTimeDays: 7,
  coverageDays: null,
  reorder: false,
  abc: 'C',
  dead: true,
};
const report = (deadOnly: boolean) =>
  componentsAnalysisSchema.parse({
    ...month,
    days: 30,
    deadStockDays: 180,
    totals: { consumptionValue: '600.00', reorderCount: 1, deadCount: 1 },
    rows: deadOnly ? [idle] : [busy, idle],
    total: deadOnly ? 1 : 2,
  });

function stubApi() {
  return stubFetch((url) => {
    if (url === '/api/auth/user') return jsonResponse({ error: 'Потрібно увійти' }, 401);
    if (url.startsWith('/api/components-analysis/5')) {
      return jsonResponse(
        componentDetailSchema.parse({
          itemId: 5,
          sku: 'RES-10K',
          name: 'Резистор 10 кОм',
          months: [{ month: `${month.from.slice(0, 7)}-01`, qty: '300.0000', value: '600.00' }],
          prices: [
            { supplierId: 4, supplierName: 'Постачальник', date: '2026-11-03', qty: '450.0000', unitCost: '2.00' },
          ],
          whereUsed: [
            {
              bomId: 9,
              bomName: 'Основна',
              bomStatus: 'active',
              isDefault: true,
              itemId: 8,
              sku: 'KT-100',
              name: 'Контролер КТ-100',
              kind: 'product',
              level: 1,
              perUnitQty: '1.000000',
              path: ['Контролер КТ-100'],
            },
          ],
        }),
      );
    }
    if (url.startsWith('/api/components-analysis')) {
      return jsonResponse(report(new URLSearchParams(url.split('?')[1]).get('deadOnly') === 'true'));
    }
    if (url.startsWith('/api/lookups/')) return jsonResponse([]);
    return jsonResponse({ error: `unexpected ${url}` }, 404);
  });
}
const listCalls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/components-analysis?'));
const paramsOf = (url: string | undefined) => new URLSearchParams((url ?? '').split('?')[1] ?? '');
const text = (el: HTMLElement) => el.textContent!.replace(/\u00a0|\u202f/g, ' ');

describe('ComponentsAnalysisPage', () => {
  it('shows consumption, coverage, ABC and the flags', async () => {
    const fetchMock = stubApi();
    renderWithProviders(<ComponentsAnalysisPage />, { path: '/components-analysis' });
    const cards = await screen.findByRole('region', { name: 'Аналіз компонентів' });
    expect(text(cards)).toContain('Витрата за період 600,00 грн');
    expect(text(cards)).toContain('Потрібно замовити 1');
    expect(text(cards)).toContain('Без руху понад 180 днів');
    expect(Object.fromEntries(paramsOf(listCalls(fetchMock)[0]))).toEqual({ ...month, page: '1', limit: '50' });
    const table = screen.getByRole('table', { name: 'Аналіз компонентів' });
    const busyRow = within(table).getByText('Резистор 10 кОм').closest('tr')!;
    expect(text(busyRow)).toContain('300 шт');
    expect(text(busyRow)).toContain('15');
    expect(within(busyRow).getByText('Замовити')).toBeTruthy();
    expect(within(busyRow).getByText('A')).toBeTruthy();
    const idleRow = within(table).getByText('Конденсатор 1 мкФ').closest('tr')!;
    expect(within(idleRow).getByText('Неліквід')).toBeTruthy();
    expect(text(idleRow)).toContain('—');
  });

  it("keeps 'Неліквід' in the address and the download, and opens a component's drill-down", async () => {
    const fetchMock = stubApi();
    const user = userEvent.setup();
    const { location } = renderWithProviders(<ComponentsAnalysisPage />, { path: '/components-analysis' });
    await screen.findByRole('region', { name: 'Аналіз компонентів' });
    await user.click(screen.getByRole('button', { name: 'Лише неліквід' }));
    await waitFor(() => expect(paramsOf(listCalls(fetchMock).at(-1)).get('deadOnly')).toBe('true'));
    expect(location.history!.at(-1)).toBe('/components-analysis?dead=true');
    await waitFor(() => expect(screen.queryByText('Резистор 10 кОм')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Експорт' }));
    const xlsx = await screen.findByRole('menuitem', { name: /XLSX/ });
    expect(Object.fromEntries(paramsOf(xlsx.getAttribute('href')!))).toEqual({
      ...month,
      deadOnly: 'true',
      format: 'xlsx',
    });
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Лише неліквід' }));
    await user.click(await screen.findByRole('button', { name: /Резистор 10 кОм\s*—\s*деталі/ }));
    const drawer = await screen.findByRole('dialog');
    const prices = await within(drawer).findByRole('table', { name: 'Історія цін за постачальниками' });
    expect(text(within(prices).getAllByRole('row')[1]!)).toBe('Постачальник03.11.20264502,00');
    expect(text(within(drawer).getByRole('list', { name: 'Де використовується' }))).toContain('Контролер КТ-100');
  });
});
