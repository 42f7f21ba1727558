import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  bankTransactionSchema,
  paymentSchema,
  paymentSummarySchema,
  type BankTransaction,
  type Payment,
  type PaymentSummary,
} from '@/modules/payments/payments.contract.ts';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { PaymentsPage } from './payments-page.tsx';

const proposal = {
  orderId: 40,
  orderNumber: 'ORD-2026-00040',
  externalNumber: null,
  orderDate: '2026-11-10',
  orderStatus: 'shipped',
  clientId: 3,
  clientName: 'Енергоплюс',
  currencyCode: 'UAH',
  totalGross: '1200.00',
  paid: '200.00',
  outstanding: '1000.00',
  score: 80,
  reasons: ['Номер замовлення в призначенні', 'Збігається ЄДРПОУ', 'Сума менша за залишок до оплати'],
  fullNumberMatch: true,
};

const draft: PaymentSummary = paymentSummarySchema.parse({
  id: 7,
  number: 'PAY-2026-00007',
  paymentDate: '2026-11-20',
  type: 'receipt',
  method: 'bank_transfer',
  status: 'draft',
  source: 'bank_statement',
  amount: '1500.00',
  currencyCode: 'UAH',
  fxRate: '1.000000',
  clientId: 3,
  clientName: 'Енергоплюс',
  companyId: 1,
  payerName: 'ТОВ «Енергоплюс»',
  payerTaxId: '41234567',
  payerIban: 'UA213223130000026007233566001',
  purpose: 'Оплата згідно рах. ORD-2026-00040, у т.ч. ПДВ',
  bankDocNumber: '501',
  allocated: '0.00',
  unallocated: '1500.00',
  orders: [],
  createdAt: '2026-11-20T08:00:00.000Z',
  bestProposal: proposal,
});
const unknownDraft: PaymentSummary = paymentSummarySchema.parse({
  ...draft,
  id: 8,
  number: 'PAY-2026-00008',
  clientId: null,
  clientName: null,
  payerName: 'ФОП Мельник І. В.',
  payerTaxId: '3012345678',
  purpose: 'Передоплата за товар',
  amount: '2400.00',
  bestProposal: null,
});
const advance: PaymentSummary = paymentSummarySchema.parse({
  ...draft,
  id: 9,
  number: 'PAY-2026-00009',
  status: 'posted',
  source: 'manual',
  method: 'cash',
  amount: '3000.00',
  allocated: '2200.00',
  unallocated: '800.00',
  orders: [
    { orderId: 40, orderNumber: 'ORD-2026-00040' },
    { orderId: 41, orderNumber: 'ORD-2026-00041' },
  ],
  bestProposal: undefined,
});
const cancelled: PaymentSummary = paymentSummarySchema.parse({
  ...advance,
  id: 10,
  number: 'PAY-2026-00010',
  status: 'cancelled',
  unallocated: '3000.00',
  orders: [],
});
const posted: Payment = paymentSchema.parse({
  ...advance,
  clientTaxId: '41234567',
  companyName: 'Техноприлад',
  ourIban: 'UA173004650000026001234567890',
  notes: null,
  version: 2,
  bankTransactionId: null,
  postedAt: '2026-11-20T09:00:00.000Z',
  cancelledAt: null,
  cancelReason: null,
  allocations: [
    {
      id: 1,
      orderId: 40,
      orderNumber: 'ORD-2026-00040',
      externalNumber: null,
      orderDate: '2026-11-10',
      orderStatus: 'completed',
      totalGross: '1200.00',
      paid: '1200.00',
      outstanding: '0.00',
      amount: '1200.00',
    },
  ],
  bankTransaction: null,
});
const ignored: BankTransaction = bankTransactionSchema.parse({
  id: 31,
  source: 'statement_1c',
  externalId: 'hash:abc',
  receivedAt: '2026-11-20T08:00:00.000Z',
  parserName: '1CClientBankExchange (windows-1251)',
  status: 'ignored',
  parseError: 'Списання з нашого рахунку — не надходження',
  direction: 'debit',
  operationDate: '2026-11-20',
  amount: '350.50',
  currency: 'UAH',
  ourIban: 'UA173004650000026001234567890',
  counterpartyName: 'ФОП Ковальчук Олег Іванович',
  counterpartyTaxId: '2845612390',
  counterpartyIban: 'UA903052992990004149123456789',
  purpose: 'Оплата за доставку',
  bankDocNumber: '77',
  paymentId: null,
  paymentNumber: null,
  paymentStatus: null,
  rawContent: 'СекцияДокумент=Платежное поручение\nПолучатель=ФОП Ковальчук Олег Іванович',
});
const openOrders = [
  {
    orderId: 40,
    orderNumber: 'ORD-2026-00040',
    externalNumber: null,
    orderDate: '2026-11-10',
    status: 'shipped',
    clientId: 3,
    clientName: 'Енергоплюс',
    currencyCode: 'UAH',
    totalGross: '1200.00',
    paid: '200.00',
    outstanding: '1000.00',
  },
  {
    orderId: 41,
    orderNumber: 'ORD-2026-00041',
    externalNumber: 'СФ-125',
    orderDate: '2026-11-12',
    status: 'confirmed',
    clientId: 3,
    clientName: 'Енергоплюс',
    currencyCode: 'UAH',
    totalGross: '900.00',
    paid: '0.00',
    outstanding: '900.00',
  },
];

const stats = (pendingPayments: number) => ({
  pendingPayments,
  pendingAmount: pendingPayments ? '3900.00' : '0.00',
  todayAmount: '1200.00',
  monthAmount: '45000.50',
  unallocatedAmount: '800.00',
});

function listResponse(rows: unknown[], total = rows.length) {
  return new Response(JSON.stringify(rows), {
    headers: { 'content-type': 'application/json', 'X-Total-Count': String(total) },
  });
}

type Answer = (url: string, init: RequestInit) => Response | undefined;

function stubApi({ pending = 2, answer = () => undefined }: { pending?: number; answer?: Answer } = {}) {
  return stubFetch((url, init) => {
    const own = answer(url, init);
    if (own) return own;
    if (url === '/api/auth/user') return jsonResponse({ error: 'Потрібно увійти' }, 401);
    if (url === '/api/payments/stats') return jsonResponse(stats(pending));
    if (url.startsWith('/api/payments?') && url.includes('status=draft')) {
      return listResponse(pending ? [draft, unknownDraft] : [], pending);
    }
    if (url.startsWith('/api/payments?')) return listResponse([advance, cancelled], 2);
    if (url.startsWith('/api/payments/bank-transactions')) return listResponse([ignored], 1);
    if (url.startsWith('/api/payments/open-orders')) {
      if (url.includes('orderId=41')) return jsonResponse([openOrders[1]]);
      return jsonResponse(openOrders);
    }
    if (url === '/api/payments/settings') {
      return jsonResponse({
        autoPostExactMatches: true,
        statementProfiles: [{ name: 'Мій банк', columns: { date: 'Коли', amount: 'Скільки' } }],
      });
    }
    if (url === '/api/payments/9' && init.method === 'GET') return jsonResponse(posted);
    if (url === '/api/payments/9/related') return jsonResponse([relatedOrder]);
    if (url.startsWith('/api/lookups/clients')) return jsonResponse([{ id: 3, label: 'Енергоплюс' }]);
    return jsonResponse({ error: 'Не знайдено' }, 404);
  });
}

const relatedOrder = {
  kind: 'order',
  id: 40,
  number: 'ORD-2026-00040',
  date: '2026-11-10',
  status: 'completed',
  statusLabel: 'Виконано',
  amount: '1200.00',
  currencyCode: 'UAH',
  detail: null,
};

const calls = (fetchMock: ReturnType<typeof stubFetch>, method: string, url: string) =>
  fetchMock.mock.calls.filter(([callUrl, init]) => callUrl === url && init?.method === method);
const jsonBodies = (fetchMock: ReturnType<typeof stubFetch>, method: string, url: string) =>
  calls(fetchMock, method, url).map(([, init]) => JSON.parse(String(init!.body)) as unknown);
const statsCalls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([url]) => url === '/api/payments/stats').length;

describe('PaymentsPage — the queue', () => {
  it('opens on «Неопрацьовані» while payments wait, with the payer, purpose and best proposal', async () => {
    stubApi();
    renderWithProviders(<PaymentsPage />, { path: '/payments' });
    expect(screen.getByRole('heading', { name: 'Платежі' })).toBeTruthy();
    const queue = await screen.findByRole('list', { name: 'Неопрацьовані' });
    expect(screen.getByRole('tab', { name: /Неопрацьовані/ }).getAttribute('aria-selected')).toBe('true');
    const first = within(queue).getAllByRole('listitem')[0]!;
    expect(within(first).getByText('ТОВ «Енергоплюс»')).toBeTruthy();
    expect(within(first).getByText('1 500,00 грн')).toBeTruthy();
    expect(within(first).getByText('Оплата згідно рах. ORD-2026-00040, у т.ч. ПДВ')).toBeTruthy();
    expect(within(first).getByText('ORD-2026-00040')).toBeTruthy();
    expect(within(first).getByText('80 з 100')).toBeTruthy();
    expect(within(first).getByText('Збігається ЄДРПОУ')).toBeTruthy();
    const second = within(queue).getAllByRole('listitem').at(-1)!;
    expect(
      within(second).getByText('Замовлення не знайдено — оберіть замовлення вручну або залиште як аванс'),
    ).toBeTruthy();
    expect((within(second).getByRole('button', { name: 'Підтвердити' }) as HTMLButtonElement).disabled).toBe(true);
    // The cards: pending count and amount, today, month, advances.
    expect(await screen.findByText('на суму 3 900,00 грн')).toBeTruthy();
    expect(screen.getByText('45 000,50')).toBeTruthy();
    expect(screen.getByText('800,00')).toBeTruthy();
  });

  it('confirms the best proposal: posts to that order at most what it owes, and refreshes the badge', async () => {
    const fetchMock = stubApi({
      answer: (url, init) =>
        url === '/api/payments/7/post' && init.method === 'POST'
          ? jsonResponse({ ...posted, id: 7, number: 'PAY-2026-00007', status: 'posted' })
          : undefined,
    });
    const user = userEvent.setup();
    renderWithProviders(<PaymentsPage />, { path: '/payments' });
    const queue = await screen.findByRole('list', { name: 'Неопрацьовані' });
    await waitFor(() => expect(statsCalls(fetchMock)).toBeGreaterThan(0));
    const before = statsCalls(fetchMock);
    await user.click(within(within(queue).getAllByRole('listitem')[0]!).getByRole('button', { name: 'Підтвердити' }));
    await waitFor(() =>
      expect(jsonBodies(fetchMock, 'POST', '/api/payments/7/post')).toEqual([
        { clientId: 3, allocations: [{ orderId: 40, amount: '1000.00' }] },
      ]),
    );
    await waitFor(() => expect(statsCalls(fetchMock)).toBeGreaterThan(before));
    expect(await screen.findByText('Платіж проведено')).toBeTruthy();
  });

  it('«Не наш платіж» asks first, then cancels with that reason', async () => {
    const fetchMock = stubApi({
      answer: (url, init) =>
        url === '/api/payments/8/cancel' && init.method === 'POST'
          ? jsonResponse({ ...posted, id: 8, number: 'PAY-2026-00008', status: 'cancelled' })
          : undefined,
    });
    const user = userEvent.setup();
    renderWithProviders(<PaymentsPage />, { path: '/payments' });
    const queue = await screen.findByRole('list', { name: 'Неопрацьовані' });
    const items = within(queue)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === queue);
    await user.click(within(items[1]!).getByRole('button', { name: 'Не наш платіж' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Не наш платіж PAY-2026-00008?' });
    expect(calls(fetchMock, 'POST', '/api/payments/8/cancel')).toHaveLength(0);
    const reason = within(confirm).getByLabelText('Причина') as HTMLInputElement;
    expect(reason.value).toBe('Не наш платіж');
    await user.clear(reason);
    await user.click(within(confirm).getByRole('button', { name: 'Скасувати платіж' }));
    expect(await within(confirm).findByText('Вкажіть причину скасування')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Дубль' }));
    await user.click(within(confirm).getByRole('button', { name: 'Скасувати платіж' }));
    await waitFor(() => expect(jsonBodies(fetchMock, 'POST', '/api/payments/8/cancel')).toEqual([{ reason: 'Дубль' }]));
  });

  it('«Обрати замовлення» splits the amount across two orders; the rest shows as the advance', async () => {
    const fetchMock = stubApi({
      answer: (url, init) =>
        url === '/api/payments/7/post' && init.method === 'POST' ? jsonResponse({ ...posted, id: 7 }) : undefined,
    });
    const user = userEvent.setup();
    renderWithProviders(<PaymentsPage />, { path: '/payments' });
    const queue = await screen.findByRole('list', { name: 'Неопрацьовані' });
    await user.click(
      within(within(queue).getAllByRole('listitem')[0]!).getByRole('button', { name: 'Обрати замовлення' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Розподіл платежу PAY-2026-00007' });
    // The best proposal starts allocated with what its order owes.
    const first = (await within(dialog).findByLabelText('Розподілити ORD-2026-00040')) as HTMLInputElement;
    expect(first.value).toBe('1000,00');
    expect(within(dialog).getByText('Аванс (нерозподілено): 500,00 грн')).toBeTruthy();
    const second = within(dialog).getByLabelText('Розподілити ORD-2026-00041') as HTMLInputElement;
    await user.type(second, '600');
    expect(await within(dialog).findByText('Розподілено більше за суму платежу на 100,00 грн')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Провести' }));
    expect(calls(fetchMock, 'POST', '/api/payments/7/post')).toHaveLength(0);
    await user.clear(second);
    await user.type(second, '450,5');
    expect(await within(dialog).findByText('Аванс (нерозподілено): 49,50 грн')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Провести' }));
    await waitFor(() =>
      expect(jsonBodies(fetchMock, 'POST', '/api/payments/7/post')).toEqual([
        {
          clientId: 3,
          allocations: [
            { orderId: 40, amount: '1000.00' },
            { orderId: 41, amount: '450.5' },
          ],
        },
      ]),
    );
  });
});

describe('PaymentsPage — the register and the bank operations', () => {
  it('opens on «Усі платежі» when nothing waits; shows statuses and the advance; sorts and searches', async () => {
    const fetchMock = stubApi({ pending: 0 });
    const user = userEvent.setup();
    renderWithProviders(<PaymentsPage />, { path: '/payments' });
    const table = await screen.findByRole('table', { name: 'Усі платежі' });
    const row = within(table).getByText('PAY-2026-00009').closest('tr')!;
    expect(within(row).getByText('Аванс')).toBeTruthy();
    expect(within(row).getByText('800,00 грн')).toBeTruthy();
    expect(within(row).getByText('ORD-2026-00040')).toBeTruthy();
    expect(within(row).getByText('ORD-2026-00041')).toBeTruthy();
    expect(within(row).getByText('Готівка')).toBeTruthy();
    expect(within(row).getByText('Проведено')).toBeTruthy();
    const cancelledRow = within(table).getByText('PAY-2026-00010').closest('tr')!;
    expect(within(cancelledRow).getByText('Скасовано')).toBeTruthy();
    expect(within(cancelledRow).queryByText('Аванс')).toBeNull();

    // Each choice names what it filters before its value.
    expect(screen.getByRole('combobox', { name: 'Спосіб' }).textContent).toBe('Спосіб:Усі способи');

    const listUrls = () =>
      fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/payments?'));
    await user.type(screen.getByRole('searchbox', { name: 'Пошук платежів' }), 'ORD-2026');
    await waitFor(() => expect(listUrls().at(-1)).toContain('search=ORD-2026'));
    await user.click(within(screen.getByRole('columnheader', { name: /Сума/ })).getByRole('button'));
    await waitFor(() => expect(listUrls().at(-1)).toContain('sort=amount'));
    await user.click(screen.getByRole('switch', { name: 'Лише аванси' }));
    await waitFor(() => expect(listUrls().at(-1)).toContain('unallocated=true'));
    fireEvent.change(screen.getByLabelText('Період з'), { target: { value: '01.11.2026' } });
    await waitFor(() => expect(listUrls().at(-1)).toContain('dateFrom=2026-11-01'));
  });

  it('opens a posted payment with its allocations and re-allocates it', async () => {
    const fetchMock = stubApi({
      pending: 0,
      answer: (url, init) =>
        url === '/api/payments/9/allocations' && init.method === 'PUT' ? jsonResponse(posted) : undefined,
    });
    const user = userEvent.setup();
    renderWithProviders(<PaymentsPage />, { path: '/payments' });
    await user.click(await screen.findByRole('button', { name: 'Відкрити платіж PAY-2026-00009' }));
    const view = await screen.findByRole('dialog', { name: /Платіж PAY-2026-00009/ });
    expect(await within(view).findByText('Аванс: 800,00 грн')).toBeTruthy();
    expect(within(view).getByText('Техноприлад')).toBeTruthy();
    await user.click(within(view).getByRole('button', { name: 'Розподілити' }));
    const dialog = await screen.findByRole('dialog', { name: 'Розподіл платежу PAY-2026-00009' });
    expect(((await within(dialog).findByLabelText('Розподілити ORD-2026-00040')) as HTMLInputElement).value).toBe(
      '1200,00',
    );
    await user.type(within(dialog).getByLabelText('Розподілити ORD-2026-00041'), '900');
    await user.click(within(dialog).getByRole('button', { name: 'Зберегти розподіл' }));
    await waitFor(() =>
      expect(jsonBodies(fetchMock, 'PUT', '/api/payments/9/allocations')).toEqual([
        {
          version: 2,
          allocations: [
            { orderId: 40, amount: '1200.00' },
            { orderId: 41, amount: '900' },
          ],
        },
      ]),
    );
  });

  it('lists bank operations, ignored ones included, with their raw text on demand', async () => {
    stubApi({ pending: 0 });
    const user = userEvent.setup();
    renderWithProviders(<PaymentsPage />, { path: '/payments' });
    await user.click(await screen.findByRole('tab', { name: 'Банківські операції' }));
    const table = await screen.findByRole('table', { name: 'Банківські операції' });
    const row = (await within(table).findByText('ФОП Ковальчук Олег Іванович')).closest('tr')!;
    expect(within(row).getByText('Пропущено')).toBeTruthy();
    expect(within(row).getByText('Списання з нашого рахунку — не надходження')).toBeTruthy();
    expect(within(row).getByText('Списання')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Показати вихідний текст' }));
    expect(screen.getByLabelText('Вихідний текст').textContent).toContain('СекцияДокумент=Платежное поручение');
  });
});

describe('PaymentsPage — new payment, import, rights', () => {
  it('opens «Новий платіж» for ?orderId= with the client and the outstanding allocated, and posts it', async () => {
    const fetchMock = stubApi({
      pending: 0,
      answer: (url, init) =>
        url === '/api/payments' && init.method === 'POST' ? jsonResponse({ ...posted, id: 12 }, 201) : undefined,
    });
    const user = userEvent.setup();
    const { location } = renderWithProviders(<PaymentsPage />, { path: '/payments?orderId=41' });
    const dialog = await screen.findByRole('dialog', { name: 'Новий платіж' });
    expect((await within(dialog).findByLabelText(/^Сума/)) as HTMLInputElement).toBeTruthy();
    expect((within(dialog).getByLabelText(/^Сума/) as HTMLInputElement).value).toBe('900,00');
    expect(within(dialog).getByRole('combobox', { name: /Клієнт/ }).textContent).toContain('Енергоплюс');
    expect(((await within(dialog).findByLabelText('Розподілити ORD-2026-00041')) as HTMLInputElement).value).toBe(
      '900,00',
    );
    await user.clear(within(dialog).getByLabelText(/^Сума/));
    await user.type(within(dialog).getByLabelText(/^Сума/), 'сто');
    await user.click(within(dialog).getByRole('button', { name: 'Провести платіж' }));
    expect(await within(dialog).findByText(/Вкажіть число/)).toBeTruthy();
    expect(calls(fetchMock, 'POST', '/api/payments')).toHaveLength(0);
    await user.clear(within(dialog).getByLabelText(/^Сума/));
    await user.type(within(dialog).getByLabelText(/^Сума/), '1000');
    const date = within(dialog).getByLabelText(/^Дата платежу/);
    await user.clear(date);
    await user.type(date, '20.11.2026');
    await user.click(within(dialog).getByRole('button', { name: 'Провести платіж' }));
    await waitFor(() => expect(calls(fetchMock, 'POST', '/api/payments')).toHaveLength(1));
    const [body] = jsonBodies(fetchMock, 'POST', '/api/payments') as Array<Record<string, unknown>>;
    expect(body).toMatchObject({
      amount: '1000',
      clientId: 3,
      currencyCode: 'UAH',
      method: 'bank_transfer',
      paymentDate: '2026-11-20',
      post: true,
      allocations: [{ orderId: 41, amount: '900.00' }],
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Новий платіж' })).toBeNull());
    expect(location.history.at(-1)).toBe('/payments');
  });

  it('goes back to the order it was opened from (`&from=order`) after saving, and after closing unsaved', async () => {
    stubApi({
      pending: 0,
      answer: (url, init) =>
        url === '/api/payments' && init.method === 'POST' ? jsonResponse({ ...posted, id: 12 }, 201) : undefined,
    });
    const user = userEvent.setup();
    const { location, unmount } = renderWithProviders(<PaymentsPage />, {
      path: '/payments?orderId=41&from=order',
    });
    let dialog = await screen.findByRole('dialog', { name: 'Новий платіж' });
    expect(((await within(dialog).findByLabelText('Розподілити ORD-2026-00041')) as HTMLInputElement).value).toBe(
      '900,00',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Провести платіж' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/orders?open=41'));
    expect(await screen.findByText('Платіж проведено')).toBeTruthy();
    unmount();

    const second = renderWithProviders(<PaymentsPage />, { path: '/payments?orderId=41&from=order' });
    dialog = await screen.findByRole('dialog', { name: 'Новий платіж' });
    await within(dialog).findByLabelText('Розподілити ORD-2026-00041');
    await user.click(within(dialog).getByRole('button', { name: 'Скасувати' }));
    await waitFor(() => expect(second.location.history.at(-1)).toBe('/orders?open=41'));
  });

  it('opens a payment from `?open=<id>` with its order as a linked document', async () => {
    stubApi({ pending: 0 });
    const user = userEvent.setup();
    const { location } = renderWithProviders(<PaymentsPage />, { path: '/payments?open=9' });
    const dialog = await screen.findByRole('dialog', { name: /PAY-2026-00009/ });
    const section = await within(dialog).findByRole('region', { name: "Пов'язані документи" });
    const group = await within(section).findByRole('region', { name: 'Замовлення клієнтів' });
    expect(within(group).getByText('Виконано')).toBeTruthy();
    expect(within(group).getByText('1 200,00 грн')).toBeTruthy();
    await user.click(within(group).getByRole('link', { name: 'ORD-2026-00040' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/orders?open=40'));
  });

  it('uploads a statement as multipart and shows what became of it', async () => {
    const fetchMock = stubApi({
      answer: (url, init) =>
        url === '/api/payments/import-statement' && init.method === 'POST'
          ? jsonResponse({ created: 2, duplicates: 1, ignored: 1, failed: 0 })
          : undefined,
    });
    const user = userEvent.setup();
    renderWithProviders(<PaymentsPage />, { path: '/payments' });
    await user.click(await screen.findByRole('button', { name: 'Імпорт виписки' }));
    const dialog = await screen.findByRole('dialog', { name: 'Імпорт банківської виписки' });
    await user.click(within(dialog).getByRole('button', { name: 'Імпортувати' }));
    expect(await within(dialog).findByText('Оберіть файл виписки')).toBeTruthy();
    const file = new File(['1CClientBankExchange\r\n'], 'kb_export.txt', { type: 'text/plain' });
    await user.upload(within(dialog).getByLabelText('Файл виписки'), file);
    await user.click(within(dialog).getByRole('combobox', { name: 'Колонки CSV/XLSX' }));
    await user.click(await screen.findByRole('option', { name: 'Мій банк' }));
    await user.click(within(dialog).getByRole('button', { name: 'Імпортувати' }));
    expect(await within(dialog).findByText('Нових платежів: 2')).toBeTruthy();
    expect(within(dialog).getByText('Уже імпортованих раніше (дублі): 1')).toBeTruthy();
    expect(within(dialog).getByText('Пропущено (списання або чужий рахунок): 1')).toBeTruthy();
    const [, init] = calls(fetchMock, 'POST', '/api/payments/import-statement')[0]!;
    const sent = init!.body as FormData;
    expect(sent).toBeInstanceOf(FormData);
    expect((sent.get('file') as File).name).toBe('kb_export.txt');
    expect(sent.get('profile')).toBe('Мій банк');
  });

  it('offers no changes to a user who may only view the payments', async () => {
    const fetchMock = stubApi({
      answer: (url) => {
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
          return jsonResponse([{ route: '/payments', canView: true, canAccess: false }]);
        }
        return undefined;
      },
    });
    renderWithProviders(<PaymentsPage />, { path: '/payments' });
    const queue = await screen.findByRole('list', { name: 'Неопрацьовані' });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Новий платіж' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Імпорт виписки' })).toBeNull();
    expect(within(queue).queryByRole('button', { name: 'Підтвердити' })).toBeNull();
    expect(within(queue).getByText('ТОВ «Енергоплюс»')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method && init.method !== 'GET')).toBe(false);
  });
});
