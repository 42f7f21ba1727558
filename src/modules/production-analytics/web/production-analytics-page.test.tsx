import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  departmentsAnswerSchema,
  operationsAnswerSchema,
  pauseRowSchema,
  workerLoadSchema,
} from '../production-analytics.contract.ts';
import { presetPeriod } from '@/web/components/report-period.tsx';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { ProductionAnalyticsPage } from './production-analytics-page.tsx';

const load = {
  workedHours: '30.00',
  availableHours: '40.00',
  utilisationPercent: '75.0',
  earnedMinutes: '1500.00',
  operationMinutes: '1800.00',
  efficiencyPercent: '83.3',
  goodQty: '100.0000',
  scrapQty: '0.0000',
  scrapRatePercent: '0.0',
};
const workers = [
  workerLoadSchema.parse({
    workerId: 1,
    name: 'Гребенюк Іван',
    departmentId: 2,
    departmentName: 'Складальна дільниця',
    weeklyHours: 40,
    ...load,
  }),
  workerLoadSchema.parse({
    workerId: 2,
    name: 'Дмитренко Іван',
    departmentId: 2,
    departmentName: 'Складальна дільниця',
    weeklyHours: 40,
    ...load,
    workedHours: '10.00',
    utilisationPercent: '25.0',
    efficiencyPercent: '4.3',
  }),
];
const departments = departmentsAnswerSchema.parse({
  weeks: ['2026-11-16', '2026-11-23'],
  departments: [
    {
      departmentId: 2,
      name: 'Складальна дільниця',
      workers: 2,
      ...load,
      workedHours: '40.00',
      availableHours: '80.00',
      utilisationPercent: '50.0',
      weeks: [
        { week: '2026-11-16', hours: '40.00' },
        { week: '2026-11-23', hours: '0.00' },
      ],
    },
  ],
  total: { workers: 2, ...load, workedHours: '40.00', availableHours: '80.00', utilisationPercent: '50.0' },
});
const pauses = [pauseRowSchema.parse({ reason: 'Обід', count: 1, minutes: '45.00' })];
const operations = operationsAnswerSchema.parse({
  total: 1,
  operations: [
    {
      operationId: 9,
      moId: 4,
      moNumber: 'MO-2026-00004',
      seq: 10,
      name: 'Монтаж плати',
      departmentName: 'Складальна дільниця',
      status: 'done',
      plannedMinutes: '1500.00',
      actualMinutes: '1800.00',
      deviationPercent: '20.0',
    },
  ],
});

function stubApi(fail?: string) {
  return stubFetch((url) => {
    if (url === '/api/auth/user') return jsonResponse({ error: 'Потрібно увійти' }, 401);
    if (fail && url.startsWith('/api/production-analytics/workers')) return jsonResponse({ error: fail }, 400);
    if (url.startsWith('/api/production-analytics/workers')) return jsonResponse(workers);
    if (url.startsWith('/api/production-analytics/departments')) return jsonResponse(departments);
    if (url.startsWith('/api/production-analytics/pauses')) return jsonResponse(pauses);
    if (url.startsWith('/api/production-analytics/operations')) return jsonResponse(operations);
    if (url.startsWith('/api/lookups/')) return jsonResponse([]);
    return jsonResponse({ error: `unexpected ${url}` }, 404);
  });
}

const callsTo = (fetchMock: ReturnType<typeof stubFetch>, path: string) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith(`/api/production-analytics/${path}`));
const paramsOf = (url: string | undefined) => new URLSearchParams((url ?? '').split('?')[1] ?? '');
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => row.textContent!.replace(/\u00a0/g, ' '));

describe('ProductionAnalyticsPage', () => {
  it('shows the totals, each chart’s data as a hidden table and the workers’ table', async () => {
    const fetchMock = stubApi();
    renderWithProviders(<ProductionAnalyticsPage />, { path: '/production-analytics' });
    const kpis = await screen.findByRole('region', { name: 'Аналіз завантаженості' });
    const text = kpis.textContent!.replace(/\u00a0/g, ' ');
    expect(text).toContain('Відпрацьовано 40,00');
    expect(text).toContain('Доступно 80,00 год');
    expect(text).toContain('Завантаженість 50 %');
    expect(text).toContain('Ефективність 83,3 %');
    const month = presetPeriod('month');
    expect(Object.fromEntries(paramsOf(callsTo(fetchMock, 'workers')[0]))).toEqual(month);

    expect(rowsOf(screen.getByRole('table', { name: 'Завантаженість працівників' }))).toEqual([
      'ПрацівникЗавантаженість, %Ефективність, %',
      'Гребенюк Іван75 %83,3 %',
      'Дмитренко Іван25 %4,3 %',
    ]);
    expect(rowsOf(screen.getByRole('table', { name: 'Паузи за причинами' }))).toEqual([
      'ПричинаХвилинЧастка',
      'Обід45100 %',
    ]);
    expect(rowsOf(screen.getByRole('table', { name: 'Години дільниць за тижнями' }))).toEqual([
      'Тиждень зСкладальна дільниця',
      '16.11.202640,00',
      '23.11.20260,00',
    ]);
    // The tables: workers first; the operations are asked for only when their tab opens.
    expect(callsTo(fetchMock, 'operations')).toEqual([]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Операції' }));
    expect(await screen.findByText('MO-2026-00004')).toBeTruthy();
    expect(screen.getByText('+20 %')).toBeTruthy();
  });

  it('sends the department and worker filters and carries them in the download', async () => {
    const fetchMock = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<ProductionAnalyticsPage />, { path: '/production-analytics' });
    await screen.findByRole('region', { name: 'Аналіз завантаженості' });
    await user.click(screen.getByRole('button', { name: 'Тиждень' }));
    const week = presetPeriod('week');
    await waitFor(() => expect(paramsOf(callsTo(fetchMock, 'workers').at(-1)).get('from')).toBe(week.from));
    expect(screen.getByRole('button', { name: 'Тиждень' }).getAttribute('aria-pressed')).toBe('true');

    const [headerExport] = screen.getAllByRole('button', { name: 'Експорт' });
    await user.click(headerExport!);
    const csv = await screen.findByRole('menuitem', { name: /CSV/ });
    expect(csv.getAttribute('href')).toBe(
      `/api/production-analytics/workers?from=${week.from}&to=${week.to}&format=csv`,
    );
  });

  it('shows the server’s reason when it refuses the period', async () => {
    stubApi('Період — не довше 3 років');
    renderWithProviders(<ProductionAnalyticsPage />, { path: '/production-analytics' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Не вдалося завантажити аналіз: Період — не довше 3 років');
  });
});
