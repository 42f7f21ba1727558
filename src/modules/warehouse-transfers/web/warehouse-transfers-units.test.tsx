// A transfer line entered in another unit of the item's stock-unit type (reference-data.md §1 'Conversion'): the
// unit select lists the units of that type, shows the typed quantity in the stock unit, sends the unit with the typed
// quantity, and the posted view shows the line as entered.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { transferSchema } from '@/modules/warehouse-transfers/warehouse-transfers.contract.ts';
import { jsonResponse } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { WarehouseTransfersPage } from './warehouse-transfers-page.tsx';
import { draft, openTransfer, posted, requestsTo, stubApi } from './warehouse-transfers-page.fixture.ts';

const grams = { id: 4, name: 'Грам', shortName: 'г', type: 'weight', factor: '0.001000' };
const kilograms = { id: 3, name: 'Кілограм', shortName: 'кг', type: 'weight', factor: '1.000000' };
const tonnes = { id: 5, name: 'Тонна', shortName: 'т', type: 'weight', factor: '1000.000000' };

describe('WarehouseTransfersPage — a line in another unit', () => {
  it('shows the typed кг in grams under the unit and sends the unit with the typed quantity', async () => {
    const stored = transferSchema.parse({ ...draft, lines: [{ ...draft.lines[0], unitShortName: 'г' }] });
    const fetchMock = stubApi((url, init) => {
      if (url === '/api/warehouse-transfers/7' && init.method === 'GET') return jsonResponse(stored);
      if (url === '/api/warehouse-transfers/item-units?itemId=12') {
        return jsonResponse({ stockUnit: grams, units: [grams, kilograms, tonnes] });
      }
      if (url === '/api/warehouse-transfers/7' && init.method === 'PATCH') return jsonResponse(stored);
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<WarehouseTransfersPage />, { path: '/warehouse-transfers' });
    const drawer = await openTransfer(user, 'TRF-2026-00007');
    await user.click(await within(drawer).findByRole('button', { name: 'Редагувати' }));
    const dialog = await screen.findByRole('dialog', { name: 'Переміщення TRF-2026-00007' });

    const unit = await within(dialog).findByRole('combobox', { name: 'Одиниця рядка 1' });
    await waitFor(() => expect(unit.textContent).toBe('г'));
    await user.click(unit);
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['г', 'кг', 'т']);
    await user.click(screen.getByRole('option', { name: 'кг' }));
    const qty = within(dialog).getByLabelText('Кількість') as HTMLInputElement;
    await user.clear(qty);
    await user.type(qty, '0,01');
    expect(within(dialog).getByText('= 10 г')).toBeTruthy();
    // 10 г of the 15 available: no warning.
    expect(within(dialog).queryByText(/Більше, ніж доступно/)).toBeNull();
    await user.clear(qty);
    await user.type(qty, '2,5');
    expect(within(dialog).getByText(/^= 2\s500 г$/)).toBeTruthy();
    // 2 500 г is more than the 15 г available, although 2,5 is not.
    expect(within(dialog).getByText('Більше, ніж доступно (15) — проведення буде відхилено')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: /Зберегти/ }));
    await waitFor(() => expect(requestsTo(fetchMock, 'PATCH', '/api/warehouse-transfers/7')).toHaveLength(1));
    expect(requestsTo(fetchMock, 'PATCH', '/api/warehouse-transfers/7')[0]).toEqual({
      version: 3,
      lines: [{ itemId: 12, qty: '2.5', unitId: 3, notes: null }],
    });
  });

  it('shows a posted line as entered, with its stock quantity', async () => {
    const line = {
      ...posted.lines[0],
      unitShortName: 'г',
      qty: '2500.0000',
      enteredQty: '2.5000',
      enteredUnitId: 3,
      enteredUnitShortName: 'кг',
    };
    const stored = transferSchema.parse({ ...posted, lines: [line] });
    stubApi((url, init) => {
      if (url === '/api/warehouse-transfers/7' && init.method === 'GET') return jsonResponse(stored);
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<WarehouseTransfersPage />, { path: '/warehouse-transfers' });
    const view = await openTransfer(user, 'TRF-2026-00007');
    const table = await within(view).findByRole('table', { name: 'Рядки документа' });
    expect(within(table).getByText(/^2,5 кг \(= 2\s500 г\)$/)).toBeTruthy();
  });
});
