import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  repairCreateSchema,
  repairPartsStateSchema,
  repairSchema,
  repairSummarySchema,
  serialLookupSchema,
  type Repair,
  type RepairPartsState,
  type RepairSummary,
} from '@/modules/repairs/repairs.contract.ts';
import { itemOption } from '@/modules/items/web/item-options.fixture.ts';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { pick } from '@/web/testing/pick.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { setPhoneWidth } from '@/web/testing/viewport.ts';
import { RepairsPage } from './repairs-page.tsx';

const warrantyRow: RepairSummary = repairSummarySchema.parse({
  id: 3,
  number: 'REP-2026-00003',
  intakeDate: '2026-11-20',
  status: 'diagnosed',
  statusLabel: 'Діагностовано',
  serialNumberId: 41,
  serial: 'KT2-000041',
  itemId: 40,
  sku: 'KT-2',
  itemName: 'Контролер КТ-2',
  clientId: 7,
  clientName: 'ТОВ «Агросвіт»',
  problemDescription: 'Не вмикається',
  isWarranty: true,
  warrantyLabel: 'Гарантійний',
  warrantyUntil: '2027-08-20',
  assignedWorkerId: 5,
  assignedWorkerName: 'Петренко Іван',
  estimatedCost: null,
  daysInRepair: 8,
  overdue: false,
  billingOrderId: null,
  returnedAt: null,
  createdAt: '2026-11-20T08:00:00.000Z',
});
const paidRow: RepairSummary = repairSummarySchema.parse({
  ...warrantyRow,
  id: 4,
  number: 'REP-2026-00004',
  intakeDate: '2026-11-25',
  status: 'received',
  statusLabel: 'Прийнято',
  serialNumberId: null,
  serial: null,
  clientName: 'ФОП Коваль',
  isWarranty: false,
  warrantyLabel: 'Платний',
  assignedWorkerId: null,
  assignedWorkerName: null,
  daysInRepair: 3,
});

const costs = {
  partsCost: '0.00',
  labourCost: '0.00',
  total: '0.00',
  partsPriceForClient: '0.00',
  hours: '0.00',
  hourPrice: '450.00',
  billable: '0.00',
  warrantyCost: '0.00',
};

const paidRepair: Repair = repairSchema.parse({
  ...paidRow,
  version: 2,
  contactId: null,
  contactName: null,
  accessories: 'Кабель живлення',
  visualDamage: null,
  diagnosis: null,
  workDone: null,
  notes: null,
  soldAt: null,
  computedWarranty: false,
  warrantyOverride: null,
  warrantyOverrideReason: null,
  clientApproved: false,
  clientApprovedAt: null,
  billingOrderNumber: null,
  billingOrderPaid: false,
  returnedWithoutPayment: false,
  returnedWithoutPaymentReason: null,
  allowedTransitions: ['diagnosed', 'cancelled'],
  hasUnpostedParts: false,
  canDelete: true,
  canInvoice: false,
  timeEntries: [],
  costs,
  partsCost: '0.00',
  labourCost: '0.00',
  totalCost: '0.00',
  createdByName: 'Олена',
  updatedAt: '2026-11-25T08:00:00.000Z',
});
const diagnosedPaid: Repair = repairSchema.parse({
  ...paidRepair,
  status: 'diagnosed',
  statusLabel: 'Діагностовано',
  version: 3,
  allowedTransitions: ['in_repair', 'cancelled', 'received'],
  canDelete: false,
});

const emptyParts: RepairPartsState = repairPartsStateSchema.parse({
  repairId: 4,
  version: 2,
  lines: [],
  postedLines: [],
  postings: [],
});

function listResponse(rows: RepairSummary[], total = rows.length) {
  return new Response(JSON.stringify(rows), {
    headers: { 'content-type': 'application/json', 'X-Total-Count': String(total) },
  });
}

type Answer = (url: string, init: RequestInit) => Response | undefined;

/** The page's requests answered from the contract; `answer` handles what a test looks at. */
function stubApi(answer: Answer = () => undefined) {
  return stubFetch((url, init) => {
    const own = answer(url, init);
    if (own) return own;
    if (url === '/api/auth/user') return jsonResponse({ error: 'Потрібно увійти' }, 401);
    if (url.startsWith('/api/repairs?')) return listResponse([warrantyRow, paidRow], 2);
    if (url === '/api/repairs/stats')
      return jsonResponse({
        inWork: 5,
        ready: 2,
        overdue: 1,
        overdueDays: 14,
        receivedThisMonth: 8,
        warrantyThisMonth: 2,
        warrantySharePercent: 25,
      });
    if (url === '/api/repairs/4') return jsonResponse(paidRepair);
    if (url === '/api/repairs/4/parts') return jsonResponse(emptyParts);
    if (url === '/api/repairs/4/history') return jsonResponse([]);
    if (url === '/api/repairs/4/attachments') return jsonResponse([]);
    if (url.startsWith('/api/lookups/workers')) return jsonResponse([{ id: 5, label: 'Петренко Іван' }]);
    if (url.startsWith('/api/lookups/clients')) return jsonResponse([{ id: 7, label: 'ТОВ «Агросвіт»' }]);
    if (url.startsWith('/api/items/options'))
      return jsonResponse([itemOption({ id: 12, name: 'Реле 12 В', retailPrice: '85.50' })]);
    return jsonResponse({ error: 'Не знайдено' }, 404);
  });
}

const bodiesOf = (fetchMock: ReturnType<typeof stubFetch>, method: string, url: string) =>
  fetchMock.mock.calls
    .filter(([callUrl, init]) => callUrl === url && init?.method === method)
    .map(([, init]) => (init?.body === undefined ? undefined : (JSON.parse(String(init.body)) as unknown)));

async function openRepair(user: ReturnType<typeof userEvent.setup>, number: string) {
  await user.click(await screen.findByRole('button', { name: `Відкрити ремонт ${number}` }));
  return screen.findByRole('dialog', { name: new RegExp(`Ремонт ${number}`) });
}

afterEach(() => vi.restoreAllMocks());

describe('RepairsPage — the list', () => {
  it('shows the stat cards and the repairs with their warranty, status, worker and days', async () => {
    const fetchMock = stubApi();
    renderWithProviders(<RepairsPage />, { path: '/repairs' });

    expect(screen.getByRole('heading', { name: 'Ремонти' })).toBeTruthy();
    const stats = screen.getByRole('region', { name: 'Показники ремонтів' });
    await waitFor(() => expect(within(stats).getByText('У роботі').closest('div')?.textContent).toContain('5'));
    expect(within(stats).getByRole('button', { name: /Готово до видачі 2/ })).toBeTruthy();
    expect(within(stats).getByText('Старші за 14 днів').closest('div')?.textContent).toContain('1');
    expect(within(stats).getByText('Частка гарантійних цього місяця').closest('div')?.textContent).toContain('25 %');

    const warrantyTr = (await screen.findByText('REP-2026-00003')).closest('tr')!;
    expect(within(warrantyTr).getByText('20.11.2026')).toBeTruthy();
    expect(within(warrantyTr).getByText('Контролер КТ-2')).toBeTruthy();
    expect(within(warrantyTr).getByText('KT2-000041')).toBeTruthy();
    expect(within(warrantyTr).getByText('Гарантійний')).toBeTruthy();
    expect(within(warrantyTr).getByText('Діагностовано')).toBeTruthy();
    expect(within(warrantyTr).getByText('Петренко Іван')).toBeTruthy();
    expect(within(warrantyTr).getByText('8')).toBeTruthy();
    const paidTr = screen.getByText('REP-2026-00004').closest('tr')!;
    expect(within(paidTr).getByText('Платний')).toBeTruthy();
    expect(within(paidTr).getByText('Прийнято')).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/repairs?'))).toEqual([
      '/api/repairs?page=1&limit=20&sort=-intakeDate',
    ]);
  });

  it('filters by the ready card and the warranty choice', async () => {
    const fetchMock = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<RepairsPage />, { path: '/repairs' });
    await screen.findByText('REP-2026-00003');
    const listUrls = () =>
      fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/repairs?'));

    await user.click(screen.getByRole('button', { name: /Готово до видачі/ }));
    await waitFor(() => expect(listUrls().at(-1)).toContain('status=ready'));
    await user.click(screen.getByRole('combobox', { name: 'Гарантія' }));
    await user.click(await screen.findByRole('option', { name: 'Платний' }));
    await waitFor(() => expect(listUrls().at(-1)).toContain('warranty=false'));
  });

  it('shows each repair as a card on a phone', async () => {
    setPhoneWidth();
    stubApi();
    renderWithProviders(<RepairsPage />, { path: '/repairs' });
    const card = (await screen.findByText('REP-2026-00003')).closest('li')!;
    expect(screen.queryByRole('table', { name: 'Ремонти' })).toBeNull();
    expect(within(card).getByText('Гарантійний')).toBeTruthy();
    expect(within(card).getByText('KT2-000041')).toBeTruthy();
  });

  it('changes the days after which a repair is old in the gear dialog', async () => {
    const fetchMock = stubApi((url, init) => {
      if (url === '/api/repairs/settings' && init.method === 'PATCH') return jsonResponse({ repairOverdueDays: 21 });
      if (url === '/api/repairs/settings') return jsonResponse({ repairOverdueDays: 14 });
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<RepairsPage />, { path: '/repairs' });
    await user.click(screen.getByRole('button', { name: 'Налаштування ремонтів' }));
    const dialog = await screen.findByRole('dialog', { name: 'Налаштування ремонтів' });
    const days = await within(dialog).findByLabelText('Старі ремонти — після, днів');
    await user.clear(days);
    await user.type(days, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Зберегти' }));
    expect(await within(dialog).findByText('Вкажіть ціле число днів від 1 до 365')).toBeTruthy();
    await user.clear(days);
    await user.type(days, '21');
    await user.click(within(dialog).getByRole('button', { name: 'Зберегти' }));
    await waitFor(() =>
      expect(bodiesOf(fetchMock, 'PATCH', '/api/repairs/settings')).toEqual([{ repairOverdueDays: 21 }]),
    );
  });

  it('opens the repair of an ?open= link', async () => {
    stubApi();
    renderWithProviders(<RepairsPage />, { path: '/repairs?open=4' });
    const drawer = await screen.findByRole('dialog', { name: /Ремонт REP-2026-00004/ });
    expect(await within(drawer).findByText('Кабель живлення')).toBeTruthy();
  });
});

describe('RepairsPage — intake', () => {
  it('finds the serial, fills the item, client and warranty, and posts the body', async () => {
    const fetchMock = stubApi((url, init) => {
      if (url === '/api/repairs/lookup-serial?serial=KT2-000041')
        return jsonResponse(
          serialLookupSchema.parse({
            serialNumberId: 41,
            serial: 'KT2-000041',
            serialStatus: 'sold',
            itemId: 40,
            sku: 'KT-2',
            itemName: 'Контролер КТ-2',
            clientId: 7,
            clientName: 'ТОВ «Агросвіт»',
            soldAt: '2026-08-20',
            warrantyMonths: 12,
            warrantyUntil: '2027-08-20',
            isWarranty: true,
            warrantyLabel: 'Гарантійний',
            openRepairId: null,
            previousRepairs: [
              {
                id: 1,
                number: 'REP-2026-00001',
                intakeDate: '2026-09-01',
                status: 'returned',
                statusLabel: 'Видано',
                problemDescription: 'Не світиться індикатор',
                isWarranty: true,
              },
            ],
          }),
        );
      if (url === '/api/repairs' && init.method === 'POST') return jsonResponse({ ...paidRepair, id: 4 }, 201);
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<RepairsPage />, { path: '/repairs' });
    await screen.findByText('REP-2026-00003');

    await user.click(screen.getByRole('button', { name: 'Прийняти в ремонт' }));
    const dialog = await screen.findByRole('dialog', { name: 'Прийняти в ремонт' });
    await user.type(within(dialog).getByLabelText('Серійний номер'), 'KT2-000041{Enter}');
    expect(await within(dialog).findByText('Знайдено: Контролер КТ-2')).toBeTruthy();
    expect(within(dialog).getByText('Продано 20.08.2026')).toBeTruthy();
    expect(within(dialog).getByText('Гарантія до 20.08.2027')).toBeTruthy();
    expect(within(dialog).getByText('REP-2026-00001')).toBeTruthy();
    expect(within(dialog).getByRole('combobox', { name: /Клієнт/ }).textContent).toContain('ТОВ «Агросвіт»');
    expect(within(dialog).getByText('Гарантійний')).toBeTruthy();

    // Nothing described yet: the form names the missing field in Ukrainian and sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Прийняти' }));
    expect(await within(dialog).findByText('Опишіть несправність')).toBeTruthy();
    expect(bodiesOf(fetchMock, 'POST', '/api/repairs')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/Опис несправності/), 'Не вмикається');
    await user.type(within(dialog).getByLabelText('Комплектність'), 'Кабель живлення');
    await user.click(within(dialog).getByRole('button', { name: 'Прийняти' }));

    await waitFor(() => expect(bodiesOf(fetchMock, 'POST', '/api/repairs')).toHaveLength(1));
    const body = bodiesOf(fetchMock, 'POST', '/api/repairs')[0] as Record<string, unknown>;
    expect(body).toEqual({
      serialNumberId: 41,
      itemId: 40,
      clientId: 7,
      intakeDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) as unknown,
      problemDescription: 'Не вмикається',
      accessories: 'Кабель живлення',
      visualDamage: null,
    });
    expect(repairCreateSchema.safeParse(body).success).toBe(true);
    // The new repair opens in its drawer.
    expect(await screen.findByRole('dialog', { name: /Ремонт REP-2026-00004/ })).toBeTruthy();
  });
});

describe('RepairsPage — the drawer', () => {
  it('sends the next status with its comment', async () => {
    const fetchMock = stubApi((url, init) => {
      if (url === '/api/repairs/4/status' && init.method === 'POST') return jsonResponse(diagnosedPaid);
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<RepairsPage />, { path: '/repairs' });
    const drawer = await openRepair(user, 'REP-2026-00004');

    await user.click(await within(drawer).findByRole('button', { name: 'До статусу «Діагностовано»' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Перевести ремонт у статус «Діагностовано»?' });
    await user.type(within(confirm).getByLabelText('Коментар (необов’язково)'), 'Згорів стабілізатор');
    await user.click(within(confirm).getByRole('button', { name: 'Так' }));

    await waitFor(() => expect(bodiesOf(fetchMock, 'POST', '/api/repairs/4/status')).toHaveLength(1));
    expect(bodiesOf(fetchMock, 'POST', '/api/repairs/4/status')[0]).toEqual({
      to: 'diagnosed',
      comment: 'Згорів стабілізатор',
    });
  });

  it('waits for the client’s approval before a paid repair starts, and records it', async () => {
    let current: Repair = diagnosedPaid;
    const fetchMock = stubApi((url, init) => {
      if (url === '/api/repairs/4' && init.method === 'PATCH')
        current = { ...diagnosedPaid, version: 4, clientApproved: true, clientApprovedAt: '2026-11-28T09:00:00.000Z' };
      if (url === '/api/repairs/4') return jsonResponse(current);
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<RepairsPage />, { path: '/repairs' });
    const drawer = await openRepair(user, 'REP-2026-00004');

    const start = await within(drawer).findByRole('button', { name: 'До статусу «В ремонті»' });
    expect((start as HTMLButtonElement).disabled).toBe(true);
    expect(within(drawer).getByText('Платний ремонт можна почати лише після згоди клієнта')).toBeTruthy();
    await user.click(within(drawer).getByRole('button', { name: 'Клієнт погодив' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Клієнт погодив платний ремонт REP-2026-00004?' });
    await user.click(within(confirm).getByRole('button', { name: 'Клієнт погодив' }));
    await waitFor(() =>
      expect(bodiesOf(fetchMock, 'PATCH', '/api/repairs/4')).toEqual([{ version: 3, clientApproved: true }]),
    );
    await waitFor(() =>
      expect(
        (within(drawer).getByRole('button', { name: 'До статусу «В ремонті»' }) as HTMLButtonElement).disabled,
      ).toBe(false),
    );
  });

  it('shows the server’s guard in Ukrainian when a step is refused', async () => {
    stubApi((url, init) => {
      if (url === '/api/repairs/4' && init.method !== 'PATCH')
        return jsonResponse({
          ...diagnosedPaid,
          status: 'in_repair',
          clientApproved: true,
          clientApprovedAt: '2026-11-27T09:00:00.000Z',
          allowedTransitions: ['ready', 'diagnosed'],
          hasUnpostedParts: true,
        });
      if (url === '/api/repairs/4/status')
        return jsonResponse({ error: 'Спершу проведіть або видаліть непроведені запчастини' }, 409);
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<RepairsPage />, { path: '/repairs' });
    const drawer = await openRepair(user, 'REP-2026-00004');

    await user.click(await within(drawer).findByRole('button', { name: 'До статусу «Готово до видачі»' }));
    const confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: 'Так' }));
    expect(await within(drawer).findByText('Спершу проведіть або видаліть непроведені запчастини')).toBeTruthy();
  });

  it('saves the part lines and posts them', async () => {
    let parts: RepairPartsState = emptyParts;
    const fetchMock = stubApi((url, init) => {
      if (url === '/api/repairs/4/parts' && init.method === 'PUT') {
        parts = repairPartsStateSchema.parse({
          ...emptyParts,
          lines: [
            {
              id: 90,
              itemId: 12,
              sku: 'SKU-12',
              itemName: 'Реле 12 В',
              unitShortName: 'шт',
              qty: '2.0000',
              priceForClient: '85.50',
              amount: '171.00',
              postingId: null,
            },
          ],
        });
        return jsonResponse(parts);
      }
      if (url === '/api/repairs/4/parts/post' && init.method === 'POST') {
        parts = repairPartsStateSchema.parse({
          ...parts,
          lines: [],
          postedLines: parts.lines,
          postings: [
            {
              id: 15,
              number: 'RPP-2026-00015',
              documentDate: '2026-11-28',
              status: 'posted',
              warehouseId: 1,
              warehouseName: 'Склад комплектуючих',
              value: '120.00',
              lines: [
                { itemId: 12, sku: 'SKU-12', itemName: 'Реле 12 В', qty: '2.0000', unitCost: '60.00', value: '120.00' },
              ],
              cancelledAt: null,
            },
          ],
        });
        return jsonResponse(parts);
      }
      if (url === '/api/repairs/4/parts') return jsonResponse(parts);
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<RepairsPage />, { path: '/repairs' });
    const drawer = await openRepair(user, 'REP-2026-00004');

    await user.click(await within(drawer).findByRole('tab', { name: 'Запчастини' }));
    await user.click(await within(drawer).findByRole('button', { name: 'Додати запчастину' }));
    await pick(user, within(drawer).getByRole('combobox', { name: 'Запчастина' }), /Реле 12 В/);
    const qty = within(drawer).getByRole('textbox', { name: 'Кількість' });
    await user.clear(qty);
    await user.type(qty, '2');
    expect((within(drawer).getByRole('textbox', { name: 'Ціна для клієнта' }) as HTMLInputElement).value).toBe('85,5');
    await user.click(within(drawer).getByRole('button', { name: 'Зберегти запчастини' }));

    await waitFor(() => expect(bodiesOf(fetchMock, 'PUT', '/api/repairs/4/parts')).toHaveLength(1));
    expect(bodiesOf(fetchMock, 'PUT', '/api/repairs/4/parts')[0]).toEqual({
      lines: [{ itemId: 12, qty: '2', priceForClient: '85.5' }],
    });

    const post = await within(drawer).findByRole('button', { name: 'Провести запчастини' });
    await waitFor(() => expect((post as HTMLButtonElement).disabled).toBe(false));
    await user.click(post);
    const confirm = await screen.findByRole('alertdialog', { name: 'Провести запчастини' });
    await user.click(within(confirm).getByRole('button', { name: 'Провести запчастини' }));
    await waitFor(() => expect(bodiesOf(fetchMock, 'POST', '/api/repairs/4/parts/post')).toEqual([{}]));
    expect(await within(drawer).findByText(/RPP-2026-00015/)).toBeTruthy();
    const posted = within(drawer).getByRole('table', { name: 'RPP-2026-00015' });
    expect(within(posted).getByText('120,00')).toBeTruthy();
  });

  it('refuses a reject without a reason, then sends it as the comment of «Відмова»', async () => {
    const fetchMock = stubApi((url, init) => {
      if (url === '/api/repairs/4/status' && init.method === 'POST')
        return jsonResponse({ ...paidRepair, status: 'cancelled', allowedTransitions: [], canDelete: false });
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<RepairsPage />, { path: '/repairs' });
    const drawer = await openRepair(user, 'REP-2026-00004');

    await user.click(await within(drawer).findByRole('button', { name: 'Ще' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Відмова' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Відмова від ремонту REP-2026-00004?' });
    await user.click(within(confirm).getByRole('button', { name: 'Відмова' }));
    expect(await within(confirm).findByText('Вкажіть причину')).toBeTruthy();
    await user.type(within(confirm).getByRole('textbox'), 'Клієнт відмовився від ремонту');
    await user.click(within(confirm).getByRole('button', { name: 'Відмова' }));
    await waitFor(() =>
      expect(bodiesOf(fetchMock, 'POST', '/api/repairs/4/status')).toEqual([
        { to: 'cancelled', comment: 'Клієнт відмовився від ремонту' },
      ]),
    );
  });

  it('adds a time entry of whole minutes for the chosen worker', async () => {
    const fetchMock = stubApi((url, init) => {
      if (url === '/api/repairs/4/time-entries' && init.method === 'POST') return jsonResponse(paidRepair, 201);
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<RepairsPage />, { path: '/repairs' });
    const drawer = await openRepair(user, 'REP-2026-00004');

    await user.click(await within(drawer).findByRole('tab', { name: 'Час' }));
    await user.click(await within(drawer).findByRole('button', { name: 'Додати час' }));
    expect(await within(drawer).findByText('Оберіть працівника зі списку')).toBeTruthy();
    expect(within(drawer).getByText('Вкажіть ціле число хвилин, більше нуля')).toBeTruthy();

    await pick(user, within(drawer).getByRole('combobox', { name: /Працівник/ }), 'Петренко Іван');
    await user.type(within(drawer).getByRole('textbox', { name: /Хвилини/ }), '90');
    await user.click(within(drawer).getByRole('button', { name: 'Додати час' }));
    await waitFor(() => expect(bodiesOf(fetchMock, 'POST', '/api/repairs/4/time-entries')).toHaveLength(1));
    expect(bodiesOf(fetchMock, 'POST', '/api/repairs/4/time-entries')[0]).toEqual({
      workerId: 5,
      minutes: 90,
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) as unknown,
    });
  });

  it('refuses a photo over 5 MB before sending it', async () => {
    const fetchMock = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<RepairsPage />, { path: '/repairs' });
    const drawer = await openRepair(user, 'REP-2026-00004');

    await user.click(await within(drawer).findByRole('tab', { name: 'Файли' }));
    expect(await within(drawer).findByText('Файлів ще немає.')).toBeTruthy();
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'плата.jpg', { type: 'image/jpeg' });
    await user.upload(within(drawer).getByLabelText('Додати фото', { selector: 'input' }), big);
    expect(await within(drawer).findByText('Файл має бути не більше 5 МБ')).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it('removes a file after asking', async () => {
    let files = [
      {
        id: 31,
        fileName: 'плата.jpg',
        contentType: 'image/jpeg',
        bytes: 2048,
        createdAt: '2026-11-20T10:00:00.000Z',
        createdByName: 'Адміністратор',
      },
    ];
    const fetchMock = stubApi((url, init) => {
      if (url === '/api/repairs/4/attachments/31' && init.method === 'DELETE') {
        files = [];
        return new Response(null, { status: 204 });
      }
      if (url === '/api/repairs/4/attachments') return jsonResponse(files);
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<RepairsPage />, { path: '/repairs' });
    const drawer = await openRepair(user, 'REP-2026-00004');
    await user.click(await within(drawer).findByRole('tab', { name: 'Файли' }));
    await user.click(await within(drawer).findByRole('button', { name: 'Видалити файл плата.jpg' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Видалити файл?' });
    await user.click(within(confirm).getByRole('button', { name: 'Видалити' }));
    expect(await within(drawer).findByText('Файлів ще немає.')).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(1);
  });

  it('asks for what ?search= names, and links the invoice to its order', async () => {
    const invoiced = {
      ...paidRepair,
      billingOrderId: 31,
      billingOrderNumber: 'ORD-2026-00031',
      billingOrderPaid: false,
    };
    const fetchMock = stubApi((url) => (url === '/api/repairs/4' ? jsonResponse(invoiced) : undefined));
    const user = userEvent.setup();
    const { location } = renderWithProviders(<RepairsPage />, { path: '/repairs?search=REP-2026-00004' });
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.map(([url]) => String(url)).some((url) => url.includes('search=REP-2026-00004')),
      ).toBe(true),
    );
    const drawer = await openRepair(user, 'REP-2026-00004');
    const link = within(drawer).getByRole('link', { name: 'Рахунок: замовлення ORD-2026-00031' });
    await user.click(link);
    expect(location.history!.at(-1)).toBe('/orders?open=31');
  });
});
