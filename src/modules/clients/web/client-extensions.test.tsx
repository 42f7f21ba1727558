import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ResourcePageExtensions } from '@/resources/_engine/web/resource-extensions.ts';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { clientExtensions, supplierExtensions } from './client-extensions.tsx';

const row = { id: 7, name: 'ТОВ «Вектор»', isActive: true };

/** The actions in a clickable row, as the resource page renders them. */
function renderRow(extensions: ResourcePageExtensions, path: string) {
  const Actions = extensions.rowActions!;
  const onRowClick = vi.fn();
  const result = renderWithProviders(
    <table>
      <tbody>
        <tr onClick={onRowClick}>
          <td>
            <Actions row={row} canChange />
          </td>
        </tr>
      </tbody>
    </table>,
    { path },
  );
  return { ...result, onRowClick };
}

describe('clientExtensions', () => {
  it('links each client row to its delivery settings and Nova Poshta pages without opening the row', async () => {
    stubFetch(() => jsonResponse([]));
    const user = userEvent.setup();
    const { location, onRowClick } = renderRow(clientExtensions, '/clients');

    await user.click(screen.getByRole('button', { name: 'Налаштування доставки: ТОВ «Вектор»' }));
    expect(location.history.at(-1)).toBe('/clients/7/delivery-settings');
    await user.click(screen.getByRole('button', { name: 'Нова пошта клієнта: ТОВ «Вектор»' }));
    expect(location.history.at(-1)).toBe('/clients/7/nova-poshta-settings');
    expect(onRowClick).not.toHaveBeenCalled();
  });

  it('opens the client’s bank accounts, and clicks inside the dialog do not reach the row', async () => {
    const fetchMock = stubFetch(() => jsonResponse([]));
    const user = userEvent.setup();
    const { onRowClick } = renderRow(clientExtensions, '/clients');

    await user.click(screen.getByRole('button', { name: 'Банківські рахунки: ТОВ «Вектор»' }));
    const dialog = screen.getByRole('dialog', { name: 'Банківські рахунки: ТОВ «Вектор»' });
    expect(await within(dialog).findByText('Рахунків ще немає')).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/clients/7/bank-accounts']);
    await user.click(within(dialog).getByRole('button', { name: 'Додати рахунок' }));
    await user.click(within(dialog).getByRole('button', { name: 'Скасувати' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onRowClick).not.toHaveBeenCalled();
  });
});

describe('supplierExtensions', () => {
  it('offers only the bank accounts, read from the supplier’s URL', async () => {
    const fetchMock = stubFetch(() => jsonResponse([]));
    const user = userEvent.setup();
    renderRow(supplierExtensions, '/suppliers');
    expect(screen.getAllByRole('button')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Банківські рахунки: ТОВ «Вектор»' }));
    expect(await screen.findByText('Рахунків ще немає')).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/suppliers/7/bank-accounts']);
  });
});
