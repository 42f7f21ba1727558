import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { LookupResult } from '@/modules/scanner/scanner.contract.ts';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { ScannerDialog } from './scanner-dialog.tsx';
import { ScannerPage } from './scanner-page.tsx';

const lamp: LookupResult = {
  type: 'item',
  matchedBy: 'barcode',
  itemId: 12,
  sku: 'LAMP-1',
  name: 'Лампа настільна',
  kind: 'product',
  unit: 'шт',
  barcode: '4006381333931',
  price: '250.000000',
  priceWithVat: '300.00',
  vatRate: '20',
  isActive: true,
  status: 'in-stock',
  stock: [
    { warehouseId: 1, warehouseName: 'Основний склад', onHand: '25.0000', reserved: '3.0000', available: '22.0000' },
    { warehouseId: 2, warehouseName: 'Магазин', onHand: '4.0000', reserved: '0.0000', available: '4.0000' },
  ],
  links: { page: '/products', movement: '/component-movement?itemId=12&kind=all' },
};

const grn: LookupResult = {
  type: 'document',
  documentType: 'supplier_receipt',
  id: 7,
  number: 'GRN-2026-00007',
  status: 'posted',
  date: '2026-11-12',
  url: '/supplier-receipts?open=7',
};

const soldSerial: LookupResult = {
  type: 'serial',
  serialId: 31,
  serial: '2601-00007',
  itemId: 12,
  sku: 'LAMP-1',
  name: 'Лампа настільна',
  status: 'sold',
  statusLabel: 'Продано',
  warehouseName: null,
  clientName: 'ТОВ «Світло»',
  soldAt: '2026-02-10T10:00:00.000Z',
  warrantyUntil: '2027-02-10',
  url: '/serial-numbers?open=31',
};

const order: LookupResult = {
  type: 'document',
  documentType: 'order',
  id: 42,
  number: 'ORD-2026-00042',
  status: 'partially_shipped',
  statusLabel: 'Частково відвантажено',
  date: '2026-11-15',
  url: '/orders?search=ORD-2026-00042',
};

function listResponse(rows: unknown[]) {
  const response = jsonResponse(rows);
  response.headers.set('x-total-count', String(rows.length));
  return response;
}

function stubApi(extra?: (url: string, init: RequestInit) => Response | undefined) {
  return stubFetch((url, init) => {
    const method = init.method ?? 'GET';
    const answered = extra?.(url, init);
    if (answered) return answered;
    if (url.startsWith('/api/scanner/lookup')) {
      const code = new URL(url, 'http://x').searchParams.get('code');
      if (code === '4006381333931') return jsonResponse([lamp]);
      if (code === 'GRN-2026-00007') return jsonResponse([grn]);
      if (code === 'ORD-2026-00042') return jsonResponse([order]);
      if (code === '2601-00007') return jsonResponse([soldSerial]);
      return jsonResponse([]);
    }
    if (url.startsWith('/api/inventory-audits?')) {
      return listResponse([
        { id: 5, number: 'AUD-2026-00005', documentDate: '2026-11-20', warehouseName: 'Основний склад' },
      ]);
    }
    if (url === '/api/inventory-audits/5/scan' && method === 'POST') {
      const { code } = JSON.parse(String(init.body)) as { code: string };
      if (code === '4006381333931') {
        return jsonResponse({ lineId: 40, itemId: 12, sku: 'LAMP-1', name: 'Лампа настільна', qty: '3.0000' });
      }
      return jsonResponse({ error: 'Товар не входить до цієї інвентаризації' }, 404);
    }
    if (url.startsWith('/api/supplier-receipts?')) return listResponse([]);
    if (url.startsWith('/api/shipments?')) {
      return listResponse([
        {
          id: 9,
          number: 'SHP-2026-00009',
          shipmentDate: '2026-11-21',
          status: 'draft',
          orderNumber: 'ORD-2026-00042',
          clientName: 'ТОВ «Світло»',
          warehouseName: 'Основний склад',
        },
      ]);
    }
    if (url === '/api/shipments/9/scan' && method === 'POST') {
      const { code } = JSON.parse(String(init.body)) as { code: string };
      if (code === '2601-00008') {
        return jsonResponse({
          lineId: 70,
          itemId: 12,
          sku: 'LAMP-1',
          name: 'Лампа настільна',
          qty: '2.0000',
          remainingQty: '3.0000',
          serialTracking: true,
          serialCount: 2,
          serial: '2601-00008',
          version: 4,
        });
      }
      if (code === '4006381333931') {
        return jsonResponse({ error: 'Більше не замовлено: LAMP-1 — залишилось відвантажити 3' }, 409);
      }
      return jsonResponse({ error: 'Товару CAB-1 немає в замовленні ORD-2026-00042' }, 409);
    }
    return jsonResponse({ error: `unexpected ${method} ${url}` }, 500);
  });
}

const codeInput = () => screen.getByRole('textbox', { name: 'Код' });

describe('ScannerPage', () => {
  it('shows the item card with stock per warehouse when a code is typed and Enter pressed', async () => {
    const fetchMock = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<ScannerPage />, { path: '/scanner' });

    expect(screen.getByRole('heading', { name: 'Сканер штрих-кодів' })).toBeTruthy();
    expect(document.activeElement).toBe(codeInput());
    await user.type(codeInput(), '4006381333931{Enter}');

    const card = await screen.findByRole('article', { name: 'Лампа настільна' });
    expect(fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/scanner'))).toEqual([
      '/api/scanner/lookup?code=4006381333931',
    ]);
    expect(within(card).getByText('300,00 грн')).toBeTruthy();
    expect(within(card).getByText('В наявності')).toBeTruthy();
    const row = within(card).getByText('Основний склад').closest('tr')!;
    expect(within(row).getByText('25 шт')).toBeTruthy();
    expect(within(row).getByText('22 шт')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Рух' }).getAttribute('href')).toBe(
      '/component-movement?itemId=12&kind=all',
    );
    expect(within(card).getByRole('link', { name: 'Відкрити картку' }).getAttribute('href')).toBe('/products');
    // The input is cleared and keeps the focus for the next scan, and the scan is in the history.
    expect((codeInput() as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(codeInput());
    const history = screen.getByRole('list', { name: 'Останні скани' });
    expect(within(history).getByText('4006381333931')).toBeTruthy();

    // 'Етикетки' opens the labels dialog for this item.
    fetchMock.mockImplementationOnce(async () =>
      jsonResponse({
        companyName: 'Техноприлад',
        items: [
          {
            itemId: 12,
            name: 'Лампа настільна',
            sku: 'LAMP-1',
            barcode: { symbology: 'ean13', text: '4006381333931' },
            priceWithVat: '300.00',
          },
        ],
      }),
    );
    await user.click(within(card).getByRole('button', { name: 'Етикетки' }));
    expect(await screen.findByRole('dialog', { name: 'Друк етикеток' })).toBeTruthy();
  });

  it('shows a unit found by its serial number with its status, client and warranty end', async () => {
    stubApi();
    const user = userEvent.setup();
    renderWithProviders(<ScannerPage />, { path: '/scanner' });
    await user.type(codeInput(), '2601-00007{Enter}');
    const card = await screen.findByRole('article', { name: '2601-00007' });
    expect(within(card).getByText('Лампа настільна')).toBeTruthy();
    expect(within(card).getByText('Продано')).toBeTruthy();
    expect(within(card).getByText('ТОВ «Світло»')).toBeTruthy();
    expect(within(card).getByText('10.02.2027')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Відкрити серійний номер' }).getAttribute('href')).toBe(
      '/serial-numbers?open=31',
    );
    const history = screen.getByRole('list', { name: 'Останні скани' });
    expect(within(history).getByText('2601-00007 — Лампа настільна (Продано)')).toBeTruthy();
  });

  it("says 'Нічого не знайдено' for an unknown code and links a document number", async () => {
    stubApi();
    const user = userEvent.setup();
    renderWithProviders(<ScannerPage />, { path: '/scanner' });

    await user.type(codeInput(), 'NO-SUCH-CODE{Enter}');
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      expect.stringContaining('Нічого не знайдено'),
    );

    await user.type(codeInput(), 'GRN-2026-00007{Enter}');
    const card = await screen.findByRole('article', { name: 'GRN-2026-00007' });
    expect(within(card).getByText('Проведено')).toBeTruthy();
    expect(within(card).getByText('12.11.2026')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Відкрити документ' }).getAttribute('href')).toBe(
      '/supplier-receipts?open=7',
    );
    const history = within(screen.getByRole('list', { name: 'Останні скани' })).getAllByRole('listitem');
    expect(history.map((li) => li.textContent)).toEqual([
      expect.stringContaining('GRN-2026-00007'),
      expect.stringContaining('NO-SUCH-CODE'),
    ]);
  });

  it("in 'Інвентаризація' mode posts each scan to the chosen audit's scan endpoint", async () => {
    const fetchMock = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<ScannerPage />, { path: '/scanner' });

    await user.click(screen.getByRole('tab', { name: 'Інвентаризація' }));
    // Before a document is chosen, a scan only asks for one.
    await user.type(codeInput(), '4006381333931{Enter}');
    expect((await screen.findByRole('alert')).textContent).toContain('Спочатку оберіть документ');

    await user.click(await screen.findByRole('combobox', { name: 'Інвентаризація' }));
    await user.click(await screen.findByRole('option', { name: 'AUD-2026-00005 — Основний склад' }));
    expect(
      fetchMock.mock.calls.some(
        ([url]) => String(url).startsWith('/api/inventory-audits?') && String(url).includes('status=counting'),
      ),
    ).toBe(true);

    await user.type(codeInput(), '4006381333931{Enter}');
    expect(await screen.findByText('Зараховано')).toBeTruthy();
    expect(screen.getByText('3', { selector: 'span' })).toBeTruthy();
    const scanCall = fetchMock.mock.calls.find(([url]) => url === '/api/inventory-audits/5/scan')!;
    expect(scanCall[1]).toMatchObject({ method: 'POST' });
    expect(JSON.parse(String(scanCall[1]!.body))).toEqual({ code: '4006381333931' });
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/scanner/lookup'))).toBe(false);

    await user.type(codeInput(), '0000{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('Товар не входить до цієї інвентаризації'),
    );
  });

  it('links an order number to the orders list filtered by it', async () => {
    stubApi();
    const user = userEvent.setup();
    renderWithProviders(<ScannerPage />, { path: '/scanner' });
    await user.type(codeInput(), 'ORD-2026-00042{Enter}');
    const card = await screen.findByRole('article', { name: 'ORD-2026-00042' });
    expect(within(card).getByText('Замовлення клієнта')).toBeTruthy();
    expect(within(card).getByText('Частково відвантажено')).toBeTruthy();
    expect(within(card).getByText('15.11.2026')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Відкрити документ' }).getAttribute('href')).toBe(
      '/orders?search=ORD-2026-00042',
    );
  });

  it("in 'Відвантаження' mode posts each scan to the chosen draft shipment and shows the line", async () => {
    const fetchMock = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<ScannerPage />, { path: '/scanner' });

    await user.click(screen.getByRole('tab', { name: 'Відвантаження' }));
    await user.type(codeInput(), '2601-00008{Enter}');
    expect((await screen.findByRole('alert')).textContent).toContain('Спочатку оберіть документ');
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/shipments/'))).toBe(false);

    await user.click(await screen.findByRole('combobox', { name: 'Відвантаження' }));
    await user.click(await screen.findByRole('option', { name: 'SHP-2026-00009 — ORD-2026-00042 — ТОВ «Світло»' }));
    const listUrl = fetchMock.mock.calls.map(([url]) => String(url)).find((url) => url.startsWith('/api/shipments?'))!;
    expect(new URL(listUrl, 'http://x').searchParams.get('status')).toBe('draft');

    // A serial: the line's quantity, the serial added, the serials against the units and what is left to ship.
    await user.type(codeInput(), '2601-00008{Enter}');
    expect(await screen.findByText('Зараховано')).toBeTruthy();
    expect(screen.getByText('Лампа настільна')).toBeTruthy();
    expect(screen.getByText(/Додано серійний номер/).textContent).toBe('Додано серійний номер: 2601-00008');
    expect(screen.getByText('2 з 2')).toBeTruthy();
    expect(screen.getByText(/Залишилось відвантажити/).textContent).toBe('Залишилось відвантажити: 3');
    const scanCall = fetchMock.mock.calls.find(([url]) => url === '/api/shipments/9/scan')!;
    expect(scanCall[1]).toMatchObject({ method: 'POST' });
    expect(JSON.parse(String(scanCall[1]!.body))).toEqual({ code: '2601-00008' });
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/scanner/lookup'))).toBe(false);
    const history = within(screen.getByRole('list', { name: 'Останні скани' }));
    expect(history.getByText('Лампа настільна — кількість 2 · 2601-00008')).toBeTruthy();

    // Beyond the order: the server's refusal is shown.
    await user.type(codeInput(), '4006381333931{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(
        'Більше не замовлено: LAMP-1 — залишилось відвантажити 3',
      ),
    );
  });

  it('explains in Ukrainian when the browser has no camera access', async () => {
    stubApi();
    const user = userEvent.setup();
    renderWithProviders(<ScannerPage />, { path: '/scanner' });
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) },
    });
    try {
      await user.click(screen.getByRole('button', { name: 'Камера' }));
      expect(await screen.findByText(/Доступ до камери заборонено/)).toBeTruthy();
    } finally {
      Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: undefined });
    }
    await user.click(screen.getByRole('button', { name: 'Камера' }));
    expect(await screen.findByText(/Камера недоступна в цьому браузері/)).toBeTruthy();
  });
});

describe('ScannerPage — rights', () => {
  it('offers a document mode only to those who may change that document', async () => {
    stubApi((url) => {
      if (url === '/api/auth/user') {
        return jsonResponse({
          id: 5,
          username: 'keeper',
          firstName: 'Ліна',
          lastName: 'Коваль',
          email: 'keeper@example.com',
          profileImageUrl: null,
          workerId: null,
        });
      }
      if (url.startsWith('/api/users/5/accessible-menu')) {
        return jsonResponse([
          { route: '/scanner', canView: true, canAccess: true },
          { route: '/inventory-audits', canView: true, canAccess: false },
          { route: '/supplier-receipts', canView: true, canAccess: true },
          { route: '/shipments', canView: true, canAccess: false },
        ]);
      }
      return undefined;
    });
    renderWithProviders(<ScannerPage />, { path: '/scanner' });
    await waitFor(() => expect(screen.queryByRole('tab', { name: 'Інвентаризація' })).toBeNull());
    expect(screen.queryByRole('tab', { name: 'Відвантаження' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Пошук' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Прихід' })).toBeTruthy();
  });

  it("offers 'Відвантаження' to those who may change shipments, in the spec's order", async () => {
    stubApi((url) => {
      if (url === '/api/auth/user') {
        return jsonResponse({
          id: 6,
          username: 'shipper',
          firstName: 'Олег',
          lastName: 'Бондар',
          email: 'shipper@example.com',
          profileImageUrl: null,
          workerId: null,
        });
      }
      if (url.startsWith('/api/users/6/accessible-menu')) {
        return jsonResponse([
          { route: '/scanner', canView: true, canAccess: true },
          { route: '/inventory-audits', canView: true, canAccess: true },
          { route: '/supplier-receipts', canView: true, canAccess: false },
          { route: '/shipments', canView: true, canAccess: true },
        ]);
      }
      return undefined;
    });
    renderWithProviders(<ScannerPage />, { path: '/scanner' });
    await waitFor(() => expect(screen.queryByRole('tab', { name: 'Прихід' })).toBeNull());
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Пошук',
      'Інвентаризація',
      'Відвантаження',
    ]);
  });
});

describe('ScannerDialog', () => {
  it('looks a code up without the document modes', async () => {
    stubApi();
    const user = userEvent.setup();
    renderWithProviders(<ScannerDialog open onOpenChange={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Сканувати штрих-код' });
    expect(within(dialog).queryByRole('tab')).toBeNull();
    await user.type(within(dialog).getByRole('textbox', { name: 'Код' }), '4006381333931{Enter}');
    expect(await within(dialog).findByRole('article', { name: 'Лампа настільна' })).toBeTruthy();
  });
});
