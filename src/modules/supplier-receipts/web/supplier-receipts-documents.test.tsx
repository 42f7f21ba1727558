// The supplier receipts page (warehouse.md §6), one document: a draft changed, posted (with serials) and deleted, a
// posted receipt cancelled, a receipt opened from its supplier order, and codes scanned into a draft.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { receiptSchema, type Receipt } from '@/modules/supplier-receipts/supplier-receipts.contract.ts';
import { jsonResponse } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { SupplierReceiptsPage } from './supplier-receipts-page.tsx';
import { draft, field, openReceipt, posted, requestsTo, stubApi } from './supplier-receipts-page.fixture.ts';

describe('SupplierReceiptsPage — a draft', () => {
  it('sends only what changed with the version, and shows the server’s line error under its input', async () => {
    const fetchMock = stubApi((url, init) => {
      if (url === '/api/supplier-receipts/7' && init.method === 'GET') return jsonResponse(draft);
      if (url === '/api/supplier-receipts/7' && init.method === 'PATCH') {
        return jsonResponse(
          { error: 'Перевірте рядки документа', fields: { 'lines.0.qty': 'Кількість має бути кратною упаковці' } },
          400,
        );
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<SupplierReceiptsPage />, { path: '/supplier-receipts' });
    const dialog = await openReceipt(user, 'GRN-2025-00007');

    const qty = (await within(dialog).findByLabelText('Кількість')) as HTMLInputElement;
    expect(qty.value).toBe('1000');
    expect((within(dialog).getByLabelText('Ціна за од.') as HTMLInputElement).value).toBe('1,25');
    expect(within(dialog).getByRole('combobox', { name: 'Постачальник' }).textContent).toContain('Радіомаг');
    expect(within(dialog).getByText('Артикул C-100N · шт')).toBeTruthy();
    expect(
      within(dialog)
        .getByRole('button', { name: /Зберегти/ })
        .hasAttribute('disabled'),
    ).toBe(true);

    await user.clear(qty);
    await user.type(qty, '1200,5');
    await user.click(within(dialog).getByRole('button', { name: /Зберегти/ }));

    await waitFor(() => expect(requestsTo(fetchMock, 'PATCH', '/api/supplier-receipts/7')).toHaveLength(1));
    expect(requestsTo(fetchMock, 'PATCH', '/api/supplier-receipts/7')[0]).toEqual({
      version: 3,
      lines: [{ itemId: 12, qty: '1200.5', unitPrice: '1.25', vatRate: '20', supplierItemName: 'CL10B104KB8NNNC' }],
    });
    const message = await within(dialog).findByText('Кількість має бути кратною упаковці');
    expect(qty.getAttribute('aria-describedby')).toBe(message.id);
    expect(qty.getAttribute('aria-invalid')).toBe('true');
  });

  it('offers to reload the document when another user changed it', async () => {
    let version = 3;
    stubApi((url, init) => {
      if (url === '/api/supplier-receipts/7' && init.method === 'GET') return jsonResponse({ ...draft, version });
      if (url === '/api/supplier-receipts/7' && init.method === 'PATCH') {
        return jsonResponse({ error: 'Документ змінено іншим користувачем — оновіть сторінку' }, 409);
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<SupplierReceiptsPage />, { path: '/supplier-receipts' });
    const dialog = await openReceipt(user, 'GRN-2025-00007');
    await user.type(await waitFor(() => field(dialog, '№ документа постачальника')), '-A');
    await user.click(within(dialog).getByRole('button', { name: /Зберегти/ }));

    expect(await within(dialog).findByText('Документ змінено іншим користувачем — оновіть сторінку')).toBeTruthy();
    version = 5;
    await user.click(within(dialog).getByRole('button', { name: 'Оновити документ' }));
    await waitFor(() => expect(field(dialog, '№ документа постачальника').value).toBe('РН-0315'));
  });

  it('posts a draft with its version after the confirmation, then shows the unit costs read-only', async () => {
    const fetchMock = stubApi((url, init) => {
      if (url === '/api/supplier-receipts/7' && init.method === 'GET') return jsonResponse(draft);
      if (url === '/api/supplier-receipts/7/post') return jsonResponse(posted);
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<SupplierReceiptsPage />, { path: '/supplier-receipts' });
    const dialog = await openReceipt(user, 'GRN-2025-00007');
    await within(dialog).findByLabelText('Кількість');

    await user.click(within(dialog).getByRole('button', { name: 'Провести' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Провести прихід?' });
    expect(within(confirm).getByText(/на склад «Склад матеріалів»/)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Провести' }));

    await waitFor(() =>
      expect(requestsTo(fetchMock, 'POST', '/api/supplier-receipts/7/post')).toEqual([{ version: 3 }]),
    );
    expect(requestsTo(fetchMock, 'PATCH', '/api/supplier-receipts/7')).toHaveLength(0);
    expect(await screen.findByText('Прихід проведено')).toBeTruthy();
    const view = screen.getByRole('dialog', { name: /Прихід GRN-2025-00007/ });
    expect(within(view).getByText('Проведено', { selector: 'span' })).toBeTruthy();
    const table = within(view).getByRole('table', { name: 'Рядки документа' });
    expect(within(table).getByRole('columnheader', { name: 'Собівартість, грн/од.' })).toBeTruthy();
    expect(within(table).getAllByText('1,25')).toHaveLength(2); // the price and the unit cost
    expect(within(view).queryByRole('button', { name: /Зберегти/ })).toBeNull();
    expect(within(view).getByRole('button', { name: 'Скасувати прихід' })).toBeTruthy();
  });

  it('takes scanned serials of a serial-tracked line, saves them with the line and posts; all or none', async () => {
    const tracked: Receipt = receiptSchema.parse({
      ...draft,
      lines: [{ ...draft.lines[0], qty: '2.0000', enteredQty: '2.0000', serialTracking: true, serials: [] }],
    });
    const saved = { ...tracked, version: 4, lines: [{ ...tracked.lines[0]!, serials: ['GRN-1', 'GRN-2'] }] };
    const fetchMock = stubApi((url, init) => {
      if (url === '/api/supplier-receipts/7' && init.method === 'GET') return jsonResponse(tracked);
      if (url === '/api/supplier-receipts/7' && init.method === 'PATCH') return jsonResponse(saved);
      if (url === '/api/supplier-receipts/7/post') return jsonResponse(posted);
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<SupplierReceiptsPage />, { path: '/supplier-receipts' });
    const dialog = await openReceipt(user, 'GRN-2025-00007');
    const section = await within(dialog).findByRole('region', { name: 'Серійні номери' });
    const sku = tracked.lines[0]!.sku;
    const input = within(section).getByRole('textbox', { name: `Серійні номери ${sku}` });
    await user.type(input, 'grn-1{Enter}');
    expect(within(section).getByLabelText(`Серійні номери ${sku}: вибрано 1 з 2`)).toBeTruthy();
    // One of two is neither all nor none: posting is not asked.
    await user.click(within(dialog).getByRole('button', { name: 'Провести' }));
    expect(
      await within(dialog).findByText(
        `Товар «${sku}»: додано 1 з 2 серійних номерів — додайте решту або приберіть усі, щоб згенерувати`,
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await user.type(within(section).getByRole('textbox', { name: `Серійні номери ${sku}` }), 'GRN-2{Enter}');
    expect(within(section).getByText('Усі номери вибрано')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Провести' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Провести прихід?' });
    await user.click(within(confirm).getByRole('button', { name: 'Провести' }));
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'POST', '/api/supplier-receipts/7/post')).toEqual([
        { version: 4, serials: [{ lineId: tracked.lines[0]!.id, serials: ['GRN-1', 'GRN-2'] }] },
      ]),
    );
    // The typed serials were saved with their line first (the draft keeps them).
    expect(requestsTo(fetchMock, 'PATCH', '/api/supplier-receipts/7')).toEqual([
      { version: 3, lines: [expect.objectContaining({ itemId: 12, serials: ['GRN-1', 'GRN-2'] })] },
    ]);
  });

  it('keeps the serials typed on a draft line when the draft is saved and reopened', async () => {
    let stored: Receipt = receiptSchema.parse({
      ...draft,
      lines: [{ ...draft.lines[0], qty: '3.0000', enteredQty: '3.0000', serialTracking: true, serials: ['GRN-1'] }],
    });
    const fetchMock = stubApi((url, init) => {
      if (url === '/api/supplier-receipts/7' && init.method === 'GET') return jsonResponse(stored);
      if (url === '/api/supplier-receipts/7' && init.method === 'PATCH') {
        const body = JSON.parse(String(init.body)) as { lines: Array<{ serials: string[] }> };
        stored = { ...stored, version: 4, lines: [{ ...stored.lines[0]!, serials: body.lines[0]!.serials }] };
        return jsonResponse(stored);
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<SupplierReceiptsPage />, { path: '/supplier-receipts' });
    let dialog = await openReceipt(user, 'GRN-2025-00007');
    const sku = stored.lines[0]!.sku;
    let section = await within(dialog).findByRole('region', { name: 'Серійні номери' });
    // The serial kept on the draft is there when it opens; typing one more makes the draft changed.
    expect(within(section).getByLabelText(`Серійні номери ${sku}: вибрано 1 з 3`)).toBeTruthy();
    const save = within(dialog).getByRole('button', { name: /Зберегти/ });
    expect(save.hasAttribute('disabled')).toBe(true);
    await user.type(within(section).getByRole('textbox', { name: `Серійні номери ${sku}` }), 'grn-2{Enter}');
    expect(save.hasAttribute('disabled')).toBe(false);
    await user.click(save);
    await waitFor(() => expect(requestsTo(fetchMock, 'PATCH', '/api/supplier-receipts/7')).toHaveLength(1));
    expect(requestsTo(fetchMock, 'PATCH', '/api/supplier-receipts/7')[0]).toEqual({
      version: 3,
      lines: [expect.objectContaining({ itemId: 12, serials: ['GRN-1', 'GRN-2'] })],
    });

    // Closed and opened again: the saved serials come back from the server.
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(true));
    await user.click(within(dialog).getAllByRole('button', { name: 'Закрити' })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    dialog = await openReceipt(user, 'GRN-2025-00007');
    section = await within(dialog).findByRole('region', { name: 'Серійні номери' });
    expect(within(section).getByLabelText(`Серійні номери ${sku}: вибрано 2 з 3`)).toBeTruthy();
    expect(within(section).getByText('GRN-2')).toBeTruthy();
  });

  it('saves the changes first, then posts with the new version; a refusal is shown in the form', async () => {
    const fetchMock = stubApi((url, init) => {
      if (url === '/api/supplier-receipts/7' && init.method === 'GET') return jsonResponse(draft);
      if (url === '/api/supplier-receipts/7' && init.method === 'PATCH') {
        return jsonResponse({ ...draft, supplierDocNumber: 'РН-0316', version: 4 });
      }
      if (url === '/api/supplier-receipts/7/post') {
        return jsonResponse({ error: 'Цей документ постачальника вже внесено (GRN-2025-00002)' }, 409);
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<SupplierReceiptsPage />, { path: '/supplier-receipts' });
    const dialog = await openReceipt(user, 'GRN-2025-00007');
    const number = await waitFor(() => field(dialog, '№ документа постачальника'));
    await user.clear(number);
    await user.type(number, 'РН-0316');

    await user.click(within(dialog).getByRole('button', { name: 'Провести' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Провести прихід?' });
    expect(within(confirm).getByText('Спершу буде збережено внесені зміни.')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Провести' }));

    expect(await within(dialog).findByText('Цей документ постачальника вже внесено (GRN-2025-00002)')).toBeTruthy();
    expect(requestsTo(fetchMock, 'PATCH', '/api/supplier-receipts/7')).toEqual([
      { version: 3, supplierDocNumber: 'РН-0316' },
    ]);
    expect(requestsTo(fetchMock, 'POST', '/api/supplier-receipts/7/post')).toEqual([{ version: 4 }]);
  });

  it('deletes a draft after the confirmation', async () => {
    const fetchMock = stubApi((url, init) => {
      if (url === '/api/supplier-receipts/7' && init.method === 'GET') return jsonResponse(draft);
      if (url === '/api/supplier-receipts/7' && init.method === 'DELETE') return new Response(null, { status: 204 });
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<SupplierReceiptsPage />, { path: '/supplier-receipts' });
    const dialog = await openReceipt(user, 'GRN-2025-00007');
    await within(dialog).findByLabelText('Кількість');

    await user.click(within(dialog).getByRole('button', { name: 'Видалити' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Видалити чернетку?' });
    await user.click(within(confirm).getByRole('button', { name: 'Видалити' }));

    expect(await screen.findByText('Чернетку видалено')).toBeTruthy();
    expect(requestsTo(fetchMock, 'DELETE', '/api/supplier-receipts/7')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /GRN-2025-00007/ })).toBeNull());
  });
});

describe('SupplierReceiptsPage — a posted receipt', () => {
  it('requires a reason to cancel, then shows the cancelled receipt with it', async () => {
    const fetchMock = stubApi((url, init) => {
      if (url === '/api/supplier-receipts/8' && init.method === 'GET') {
        return jsonResponse({ ...posted, id: 8, number: 'GRN-2025-00008' });
      }
      if (url === '/api/supplier-receipts/8/cancel') {
        const { reason } = JSON.parse(String(init.body)) as { reason: string };
        return jsonResponse({
          ...posted,
          id: 8,
          number: 'GRN-2025-00008',
          status: 'cancelled',
          cancelledAt: '2025-03-13T10:00:00.000Z',
          cancelReason: reason,
        });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<SupplierReceiptsPage />, { path: '/supplier-receipts' });
    const dialog = await openReceipt(user, 'GRN-2025-00008');

    await user.click(await within(dialog).findByRole('button', { name: 'Скасувати прихід' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Скасувати прихід?' });
    await user.click(within(confirm).getByRole('button', { name: 'Скасувати прихід' }));
    expect(await within(confirm).findByText('Вкажіть причину скасування')).toBeTruthy();
    expect(requestsTo(fetchMock, 'POST', '/api/supplier-receipts/8/cancel')).toHaveLength(0);

    await user.type(field(confirm, 'Причина скасування'), '  Помилка в кількості ');
    await user.click(within(confirm).getByRole('button', { name: 'Скасувати прихід' }));

    await waitFor(() =>
      expect(requestsTo(fetchMock, 'POST', '/api/supplier-receipts/8/cancel')).toEqual([
        { reason: 'Помилка в кількості' },
      ]),
    );
    expect(await screen.findByText('Прихід скасовано')).toBeTruthy();
    const view = screen.getByRole('dialog', { name: /Прихід GRN-2025-00008/ });
    expect(within(view).getAllByText('Помилка в кількості').length).toBeGreaterThan(0);
    expect(within(view).queryByRole('button', { name: 'Скасувати прихід' })).toBeNull();
  });
});
describe('SupplierReceiptsPage — from a supplier order', () => {
  it('opens the receipt named by ?open=, shows its order and warns of a price 20 % off the last one', async () => {
    const fromOrder: Receipt = receiptSchema.parse({
      ...draft,
      supplierOrderId: 5,
      supplierOrderNumber: 'PO-2025-00005',
      lines: [{ ...draft.lines[0], supplierOrderLineId: 50, lastPrice: '1.000000', lastPriceCurrency: 'UAH' }],
    });
    const fetchMock = stubApi((url, init) => {
      if (url === '/api/supplier-receipts/7' && init.method === 'GET') return jsonResponse(fromOrder);
      if (url === '/api/supplier-receipts/7' && init.method === 'PATCH') return jsonResponse(fromOrder);
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<SupplierReceiptsPage />, { path: '/supplier-receipts?open=7' });
    const dialog = await screen.findByRole('dialog', { name: /Прихід GRN-2025-00007/ });
    expect(await within(dialog).findByText('PO-2025-00005')).toBeTruthy();
    // 1,25 against the last 1,00: more than 20 % — a warning, not a block.
    expect(within(dialog).getByText('Ціна відрізняється від останньої більш ніж на 20 %')).toBeTruthy();
    const price = within(dialog).getByLabelText('Ціна за од.');
    await user.clear(price);
    await user.type(price, '1,1');
    expect(within(dialog).queryByText('Ціна відрізняється від останньої більш ніж на 20 %')).toBeNull();
    // The order links travel with the lines when they are saved.
    await user.click(within(dialog).getByRole('button', { name: /Зберегти/ }));
    await waitFor(() => expect(requestsTo(fetchMock, 'PATCH', '/api/supplier-receipts/7')).toHaveLength(1));
    expect(requestsTo(fetchMock, 'PATCH', '/api/supplier-receipts/7')[0]).toMatchObject({
      version: 3,
      lines: [{ itemId: 12, unitPrice: '1.1', supplierOrderLineId: 50 }],
    });
  });
});

describe('SupplierReceiptsPage — scanning into a draft', () => {
  it('adds one by the scanned code and shows the draft as the server now has it; an unknown code is named', async () => {
    let current: Receipt = draft;
    const fetchMock = stubApi((url, init) => {
      if (url === '/api/supplier-receipts/7' && init.method === 'GET') return jsonResponse(current);
      if (url === '/api/supplier-receipts/7/scan' && init.method === 'POST') {
        const { code } = JSON.parse(String(init.body)) as { code: string };
        if (code !== 'C-100N') return jsonResponse({ error: 'Нічого не знайдено' }, 404);
        current = receiptSchema.parse({
          ...draft,
          version: 4,
          lines: [{ ...draft.lines[0], qty: '1001.0000', enteredQty: '1001.0000' }],
        });
        return jsonResponse({
          lineId: 70,
          itemId: 12,
          sku: 'C-100N',
          name: 'Конденсатор 100 нФ 0603',
          qty: '1001.0000',
        });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<SupplierReceiptsPage />, { path: '/supplier-receipts' });
    const dialog = await openReceipt(user, 'GRN-2025-00007');
    const box = within(dialog).getByLabelText('Штрих-код або артикул');
    await user.type(box, 'NOPE{Enter}');
    expect(await within(dialog).findByText('Нічого не знайдено')).toBeTruthy();
    await user.clear(box);
    await user.type(box, 'C-100N{Enter}');
    await waitFor(() => expect((within(dialog).getByLabelText('Кількість') as HTMLInputElement).value).toBe('1001'));
    expect(requestsTo(fetchMock, 'POST', '/api/supplier-receipts/7/scan')).toEqual([
      { code: 'NOPE' },
      { code: 'C-100N' },
    ]);
    // Scanning does not save the form (no PATCH).
    expect(requestsTo(fetchMock, 'PATCH', '/api/supplier-receipts/7')).toHaveLength(0);
  });
});
