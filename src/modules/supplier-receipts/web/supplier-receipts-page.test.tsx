// The supplier receipts page (warehouse.md §6): the list with its filters, a new receipt's form with its exact
// amounts and body, and the guards (unsaved changes, view-only).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { receiptCreateSchema } from '@/modules/supplier-receipts/supplier-receipts.contract.ts';
import { jsonResponse } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { SupplierReceiptsPage } from './supplier-receipts-page.tsx';
import {
  draft,
  field,
  listResponse,
  listUrls,
  openReceipt,
  pick,
  requestsTo,
  stubApi,
} from './supplier-receipts-page.fixture.ts';

describe('SupplierReceiptsPage — the list', () => {
  it('shows the receipts with Ukrainian statuses, the supplier document and the amount in UAH', async () => {
    const fetchMock = stubApi();
    renderWithProviders(<SupplierReceiptsPage />, { path: '/supplier-receipts' });

    expect(screen.getByRole('heading', { name: 'Приходи від постачальників' })).toBeTruthy();
    expect(screen.getByText('Завантаження приходів...')).toBeTruthy();
    const draftRow = (await screen.findByText('GRN-2025-00007')).closest('tr')!;
    expect(within(draftRow).getByText('12.03.2025')).toBeTruthy();
    expect(within(draftRow).getByText('Радіомаг')).toBeTruthy();
    expect(within(draftRow).getByText('Видаткова накладна')).toBeTruthy();
    expect(within(draftRow).getByText('№ РН-0315 від 10.03.2025')).toBeTruthy();
    expect(within(draftRow).getByText('Склад матеріалів')).toBeTruthy();
    expect(within(draftRow).getByText('1 500,00')).toBeTruthy();
    expect(within(draftRow).getByText('Чернетка')).toBeTruthy();

    const postedRow = screen.getByText('GRN-2025-00008').closest('tr')!;
    expect(within(postedRow).getByText('Проведено')).toBeTruthy();
    expect(within(postedRow).getByText('4 150,00')).toBeTruthy();
    expect(within(postedRow).getByText('100,00 USD')).toBeTruthy();
    expect(within(screen.getByText('GRN-2025-00009').closest('tr')!).getByText('Скасовано')).toBeTruthy();
    expect(screen.getByText('Показано 1–3 з 3')).toBeTruthy();
    expect(listUrls(fetchMock)).toEqual(['/api/supplier-receipts?page=1&limit=20&sort=-documentDate']);
  });

  it('passes the search, status, supplier, warehouse and period to the URL and sorts by a column', async () => {
    const fetchMock = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<SupplierReceiptsPage />, { path: '/supplier-receipts' });
    await screen.findByText('GRN-2025-00007');

    await user.type(screen.getByRole('searchbox', { name: 'Пошук приходів' }), 'РН-03');
    await waitFor(() => expect(listUrls(fetchMock).at(-1)).toContain(`search=${encodeURIComponent('РН-03')}`));
    expect(listUrls(fetchMock).filter((url) => url.includes('search='))).toHaveLength(1);

    await user.click(screen.getByRole('combobox', { name: 'Статус' }));
    await user.click(await screen.findByRole('option', { name: 'Проведено' }));
    await waitFor(() => expect(listUrls(fetchMock).at(-1)).toContain('status=posted'));

    await pick(user, screen.getByRole('combobox', { name: 'Постачальник' }), 'Радіомаг');
    await waitFor(() => expect(listUrls(fetchMock).at(-1)).toContain('status=posted&supplierId=3'));
    expect(screen.getByRole('combobox', { name: 'Постачальник' }).textContent).toContain('Радіомаг');

    await pick(user, screen.getByRole('combobox', { name: 'Склад' }), 'Склад матеріалів');
    fireEvent.change(screen.getByLabelText('Період з'), { target: { value: '01.03.2025' } });
    fireEvent.change(screen.getByLabelText('Період по'), { target: { value: '31.03.2025' } });
    await waitFor(() =>
      expect(listUrls(fetchMock).at(-1)).toBe(
        `/api/supplier-receipts?page=1&limit=20&search=${encodeURIComponent('РН-03')}&sort=-documentDate` +
          '&status=posted&supplierId=3&warehouseId=1&dateFrom=2025-03-01&dateTo=2025-03-31',
      ),
    );

    const amountHeader = screen.getByRole('columnheader', { name: /Сума, грн/ });
    await user.click(within(amountHeader).getByRole('button'));
    await waitFor(() => expect(listUrls(fetchMock).at(-1)).toContain('sort=totalUah'));
    expect(amountHeader.getAttribute('aria-sort')).toBe('ascending');

    await user.click(screen.getByRole('button', { name: 'Скинути фільтри' }));
    await waitFor(() =>
      expect(listUrls(fetchMock).at(-1)).toBe('/api/supplier-receipts?page=1&limit=20&sort=totalUah'),
    );
  });

  it('shows the load error with a retry, then the empty state', async () => {
    let fail = true;
    stubApi((url) => {
      if (!url.startsWith('/api/supplier-receipts?')) return undefined;
      return fail ? jsonResponse({ error: 'Сервер недоступний' }, 500) : listResponse([], 0);
    });
    const user = userEvent.setup();
    renderWithProviders(<SupplierReceiptsPage />, { path: '/supplier-receipts' });

    expect(await screen.findByText('Не вдалося завантажити приходи: Сервер недоступний')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Спробувати ще раз' }));
    expect(await screen.findByText('Приходів не знайдено')).toBeTruthy();
    expect(screen.getByText('0 приходів')).toBeTruthy();
  });
});

describe('SupplierReceiptsPage — a new receipt', () => {
  it('validates in Ukrainian, computes the line exactly and sends the exact POST body', async () => {
    const fetchMock = stubApi((url, init) => {
      if (url === '/api/supplier-receipts' && init.method === 'POST') {
        return jsonResponse({ ...draft, id: 10, number: 'GRN-2025-00010', version: 1 }, 201);
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<SupplierReceiptsPage />, { path: '/supplier-receipts' });
    await screen.findByText('GRN-2025-00007');

    await user.click(screen.getByRole('button', { name: 'Новий прихід' }));
    const dialog = await screen.findByRole('dialog', { name: 'Новий прихід' });
    expect(within(dialog).getByText('Рядків ще немає')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: /Зберегти/ }));

    expect(await within(dialog).findByText('Додайте хоча б один рядок')).toBeTruthy();
    expect(within(dialog).getAllByText('Оберіть запис зі списку')).toHaveLength(3); // supplier, type, warehouse
    expect(within(dialog).getAllByText("Обов'язкове поле")).toHaveLength(1); // the supplier's number
    expect(within(dialog).getAllByText('Вкажіть дату')).toHaveLength(1); // the supplier's date
    expect(requestsTo(fetchMock, 'POST', '/api/supplier-receipts')).toHaveLength(0);

    await pick(user, within(dialog).getByRole('combobox', { name: 'Постачальник' }), 'Радіомаг');
    await user.type(field(dialog, '№ документа постачальника'), ' РН-0320 ');
    fireEvent.change(field(dialog, 'Дата документа постачальника'), { target: { value: '11.03.2025' } });
    await pick(user, within(dialog).getByRole('combobox', { name: 'Тип документа' }), 'Видаткова накладна');
    await pick(user, within(dialog).getByRole('combobox', { name: 'Склад' }), 'Склад матеріалів');
    fireEvent.change(field(dialog, 'Дата приходу'), { target: { value: '12.03.2025' } });

    await user.click(within(dialog).getByRole('button', { name: 'Додати рядок' }));
    await pick(user, within(dialog).getByRole('combobox', { name: 'Позиція' }), /^Конденсатор 100 нФ 0603/);
    await user.type(within(dialog).getByLabelText('Кількість'), '3');
    await user.type(within(dialog).getByLabelText('Ціна за од.'), '0,1');
    await user.type(within(dialog).getByLabelText('Назва в постачальника'), 'CL10B104');

    const amounts = within(dialog).getByLabelText('Суми рядка 1');
    expect(within(amounts).getByText('0,30')).toBeTruthy();
    expect(within(amounts).getByText('0,06')).toBeTruthy();
    expect(within(amounts).getByText('0,36')).toBeTruthy();
    const totals = within(dialog).getByRole('region', { name: 'Підсумки' });
    expect(within(totals).getByText('Всього з ПДВ, грн').nextElementSibling?.textContent).toBe('0,36');

    await user.click(within(dialog).getByRole('button', { name: /Зберегти/ }));
    await waitFor(() => expect(requestsTo(fetchMock, 'POST', '/api/supplier-receipts')).toHaveLength(1));
    expect(requestsTo(fetchMock, 'POST', '/api/supplier-receipts')[0]).toEqual({
      supplierId: 3,
      companyId: null,
      warehouseId: 1,
      documentTypeId: 2,
      supplierDocNumber: 'РН-0320',
      supplierDocDate: '2025-03-11',
      documentDate: '2025-03-12',
      currencyCode: 'UAH',
      fxRate: '1',
      pricesIncludeVat: false,
      extraCosts: '0',
      extraCostsMethod: 'by_value',
      notes: null,
      lines: [{ itemId: 12, qty: '3', unitPrice: '0.1', vatRate: '20', supplierItemName: 'CL10B104' }],
    });
    expect(receiptCreateSchema.safeParse(requestsTo(fetchMock, 'POST', '/api/supplier-receipts')[0]).success).toBe(
      true,
    );
    expect(await screen.findByRole('dialog', { name: /Прихід GRN-2025-00010/ })).toBeTruthy();
    expect(await screen.findByText('Чернетку приходу створено')).toBeTruthy();
  });

  it('pre-selects the warehouse the server gives the lines, until the user picks one himself', async () => {
    const fetchMock = stubApi((url) =>
      url.startsWith('/api/supplier-receipts/default-warehouse')
        ? jsonResponse({ warehouseId: 1, warehouseName: 'Склад матеріалів' })
        : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<SupplierReceiptsPage />, { path: '/supplier-receipts' });
    await screen.findByText('GRN-2025-00007');
    await user.click(screen.getByRole('button', { name: 'Новий прихід' }));
    const dialog = await screen.findByRole('dialog', { name: 'Новий прихід' });
    const warehouse = within(dialog).getByRole('combobox', { name: 'Склад' });
    await waitFor(() => expect(warehouse.textContent).toContain('Склад матеріалів'));
    // The lines chosen so far are the question: a component asks again with its id.
    await user.click(within(dialog).getByRole('button', { name: 'Додати рядок' }));
    await pick(user, within(dialog).getByRole('combobox', { name: 'Позиція' }), /^Конденсатор 100 нФ 0603/);
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(
        '/api/supplier-receipts/default-warehouse?itemIds=12',
      ),
    );
    expect(warehouse.textContent).toContain('Склад матеріалів');
  });

  it('computes gross prices and a foreign currency with exact decimals, and picks products on request', async () => {
    const fetchMock = stubApi((url, init) =>
      url === '/api/supplier-receipts' && init.method === 'POST' ? jsonResponse(draft, 201) : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<SupplierReceiptsPage />, { path: '/supplier-receipts' });
    await screen.findByText('GRN-2025-00007');
    await user.click(screen.getByRole('button', { name: 'Новий прихід' }));
    const dialog = await screen.findByRole('dialog', { name: 'Новий прихід' });

    const currency = within(dialog).getByLabelText('Валюта');
    await user.clear(currency);
    await user.type(currency, 'usd');
    await user.type(field(dialog, 'Курс, грн за 1 USD'), '41,5');
    await user.click(within(dialog).getByRole('switch', { name: 'Ціни з ПДВ' }));
    await user.click(within(dialog).getByRole('button', { name: 'Додати рядок' }));
    await user.click(within(dialog).getByRole('button', { name: 'Товари' }));
    await pick(user, within(dialog).getByRole('combobox', { name: 'Позиція' }), /^Контролер КТ-2/);
    await user.type(within(dialog).getByLabelText('Кількість'), '7');
    await user.type(within(dialog).getByLabelText('Ціна за од.'), '0,1');

    // gross 0.70; VAT = 0.70 × 20 / 120 = 0.1166… → 0.12; net 0.58; in UAH 0.70 × 41.5 = 29.05
    const amounts = within(dialog).getByLabelText('Суми рядка 1');
    expect(within(amounts).getByText('0,58')).toBeTruthy();
    expect(within(amounts).getByText('0,12')).toBeTruthy();
    expect(within(amounts).getByText('0,70')).toBeTruthy();
    const totals = within(dialog).getByRole('region', { name: 'Підсумки' });
    expect(within(totals).getByText('Всього, грн (курс 41,5)').nextElementSibling?.textContent).toBe('29,05');
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/items/options?source=products'))).toBe(
      true,
    );
  });
});
describe('SupplierReceiptsPage — guards', () => {
  it('asks before closing a form with unsaved changes', async () => {
    stubApi();
    const user = userEvent.setup();
    renderWithProviders(<SupplierReceiptsPage />, { path: '/supplier-receipts' });
    await screen.findByText('GRN-2025-00007');
    await user.click(screen.getByRole('button', { name: 'Новий прихід' }));
    const dialog = await screen.findByRole('dialog', { name: 'Новий прихід' });
    await user.type(field(dialog, '№ документа постачальника'), 'РН-1');

    await user.keyboard('{Escape}');
    const confirm = await screen.findByRole('alertdialog', { name: 'Закрити без збереження?' });
    await user.click(within(confirm).getByRole('button', { name: 'Повернутися' }));
    expect(field(dialog, '№ документа постачальника').value).toBe('РН-1');

    await user.click(within(dialog).getAllByRole('button', { name: 'Закрити' })[0]!);
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Закрити без збереження' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Новий прихід' })).toBeNull());
  });

  it('shows a draft read-only to a user who may only view the receipts', async () => {
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
        return jsonResponse([{ route: '/supplier-receipts', canView: true, canAccess: false }]);
      }
      if (url === '/api/supplier-receipts/7' && init.method === 'GET') return jsonResponse(draft);
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<SupplierReceiptsPage />, { path: '/supplier-receipts' });
    await screen.findByText('GRN-2025-00007');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Новий прихід' })).toBeNull());

    const dialog = await openReceipt(user, 'GRN-2025-00007');
    expect(await within(dialog).findByText('У вас немає права змінювати приходи.')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Провести' })).toBeNull();
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method && init.method !== 'GET')).toBe(false);
  });
});
