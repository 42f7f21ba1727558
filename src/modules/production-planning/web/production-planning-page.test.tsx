import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { cellAnswerSchema, planningAnswerSchema } from '../production-planning.contract.ts';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { ProductionPlanningPage } from './production-planning-page.tsx';

const weeks = ['2026-11-23', '2026-11-30', '2026-12-07', '2026-12-14'];
const cell = (week: string, load: string, capacity: string, utilisation: string | null, unplanned = '0.00') => ({
  week,
  capacityHours: capacity,
  loadHours: load,
  unplannedHours: unplanned,
  utilisation,
});
const grid = planningAnswerSchema.parse({
  weeks,
  currentWeek: weeks[0],
  plannedUtilisation: '0.85',
  unplannedItems: 2,
  departments: [
    {
      id: 3,
      name: 'Складальна дільниця',
      workers: 2,
      overdue: { loadHours: '4.00', unplannedHours: '0.00', mos: 1 },
      cells: [
        cell(weeks[0]!, '30.00', '68.00', '44.1'),
        cell(weeks[1]!, '61.20', '68.00', '90.0'),
        cell(weeks[2]!, '80.00', '68.00', '120.6', '2.00'),
        cell(weeks[3]!, '0.00', '0.00', null),
      ],
    },
  ],
});
const cellAnswer = cellAnswerSchema.parse({
  departmentId: 3,
  departmentName: 'Складальна дільниця',
  week: weeks[0],
  mos: [
    {
      id: 5,
      number: 'MO-2026-00005',
      itemName: 'Плата керування',
      qty: '10.0000',
      status: 'released',
      plannedStart: '2026-11-25',
      dueDate: '2026-12-04',
      weekSource: 'plannedStart',
      overdue: false,
      version: 4,
      hours: '30.00',
      operations: [{ seq: 10, name: 'Монтаж', status: 'ready', minutes: '1800.00' }],
    },
  ],
  unplanned: [],
});

function stubApi(options: { fail?: boolean } = {}) {
  const patches: Array<{ url: string; body: unknown }> = [];
  const fetchMock = stubFetch((url, init) => {
    if (url === '/api/auth/user') return jsonResponse({ error: 'Потрібно увійти' }, 401);
    if (url.startsWith('/api/production-planning/mo/') && init.method === 'PATCH') {
      const body = JSON.parse(String(init.body)) as { plannedStart: string; version: number };
      patches.push({ url, body });
      return jsonResponse({ id: 5, number: 'MO-2026-00005', plannedStart: body.plannedStart, version: 5 });
    }
    if (url.startsWith('/api/production-planning/cell')) return jsonResponse(cellAnswer);
    if (options.fail && url.startsWith('/api/production-planning')) {
      return jsonResponse({ error: 'Кількість тижнів — ціле число від 1 до 26' }, 400);
    }
    if (url.startsWith('/api/production-planning')) return jsonResponse(grid);
    if (url.startsWith('/api/lookups/')) return jsonResponse([]);
    return jsonResponse({ error: `unexpected ${url}` }, 404);
  });
  const gridCalls = () =>
    fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => /^\/api\/production-planning\?/.test(url));
  return { patches, gridCalls };
}

const text = (element: HTMLElement) => element.textContent!.replace(/\u00a0/g, ' ');
/**
 * An accessible name compared without its spaces: jsdom's name computation trims the separators the cell says only to
 * screen readers (', ' in a visually hidden span), which a browser reads as written.
 */
const squeeze = (text: string) => text.replace(/\s+/g, '');
const spaced =
  (expected: string, { prefix = false } = {}) =>
  (name: string) =>
    prefix ? squeeze(name).startsWith(squeeze(expected)) : squeeze(name) === squeeze(expected);

describe('ProductionPlanningPage', () => {
  it('shows each cell’s hours and percent, and says amber and overload in words', async () => {
    const { gridCalls } = stubApi();
    renderWithProviders(<ProductionPlanningPage />, { path: '/production-planning' });
    const table = await screen.findByRole('table', { name: 'Завантаження дільниць за тижнями' });
    const row = within(table).getByRole('row', { name: /Складальна дільниця/ });
    // Each cell is read as the department, the week and what it shows, the state in words — never by colour alone.
    const names = [
      'Складальна дільниця, тиждень з 23.11.2026: 44,1 %, 30 з 68 год, У межах. Показати замовлення',
      'Складальна дільниця, тиждень з 30.11.2026: 90 %, 61,2 з 68 год, Майже повне. Показати замовлення',
      'Складальна дільниця, тиждень з 07.12.2026: 120,6 %, 82 з 68 год, з них незаплановано 2 год, Перевантаження. Показати замовлення',
      'Складальна дільниця, тиждень з 14.12.2026: —, 0 з 0 год, Немає потужності. Показати замовлення',
    ];
    for (const name of names) expect(within(row).getByRole('button', { name: spaced(name) })).toBeTruthy();
    // The states a sighted user reads are words on the cell, not only its colour.
    expect(text(row)).toContain('Майже повне');
    expect(text(row)).toContain('Перевантаження');
    expect(text(row)).toContain('4 год');
    expect(text(screen.getByRole('list', { name: 'Умовні позначення' }))).toContain('понад 100 % — перевантаження');
    expect(screen.getByRole('link', { name: 'Незаплановане: 2 вироби' }).getAttribute('href')).toBe(
      '/ordered-products',
    );
    expect(gridCalls()[0]).toBe('/api/production-planning?weeks=8');

    await userEvent.click(screen.getByRole('button', { name: '12 тижнів' }));
    await waitFor(() => expect(gridCalls().at(-1)).toBe('/api/production-planning?weeks=12'));
  });

  it('lists a cell’s MOs and moves one with the keyboard select: PATCH, toast, heatmap refreshed', async () => {
    const { patches, gridCalls } = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<ProductionPlanningPage />, { path: '/production-planning' });
    await user.click(
      await screen.findByRole('button', {
        name: spaced('Складальна дільниця, тиждень з 23.11.2026: 44,1 %', { prefix: true }),
      }),
    );
    const sheet = await screen.findByRole('dialog');
    const link = await within(sheet).findByRole('link', { name: 'MO-2026-00005' });
    expect(link.getAttribute('href')).toBe('/manufacturing?search=MO-2026-00005');
    expect(text(sheet)).toContain('Плата керування × 10');
    expect(text(sheet)).toContain('10 Монтаж — Готова');
    const before = gridCalls().length;

    await user.selectOptions(within(sheet).getByLabelText('Перенести на тиждень'), weeks[1]!);
    await waitFor(() => expect(patches).toHaveLength(1));
    // Wednesday stays Wednesday in the new week.
    expect(patches[0]).toEqual({
      url: '/api/production-planning/mo/5',
      body: { plannedStart: '2026-12-02', version: 4 },
    });
    expect(await screen.findByText('MO-2026-00005 перенесено на тиждень з 30.11.2026')).toBeTruthy();
    await waitFor(() => expect(gridCalls().length).toBeGreaterThan(before));
  });

  it('moves an MO dropped on another week', async () => {
    const { patches } = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<ProductionPlanningPage />, { path: '/production-planning' });
    await user.click(
      await screen.findByRole('button', {
        name: spaced('Складальна дільниця, тиждень з 23.11.2026: 44,1 %', { prefix: true }),
      }),
    );
    const sheet = await screen.findByRole('dialog');
    await within(sheet).findByRole('link', { name: 'MO-2026-00005' });
    const target = sheet.querySelector(`[data-week="${weeks[2]}"]`)!;
    const dataTransfer = { types: ['application/x-erp-mo'], getData: () => '5' };
    fireEvent.dragOver(target, { dataTransfer });
    fireEvent.drop(target, { dataTransfer });
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]!.body).toEqual({ plannedStart: '2026-12-09', version: 4 });
  });

  it('shows the server’s reason when the plan does not load', async () => {
    stubApi({ fail: true });
    renderWithProviders(<ProductionPlanningPage />, { path: '/production-planning' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Не вдалося завантажити план');
  });
});
