// The shipment drawer's linked documents and the way back to the order (issue 21): the order it ships is a link to
// the order's drawer; opened by the order's 'Відвантажити' (`&from=order`), the drawer offers
// 'Повернутися до замовлення …' and closing it goes back to the order; opened otherwise, neither.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Shipment } from '@/modules/shipments/shipments.contract.ts';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { useState } from 'react';
import { ShipmentDrawer } from './shipment-drawer.tsx';
import { draft } from './shipments-page.fixture.ts';
import { ShipmentLinks } from './shipment-related.tsx';

/** The fixture's draft (SHP-2026-00007 for ORD-2026-00003), its lines left out: the links are what is tested here. */
const shipment: Shipment = { ...draft, lines: [] };

const relatedOrder = {
  kind: 'order',
  id: 3,
  number: 'ORD-2026-00003',
  date: '2026-11-10',
  status: 'confirmed',
  statusLabel: 'Підтверджено',
  amount: '2400.00',
  currencyCode: 'UAH',
  detail: null,
};

function stubApi() {
  return stubFetch((url) => {
    if (url === '/api/shipments/7') return jsonResponse(shipment);
    if (url === '/api/shipments/7/related') return jsonResponse([relatedOrder]);
    if (url.startsWith('/api/lookups/')) return jsonResponse([]);
    return jsonResponse({ error: 'Не знайдено' }, 404);
  });
}

function renderDrawer(path: string) {
  let closed = 0;
  const view = renderWithProviders(
    <ShipmentDrawer shipmentId={7} canChange onChanged={() => undefined} onClose={() => (closed += 1)} />,
    { path },
  );
  return { ...view, closed: () => closed };
}

describe('ShipmentDrawer — linked documents', () => {
  it('links the order it ships to the order drawer', async () => {
    stubApi();
    const user = userEvent.setup();
    const { location } = renderDrawer('/shipments?open=7');
    const drawer = await screen.findByRole('dialog', { name: /SHP-2026-00007/ });
    const section = await within(drawer).findByRole('region', { name: "Пов'язані документи" });
    const group = await within(section).findByRole('region', { name: 'Замовлення клієнтів' });
    expect(within(group).getByText('10.11.2026')).toBeTruthy();
    expect(within(group).getByText('Підтверджено')).toBeTruthy();
    expect(within(group).getByText('2 400,00 грн')).toBeTruthy();
    // Not opened from the order: no way back offered.
    expect(within(drawer).queryByRole('link', { name: /Повернутися до замовлення/ })).toBeNull();
    await user.click(within(group).getByRole('link', { name: 'ORD-2026-00003' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/orders?open=3'));
  });

  it("offers the way back when the order's 'Відвантажити' opened it, and closing goes back to the order", async () => {
    stubApi();
    const user = userEvent.setup();
    const { location, closed } = renderDrawer('/shipments?open=7&from=order');
    const drawer = await screen.findByRole('dialog', { name: /SHP-2026-00007/ });
    const back = await within(drawer).findByRole('link', { name: 'Повернутися до замовлення ORD-2026-00003' });
    expect(back.getAttribute('href')).toBe('/orders?open=3');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(location.history.at(-1)).toBe('/orders?open=3'));
    expect(closed()).toBe(1);
  });

  it('closes as the page asks when it was not opened from an order', async () => {
    stubApi();
    const user = userEvent.setup();
    const { location, closed } = renderDrawer('/shipments?open=7');
    await screen.findByRole('dialog', { name: /SHP-2026-00007/ });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(closed()).toBe(1));
    expect(location.history).toEqual(['/shipments?open=7']);
  });
});

describe('ShipmentLinks — read again when the shipment changes', () => {
  it('shows the order as the server has it after the shipment is posted, not as it was when the drawer opened', async () => {
    let orderStatus = { status: 'confirmed', statusLabel: 'Підтверджено' };
    let reads = 0;
    stubFetch((url) => {
      if (url === '/api/shipments/7/related') {
        reads += 1;
        return jsonResponse([{ ...relatedOrder, ...orderStatus }]);
      }
      return jsonResponse({ error: 'Не знайдено' }, 404);
    });
    function Harness() {
      const [current, setCurrent] = useState(shipment);
      return (
        <>
          <button type="button" onClick={() => setCurrent({ ...current, status: 'posted', version: 4 })}>
            Провести
          </button>
          <ShipmentLinks shipment={current} />
        </>
      );
    }
    const user = userEvent.setup();
    renderWithProviders(<Harness />, { path: '/shipments?open=7' });
    const group = await screen.findByRole('region', { name: 'Замовлення клієнтів' });
    await within(group).findByText('Підтверджено');
    expect(reads).toBe(1);
    // The posting completes the paid order on the server; the drawer's shipment comes back with a new version.
    orderStatus = { status: 'completed', statusLabel: 'Виконано' };
    await user.click(screen.getByRole('button', { name: 'Провести' }));
    await within(group).findByText('Виконано');
    expect(reads).toBe(2);
  });
});
