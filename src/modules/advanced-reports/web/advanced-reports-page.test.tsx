// The 'Розширені звіти' page (reports-admin.md §3) on a stubbed API: the form is built from the parameter schema the
// catalogue answers (a period, a date, a reference picker, a choice), 'Сформувати' asks for the first page with the
// parameters and shows it in Ukrainian (dates дд.мм.рррр, money with a comma), the chosen report and its parameters
// live in the address, and the CSV / Excel / PDF downloads carry the same parameters.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import type { CatalogueEntry } from '../advanced-reports.contract.ts';
import { AdvancedReportsPage } from './advanced-reports-page.tsx';

const catalogue: CatalogueEntry[] = [
  {
    key: 'demo-register',
    title: 'Демо-реєстр',
    description: 'Звіт для перевірки форми',
    params: [
      { name: 'period', kind: 'period', label: 'Період' },
      { name: 'asOf', kind: 'date', label: 'На дату' },
      { name: 'clientId', kind: 'reference', label: 'Клієнт', route: '/clients' },
      {
        name: 'status',
        kind: 'choice',
        label: 'Стан',
        options: [
          { value: 'open', label: 'Відкритий' },
          { value: 'closed', label: 'Закритий' },
        ],
      },
    ],
    columns: [
      { key: 'day', header: 'Дата', kind: 'date' },
      { key: 'client', header: 'Клієнт', kind: 'text' },
      { key: 'amount', header: 'Сума, грн', kind: 'money' },
    ],
    landscape: false,
  },
  {
    key: 'other',
    title: 'Інший звіт',
    description: 'Без параметрів',
    params: [],
    columns: [{ key: 'name', header: 'Назва', kind: 'text' }],
    landscape: false,
  },
];

function stubApi() {
  return stubFetch((url) => {
    if (url === '/api/auth/user') return jsonResponse({ error: 'Потрібно увійти' }, 401);
    if (url === '/api/advanced-reports') return jsonResponse(catalogue);
    if (url.startsWith('/api/advanced-reports/demo-register')) {
      return jsonResponse({
        key: 'demo-register',
        title: 'Демо-реєстр',
        rows: [{ day: '2026-11-05', client: 'Енергоплюс', amount: '1200.50' }],
        total: 1,
        capped: false,
        page: 1,
        pageSize: 50,
      });
    }
    if (url.startsWith('/api/lookups/')) return jsonResponse([]);
    return jsonResponse({ error: `unexpected ${url}` }, 404);
  });
}
const reportCalls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/advanced-reports/'));

describe('AdvancedReportsPage', () => {
  it('builds the form from the report schema, previews the first page and carries the parameters to the downloads', async () => {
    const fetchMock = stubApi();
    const { location } = renderWithProviders(<AdvancedReportsPage />, { path: '/advanced-reports' });
    const user = userEvent.setup();
    const list = await screen.findByRole('navigation', { name: 'Звіти' });
    await user.click(within(list).getByRole('button', { name: /Демо-реєстр/ }));

    const form = await screen.findByRole('form', { name: 'Параметри звіту' });
    expect(within(form).getByRole('group', { name: 'Період' })).toBeTruthy();
    expect(within(form).getByLabelText('Початок періоду')).toBeTruthy();
    expect(within(form).getByLabelText('Кінець періоду')).toBeTruthy();
    expect(within(form).getByLabelText('На дату')).toBeTruthy();
    expect(within(form).getByRole('combobox', { name: 'Стан' })).toBeTruthy();
    expect(within(form).getByRole('combobox', { name: /Клієнт/ })).toBeTruthy();
    expect(reportCalls(fetchMock)).toEqual([]);
    expect(screen.getByText('Задайте параметри і натисніть «Сформувати»')).toBeTruthy();

    await user.click(within(form).getByRole('button', { name: 'Сформувати' }));
    const table = await screen.findByRole('table', { name: 'Демо-реєстр' });
    const text = table.textContent!.replace(/\u00a0|\u202f/g, ' ');
    expect(text).toContain('05.11.2026');
    expect(text).toContain('1 200,50');
    expect(text).toContain('Енергоплюс');
    const [call] = reportCalls(fetchMock);
    const params = new URLSearchParams(call!.split('?')[1]);
    expect(params.get('from')).toMatch(/^\d{4}-\d{2}-01$/);
    expect(params.get('page')).toBe('1');
    expect(params.has('status')).toBe(false);
    expect(location.history.at(-1)).toContain('report=demo-register');
    expect(location.history.at(-1)).toContain('run=1');

    const downloads = screen.getByRole('group', { name: 'Завантажити' });
    const pdf = within(downloads).getByRole('link', { name: /PDF/ }).getAttribute('href')!;
    expect(pdf).toContain('/api/advanced-reports/demo-register?');
    expect(new URLSearchParams(pdf.split('?')[1]).get('format')).toBe('pdf');
    expect(new URLSearchParams(pdf.split('?')[1]).get('from')).toBe(params.get('from'));
    const xlsx = within(downloads).getByRole('link', { name: /Excel/ }).getAttribute('href')!;
    expect(new URLSearchParams(xlsx.split('?')[1]).get('format')).toBe('xlsx');
  });

  it('opens the report and its parameters from the address, and asks again after a parameter changes', async () => {
    stubApi();
    renderWithProviders(<AdvancedReportsPage />, {
      path: '/advanced-reports?report=demo-register&from=2026-10-01&to=2026-10-31&run=1',
    });
    await screen.findByRole('table', { name: 'Демо-реєстр' });
    const form = screen.getByRole('form', { name: 'Параметри звіту' });
    expect((within(form).getByLabelText('Початок періоду') as HTMLInputElement).value).toBe('01.10.2026');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Демо-реєстр/ }).getAttribute('aria-pressed')).toBe('true'),
    );
  });
});
