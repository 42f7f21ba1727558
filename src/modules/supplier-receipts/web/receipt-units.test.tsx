// A receipt line entered in another unit of the item's stock-unit type (reference-data.md §1 'Conversion'): the unit
// select lists the units of that type, shows the typed quantity in the stock unit, sends the unit with the typed
// quantity, and the posted view shows the line as entered.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { receiptSchema } from '@/modules/supplier-receipts/supplier-receipts.contract.ts';
import { jsonResponse } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { SupplierReceiptsPage } from './supplier-receipts-page.tsx';
import { draft, openReceipt, posted, requestsTo, stubApi } from './supplier-receipts-page.fixture.ts';

const grams = { id: 4, name: 'Грам', shortName: 'г', type: 'weight', factor: '0.001000' };
const kilograms = { id: 3, name: 'Кілограм', shortName: 'кг', type: 'weight', factor: '1.000000' };
const tonnes = { id: 5, name: 'Тонна', shortName: 'т', type: 'weight', factor: '1000.000000' };
const inGrams = { stockUnitId: 4, unitShortName: 'г' };

describe('SupplierReceiptsPage — a line in another unit', () => {
  it('shows the typed кг in grams under the unit and sends the unit with the typed quantity', async () => {
    const stored = receiptSchema.parse({ ...draft, lines: [{ ...draft.lines[0], ...inGrams }] });
    const fetchMock = stubApi((url, init) => {
      if (url === '/api/supplier-receipts/7' && init.method === 'GET') return jsonResponse(stored);
      if (url === '/api/supplier-receipts/item-units?itemId=12') {
        return jsonResponse({ stockUnit: grams, units: [grams, kilograms, tonnes] });
      }
      if (url === '/api/supplier-receipts/7' && init.method === 'PATCH') return jsonResponse(stored);
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<SupplierReceiptsPage />, { path: '/supplier-receipts' });
    const dialog = await openReceipt(user, 'GRN-2025-00007');

    const unit = await within(dialog).findByRole('combobox', { name: 'Одиниця рядка 1' });
    await waitFor(() => expect(unit.textContent).toBe('г'));
    await user.click(unit);
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['г', 'кг', 'т']);
    await user.click(screen.getByRole('option', { name: 'кг' }));
    const qty = within(dialog).getByLabelText('Кількість') as HTMLInputElement;
    await user.clear(qty);
    await user.type(qty, '2,5');
    const price = within(dialog).getByLabelText('Ціна за од.') as HTMLInputElement;
    await user.clear(price);
    await user.type(price, '400');
    expect(within(dialog).getByText(/^= 2\s500 г$/)).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: /Зберегти/ }));
    await waitFor(() => expect(requestsTo(fetchMock, 'PATCH', '/api/supplier-receipts/7')).toHaveLength(1));
    expect(requestsTo(fetchMock, 'PATCH', '/api/supplier-receipts/7')[0]).toEqual({
      version: 3,
      lines: [
        { itemId: 12, qty: '2.5', unitId: 3, unitPrice: '400', vatRate: '20', supplierItemName: 'CL10B104KB8NNNC' },
      ],
    });
  });

  it('shows a posted line as entered, with its stock quantity', async () => {
    const line = {
      ...posted.lines[0],
      ...inGrams,
      qty: '2500.0000',
      enteredQty: '2.5000',
      enteredUnitId: 3,
      enteredUnitShortName: 'кг',
    };
    const stored = receiptSchema.parse({ ...posted, lines: [line] });
    stubApi((url, init) => {
      if (url === '/api/supplier-receipts/7' && init.method === 'GET') return jsonResponse(stored);
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<SupplierReceiptsPage />, { path: '/supplier-receipts' });
    const view = await openReceipt(user, posted.number);
    const table = await within(view).findByRole('table', { name: 'Рядки документа' });
    expect(within(table).getByText(/^2,5 кг \(= 2\s500 г\)$/)).toBeTruthy();
  });
});
