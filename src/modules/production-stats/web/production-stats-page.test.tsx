// The production statistics page (production.md §13) on a stubbed API: the KPI cards show the summary's exact
// figures in Ukrainian, each chart carries its data as a hidden table (dates дд.мм.рррр, decimal commas), the
// table's tabs ask their endpoint, the download links carry the page's filters, presets change the period, and a
// refused period shows the server's reason.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  statsCategoryRowSchema,
  statsDepartmentRowSchema,
  statsItemRowSchema,
  statsPeriodRowSchema,
  statsSummarySchema,
  type StatsFigures,
} from '../production-stats.contract.ts';
import { todayIso } from '@/web/lib/document-format.ts';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { presetPeriod } from '@/web/components/report-period.tsx';
import { ProductionStatsPage } from './production-stats-page.tsx';

const zero: StatsFigures = {
  producedQty: '0.0000',
  producedValue: '0.00',
  scrapQty: '0.0000',
  scrapRate: null,
  completedMOs: 0,
  onTimeRate: null,
  avgLeadTimeDays: null,
  planAdherence: null,
};
const month = presetPeriod('month');
const summary = statsSummarySchema.parse({
  ...month,
  producedQty: '1250.0000',
  producedValue: '48250.50',
  scrapQty: '17.0000',
  scrapRate: '15.00',
  completedMOs: 3,
  onTimeRate: '66.67',
  avgLeadTimeDays: '2.50',
  planAdherence: '80.00',
});
const periods = [
  statsPeriodRowSchema.parse({
    ...zero,
    period: '2026-11-01',
    producedQty: '5.0000',
    scrapQty: '1.0000',
    scrapRate: '16.67',
  }),
  statsPeriodRowSchema.parse({ ...zero, period: '2026-11-02' }),
];
const categories = [
  statsCategoryRowSchema.parse({ ...zero, categoryId: 3, categoryName: 'Блоки живлення', producedQty: '3.0000' }),
  statsCategoryRowSchema.parse({ ...zero, categoryId: null, categoryName: null, producedQty: '1.0000' }),
];
const items = [
  statsItemRowSchema.parse({ ...zero, itemId: 7, sku: 'PSU-12', name: 'Блок 12 В', producedQty: '1250.0000' }),
];
const departments = [
  statsDepartmentRowSchema.parse({ ...zero, departmentId: 2, departmentName: 'Монтажна дільниця', scrapQty: '3.0000' }),
];

function stubApi(fail?: string) {
  return stubFetch((url) => {
    if (url === '/api/auth/user') return jsonResponse({ error: 'Потрібно увійти' }, 401);
    if (fail && url.startsWith('/api/production-stats/summary')) return jsonResponse({ error: fail }, 400);
    if (url.startsWith('/api/production-stats/summary')) return jsonResponse(summary);
    if (url.startsWith('/api/production-stats/by-period')) return jsonResponse(periods);
    if (url.startsWith('/api/production-stats/by-category')) return jsonResponse(categories);
    if (url.startsWith('/api/production-stats/by-item')) return jsonResponse(items);
    if (url.startsWith('/api/production-stats/by-department')) return jsonResponse(departments);
    if (url.startsWith('/api/lookups/')) return jsonResponse([]);
    return jsonResponse({ error: `unexpected ${url}` }, 404);
  });
}

const callsTo = (fetchMock: ReturnType<typeof stubFetch>, path: string) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith(`/api/production-stats/${path}`));
const paramsOf = (url: string | undefined) => new URLSearchParams((url ?? '').split('?')[1] ?? '');

describe('ProductionStatsPage', () => {
  it('shows the summary in the KPI cards and each chart’s data as a hidden table', async () => {
    const fetchMock = stubApi();
    renderWithProviders(<ProductionStatsPage />, { path: '/production-stats' });
    const kpis = await screen.findByRole('region', { name: 'Статистика виробництва' });
    const text = kpis.textContent!.replace(/\u00a0/g, ' ');
    expect(text).toContain('Випущено 1 250');
    expect(text).toContain('На суму 48 250,50 грн');
    expect(text).toContain('Рівень браку 15 %');
    expect(text).toContain('Брак: 17');
    expect(text).toContain('Завершено МВ 3');
    expect(text).toContain('Вчасно 66,67 %');
    expect(text).toContain('Середній цикл 2,5 дн.');
    expect(text).toContain('Виконання плану 80 %');
    expect(paramsOf(callsTo(fetchMock, 'summary')[0]).get('from')).toBe(month.from);
    expect(paramsOf(callsTo(fetchMock, 'by-period')[0]).get('granularity')).toBe('day');

    const output = screen.getByRole('table', { name: 'Випуск за періодами' });
    const outputRows = within(output)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(outputRows).toEqual(['ПеріодВипущеноБрак', '01.11.202651', '02.11.202600']);
    const pie = screen.getByRole('table', { name: 'Випуск за категоріями' });
    expect(
      within(pie)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['КатегоріяВипущеноЧастка', 'Блоки живлення375 %', 'Без категорії125 %']);
    const scrap = screen.getByRole('table', { name: 'Рівень браку, %' });
    expect(within(scrap).getAllByRole('row')[1]!.textContent).toBe('01.11.202616,67 %');
    expect(within(scrap).getAllByRole('row')[2]!.textContent).toBe('02.11.2026—');

    const table = await screen.findByRole('table', { name: 'Статистика за товарами' });
    expect(within(table).getByText('Блок 12 В')).toBeTruthy();
    // A row's name narrows the whole page to it.
    await userEvent.setup().click(within(table).getByRole('button', { name: 'Показати лише «Блок 12 В»' }));
    await waitFor(() => expect(paramsOf(callsTo(fetchMock, 'summary').at(-1)).get('itemId')).toBe('7'));
    expect(paramsOf(callsTo(fetchMock, 'by-item').at(-1)).get('itemId')).toBe('7');
  });

  it('carries the filters in the download links and asks the chosen tab’s endpoint', async () => {
    const fetchMock = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<ProductionStatsPage />, { path: '/production-stats' });
    await screen.findByRole('region', { name: 'Статистика виробництва' });

    await user.click(screen.getByRole('button', { name: 'Тижні' }));
    await waitFor(() => expect(paramsOf(callsTo(fetchMock, 'by-period').at(-1)).get('granularity')).toBe('week'));
    await user.click(screen.getByRole('button', { name: 'Рік' }));
    const year = `${todayIso().slice(0, 4)}-01-01`;
    await waitFor(() => expect(paramsOf(callsTo(fetchMock, 'summary').at(-1)).get('from')).toBe(year));
    expect(screen.getByRole('button', { name: 'Рік' }).getAttribute('aria-pressed')).toBe('true');

    const [periodExport, tableExport] = screen.getAllByRole('button', { name: 'Експорт' });
    await user.click(periodExport!);
    const csv = await screen.findByRole('menuitem', { name: /CSV/ });
    const params = paramsOf(csv.getAttribute('href')!);
    expect(csv.getAttribute('href')).toMatch(/^\/api\/production-stats\/by-period\?/);
    expect(Object.fromEntries(params)).toEqual({ from: year, to: todayIso(), granularity: 'week', format: 'csv' });
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('tab', { name: 'Відділи' }));
    expect(await screen.findByText('Монтажна дільниця')).toBeTruthy();
    await user.click(tableExport!);
    const xlsx = await screen.findByRole('menuitem', { name: /XLSX/ });
    expect(xlsx.getAttribute('href')).toBe(
      `/api/production-stats/by-department?from=${year}&to=${todayIso()}&format=xlsx`,
    );
    expect(xlsx.hasAttribute('download')).toBe(true);
  });

  it('shows the server’s reason when it refuses the period', async () => {
    stubApi('Період — не довше трьох років');
    renderWithProviders(<ProductionStatsPage />, { path: '/production-stats' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Не вдалося завантажити статистику: Період — не довше трьох років');
    expect(screen.getByRole('button', { name: 'Повторити' })).toBeTruthy();
  });
});
