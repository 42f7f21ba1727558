// The manufacturing order drawer's linked documents (issue 21): the client order it is made for, a link to that
// order's drawer; a manufacturing order made to stock says it has none.
// (The drawer places MoLinks under its facts; the section is tried here on its own, reading the MO's endpoint.)
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { MoLinks } from './mo-related.tsx';

const stubRelated = (docs: unknown[]) =>
  stubFetch((url) =>
    url.split('?')[0] === '/api/manufacturing-orders/4/related'
      ? jsonResponse(docs)
      : jsonResponse({ error: 'Не знайдено' }, 404),
  );

const madeFor = {
  kind: 'order',
  id: 21,
  number: 'ORD-2026-00021',
  date: '2026-11-02',
  status: 'confirmed',
  statusLabel: 'Підтверджено',
  amount: '15000.00',
  currencyCode: 'UAH',
  detail: null,
};

describe('MoLinks — the linked documents of a manufacturing order', () => {
  it('shows the client order the MO is made for as a link to its drawer', async () => {
    const fetchMock = stubRelated([madeFor]);
    const user = userEvent.setup();
    const { location } = renderWithProviders(<MoLinks moId={4} />, { path: '/manufacturing?open=4' });
    const section = await screen.findByRole('region', { name: "Пов'язані документи" });
    const group = await within(section).findByRole('region', { name: 'Замовлення клієнтів' });
    expect(within(group).getByText('02.11.2026')).toBeTruthy();
    expect(within(group).getByText('15 000,00 грн')).toBeTruthy();
    await user.click(within(group).getByRole('link', { name: 'ORD-2026-00021' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/orders?open=21'));
    expect(fetchMock.mock.calls.map(([url]) => String(url).split('?')[0])).toEqual([
      '/api/manufacturing-orders/4/related',
    ]);
  });

  it('says there is none for an MO made to stock', async () => {
    stubRelated([]);
    renderWithProviders(<MoLinks moId={4} />);
    const section = await screen.findByRole('region', { name: "Пов'язані документи" });
    expect(await within(section).findByText("Пов'язаних документів немає")).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Замовлення клієнтів' })).toBeNull();
  });
});
