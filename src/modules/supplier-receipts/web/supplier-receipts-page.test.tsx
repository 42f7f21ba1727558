import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  receiptCreateSchema,
  receiptSchema,
  receiptSummarySchema,
  type Receipt,
  type ReceiptSummary,
} from '@/modules/supplier-receipts/supplier-receipts.contract.ts';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { SupplierReceiptsPage } from './supplier-receipts-page.tsx';

const draftSummary: ReceiptSummary = receiptSummarySchema.parse({
  id: 7,
  number: 'GRN-2025-00007',
  documentDate: '2025-03-12',
  status: 'draft',
  supplierId: 3,
  supplierName: 'Радіомаг',
  warehouseId: 1,
  warehouseName: 'Склад матеріалів',
  documentTypeId: 2,
  documentTypeName: 'Видаткова накладна',
  supplierDocNumber: 'РН-0315',
  supplierDocDate: '2025-03-10',
  currencyCode: 'UAH',
  totalNet: '1250.00',
  totalVat: '250.00',
  totalGross: '1500.00',
  totalUah: '1500.00',
  lineCount: 1,
});

const postedSummary: ReceiptSummary = receiptSummarySchema.parse({
  ...draftSummary,
  id: 8,
  number: 'GRN-2025-00008',
  documentDate: '2025-03-05',
  status: 'posted',
  supplierId: 4,
  supplierName: 'Mouser Electronics',
  documentTypeName: 'Інвойс',
  supplierDocNumber: 'INV-88',
  supplierDocDate: '2025-03-01',
  currencyCode: 'USD',
  totalNet: '100.00',
  totalVat: '0.00',
  totalGross: '100.00',
  totalUah: '4150.00',
});

const cancelledSummary: ReceiptSummary = receiptSummarySchema.parse({
  ...draftSummary,
  id: 9,
  number: 'GRN-2025-00009',
  status: 'cancelled',
});

const draft: Receipt = receiptSchema.parse({
  ...draftSummary,
  companyId: null,
  fxRate: '1.000000',
  pricesIncludeVat: false,
  extraCosts: '0.00',
  extraCostsMethod: 'by_value',
  notes: null,
  version: 3,
  postedAt: null,
  cancelledAt: null,
  cancelReason: null,
  createdAt: '2025-03-12T08:00:00.000Z',
  lines: [
    {
      id: 70,
      lineNo: 1,
      itemId: 12,
      sku: 'C-100N',
      itemName: 'Конденсатор 100 нФ 0603',
      unitShortName: 'шт',
      qty: '1000.0000',
      unitPrice: '1.250000',
      vatRate: '20',
      supplierItemName: 'CL10B104KB8NNNC',
      lineNet: '1250.00',
      lineVat: '250.00',
      lineGross: '1500.00',
      unitCost: null,
    },
  ],
});

const posted: Receipt = receiptSchema.parse({
  ...draft,
  status: 'posted',
  version: 4,
  postedAt: '2025-03-12T09:30:00.000Z',
  lines: [{ ...draft.lines[0], unitCost: '1.250000' }],
});

type Answer = (url: string, init: RequestInit) => Response | undefined;

function listResponse(rows: ReceiptSummary[], total = rows.length) {
  return new Response(JSON.stringify(rows), {
    headers: { 'content-type': 'application/json', 'X-Total-Count': String(total) },
  });
}

/** The page's requests answered from the contract; `answer` handles what a test looks at. */
function stubApi(answer: Answer = () => undefined) {
  return stubFetch((url, init) => {
    const own = answer(url, init);
    if (own) return own;
    if (url === '/api/auth/user') return jsonResponse({ error: 'Потрібно увійти' }, 401);
    if (url.startsWith('/api/supplier-receipts?'))
      return listResponse([draftSummary, postedSummary, cancelledSummary], 3);
    if (url.startsWith('/api/lookups/suppliers')) {
      return jsonResponse([
        { id: 3, label: 'Радіомаг' },
        { id: 4, label: 'Mouser Electronics' },
      ]);
    }
    if (url.startsWith('/api/lookups/warehouses')) return jsonResponse([{ id: 1, label: 'Склад матеріалів' }]);
    if (url.startsWith('/api/lookups/supplier-document-types')) {
      return jsonResponse([{ id: 2, label: 'Видаткова накладна' }]);
    }
    if (url.startsWith('/api/lookups/components')) {
      return jsonResponse([{ id: 12, label: 'Конденсатор 100 нФ 0603' }]);
    }
    if (url.startsWith('/api/lookups/products')) return jsonResponse([{ id: 40, label: 'Контролер КТ-2' }]);
    return jsonResponse({ error: 'Не знайдено' }, 404);
  });
}

const listUrls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/supplier-receipts?'));

const requestsTo = (fetchMock: ReturnType<typeof stubFetch>, method: string, url: string) =>
  fetchMock.mock.calls
    .filter(([callUrl, init]) => callUrl === url && init?.method === method)
    .map(([, init]) => (init?.body === undefined ? undefined : (JSON.parse(String(init.body)) as unknown)));

/** An input by its label; a required field's label ends with an asterisk hidden from assistive technology. */
function field(container: HTMLElement, label: string) {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return within(container).getByLabelText(new RegExp(`^${escaped}\\*?$`)) as HTMLInputElement;
}

async function pick(user: ReturnType<typeof userEvent.setup>, combobox: HTMLElement, option: string) {
  await user.click(combobox);
  await user.click(await screen.findByRole('option', { name: option }));
}

async function openReceipt(user: ReturnType<typeof userEvent.setup>, number: string) {
  await user.click(await screen.findByRole('button', { name: `Відкрити прихід ${number}` }));
  return screen.findByRole('dialog', { name: new RegExp(`Прихід ${number}`) });
}

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
    fireEvent.change(screen.getByLabelText('Період з'), { target: { value: '2025-03-01' } });
    fireEvent.change(screen.getByLabelText('Період по'), { target: { value: '2025-03-31' } });
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
    fireEvent.change(field(dialog, 'Дата документа постачальника'), {
      target: { value: '2025-03-11' },
    });
    await pick(user, within(dialog).getByRole('combobox', { name: 'Тип документа' }), 'Видаткова накладна');
    await pick(user, within(dialog).getByRole('combobox', { name: 'Склад' }), 'Склад матеріалів');
    fireEvent.change(field(dialog, 'Дата приходу'), { target: { value: '2025-03-12' } });

    await user.click(within(dialog).getByRole('button', { name: 'Додати рядок' }));
    await pick(user, within(dialog).getByRole('combobox', { name: 'Позиція' }), 'Конденсатор 100 нФ 0603');
    await user.type(within(dialog).getByLabelText('Кількість'), '3');
    await user.type(within(dialog).getByLabelText('Ціна за од.'), '0,1');
    await user.type(within(dialog).getByLabelText('Назва в постачальника'), 'CL10B104');

    const amounts = within(dialog).getByLabelText('Суми рядка 1');
    expect(within(amounts).getByText('0,30')).toBeTruthy();
    expect(within(amounts).getByText('0,06')).toBeTruthy();
    expect(within(amounts).getByText('0,36')).toBeTruthy();
    const totals = within(dialog).getByRole('region', { name: 'Підсумки' });
    expect(within(totals).getByText('Всього з ПДВ, UAH').nextElementSibling?.textContent).toBe('0,36');

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
    await pick(user, within(dialog).getByRole('combobox', { name: 'Позиція' }), 'Контролер КТ-2');
    await user.type(within(dialog).getByLabelText('Кількість'), '7');
    await user.type(within(dialog).getByLabelText('Ціна за од.'), '0,1');

    // gross 0.70; VAT = 0.70 × 20 / 120 = 0.1166… → 0.12; net 0.58; in UAH 0.70 × 41.5 = 29.05
    const amounts = within(dialog).getByLabelText('Суми рядка 1');
    expect(within(amounts).getByText('0,58')).toBeTruthy();
    expect(within(amounts).getByText('0,12')).toBeTruthy();
    expect(within(amounts).getByText('0,70')).toBeTruthy();
    const totals = within(dialog).getByRole('region', { name: 'Підсумки' });
    expect(within(totals).getByText('Всього, грн (курс 41,5)').nextElementSibling?.textContent).toBe('29,05');
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/lookups/products'))).toBe(true);
  });
});

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

  it('takes scanned serials of a serial-tracked line and posts them with the line; all or none (generated)', async () => {
    const tracked: Receipt = receiptSchema.parse({
      ...draft,
      lines: [{ ...draft.lines[0], qty: '2.0000', serialTracking: true, serials: [] }],
    });
    const fetchMock = stubApi((url, init) => {
      if (url === '/api/supplier-receipts/7' && init.method === 'GET') return jsonResponse(tracked);
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
    expect(within(section).getByLabelText(`Серійні номери ${sku}: 1 з 2`)).toBeTruthy();
    // One of two is neither all nor none: posting is not asked.
    await user.click(within(dialog).getByRole('button', { name: 'Провести' }));
    expect(
      await within(dialog).findByText(
        `Товар «${sku}»: додано 1 з 2 серійних номерів — додайте решту або приберіть усі, щоб згенерувати`,
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await user.type(within(section).getByRole('textbox', { name: `Серійні номери ${sku}` }), 'GRN-2{Enter}');
    expect(within(section).getByText('Усі номери додано')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Провести' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Провести прихід?' });
    await user.click(within(confirm).getByRole('button', { name: 'Провести' }));
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'POST', '/api/supplier-receipts/7/post')).toEqual([
        { version: 3, serials: [{ lineId: tracked.lines[0]!.id, serials: ['GRN-1', 'GRN-2'] }] },
      ]),
    );
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
        current = receiptSchema.parse({ ...draft, version: 4, lines: [{ ...draft.lines[0], qty: '1001.0000' }] });
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
