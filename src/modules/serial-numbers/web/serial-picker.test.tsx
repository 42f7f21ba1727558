// The serial picker of a document line: 'вибрано N з M', a scan (text + Enter) adds, a repeat or one too many is
// refused, a serial is chosen among the warehouse's, and 'Заповнити автоматично' takes the oldest ones not chosen yet,
// as many as are missing — from the server's list for the item and warehouse, or from a given list.
import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { SerialPicker, type SerialPickerProps } from './serial-picker.tsx';

/** The serials on hand, oldest first, as the server answers them. */
const onHand = ['SN-OLD-1', 'SN-OLD-2', 'SN-OLD-3', 'SN-NEW-4'].map((serial, i) => ({
  id: 100 + i,
  serial,
  createdAt: `2026-0${i + 1}-01T09:00:00.000Z`,
}));

function stubAvailable(rows = onHand) {
  return stubFetch((url) => {
    if (!url.startsWith('/api/serial-numbers/available?')) return jsonResponse({ error: 'Не знайдено' }, 404);
    const query = new URL(url, 'http://app').searchParams;
    const search = (query.get('search') ?? '').toUpperCase();
    const found = rows.filter((r) => r.serial.includes(search));
    return new Response(JSON.stringify(found.slice(0, Number(query.get('limit') ?? 50))), {
      headers: { 'content-type': 'application/json', 'X-Total-Count': String(found.length) },
    });
  });
}

/** The picker as a document holds it: the value is the document's, each change replaces it. */
function Line({
  initial = [],
  changes,
  ...props
}: Partial<SerialPickerProps> & { initial?: string[]; changes: string[][] }) {
  const [value, setValue] = useState<string[]>(initial);
  return (
    <SerialPicker
      sku="PSU-12"
      qty="3.0000"
      editable
      {...props}
      value={value}
      onChange={(next) => {
        changes.push(next);
        setValue(next);
      }}
    />
  );
}

const count = (text: string) => screen.getByLabelText(`Серійні номери PSU-12: ${text}`);
const scanBox = () => screen.getByRole('textbox', { name: 'Серійні номери PSU-12' });

afterEach(() => vi.restoreAllMocks());

describe('SerialPicker', () => {
  it('fills the missing ones automatically, oldest first, leaving out those already chosen', async () => {
    const fetchMock = stubAvailable();
    const changes: string[][] = [];
    const user = userEvent.setup();
    renderWithProviders(<Line initial={['SN-OLD-2']} changes={changes} choices={{ itemId: 12, warehouseId: 4 }} />);
    expect(count('вибрано 1 з 3').textContent).toBe('вибрано 1 з 3');

    await user.click(screen.getByRole('button', { name: 'Заповнити автоматично' }));
    await waitFor(() => expect(changes).toEqual([['SN-OLD-2', 'SN-OLD-1', 'SN-OLD-3']]));
    const asked = new URL(String(fetchMock.mock.calls[0]![0]), 'http://app');
    expect(asked.pathname).toBe('/api/serial-numbers/available');
    expect(Object.fromEntries(asked.searchParams)).toEqual({ itemId: '12', warehouseId: '4', limit: '3' });
    expect(count('вибрано 3 з 3')).toBeTruthy();
    expect(screen.getByText('Усі номери вибрано')).toBeTruthy();
    // Complete: no more scanning, choosing or filling.
    expect(screen.queryByRole('textbox', { name: 'Серійні номери PSU-12' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Заповнити автоматично' })).toBeNull();
    const chips = within(screen.getByRole('list', { name: 'Серійні номери PSU-12' })).getAllByRole('listitem');
    expect(chips.map((chip) => chip.textContent)).toEqual(['SN-OLD-2', 'SN-OLD-1', 'SN-OLD-3']);
  });

  it('says how many are missing when the warehouse has too few, and takes what there is', async () => {
    stubAvailable(onHand.slice(0, 1));
    const changes: string[][] = [];
    const user = userEvent.setup();
    renderWithProviders(<Line changes={changes} choices={{ itemId: 12, warehouseId: 4 }} />);
    await user.click(screen.getByRole('button', { name: 'Заповнити автоматично' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Вільних номерів лише 1 — бракує ще 2 серійні номери',
    );
    expect(changes).toEqual([['SN-OLD-1']]);
    expect(count('вибрано 1 з 3')).toBeTruthy();
  });

  it('fills from a given list in its order (a production order’s allocated serials)', async () => {
    const fetchMock = stubAvailable();
    const changes: string[][] = [];
    const user = userEvent.setup();
    renderWithProviders(
      <Line qty="2" initial={['A-2']} changes={changes} choices={{ serials: ['A-1', 'A-2', 'A-3', 'A-4'] }} />,
    );
    await user.click(screen.getByRole('button', { name: 'Заповнити автоматично' }));
    await waitFor(() => expect(changes).toEqual([['A-2', 'A-1']]));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('adds a scan on Enter, refuses a repeat and one too many, and removes a chip', async () => {
    const changes: string[][] = [];
    const user = userEvent.setup();
    renderWithProviders(<Line qty="2" changes={changes} />);
    expect(count('вибрано 0 з 2')).toBeTruthy();
    // Without a list to choose from (new serials of a receipt): no choosing, no filling.
    expect(screen.queryByRole('button', { name: 'Заповнити автоматично' })).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();

    await user.type(scanBox(), ' sn-1 {Enter}');
    expect(changes).toEqual([['SN-1']]);
    expect(count('вибрано 1 з 2')).toBeTruthy();
    expect((scanBox() as HTMLInputElement).value).toBe('');

    await user.type(scanBox(), 'SN-1{Enter}');
    expect(screen.getByRole('alert').textContent).toBe('Уже вибрано: SN-1');
    expect(changes).toHaveLength(1);
    expect((scanBox() as HTMLInputElement).value).toBe('SN-1');
    expect(count('вибрано 1 з 2')).toBeTruthy();

    await user.clear(scanBox());
    await user.type(scanBox(), 'SN-2, SN-3{Enter}');
    expect(screen.getByRole('alert').textContent).toBe('Потрібно лише 2 — приберіть зайві номери');
    expect(changes).toHaveLength(1);

    await user.clear(scanBox());
    await user.type(scanBox(), 'SN-2{Enter}');
    expect(changes.at(-1)).toEqual(['SN-1', 'SN-2']);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(count('вибрано 2 з 2')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Прибрати SN-1' }));
    expect(changes.at(-1)).toEqual(['SN-2']);
    expect(count('вибрано 1 з 2')).toBeTruthy();
  });

  it('chooses among the warehouse’s serials, without the ones already chosen', async () => {
    stubAvailable();
    const changes: string[][] = [];
    const user = userEvent.setup();
    renderWithProviders(<Line initial={['SN-OLD-1']} changes={changes} choices={{ itemId: 12, warehouseId: 4 }} />);
    await user.click(screen.getByRole('combobox', { name: 'Вибрати серійний номер PSU-12' }));
    const list = await screen.findByRole('listbox', { name: 'Вільні серійні номери PSU-12' });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['SN-OLD-2', 'SN-OLD-3', 'SN-NEW-4']),
    );
    await user.click(within(list).getByRole('option', { name: 'SN-NEW-4' }));
    expect(changes).toEqual([['SN-OLD-1', 'SN-NEW-4']]);
    expect(count('вибрано 2 з 3')).toBeTruthy();
  });

  it('shows the server’s refusal and nothing to change when read-only', () => {
    const changes: string[][] = [];
    const { unmount } = renderWithProviders(
      <Line changes={changes} error="Серійний номер NO-1 товару PSU-12 не знайдено" />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Серійний номер NO-1 товару PSU-12 не знайдено');
    unmount();
    renderWithProviders(<Line initial={['SN-1']} editable={false} changes={changes} />);
    expect(count('вибрано 1 з 3')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Прибрати SN-1' })).toBeNull();
  });
});
