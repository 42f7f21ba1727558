// The transfer drawer keeps the serials typed on a draft's serial-tracked line (warehouse.md §7): 'Зберегти номери'
// saves them with the draft's lines, and the draft opened again shows them.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { transferSchema, type Transfer } from '@/modules/warehouse-transfers/warehouse-transfers.contract.ts';
import { jsonResponse } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { WarehouseTransfersPage } from './warehouse-transfers-page.tsx';
import { draft, openTransfer, requestsTo, stubApi } from './warehouse-transfers-page.fixture.ts';

describe('WarehouseTransfersPage — serials kept on a draft', () => {
  it('saves the typed serials with the draft and shows them when the draft is opened again', async () => {
    let stored: Transfer = transferSchema.parse({
      ...draft,
      lines: [
        {
          ...draft.lines[0],
          id: 71,
          itemId: 40,
          sku: 'КТ-100',
          itemName: 'Контролер температури КТ-100',
          qty: '3.0000',
          enteredQty: '3.0000',
          notes: null,
          available: '5.0000',
          serialTracking: true,
          serials: ['SN-001'],
        },
      ],
    });
    const fetchMock = stubApi((url, init) => {
      if (url === '/api/warehouse-transfers/7' && init.method === 'GET') return jsonResponse(stored);
      if (url === '/api/warehouse-transfers/7' && init.method === 'PATCH') {
        const body = JSON.parse(String(init.body)) as { lines: Array<{ serials: string[] }> };
        stored = { ...stored, version: 4, lines: [{ ...stored.lines[0]!, serials: body.lines[0]!.serials }] };
        return jsonResponse(stored);
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<WarehouseTransfersPage />, { path: '/warehouse-transfers' });
    let drawer = await openTransfer(user, 'TRF-2026-00007');
    let section = await within(drawer).findByRole('region', { name: 'Серійні номери' });
    // The serial kept on the draft is there; nothing to save until one is typed.
    expect(within(section).getByLabelText('Серійні номери КТ-100: вибрано 1 з 3')).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Зберегти номери' })).toBeNull();
    await user.type(within(section).getByRole('textbox', { name: 'Серійні номери КТ-100' }), 'sn-002{Enter}');
    await user.click(within(section).getByRole('button', { name: 'Зберегти номери' }));
    await waitFor(() => expect(requestsTo(fetchMock, 'PATCH', '/api/warehouse-transfers/7')).toHaveLength(1));
    expect(requestsTo(fetchMock, 'PATCH', '/api/warehouse-transfers/7')[0]).toEqual({
      version: 3,
      lines: [{ itemId: 40, qty: '3.0000', notes: null, serials: ['SN-001', 'SN-002'] }],
    });
    expect(await screen.findByText('Серійні номери збережено')).toBeTruthy();
    await waitFor(() => expect(within(section).queryByRole('button', { name: 'Зберегти номери' })).toBeNull());

    // Closed and opened again: the saved serials come back from the server.
    await user.click(within(drawer).getAllByRole('button', { name: 'Закрити' })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    drawer = await openTransfer(user, 'TRF-2026-00007');
    section = await within(drawer).findByRole('region', { name: 'Серійні номери' });
    expect(within(section).getByLabelText('Серійні номери КТ-100: вибрано 2 з 3')).toBeTruthy();
    expect(within(section).getByText('SN-002')).toBeTruthy();
  });
});
