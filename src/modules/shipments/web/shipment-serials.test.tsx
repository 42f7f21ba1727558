// The serials of a shipment's lines (sales.md §3, issue 21): scanned serials are reserved at once, a refused one is
// named under its picker, and 'Провести' is offered only when every serial-tracked line names as many serials as its
// quantity — the button says how many are missing; 'Заповнити автоматично' reserves the oldest on hand.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Shipment } from '@/modules/shipments/shipments.contract.ts';
import { jsonResponse } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { bodiesOf, draft, openDrawer, stubApi } from './shipments-page.fixture.ts';
import { ShipmentsPage } from './shipments-page.tsx';

afterEach(() => vi.restoreAllMocks());

describe('shipment serials', () => {
  // A long journey of typing: more time than the default when the machine is busy.
  it(
    'adds a scanned serial, saves a lower quantity with the version, refuses more than remains, and posts',
    { timeout: 30_000 },
    async () => {
      const withTwo = {
        ...draft,
        version: 4,
        lines: [
          {
            ...draft.lines[0]!,
            serials: [...draft.lines[0]!.serials, { id: 902, serial: 'SN-00002', status: 'reserved' }],
          },
          draft.lines[1]!,
        ],
      };
      let current: Shipment = draft;
      const fetchMock = stubApi((url, init) => {
        if (url === '/api/shipments/7' && init.method === 'PATCH') {
          const body = JSON.parse(String(init.body)) as { lines?: Array<{ serials?: string[]; qty?: string }> };
          if (body.lines?.[0]?.serials) current = withTwo;
          else
            current = { ...withTwo, version: 5, lines: [withTwo.lines[0]!, { ...withTwo.lines[1]!, qty: '3.0000' }] };
          return jsonResponse(current);
        }
        if (url === '/api/shipments/7' && (init.method ?? 'GET') === 'GET') return jsonResponse(current);
        if (url === '/api/shipments/7/post' && init.method === 'POST') {
          return jsonResponse({ ...current, status: 'posted', version: 6, postedAt: '2026-11-12T10:00:00.000Z' });
        }
        return undefined;
      });
      const user = userEvent.setup();
      renderWithProviders(<ShipmentsPage />, { path: '/shipments' });
      const drawer = await openDrawer(user, 'SHP-2026-00007', 'Блок живлення 12 В');
      expect(within(drawer).getByLabelText('Серійні номери PSU-12: вибрано 1 з 2')).toBeTruthy();

      await user.type(within(drawer).getByRole('textbox', { name: 'Серійні номери PSU-12' }), 'sn-00002{Enter}');
      await waitFor(() => expect(bodiesOf(fetchMock, 'PATCH', '/api/shipments/7')).toHaveLength(1));
      expect(bodiesOf(fetchMock, 'PATCH', '/api/shipments/7')[0]).toEqual({
        version: 3,
        lines: [{ id: 71, serialIds: [901], serials: ['SN-00002'] }],
      });
      expect(await within(drawer).findByLabelText('Серійні номери PSU-12: вибрано 2 з 2')).toBeTruthy();
      expect(within(drawer).getByText('Усі номери вибрано')).toBeTruthy();

      // More than remains: refused before any request.
      const qtyInputs = within(drawer).getAllByLabelText('Кількість');
      await user.clear(qtyInputs[1]!);
      await user.type(qtyInputs[1]!, '9');
      await user.click(within(drawer).getByRole('button', { name: 'Зберегти' }));
      expect(await within(drawer).findByText('Залишилось відвантажити лише 4')).toBeTruthy();
      expect(bodiesOf(fetchMock, 'PATCH', '/api/shipments/7')).toHaveLength(1);

      await user.clear(qtyInputs[1]!);
      await user.type(qtyInputs[1]!, '3');
      expect(within(drawer).getByText('Є незбережені зміни')).toBeTruthy();
      await user.click(within(drawer).getByRole('button', { name: 'Зберегти' }));
      await waitFor(() => expect(bodiesOf(fetchMock, 'PATCH', '/api/shipments/7')).toHaveLength(2));
      expect(bodiesOf(fetchMock, 'PATCH', '/api/shipments/7')[1]).toEqual({
        version: 4,
        lines: [{ id: 72, qty: '3' }],
      });

      await user.click(within(drawer).getByRole('button', { name: 'Провести' }));
      const confirm = await screen.findByRole('alertdialog', { name: 'Провести відвантаження?' });
      await user.click(within(confirm).getByRole('button', { name: 'Провести' }));
      await waitFor(() => expect(bodiesOf(fetchMock, 'POST', '/api/shipments/7/post')).toEqual([{ version: 5 }]));
      // Posted: the draft's actions give way to 'Скасувати'.
      expect(await within(drawer).findByRole('button', { name: 'Скасувати' })).toBeTruthy();
      expect(within(drawer).queryByRole('button', { name: 'Провести' })).toBeNull();
    },
  );

  // A long journey of typing: more time than the default when the machine is busy.
  it(
    'offers posting only when the serials number the quantity; auto-fill reserves the oldest on hand',
    { timeout: 30_000 },
    async () => {
      let current: Shipment = draft;
      const fetchMock = stubApi((url, init) => {
        if (url.startsWith('/api/serial-numbers/available?')) {
          // The server answers oldest first; SN-00001 is reserved for this draft already, so it is not on the list.
          return new Response(
            JSON.stringify([
              { id: 905, serial: 'SN-00005', createdAt: '2026-01-05T09:00:00.000Z' },
              { id: 907, serial: 'SN-00007', createdAt: '2026-02-07T09:00:00.000Z' },
            ]),
            { headers: { 'content-type': 'application/json', 'X-Total-Count': '2' } },
          );
        }
        if (url === '/api/shipments/7' && init.method === 'PATCH') {
          current = {
            ...draft,
            version: 4,
            lines: [
              {
                ...draft.lines[0]!,
                serials: [...draft.lines[0]!.serials, { id: 905, serial: 'SN-00005', status: 'reserved' }],
              },
              draft.lines[1]!,
            ],
          };
          return jsonResponse(current);
        }
        if (url === '/api/shipments/7' && (init.method ?? 'GET') === 'GET') return jsonResponse(current);
        if (url === '/api/shipments/7/post' && init.method === 'POST') {
          return jsonResponse({ ...current, status: 'posted', version: 5, postedAt: '2026-11-12T10:00:00.000Z' });
        }
        return undefined;
      });
      const user = userEvent.setup();
      renderWithProviders(<ShipmentsPage />, { path: '/shipments' });
      const drawer = await openDrawer(user, 'SHP-2026-00007', 'Блок живлення 12 В');

      // One serial of two: the posting button says what is missing and cannot be pressed.
      const blocked = within(drawer).getByRole('button', { name: 'Провести: бракує 1 серійний номер' });
      expect((blocked as HTMLButtonElement).disabled).toBe(true);
      expect(within(drawer).getByText('Рядок 1 (PSU-12): потрібно 2 серійні номери, вибрано 1')).toBeTruthy();
      await user.click(blocked);
      expect(screen.queryByRole('alertdialog')).toBeNull();

      // The typed quantity is what the serials must number.
      const qty = within(drawer).getAllByLabelText('Кількість')[0]!;
      await user.clear(qty);
      await user.type(qty, '1');
      expect(within(drawer).getByLabelText('Серійні номери PSU-12: вибрано 1 з 1')).toBeTruthy();
      expect((within(drawer).getByRole('button', { name: 'Провести' }) as HTMLButtonElement).disabled).toBe(false);
      await user.clear(qty);
      await user.type(qty, '2');
      expect(within(drawer).getByRole('button', { name: 'Провести: бракує 1 серійний номер' })).toBeTruthy();

      await user.click(within(drawer).getByRole('button', { name: 'Заповнити автоматично' }));
      await waitFor(() => expect(bodiesOf(fetchMock, 'PATCH', '/api/shipments/7')).toHaveLength(1));
      const asked = fetchMock.mock.calls.map(([url]) => String(url)).find((url) => url.includes('/available?'))!;
      expect(asked).toBe('/api/serial-numbers/available?itemId=12&warehouseId=1&limit=2');
      expect(bodiesOf(fetchMock, 'PATCH', '/api/shipments/7')[0]).toEqual({
        version: 3,
        lines: [{ id: 71, serialIds: [901], serials: ['SN-00005'] }],
      });
      expect(await within(drawer).findByLabelText('Серійні номери PSU-12: вибрано 2 з 2')).toBeTruthy();
      expect(within(drawer).queryByText(/потрібно 2 серійні номери/)).toBeNull();

      await user.click(within(drawer).getByRole('button', { name: 'Провести' }));
      const confirm = await screen.findByRole('alertdialog', { name: 'Провести відвантаження?' });
      await user.click(within(confirm).getByRole('button', { name: 'Провести' }));
      await waitFor(() => expect(bodiesOf(fetchMock, 'POST', '/api/shipments/7/post')).toEqual([{ version: 4 }]));
    },
  );

  it('shows a refused serial under the picker', async () => {
    stubApi((url, init) =>
      url === '/api/shipments/7' && init.method === 'PATCH'
        ? jsonResponse(
            {
              error: 'Серійний номер NO-1 товару PSU-12 не знайдено',
              fields: { 'lines.0.serials': 'Серійний номер NO-1 товару PSU-12 не знайдено' },
            },
            400,
          )
        : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<ShipmentsPage />, { path: '/shipments?open=7' });
    const drawer = await screen.findByRole('dialog', { name: /SHP-2026-00007/ });
    await user.type(await within(drawer).findByRole('textbox', { name: 'Серійні номери PSU-12' }), 'NO-1{Enter}');
    expect(await within(drawer).findByText('Серійний номер NO-1 товару PSU-12 не знайдено')).toBeTruthy();
  });
});
