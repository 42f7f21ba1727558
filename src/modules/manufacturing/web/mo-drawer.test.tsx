// The drawer of a manufacturing order on the page (production.md §4 Page): tabs, the buttons of the state table,
// prints, and the dialogs of completion, issue, output, cancel, delete and time correction.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { moDetailSchema } from '@/modules/manufacturing/manufacturing.contract.ts';
import { jsonResponse } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { ManufacturingPage } from './manufacturing-page.tsx';
import { bodiesOf, inProgress, openDrawer, planned, released, stubApi } from './manufacturing-page.kit.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('ManufacturingPage — drawer', () => {
  it('shows the materials, operations, postings, time, cost and orders tabs of an order in progress', async () => {
    stubApi();
    const user = userEvent.setup();
    renderWithProviders(<ManufacturingPage />, { path: '/manufacturing' });
    const drawer = await openDrawer(user);

    const materials = within(drawer).getByRole('table', { name: 'Матеріали' });
    for (const head of ['Потрібно', 'Резерв', 'Видано', 'Доступно', 'Нестача']) {
      expect(within(materials).getByText(head), head).toBeTruthy();
    }
    const resistor = within(materials).getByText('Резистор 10 кОм').closest('tr')!;
    const cells = within(resistor)
      .getAllByRole('cell')
      .map((c) => c.textContent?.trim());
    expect(cells.slice(3)).toEqual(['20 шт', '7', '8', '3', '2']);
    expect(within(resistor).getAllByRole('cell').at(-1)!.querySelector('span')!.className).toContain('text-red-700');

    await user.click(within(drawer).getByRole('tab', { name: 'Операції' }));
    const ops = within(drawer).getByRole('table', { name: 'Операції' });
    expect(within(ops).getByText('Виконується')).toBeTruthy();
    expect(within(ops).getByText('60')).toBeTruthy();
    expect(within(ops).getByText('75')).toBeTruthy();

    await user.click(within(drawer).getByRole('tab', { name: 'Випуск' }));
    expect(within(drawer).getByText('MOO-2026-00001')).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: 'Скасувати проведення MOO-2026-00001' })).toBeTruthy();

    await user.click(within(drawer).getByRole('tab', { name: 'Облік часу' }));
    const time = within(drawer).getByRole('table', { name: 'Облік часу' });
    expect(within(time).getByText('Автозакриття')).toBeTruthy();
    expect(within(time).getByText('Термінал')).toBeTruthy();

    await user.click(within(drawer).getByRole('tab', { name: 'Собівартість' }));
    const cost = within(drawer).getByRole('table', { name: 'Собівартість' });
    const total = within(cost).getByText('Разом').closest('tr')!;
    expect(within(total).getByText('300,00')).toBeTruthy();
    expect(within(total).getByText('140,00')).toBeTruthy();
    expect(within(total).getByText('-160,00')).toBeTruthy();
    expect(within(drawer).getByText('Невіднесені відхилення')).toBeTruthy();

    await user.click(within(drawer).getByRole('tab', { name: 'Замовлення' }));
    expect(
      within(drawer).getByRole('link', { name: 'Відкрити замовлення клієнта ORD-2026-00005' }).getAttribute('href'),
    ).toBe('/orders?search=ORD-2026-00005');

    await user.click(within(drawer).getByRole('tab', { name: 'Історія' }));
    expect(within(drawer).getByText('Випуск продукції MOO-2026-00001')).toBeTruthy();
  });

  it('offers the buttons of the state table', async () => {
    stubApi();
    const user = userEvent.setup();
    renderWithProviders(<ManufacturingPage />, { path: '/manufacturing' });
    const buttons = async (number: string) => {
      const drawer = await openDrawer(user, number);
      const group = within(drawer).getByRole('group', { name: 'Дії з замовленням' });
      const names = within(group)
        .getAllByRole('button')
        .map((b) => b.textContent?.trim());
      await user.click(within(drawer).getByRole('button', { name: 'Закрити' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      return names;
    };
    expect(await buttons('MO-2026-00004')).toEqual([
      'Видати матеріали',
      'Випустити продукцію',
      'Завершити',
      'Редагувати',
      'Маршрутний лист',
      'Етикетки',
      'Етикетки випуску',
    ]);
    expect(await buttons('MO-2026-00006')).toEqual(['Запустити', 'Редагувати', 'Скасувати', 'Видалити']);
  });

  it('shows the released buttons and the spec-changed warning; prints open the PDF', async () => {
    stubApi(undefined, released);
    const user = userEvent.setup();
    renderWithProviders(<ManufacturingPage />, { path: '/manufacturing' });
    const drawer = await openDrawer(user);
    expect(within(drawer).getByRole('alert').textContent).toContain('Специфікація змінилась після запуску');
    const group = within(drawer).getByRole('group', { name: 'Дії з замовленням' });
    for (const name of ['Почати', 'Видати матеріали', 'Випустити продукцію', 'Відкликати', 'Скасувати']) {
      expect(within(group).getByRole('button', { name }), name).toBeTruthy();
    }
    expect(within(group).queryByRole('button', { name: 'Завершити' })).toBeNull();
    expect(within(group).queryByRole('button', { name: 'Запустити' })).toBeNull();

    const open = vi.fn();
    vi.stubGlobal('open', open);
    await user.click(within(group).getByRole('button', { name: 'Маршрутний лист' }));
    expect(open).toHaveBeenCalledWith('/api/manufacturing-orders/4/print/traveler', '_blank');
    await user.click(within(group).getByRole('button', { name: 'Етикетки' }));
    expect(open).toHaveBeenCalledWith('/api/manufacturing-orders/4/print/labels', '_blank');
  });

  it("'Етикетки випуску' opens the labels dialog for the MO's output and prints it by the document", async () => {
    const fetchMock = stubApi((url, init) =>
      url === '/api/labels/render' && init.method === 'POST'
        ? new Response(new Blob(['%PDF-1.3']), { status: 200 })
        : undefined,
    );
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = vi.fn(() => 'blob:mo-labels');
    URL.revokeObjectURL = vi.fn();
    try {
      const user = userEvent.setup();
      renderWithProviders(<ManufacturingPage />, { path: '/manufacturing' });
      const drawer = await openDrawer(user);
      const group = within(drawer).getByRole('group', { name: 'Дії з замовленням' });
      await user.click(within(group).getByRole('button', { name: 'Етикетки випуску' }));
      const dialog = await screen.findByRole('dialog', { name: 'Друк етикеток' });
      expect(within(dialog).getByText(/^MO-2026-00004 · /).textContent).toContain('по одній етикетці');
      // The document mode: no item list to edit, no preview of a single item.
      expect(within(dialog).queryByRole('textbox')).toBeNull();
      await user.click(within(dialog).getByRole('checkbox', { name: 'Показувати ціну' }));
      await user.click(within(dialog).getByRole('button', { name: 'Друкувати' }));
      await waitFor(() => expect(tab.location.href).toBe('blob:mo-labels'));
      expect(bodiesOf(fetchMock, 'POST', '/api/labels/render')).toEqual([
        { template: '58x40', showPrice: true, documentType: 'manufacturing_order', documentId: 4 },
      ]);
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Друк етикеток' })).toBeNull());
    } finally {
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL;
    }
  });

  it('asks for the short confirmation and the excess choice before completing', async () => {
    const fetchMock = stubApi((url, init) =>
      url === '/api/manufacturing-orders/4/complete' && init.method === 'POST'
        ? jsonResponse({ ...inProgress, status: 'completed' })
        : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<ManufacturingPage />, { path: '/manufacturing' });
    const drawer = await openDrawer(user);
    await user.click(within(drawer).getByRole('button', { name: 'Завершити' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Завершити замовлення?' });
    expect(within(dialog).getByText(/Виготовлено менше за план \(4 з 10\)/)).toBeTruthy();
    expect(within(dialog).getByText('Плата друкована')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Завершити з недовипуском' }));
    expect(await within(dialog).findByText('Підтвердіть завершення з недовипуском')).toBeTruthy();
    expect(within(dialog).getByText('Оберіть, що зробити з надлишком матеріалів')).toBeTruthy();
    expect(bodiesOf(fetchMock, 'POST', '/api/manufacturing-orders/4/complete')).toHaveLength(0);

    await user.click(within(dialog).getByRole('checkbox', { name: 'Завершити з недовипуском' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Віднести на відхилення' }));
    await user.click(within(dialog).getByRole('button', { name: 'Завершити з недовипуском' }));
    await waitFor(() =>
      expect(bodiesOf(fetchMock, 'POST', '/api/manufacturing-orders/4/complete')).toEqual([
        { confirmShort: true, excess: 'variance' },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('issues the remaining requirement by default and sends a negative quantity as a return', async () => {
    const fetchMock = stubApi((url, init) =>
      url === '/api/manufacturing-orders/4/issues' && init.method === 'POST'
        ? jsonResponse({ id: 99, number: 'MOI-2026-00009' }, 201)
        : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<ManufacturingPage />, { path: '/manufacturing' });
    const drawer = await openDrawer(user);
    await user.click(within(drawer).getByRole('button', { name: 'Видати матеріали' }));
    const dialog = await screen.findByRole('dialog', { name: 'Видати матеріали' });
    const resistor = within(dialog).getByLabelText('Кількість: Резистор 10 кОм') as HTMLInputElement;
    const board = within(dialog).getByLabelText('Кількість: Плата друкована') as HTMLInputElement;
    expect(resistor.value).toBe('12');
    expect(board.value).toBe('0');

    // A return beyond what was issued is refused on the spot.
    await user.clear(board);
    await user.type(board, '-11');
    await user.click(within(dialog).getByRole('button', { name: 'Провести видачу' }));
    expect(await within(dialog).findByText('Повернути можна не більше, ніж видано: Плата друкована — 10')).toBeTruthy();
    expect(bodiesOf(fetchMock, 'POST', '/api/manufacturing-orders/4/issues')).toHaveLength(0);

    await user.clear(board);
    await user.type(board, '-2');
    await user.clear(resistor);
    await user.type(resistor, '5,5');
    await user.click(within(dialog).getByRole('button', { name: 'Провести видачу' }));
    await waitFor(() =>
      expect(bodiesOf(fetchMock, 'POST', '/api/manufacturing-orders/4/issues')).toEqual([
        {
          lines: [
            { moMaterialId: 41, itemId: 100, qty: '5.5' },
            { moMaterialId: 42, itemId: 101, qty: '-2' },
          ],
          notes: null,
        },
      ]),
    );
  });

  it('posts output with the good quantity and, for a serial-tracked item, the picked serials', async () => {
    const tracked = moDetailSchema.parse({
      ...inProgress,
      serialTracking: true,
      serials: [
        { id: 1, value: 'SN-0005', status: 'allocated', warehouseId: null, warehouseName: null },
        { id: 2, value: 'SN-0006', status: 'allocated', warehouseId: null, warehouseName: null },
        { id: 3, value: 'SN-0001', status: 'available', warehouseId: 1, warehouseName: 'Склад готової продукції' },
      ],
    });
    const fetchMock = stubApi(
      (url, init) =>
        url === '/api/manufacturing-orders/4/outputs' && init.method === 'POST'
          ? jsonResponse({ id: 98, number: 'MOO-2026-00002' }, 201)
          : undefined,
      tracked,
    );
    const user = userEvent.setup();
    renderWithProviders(<ManufacturingPage />, { path: '/manufacturing' });
    const drawer = await openDrawer(user);
    await user.click(within(drawer).getByRole('button', { name: 'Випустити продукцію' }));
    const dialog = await screen.findByRole('dialog', { name: 'Випустити продукцію' });
    const good = within(dialog).getByLabelText(/Кількість придатних/) as HTMLInputElement;
    expect(good.value).toBe('6');
    await user.clear(good);
    await user.type(good, '2');
    await user.click(within(dialog).getByRole('radio', { name: 'Обрати або відсканувати номери' }));
    // The allocated serials are offered by the picker (no request: the order's own list).
    await user.click(within(dialog).getByRole('combobox', { name: /^Вибрати серійний номер/ }));
    await user.click(await screen.findByRole('option', { name: 'SN-0006' }));
    await user.click(within(dialog).getByRole('button', { name: 'Провести випуск' }));
    expect(await within(dialog).findByText('Потрібно 2 серійні номери, додано 1')).toBeTruthy();
    await user.type(within(dialog).getByPlaceholderText('Сканувати або ввести номер'), 'SN-0005{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Провести випуск' }));
    await waitFor(() =>
      expect(bodiesOf(fetchMock, 'POST', '/api/manufacturing-orders/4/outputs')).toEqual([
        { goodQty: '2', serials: ['SN-0006', 'SN-0005'] },
      ]),
    );
  });

  it('asks for a reason before cancelling a planned order; deleting asks first', async () => {
    const fetchMock = stubApi((url, init) => {
      if (url === '/api/manufacturing-orders/6/cancel' && init.method === 'POST') {
        return jsonResponse({ ...planned, status: 'cancelled' });
      }
      if (url === '/api/manufacturing-orders/6' && init.method === 'DELETE') return new Response(null, { status: 204 });
      return undefined;
    });
    const user = userEvent.setup();
    const { location } = renderWithProviders(<ManufacturingPage />, { path: '/manufacturing' });
    const drawer = await openDrawer(user, 'MO-2026-00006');
    await user.click(within(drawer).getByRole('button', { name: 'Скасувати' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Скасувати замовлення?' });
    await user.click(within(dialog).getByRole('button', { name: 'Скасувати' }));
    expect(await within(dialog).findByText('Вкажіть причину')).toBeTruthy();
    expect(bodiesOf(fetchMock, 'POST', '/api/manufacturing-orders/6/cancel')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/Причина/), 'Клієнт відмовився');
    await user.click(within(dialog).getByRole('button', { name: 'Скасувати' }));
    await waitFor(() =>
      expect(bodiesOf(fetchMock, 'POST', '/api/manufacturing-orders/6/cancel')).toEqual([
        { reason: 'Клієнт відмовився' },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    await user.click(within(drawer).getByRole('button', { name: 'Видалити' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Видалити замовлення?' });
    await user.click(within(confirm).getByRole('button', { name: 'Видалити' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true));
    await waitFor(() => expect(location.history.at(-1)).toBe('/manufacturing'));
  });

  it('lets a foreman correct a time entry', async () => {
    const fetchMock = stubApi((url, init) =>
      url === '/api/manufacturing-orders/time-entries/91' && init.method === 'PATCH' ? jsonResponse({}) : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<ManufacturingPage />, { path: '/manufacturing' });
    const drawer = await openDrawer(user);
    await user.click(within(drawer).getByRole('tab', { name: 'Облік часу' }));
    await user.click(within(drawer).getByRole('button', { name: 'Виправити запис: Петренко Іван' }));
    const dialog = await screen.findByRole('dialog', { name: 'Виправлення запису часу' });
    const end = within(dialog).getByLabelText('Кінець') as HTMLInputElement;
    const start = (within(dialog).getByLabelText('Початок') as HTMLInputElement).value;
    fireEvent.change(end, { target: { value: start } });
    await user.click(within(dialog).getByRole('button', { name: 'Зберегти' }));
    expect(await within(dialog).findByText('Кінець має бути пізніше початку')).toBeTruthy();
    fireEvent.change(end, {
      target: { value: start.replace(/T(\d\d)/, (_m, h: string) => `T${String(Number(h) + 1).padStart(2, '0')}`) },
    });
    await user.type(within(dialog).getByLabelText('Причина виправлення'), 'Забув зупинити');
    await user.click(within(dialog).getByRole('button', { name: 'Зберегти' }));
    await waitFor(() =>
      expect(bodiesOf(fetchMock, 'PATCH', '/api/manufacturing-orders/time-entries/91')).toHaveLength(1),
    );
    const body = bodiesOf(fetchMock, 'PATCH', '/api/manufacturing-orders/time-entries/91')[0] as Record<string, string>;
    expect(body.reason).toBe('Забув зупинити');
    expect(new Date(body.endedAt!).getTime() - new Date(inProgress.timeEntries[0]!.startedAt).getTime()).toBe(
      3_600_000,
    );
  });
});
