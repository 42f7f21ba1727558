import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  transferCreateSchema,
  transferSchema,
  type Transfer,
} from '@/modules/warehouse-transfers/warehouse-transfers.contract.ts';
import { jsonResponse } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { prefillFromUrl, WarehouseTransfersPage } from './warehouse-transfers-page.tsx';
import { pick } from '@/web/testing/pick.ts';

import {
  draft,
  posted,
  listResponse,
  stubApi,
  listUrls,
  requestsTo,
  openTransfer,
} from './warehouse-transfers-page.fixture.ts';

afterEach(() => vi.restoreAllMocks());

describe('WarehouseTransfersPage — the list', () => {
  it('shows the stat cards and the transfers with their route, lines, status and value', async () => {
    const fetchMock = stubApi();
    renderWithProviders(<WarehouseTransfersPage />, { path: '/warehouse-transfers' });

    expect(screen.getByRole('heading', { name: 'Переміщення між складами' })).toBeTruthy();
    expect(screen.getByText('Завантаження переміщень...')).toBeTruthy();
    const stats = screen.getByRole('region', { name: 'Показники переміщень' });
    await waitFor(() => expect(within(stats).getByRole('button', { name: /Чернетки 4/ })).toBeTruthy());
    expect(within(stats).getByText('Проведено цього місяця').closest('div')?.textContent).toContain('11');

    const draftRow = (await screen.findByText('TRF-2026-00007')).closest('tr')!;
    expect(within(draftRow).getByText('12.11.2026')).toBeTruthy();
    expect(within(draftRow).getByText('Склад комплектуючих')).toBeTruthy();
    expect(within(draftRow).getByText('Ізолятор браку')).toBeTruthy();
    expect(within(draftRow).getByText('Брак при вхідному контролі')).toBeTruthy();
    expect(within(draftRow).getByText('Чернетка')).toBeTruthy();
    expect(within(draftRow).getByText('—')).toBeTruthy();

    const postedRow = screen.getByText('TRF-2026-00008').closest('tr')!;
    expect(within(postedRow).getByText('Проведено')).toBeTruthy();
    expect(within(postedRow).getByText('1 530,40')).toBeTruthy();
    expect(within(postedRow).getByText('12,5')).toBeTruthy();
    expect(within(screen.getByText('TRF-2026-00009').closest('tr')!).getByText('Скасовано')).toBeTruthy();
    expect(screen.getByText('Показано 1–3 з 3')).toBeTruthy();
    expect(listUrls(fetchMock)).toEqual(['/api/warehouse-transfers?page=1&limit=20&sort=-documentDate']);
  });

  it('passes the search, status, warehouse and period to the URL, sorts, and filters drafts by the card', async () => {
    const fetchMock = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<WarehouseTransfersPage />, { path: '/warehouse-transfers' });
    await screen.findByText('TRF-2026-00007');

    await user.type(screen.getByRole('searchbox', { name: 'Пошук переміщень' }), 'C-100');
    await waitFor(() => expect(listUrls(fetchMock).at(-1)).toContain('search=C-100'));
    expect(listUrls(fetchMock).filter((url) => url.includes('search='))).toHaveLength(1);

    await user.click(screen.getByRole('combobox', { name: 'Статус' }));
    await user.click(await screen.findByRole('option', { name: 'Проведено' }));
    await pick(user, screen.getByRole('combobox', { name: 'Склад' }), 'Ізолятор браку');
    fireEvent.change(screen.getByLabelText('Період з'), { target: { value: '01.11.2026' } });
    fireEvent.change(screen.getByLabelText('Період по'), { target: { value: '30.11.2026' } });
    await waitFor(() =>
      expect(listUrls(fetchMock).at(-1)).toBe(
        '/api/warehouse-transfers?page=1&limit=20&search=C-100&sort=-documentDate' +
          '&status=posted&warehouseId=2&dateFrom=2026-11-01&dateTo=2026-11-30',
      ),
    );

    const valueHeader = screen.getByRole('columnheader', { name: /Вартість, грн/ });
    await user.click(within(valueHeader).getByRole('button'));
    await waitFor(() => expect(listUrls(fetchMock).at(-1)).toContain('sort=value'));
    expect(valueHeader.getAttribute('aria-sort')).toBe('ascending');

    await user.click(screen.getByRole('button', { name: 'Скинути фільтри' }));
    await waitFor(() => expect(listUrls(fetchMock).at(-1)).toBe('/api/warehouse-transfers?page=1&limit=20&sort=value'));

    const draftsCard = screen.getByRole('button', { name: /Чернетки/ });
    await user.click(draftsCard);
    await waitFor(() => expect(listUrls(fetchMock).at(-1)).toContain('status=draft'));
    expect(draftsCard.getAttribute('aria-pressed')).toBe('true');
  });

  it('shows the load error with a retry, then the empty state', async () => {
    let fail = true;
    stubApi((url) => {
      if (!url.startsWith('/api/warehouse-transfers?')) return undefined;
      return fail ? jsonResponse({ error: 'Сервер недоступний' }, 500) : listResponse([], 0);
    });
    const user = userEvent.setup();
    renderWithProviders(<WarehouseTransfersPage />, { path: '/warehouse-transfers' });

    expect(await screen.findByText('Не вдалося завантажити переміщення: Сервер недоступний')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Спробувати ще раз' }));
    expect(await screen.findByText('Переміщень не знайдено')).toBeTruthy();
    expect(screen.getByText('0 переміщень')).toBeTruthy();
  });
});

describe('WarehouseTransfersPage — a new transfer', () => {
  it('validates in Ukrainian, warns above the available quantity and sends the exact POST body', async () => {
    const fetchMock = stubApi((url, init) => {
      if (url === '/api/warehouse-transfers' && init.method === 'POST') {
        return jsonResponse({ ...draft, id: 10, number: 'TRF-2026-00010', version: 1 }, 201);
      }
      if (url === '/api/warehouse-transfers/10') return jsonResponse({ ...draft, id: 10, number: 'TRF-2026-00010' });
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<WarehouseTransfersPage />, { path: '/warehouse-transfers' });
    await screen.findByText('TRF-2026-00007');

    await user.click(screen.getByRole('button', { name: 'Нове переміщення' }));
    const dialog = await screen.findByRole('dialog', { name: 'Нове переміщення' });
    await user.click(within(dialog).getByRole('button', { name: /Зберегти/ }));
    expect(await within(dialog).findByText('Додайте хоча б один рядок')).toBeTruthy();
    expect(within(dialog).getAllByText('Оберіть запис зі списку')).toHaveLength(2);

    await pick(user, within(dialog).getByRole('combobox', { name: 'Склад-відправник' }), 'Склад комплектуючих');
    await pick(user, within(dialog).getByRole('combobox', { name: 'Склад-одержувач' }), 'Склад комплектуючих');
    expect(await within(dialog).findByText('Склад-одержувач має відрізнятися від складу-відправника')).toBeTruthy();
    await pick(user, within(dialog).getByRole('combobox', { name: 'Склад-одержувач' }), 'Ізолятор браку');
    await waitFor(() =>
      expect(within(dialog).queryByText('Склад-одержувач має відрізнятися від складу-відправника')).toBeNull(),
    );
    fireEvent.change(within(dialog).getByLabelText(/^Дата переміщення/), { target: { value: '14.11.2026' } });
    await user.type(within(dialog).getByLabelText('Підстава'), 'Брак');

    await user.click(within(dialog).getByRole('button', { name: 'Додати рядок' }));
    await pick(user, within(dialog).getByRole('combobox', { name: 'Позиція' }), /^Конденсатор 100 нФ 0603/);
    expect(await within(dialog).findByText('Доступно на складі-відправнику: 15 шт')).toBeTruthy();
    const qty = within(dialog).getByLabelText('Кількість');
    await user.type(qty, '16');
    expect(within(dialog).getByText('Більше, ніж доступно (15) — проведення буде відхилено')).toBeTruthy();
    await user.clear(qty);
    await user.type(qty, '0');
    await user.click(within(dialog).getByRole('button', { name: /Зберегти/ }));
    expect(await within(dialog).findByText('Кількість має бути більшою за нуль')).toBeTruthy();
    await user.clear(qty);
    await user.type(qty, '12,5');
    expect(within(dialog).queryByText(/Більше, ніж доступно/)).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: /Зберегти/ }));
    await waitFor(() => expect(requestsTo(fetchMock, 'POST', '/api/warehouse-transfers')).toHaveLength(1));
    const body = requestsTo(fetchMock, 'POST', '/api/warehouse-transfers')[0];
    expect(body).toEqual({
      documentDate: '2026-11-14',
      fromWarehouseId: 1,
      toWarehouseId: 2,
      reason: 'Брак',
      notes: null,
      lines: [{ itemId: 12, qty: '12.5', notes: null }],
    });
    expect(transferCreateSchema.safeParse(body).success).toBe(true);
    expect(await screen.findByText('Чернетку переміщення створено')).toBeTruthy();
    // The saved draft opens in its drawer.
    expect(await screen.findByRole('dialog', { name: /Переміщення TRF-2026-00010/ })).toBeTruthy();
  });

  it('opens a new draft pre-filled from /inventory’s link', async () => {
    expect(prefillFromUrl('?new=1&itemId=12&fromWarehouseId=1')).toEqual({ itemId: 12, fromWarehouseId: 1 });
    expect(prefillFromUrl('?itemId=12')).toBeNull();
    expect(prefillFromUrl('new=1&itemId=x')).toEqual({ itemId: null, fromWarehouseId: null });
    stubApi();
    const user = userEvent.setup();
    const { location } = renderWithProviders(<WarehouseTransfersPage />, {
      path: '/warehouse-transfers?new=1&itemId=12&fromWarehouseId=1',
    });
    const dialog = await screen.findByRole('dialog', { name: 'Нове переміщення' });
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Склад-відправник' }).textContent).toContain(
        'Склад комплектуючих',
      ),
    );
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Позиція' }).textContent).toContain(
        'Конденсатор 100 нФ 0603',
      ),
    );
    expect(await within(dialog).findByText('Доступно на складі-відправнику: 15 шт')).toBeTruthy();
    expect(within(dialog).getByText('Артикул C-100N')).toBeTruthy();

    await user.click(within(dialog).getAllByRole('button', { name: 'Закрити' })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Нове переміщення' })).toBeNull());
    expect(location.history?.at(-1)).toBe('/warehouse-transfers');
  });
});

describe('WarehouseTransfersPage — the drawer', () => {
  it('opens the transfer a link names (?open=), posts it with its version, prints it, closes to the list', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const fetchMock = stubApi((url, init) => {
      if (url === '/api/warehouse-transfers/7' && init.method === 'GET') return jsonResponse(draft);
      if (url === '/api/warehouse-transfers/7/post') return jsonResponse(posted);
      return undefined;
    });
    const user = userEvent.setup();
    // The global search (and any link) opens a transfer by `?open=<id>`.
    const { location } = renderWithProviders(<WarehouseTransfersPage />, { path: '/warehouse-transfers?open=7' });
    const drawer = await screen.findByRole('dialog', { name: /Переміщення TRF-2026-00007/ });

    const table = await within(drawer).findByRole('table', { name: 'Рядки документа' });
    const line = within(table).getByText('Конденсатор 100 нФ 0603').closest('tr')!;
    expect(within(line).getByText('20 шт')).toBeTruthy();
    expect(within(line).getByText(/Доступно менше, ніж потрібно/)).toBeTruthy();

    await user.click(within(drawer).getByRole('button', { name: 'Друк' }));
    expect(open).toHaveBeenCalledWith('/api/warehouse-transfers/7/print/transfer-note', '_blank');

    await user.click(within(drawer).getByRole('button', { name: 'Провести' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Провести переміщення?' });
    expect(within(confirm).getByText(/зі складу «Склад комплектуючих» на склад «Ізолятор браку»/)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Провести' }));

    await waitFor(() =>
      expect(requestsTo(fetchMock, 'POST', '/api/warehouse-transfers/7/post')).toEqual([{ version: 3 }]),
    );
    expect(await screen.findByText('Переміщення проведено')).toBeTruthy();
    const view = screen.getByRole('dialog', { name: /Переміщення TRF-2026-00007/ });
    await waitFor(() => expect(within(view).getByText('Проведено', { selector: 'span' })).toBeTruthy());
    const postedTable = within(view).getByRole('table', { name: 'Рядки документа' });
    expect(within(postedTable).getByRole('columnheader', { name: 'Собівартість, грн/од.' })).toBeTruthy();
    expect(within(postedTable).getByText('2,50')).toBeTruthy();
    expect(within(view).queryByRole('button', { name: 'Провести' })).toBeNull();
    expect(within(view).getByRole('button', { name: 'Скасувати' })).toBeTruthy();
    // Closed: the address loses `?open=`, so a reload shows the list.
    await user.click(within(view).getAllByRole('button', { name: 'Закрити' })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(location.history.at(-1)).toBe('/warehouse-transfers');
  });

  it('asks for the serials of a serial-tracked line (scanned, typed or a range) and posts them', async () => {
    const tracked: Transfer = transferSchema.parse({
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
          available: '5.0000',
          serialTracking: true,
          serials: [],
        },
      ],
    });
    const fetchMock = stubApi((url, init) => {
      if (url === '/api/warehouse-transfers/7' && init.method === 'GET') return jsonResponse(tracked);
      if (url.startsWith('/api/serial-numbers/available?')) {
        const rows = ['SN-001', 'SN-002', 'SN-003', 'SN-009'].map((serial, id) => ({ id, serial, createdAt: '' }));
        return new Response(JSON.stringify(rows), { headers: { 'content-type': 'application/json' } });
      }
      if (url === '/api/warehouse-transfers/7/post') {
        return jsonResponse({
          ...tracked,
          status: 'posted',
          version: 4,
          postedAt: '2026-11-12T09:30:00.000Z',
          lines: [{ ...tracked.lines[0], available: null, serials: ['SN-001', 'SN-002', 'SN-003'] }],
        });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<WarehouseTransfersPage />, { path: '/warehouse-transfers' });
    const drawer = await openTransfer(user, 'TRF-2026-00007');
    const section = await within(drawer).findByRole('region', { name: 'Серійні номери' });
    expect(within(section).getByLabelText('Серійні номери КТ-100: вибрано 0 з 3')).toBeTruthy();

    // Posting is not asked while the count is short.
    await user.click(within(drawer).getByRole('button', { name: 'Провести' }));
    expect(await within(drawer).findByText('Товар «КТ-100»: вкажіть серійні номери — додано 0 з 3')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();

    const input = within(section).getByRole('textbox', { name: 'Серійні номери КТ-100' });
    await user.type(input, 'sn-001{Enter}');
    expect(within(section).getByLabelText('Серійні номери КТ-100: вибрано 1 з 3')).toBeTruthy();
    await user.type(input, 'SN-001{Enter}');
    expect(within(section).getByRole('alert').textContent).toBe('Уже вибрано: SN-001');
    await user.clear(input);
    await user.type(input, 'SN-002-SN-005{Enter}');
    expect(within(section).getByRole('alert').textContent).toBe('Потрібно лише 3 — приберіть зайві номери');
    await user.clear(input);
    await user.type(input, 'SN-002-SN-003{Enter}');
    expect(within(section).getByLabelText('Серійні номери КТ-100: вибрано 3 з 3')).toBeTruthy();
    expect(within(section).getByText('Усі номери вибрано')).toBeTruthy();
    expect(within(section).queryByRole('textbox')).toBeNull();
    // A wrong one can be taken off again.
    await user.click(within(section).getByRole('button', { name: 'Прибрати SN-003' }));
    expect(within(section).getByLabelText('Серійні номери КТ-100: вибрано 2 з 3')).toBeTruthy();
    // 'Заповнити автоматично' takes the oldest of the source warehouse not chosen yet.
    await user.click(within(section).getByRole('button', { name: 'Заповнити автоматично' }));
    expect(await within(section).findByLabelText('Серійні номери КТ-100: вибрано 3 з 3')).toBeTruthy();
    const asked = fetchMock.mock.calls.map(([url]) => String(url)).find((url) => url.includes('/available?'));
    expect(asked).toBe('/api/serial-numbers/available?itemId=40&warehouseId=1&limit=3');

    await user.click(within(drawer).getByRole('button', { name: 'Провести' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Провести переміщення?' })).getByRole('button', {
        name: 'Провести',
      }),
    );
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'POST', '/api/warehouse-transfers/7/post')).toEqual([
        { version: 3, serials: [{ itemId: 40, serials: ['SN-001', 'SN-002', 'SN-003'] }] },
      ]),
    );
    // The posted document lists the serials it moved, read-only.
    const view = screen.getByRole('dialog', { name: /Переміщення TRF-2026-00007/ });
    await waitFor(() => expect(within(view).getByText('Проведено', { selector: 'span' })).toBeTruthy());
    const moved = within(view).getByRole('list', { name: 'Серійні номери КТ-100' });
    expect(
      within(moved)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['SN-001', 'SN-002', 'SN-003']);
    expect(within(view).queryByRole('button', { name: 'Прибрати SN-001' })).toBeNull();
  });

  it('shows the server’s refusal to post', async () => {
    stubApi((url, init) => {
      if (url === '/api/warehouse-transfers/7' && init.method === 'GET') return jsonResponse(draft);
      if (url === '/api/warehouse-transfers/7/post') {
        return jsonResponse(
          { error: 'Недостатньо запасу: C-100N (Склад комплектуючих): потрібно 20, доступно 15' },
          409,
        );
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<WarehouseTransfersPage />, { path: '/warehouse-transfers' });
    const drawer = await openTransfer(user, 'TRF-2026-00007');
    await user.click(await within(drawer).findByRole('button', { name: 'Провести' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Провести переміщення?' })).getByRole('button', {
        name: 'Провести',
      }),
    );
    expect(
      await within(drawer).findByText('Недостатньо запасу: C-100N (Склад комплектуючих): потрібно 20, доступно 15'),
    ).toBeTruthy();
  });

  it('edits a draft: sends only what changed with the version', async () => {
    const fetchMock = stubApi((url, init) => {
      if (url === '/api/warehouse-transfers/7' && init.method === 'GET') return jsonResponse(draft);
      if (url === '/api/warehouse-transfers/7' && init.method === 'PATCH') {
        return jsonResponse({ ...draft, version: 4, lines: [{ ...draft.lines[0], qty: '15.0000' }] });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<WarehouseTransfersPage />, { path: '/warehouse-transfers' });
    const drawer = await openTransfer(user, 'TRF-2026-00007');
    await user.click(await within(drawer).findByRole('button', { name: 'Редагувати' }));
    const dialog = await screen.findByRole('dialog', { name: 'Переміщення TRF-2026-00007' });
    const qty = (await within(dialog).findByLabelText('Кількість')) as HTMLInputElement;
    expect(qty.value).toBe('20');
    expect(await within(dialog).findByText('Більше, ніж доступно (15) — проведення буде відхилено')).toBeTruthy();
    await user.clear(qty);
    await user.type(qty, '15');
    await user.click(within(dialog).getByRole('button', { name: /Зберегти/ }));
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'PATCH', '/api/warehouse-transfers/7')).toEqual([
        { version: 3, lines: [{ itemId: 12, qty: '15', notes: null }] },
      ]),
    );
    expect(await screen.findByText('Зміни збережено')).toBeTruthy();
  });

  it('deletes a draft after the confirmation', async () => {
    const fetchMock = stubApi((url, init) => {
      if (url === '/api/warehouse-transfers/7' && init.method === 'GET') return jsonResponse(draft);
      if (url === '/api/warehouse-transfers/7' && init.method === 'DELETE') return new Response(null, { status: 204 });
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<WarehouseTransfersPage />, { path: '/warehouse-transfers' });
    const drawer = await openTransfer(user, 'TRF-2026-00007');
    await user.click(await within(drawer).findByRole('button', { name: 'Видалити' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Видалити чернетку?' });
    await user.click(within(confirm).getByRole('button', { name: 'Видалити' }));
    expect(await screen.findByText('Чернетку видалено')).toBeTruthy();
    expect(requestsTo(fetchMock, 'DELETE', '/api/warehouse-transfers/7')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /TRF-2026-00007/ })).toBeNull());
  });

  it('requires a reason to cancel a posted transfer, then shows it cancelled', async () => {
    const postedDoc = { ...posted, id: 8, number: 'TRF-2026-00008' };
    const fetchMock = stubApi((url, init) => {
      if (url === '/api/warehouse-transfers/8' && init.method === 'GET') return jsonResponse(postedDoc);
      if (url === '/api/warehouse-transfers/8/cancel') {
        const { reason } = JSON.parse(String(init.body)) as { reason: string };
        return jsonResponse({
          ...postedDoc,
          status: 'cancelled',
          cancelledAt: '2026-11-13T10:00:00.000Z',
          cancelReason: reason,
        });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<WarehouseTransfersPage />, { path: '/warehouse-transfers' });
    const drawer = await openTransfer(user, 'TRF-2026-00008');

    await user.click(await within(drawer).findByRole('button', { name: 'Скасувати' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Скасувати переміщення?' });
    await user.click(within(confirm).getByRole('button', { name: 'Скасувати переміщення' }));
    expect(await within(confirm).findByText('Вкажіть причину скасування')).toBeTruthy();
    expect(requestsTo(fetchMock, 'POST', '/api/warehouse-transfers/8/cancel')).toHaveLength(0);

    await user.type(within(confirm).getByLabelText(/^Причина скасування/), '  Не той склад ');
    await user.click(within(confirm).getByRole('button', { name: 'Скасувати переміщення' }));
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'POST', '/api/warehouse-transfers/8/cancel')).toEqual([{ reason: 'Не той склад' }]),
    );
    expect(await screen.findByText('Переміщення скасовано')).toBeTruthy();
    await waitFor(() => expect(within(drawer).getAllByText('Не той склад').length).toBeGreaterThan(0));
    expect(within(drawer).queryByRole('button', { name: 'Скасувати' })).toBeNull();
  });

  it('offers no changes to a user who may only view the transfers', async () => {
    const fetchMock = stubApi((url, init) => {
      if (url === '/api/auth/user') {
        return jsonResponse({
          id: 5,
          username: 'viewer',
          firstName: 'Ліна',
          lastName: 'Коваль',
          email: 'viewer@example.com',
          profileImageUrl: null,
          workerId: null,
        });
      }
      if (url.startsWith('/api/users/5/accessible-menu')) {
        return jsonResponse([{ route: '/warehouse-transfers', canView: true, canAccess: false }]);
      }
      if (url === '/api/warehouse-transfers/7' && init.method === 'GET') return jsonResponse(draft);
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<WarehouseTransfersPage />, { path: '/warehouse-transfers' });
    await screen.findByText('TRF-2026-00007');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Нове переміщення' })).toBeNull());

    const drawer = await openTransfer(user, 'TRF-2026-00007');
    expect(await within(drawer).findByText('У вас немає права змінювати переміщення.')).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: 'Друк' })).toBeTruthy();
    for (const name of ['Провести', 'Видалити', 'Редагувати']) {
      expect(within(drawer).queryByRole('button', { name })).toBeNull();
    }
    expect(fetchMock.mock.calls.some(([, init]) => init?.method && init.method !== 'GET')).toBe(false);
  });
});
