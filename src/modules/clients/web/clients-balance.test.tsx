// The /clients list's balance (reference-data.md §13, reports-admin.md §3): 'Баланс' and 'Прострочено' as money
// (decimal comma, 2 decimals, an overdue debt in red, not sortable — the server derives them) and the debt filter
// ('Усі' / 'З боргом' / 'З простроченим боргом') sent to the server.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createResourcePage } from '@/resources/_engine/web/resource-page.tsx';
import { clientsResource } from '@/resources/counterparties/counterparties.resource.ts';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { clientExtensions } from './client-extensions.tsx';

const ClientsPage = createResourcePage(clientsResource, clientExtensions);

const base = {
  legalForm: 'legal_entity',
  taxId: null,
  phone: null,
  primaryContact: null,
  discountPercent: '5.00',
  managerUserId: null,
  managerUserIdLabel: null,
  isActive: true,
};
const rows = [
  { ...base, id: 1, name: 'Енергоплюс', balance: '1500.00', overdue: '200.50' },
  { ...base, id: 2, name: 'Аванс', balance: '-50.00', overdue: '0.00' },
];

function stubApi() {
  return stubFetch((url) => {
    if (url.startsWith('/api/clients?'))
      return new Response(JSON.stringify(rows), {
        headers: { 'content-type': 'application/json', 'X-Total-Count': '2' },
      });
    if (url.startsWith('/api/lookups/')) return jsonResponse([]);
    return jsonResponse({ error: 'Не знайдено' }, 404);
  });
}
const listUrls = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/clients?'));

describe('/clients balance', () => {
  it('shows the balance and the overdue debt as money, the overdue one in red', async () => {
    stubApi();
    renderWithProviders(<ClientsPage />, { path: '/clients' });
    const table = await screen.findByRole('table', { name: 'Клієнти' });
    await within(table).findByText('Енергоплюс');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers.slice(headers.indexOf('Баланс'), headers.indexOf('Баланс') + 2)).toEqual(['Баланс', 'Прострочено']);
    // Derived on the server: no sort button on either.
    expect(within(within(table).getByRole('columnheader', { name: 'Баланс' })).queryByRole('button')).toBeNull();

    const first = within(table).getByText('Енергоплюс').closest('tr')!;
    const cells = within(first)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toContain('1\u00a0500,00');
    expect(within(first).getByText('200,50').className).toContain('text-destructive');
    const second = within(table).getByText('Аванс').closest('tr')!;
    expect(within(second).getByText('-50,00')).toBeTruthy();
    expect(within(second).getByText('0,00').className).not.toContain('text-destructive');
  });

  it('filters by debt on the server and back to all', async () => {
    const fetchMock = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<ClientsPage />, { path: '/clients' });
    await screen.findByText('Енергоплюс');
    expect(listUrls(fetchMock).at(-1)).not.toContain('debt=');

    await user.click(screen.getByRole('combobox', { name: 'Заборгованість' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Усі',
      'З боргом',
      'З простроченим боргом',
    ]);
    await user.click(screen.getByRole('option', { name: 'З простроченим боргом' }));
    await waitFor(() => expect(listUrls(fetchMock).at(-1)).toMatch(/^\/api\/clients\?page=1&.*&debt=overdue$/));

    await user.click(screen.getByRole('combobox', { name: 'Заборгованість' }));
    await user.click(await screen.findByRole('option', { name: 'З боргом' }));
    await waitFor(() => expect(listUrls(fetchMock).at(-1)).toContain('&debt=debt'));

    await user.click(screen.getByRole('combobox', { name: 'Заборгованість' }));
    await user.click(await screen.findByRole('option', { name: 'Усі' }));
    // The unfiltered page again (from the cache): the filter reads 'Усі' and nothing is filtered any more.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Заборгованість' }).textContent).toContain('Усі'));
    expect(screen.queryByRole('button', { name: 'Скинути фільтри' })).toBeNull();
  });
});
