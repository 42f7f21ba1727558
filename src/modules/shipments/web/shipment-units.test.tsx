// A shipment line of an order line entered in another unit (reference-data.md §1, issue 22 #13): the draft's quantity
// is typed in the order line's unit with the stock quantity under it ('= 2 500 г') and saved with that unit; a posted
// line shows '2,5 кг (= 2 500 г)' and its price per кг.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shipmentSchema, type Shipment } from '@/modules/shipments/shipments.contract.ts';
import { jsonResponse } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { bodiesOf, draft, openDrawer, posted, stubApi } from './shipments-page.fixture.ts';
import { ShipmentsPage } from './shipments-page.tsx';

afterEach(() => vi.restoreAllMocks());

const solder = {
  ...draft.lines[1]!,
  id: 73,
  orderLineId: 33,
  itemId: 14,
  sku: 'ПР-61',
  itemName: 'Припій ПОС-61',
  itemKind: 'material',
  unitShortName: 'г',
  qty: '2500.0000',
  enteredQty: '2.5000',
  enteredUnitId: 3,
  enteredUnitShortName: 'кг',
  orderedQty: '2500.0000',
  remainingQty: '2500.0000',
  reservedQty: '2500.0000',
  unitPrice: '400.000000',
  lineNet: '1000.00',
  lineVat: '200.00',
  lineGross: '1200.00',
};
const inKg: Shipment = shipmentSchema.parse({ ...draft, lines: [solder] });
const unit = (id: number, shortName: string, factor: string) => ({
  id,
  name: shortName,
  shortName,
  type: 'weight',
  factor,
});

describe('shipment lines in another unit', () => {
  it('types the quantity in кг with the grams under it and sends the unit', async () => {
    const fetchMock = stubApi((url, init) => {
      if (url === '/api/shipments/7' && (init.method ?? 'GET') === 'GET') return jsonResponse(inKg);
      if (url === '/api/shipments/item-units?itemId=14') {
        const grams = unit(4, 'г', '0.001000');
        return jsonResponse({ stockUnit: grams, units: [grams, unit(3, 'кг', '1.000000')] });
      }
      if (url === '/api/shipments/7' && init.method === 'PATCH') return jsonResponse({ ...inKg, version: 4 });
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<ShipmentsPage />, { path: '/shipments' });
    const drawer = await openDrawer(user, 'SHP-2026-00007', 'Припій ПОС-61');
    const qty = within(drawer).getByLabelText('Кількість, кг') as HTMLInputElement;
    expect(qty.value).toBe('2,5');
    expect(await within(drawer).findByText(/^= 2\s500 г$/)).toBeTruthy();
    expect(within(drawer).getByText('400,00 за кг')).toBeTruthy();
    await user.clear(qty);
    await user.type(qty, '1');
    expect(await within(drawer).findByText(/^= 1\s000 г$/)).toBeTruthy();
    await user.click(within(drawer).getByRole('button', { name: 'Зберегти' }));
    await waitFor(() => expect(bodiesOf(fetchMock, 'PATCH', '/api/shipments/7')).toHaveLength(1));
    expect(bodiesOf(fetchMock, 'PATCH', '/api/shipments/7')[0]).toEqual({
      version: 3,
      lines: [{ id: 73, qty: '1', unitId: 3 }],
    });
  });

  it('shows a posted line as entered, with the stock quantity beside it', async () => {
    const done = shipmentSchema.parse({ ...posted, lines: [{ ...solder, unitCost: '0.300000' }] });
    stubApi((url, init) =>
      url === '/api/shipments/8' && (init.method ?? 'GET') === 'GET' ? jsonResponse(done) : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<ShipmentsPage />, { path: '/shipments' });
    const drawer = await openDrawer(user, 'SHP-2026-00008', 'Припій ПОС-61');
    expect(within(drawer).getByText(/^2,5 кг \(= 2\s500 г\)$/)).toBeTruthy();
    expect(screen.queryByLabelText('Кількість, кг')).toBeNull();
  });
});
