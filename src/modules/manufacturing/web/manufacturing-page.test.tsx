import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  moDetailSchema,
  moListRowSchema,
  type MoDetail,
  type MoListRow,
} from '@/modules/manufacturing/manufacturing.contract.ts';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { ManufacturingPage } from './manufacturing-page.tsx';

const releasedRow: MoListRow = moListRowSchema.parse({
  id: 4,
  number: 'MO-2026-00004',
  itemId: 12,
  sku: 'БЖ-12-2',
  itemName: 'Блок живлення БЖ-12/2',
  unitShortName: 'шт',
  qty: '10.0000',
  producedQty: '4.0000',
  scrapQty: '0.0000',
  progress: 40,
  status: 'in_progress',
  priority: 'urgent',
  plannedStart: '2026-11-01',
  dueDate: '2026-11-05',
  isOverdue: true,
  orders: [{ orderId: 5, orderNumber: 'ORD-2026-00005' }],
  responsibleWorkerId: 3,
  responsibleName: 'Петренко Іван',
  parentMoId: null,
  createdAt: '2026-11-01T08:00:00.000Z',
});

const plannedRow: MoListRow = moListRowSchema.parse({
  ...releasedRow,
  id: 6,
  number: 'MO-2026-00006',
  producedQty: '0.0000',
  progress: 0,
  status: 'planned',
  priority: 'normal',
  dueDate: '2026-12-20',
  isOverdue: false,
  orders: [],
  responsibleWorkerId: null,
  responsibleName: null,
});

const inProgress: MoDetail = moDetailSchema.parse({
  ...releasedRow,
  kind: 'product',
  serialTracking: false,
  recipeId: null,
  recipeName: null,
  bomId: 2,
  bomName: 'БЖ-12/2 v1',
  techCardId: 3,
  techCardName: 'Збірка БЖ',
  bomVersion: 1,
  techCardVersion: 1,
  specChanged: false,
  outputWarehouseId: 1,
  outputWarehouseName: 'Склад готової продукції',
  materialsWarehouseId: 2,
  materialsWarehouseName: 'Склад матеріалів',
  parentMoNumber: null,
  parentMaterialId: null,
  releasedAt: '2026-11-01T09:00:00.000Z',
  releasedByName: 'Коваленко Олена',
  startedAt: '2026-11-02T09:00:00.000Z',
  completedAt: null,
  completedByName: null,
  cancelledAt: null,
  cancelReason: null,
  excessHandling: null,
  notes: null,
  version: 3,
  createdByName: 'Коваленко Олена',
  updatedAt: '2026-11-02T09:00:00.000Z',
  materials: [
    {
      id: 41,
      lineNo: 1,
      itemId: 100,
      sku: 'R-10K',
      itemName: 'Резистор 10 кОм',
      kind: 'component',
      unitShortName: 'шт',
      perUnitQty: '2.000000',
      requiredQty: '20.0000',
      issuedQty: '8.0000',
      reservedQty: '7.0000',
      availableQty: '3.0000',
      shortQty: '2.0000',
      avgCost: '5.000000',
      childOrders: [],
    },
    {
      id: 42,
      lineNo: 2,
      itemId: 101,
      sku: 'PCB-1',
      itemName: 'Плата друкована',
      kind: 'component',
      unitShortName: 'шт',
      perUnitQty: '1.000000',
      requiredQty: '10.0000',
      issuedQty: '10.0000',
      reservedQty: '0.0000',
      availableQty: '50.0000',
      shortQty: '0.0000',
      avgCost: '20.000000',
      childOrders: [],
    },
  ],
  operations: [
    {
      id: 51,
      seq: 1,
      name: 'Пайка',
      departmentId: 1,
      departmentName: 'Монтажна дільниця',
      positionId: null,
      positionName: null,
      setupMinutes: '10.00',
      runMinutesPerUnit: '5.0000',
      plannedMinutes: '60.00',
      actualMinutes: '75.00',
      equipment: null,
      instructions: null,
      canRunParallel: false,
      qualityCheck: false,
      status: 'in_progress',
      goodQty: '4.0000',
      scrapQty: '1.0000',
      startedAt: '2026-11-02T09:00:00.000Z',
      finishedAt: null,
    },
  ],
  postings: [
    {
      id: 71,
      kind: 'output',
      number: 'MOO-2026-00001',
      postingDate: '2026-11-03',
      status: 'posted',
      outputPostingId: null,
      goodQty: '4.0000',
      scrapQty: '0.0000',
      serials: [],
      materialValue: '80.00',
      conversionValue: '40.00',
      unitCost: '30.000000',
      value: '120.00',
      notes: null,
      cancelledAt: null,
      cancelReason: null,
      createdByName: 'Коваленко Олена',
      createdAt: '2026-11-03T10:00:00.000Z',
      lines: [],
    },
  ],
  demands: [
    {
      id: 81,
      orderLineId: 50,
      orderId: 5,
      orderNumber: 'ORD-2026-00005',
      clientName: 'ТОВ «Енергоприлад»',
      qty: '10.0000',
      lineQty: '10.0000',
      lineReserved: '4.0000',
      dueDate: '2026-11-05',
      orderStatus: 'confirmed',
    },
  ],
  costs: {
    planned: { material: '200.00', labour: '80.00', overhead: '20.00', total: '300.00' },
    actual: { material: '80.00', labour: '50.00', overhead: '10.00', total: '140.00' },
    actualUnitCost: '35.000000',
    variance: '-160.00',
    outputValue: '120.00',
    unabsorbed: '20.00',
    conversionPerUnit: '10.000000',
  },
  serials: [],
  timeEntries: [
    {
      id: 91,
      workerId: 3,
      workerName: 'Петренко Іван',
      moOperationId: 51,
      operationSeq: 1,
      operationName: 'Пайка',
      startedAt: '2026-11-02T09:00:00.000Z',
      endedAt: '2026-11-02T10:15:00.000Z',
      minutes: '75.00',
      hourlyRate: '40.000000',
      labour: '50.00',
      goodQty: '4.0000',
      scrapQty: '1.0000',
      scrapReason: 'Холодна пайка',
      pauseReason: null,
      qcPassed: null,
      source: 'mes',
      autoClosed: true,
    },
  ],
  childOrders: [],
  excessLines: [{ moMaterialId: 42, itemName: 'Плата друкована', qty: '2.0000' }],
});

const planned: MoDetail = moDetailSchema.parse({
  ...inProgress,
  ...plannedRow,
  releasedAt: null,
  releasedByName: null,
  startedAt: null,
  version: 1,
  materials: [],
  operations: [],
  postings: [],
  demands: [],
  timeEntries: [],
  excessLines: [],
  costs: { ...inProgress.costs, planned: null, variance: null },
});

const released: MoDetail = moDetailSchema.parse({ ...inProgress, status: 'released', specChanged: true });

type Answer = (url: string, init: RequestInit) => Response | undefined;

/** The URL without the `_t` the fetcher appends to every manufacturing-orders GET. */
const bare = (url: string) => url.replace(/[?&]_t=\d+$/, '').replace(/_t=\d+&/, '');

function stubApi(answer: Answer = () => undefined, detail: MoDetail = inProgress) {
  return stubFetch((rawUrl, init) => {
    const url = bare(rawUrl);
    const own = answer(url, init);
    if (own) return own;
    const method = init.method ?? 'GET';
    if (url === '/api/auth/user') return jsonResponse({ error: 'Потрібно увійти' }, 401);
    if (url.startsWith('/api/manufacturing-orders?')) {
      const search = new URLSearchParams(url.split('?')[1]).get('search');
      const rows = search ? [releasedRow, plannedRow].filter((r) => r.number === search) : [releasedRow, plannedRow];
      return new Response(JSON.stringify(rows), {
        headers: { 'content-type': 'application/json', 'X-Total-Count': String(rows.length) },
      });
    }
    if (url === '/api/manufacturing-orders/stats') {
      return jsonResponse({ planned: 3, released: 2, inProgress: 5, completedThisMonth: 11, overdue: 1 });
    }
    if (url === '/api/manufacturing-orders/4' && method === 'GET') return jsonResponse(detail);
    if (url === '/api/manufacturing-orders/6' && method === 'GET') return jsonResponse(planned);
    if (url.startsWith('/api/lookups/')) return jsonResponse([]);
    return jsonResponse({ error: 'Не знайдено' }, 404);
  });
}

const listUrls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.map(([url]) => bare(String(url))).filter((url) => url.startsWith('/api/manufacturing-orders?'));
const bodiesOf = (fetchMock: ReturnType<typeof stubFetch>, method: string, url: string) =>
  fetchMock.mock.calls
    .filter(([callUrl, init]) => callUrl === url && init?.method === method)
    .map(([, init]) => (init?.body === undefined ? undefined : (JSON.parse(String(init.body)) as unknown)));

async function openDrawer(user: ReturnType<typeof userEvent.setup>, number = 'MO-2026-00004') {
  await user.click(await screen.findByRole('button', { name: `Відкрити виробниче замовлення ${number}` }));
  const drawer = await screen.findByRole('dialog', { name: new RegExp(number) });
  await within(drawer).findByRole('tab', { name: 'Матеріали' });
  return drawer;
}

afterEach(() => vi.unstubAllGlobals());

describe('ManufacturingPage — list', () => {
  it('shows the stat cards and the orders with progress, badges, overdue dates, source orders and responsible', async () => {
    const fetchMock = stubApi();
    const user = userEvent.setup();
    const { location } = renderWithProviders(<ManufacturingPage />, { path: '/manufacturing' });

    expect(screen.getByRole('heading', { name: 'Виробництво' })).toBeTruthy();
    const stats = screen.getByRole('region', { name: 'Показники виробництва' });
    await waitFor(() => expect(within(stats).getByText('11')).toBeTruthy());
    for (const label of ['Заплановані', 'Запущені', 'У роботі', 'Завершено цього місяця', 'Прострочені']) {
      expect(within(stats).getByText(label), label).toBeTruthy();
    }

    const row = (await screen.findByText('MO-2026-00004')).closest('tr')!;
    expect(within(row).getByText('Блок живлення БЖ-12/2')).toBeTruthy();
    expect(within(row).getByText('4 / 10')).toBeTruthy();
    expect(within(row).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    expect(within(row).getByText('У роботі')).toBeTruthy();
    expect(within(row).getByText('Терміновий')).toBeTruthy();
    expect(within(row).getByText('05.11.2026').className).toContain('text-red-700');
    expect(within(row).getByRole('link', { name: 'ORD-2026-00005' }).getAttribute('href')).toBe(
      '/orders?search=ORD-2026-00005',
    );
    expect(within(row).getByText('Петренко Іван')).toBeTruthy();
    const plannedTr = screen.getByText('MO-2026-00006').closest('tr')!;
    expect(within(plannedTr).getByText('Заплановано')).toBeTruthy();
    expect(within(plannedTr).getByText('20.12.2026').className).not.toContain('text-red-700');
    expect(listUrls(fetchMock)).toEqual(['/api/manufacturing-orders?page=1&limit=20&sort=-createdAt']);
    // The default fetcher stamps every manufacturing-orders GET with `_t`.
    expect(fetchMock.mock.calls.some(([url]) => /^\/api\/manufacturing-orders\?.*_t=\d+/.test(String(url)))).toBe(true);

    // Cards filter the list, and the filters live in the address.
    await user.click(within(stats).getByRole('button', { name: /Заплановані/ }));
    await waitFor(() => expect(listUrls(fetchMock).at(-1)).toContain('status=planned'));
    expect(location.history.at(-1)).toBe('/manufacturing?status=planned');
    await user.click(within(stats).getByRole('button', { name: /Прострочені/ }));
    await waitFor(() => expect(listUrls(fetchMock).at(-1)).toContain('overdue=true'));
    expect(listUrls(fetchMock).at(-1)).not.toContain('status=');
    fireEvent.change(screen.getByLabelText('Термін з'), { target: { value: '2026-11-01' } });
    await waitFor(() => expect(listUrls(fetchMock).at(-1)).toContain('dueFrom=2026-11-01'));
    await user.click(screen.getByRole('button', { name: /Термін/ }));
    await waitFor(() => expect(listUrls(fetchMock).at(-1)).toContain('sort=dueDate'));
    expect(location.history.at(-1)).toContain('sort=dueDate');
  });

  it('reads the filters from the address', async () => {
    const fetchMock = stubApi();
    renderWithProviders(<ManufacturingPage />, { path: '/manufacturing?status=released,in_progress&priority=high' });
    await waitFor(() =>
      expect(listUrls(fetchMock)[0]).toBe(
        '/api/manufacturing-orders?page=1&limit=20&sort=-createdAt&status=released%2Cin_progress&priority=high',
      ),
    );
    expect(screen.getByRole('button', { name: /^Статус: / }).textContent).toContain('2 статуси');
  });

  it('opens the order named by ?search= (the notification link) and the one named by ?id=', async () => {
    const fetchMock = stubApi();
    const first = renderWithProviders(<ManufacturingPage />, { path: '/manufacturing?search=MO-2026-00004' });
    expect((screen.getByLabelText('Пошук виробничих замовлень') as HTMLInputElement).value).toBe('MO-2026-00004');
    await waitFor(() => expect(listUrls(fetchMock)[0]).toContain('search=MO-2026-00004'));
    const drawer = await screen.findByRole('dialog', { name: /MO-2026-00004/ });
    expect(await within(drawer).findByText('Резистор 10 кОм')).toBeTruthy();
    expect(first.location.history.at(-1)).toBe('/manufacturing?search=MO-2026-00004&id=4');
    first.unmount();

    stubApi();
    const second = renderWithProviders(<ManufacturingPage />, { path: '/manufacturing?id=6' });
    const plannedDrawer = await screen.findByRole('dialog', { name: /MO-2026-00006/ });
    expect(await within(plannedDrawer).findByRole('button', { name: 'Запустити' })).toBeTruthy();
    await userEvent.setup().click(within(plannedDrawer).getByRole('button', { name: 'Закрити' }));
    await waitFor(() => expect(second.location.history.at(-1)).toBe('/manufacturing'));
  });
});

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
    await user.click(within(dialog).getByRole('button', { name: 'Додати SN-0006' }));
    await user.click(within(dialog).getByRole('button', { name: 'Провести випуск' }));
    expect(await within(dialog).findByText('Потрібно 2 серійних номерів, додано 1')).toBeTruthy();
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

describe('ManufacturingPage — form', () => {
  it('names what is missing in Ukrainian and does not send it', async () => {
    const fetchMock = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<ManufacturingPage />, { path: '/manufacturing' });
    await user.click(await screen.findByRole('button', { name: 'Нове замовлення' }));
    const dialog = await screen.findByRole('dialog', { name: 'Нове виробниче замовлення' });
    const qty = within(dialog).getByLabelText(/Кількість/);
    await user.clear(qty);
    await user.type(qty, '0');
    fireEvent.change(within(dialog).getByLabelText('Плановий початок'), { target: { value: '2026-11-10' } });
    fireEvent.change(within(dialog).getByLabelText('Термін виконання'), { target: { value: '2026-11-01' } });
    await user.click(within(dialog).getByRole('button', { name: 'Створити' }));
    expect(await within(dialog).findByText('Оберіть товар, який потрібно виготовити')).toBeTruthy();
    expect(within(dialog).getByText('Має бути більше нуля')).toBeTruthy();
    expect(within(dialog).getByText('Термін не може бути раніше планового початку')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('creates an order with the picked item and opens it', async () => {
    const fetchMock = stubApi((url, init) => {
      if (url.startsWith('/api/lookups/products')) return jsonResponse([{ id: 12, label: 'Блок живлення БЖ-12/2' }]);
      if (url.startsWith('/api/recipes')) {
        return jsonResponse([
          { id: 8, name: 'Серійна', itemId: 12, isDefault: true, status: 'active', batchSize: '50.0000' },
        ]);
      }
      if (url === '/api/manufacturing-orders' && init.method === 'POST') {
        return jsonResponse({ id: 6, number: 'MO-2026-00006' }, 201);
      }
      return undefined;
    });
    const user = userEvent.setup();
    const { location } = renderWithProviders(<ManufacturingPage />, { path: '/manufacturing' });
    await user.click(await screen.findByRole('button', { name: 'Нове замовлення' }));
    const dialog = await screen.findByRole('dialog', { name: 'Нове виробниче замовлення' });
    await user.click(within(dialog).getByRole('combobox', { name: /Товар/ }));
    await user.click(await screen.findByRole('option', { name: 'Блок живлення БЖ-12/2' }));
    await user.click(within(dialog).getByRole('combobox', { name: /Рецепт/ }));
    await user.click(await screen.findByRole('option', { name: /Серійна/ }));
    const qty = within(dialog).getByLabelText(/Кількість/);
    await user.clear(qty);
    await user.type(qty, '25');
    await user.click(within(dialog).getByRole('button', { name: 'Створити' }));
    await waitFor(() =>
      expect(bodiesOf(fetchMock, 'POST', '/api/manufacturing-orders')).toEqual([
        {
          itemId: 12,
          qty: '25',
          recipeId: 8,
          plannedStart: null,
          dueDate: null,
          priority: 'normal',
          responsibleWorkerId: null,
          outputWarehouseId: null,
          materialsWarehouseId: null,
          notes: null,
        },
      ]),
    );
    await waitFor(() => expect(location.history.at(-1)).toBe('/manufacturing?id=6'));
  });
});

describe('ManufacturingPage — permissions', () => {
  it('hides every change from a user who may only view /manufacturing', async () => {
    const fetchMock = stubApi((url) => {
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
        return jsonResponse([{ route: '/manufacturing', canView: true, canAccess: false }]);
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<ManufacturingPage />, { path: '/manufacturing' });
    await screen.findByText('MO-2026-00004');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Нове замовлення' })).toBeNull());
    const drawer = await openDrawer(user);
    expect(within(drawer).getByText('У вас немає права змінювати виробничі замовлення.')).toBeTruthy();
    const group = within(drawer).getByRole('group', { name: 'Дії з замовленням' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent?.trim()),
    ).toEqual(['Маршрутний лист', 'Етикетки']);
    await user.click(within(drawer).getByRole('tab', { name: 'Випуск' }));
    expect(within(drawer).queryByRole('button', { name: /Скасувати проведення/ })).toBeNull();
    await user.click(within(drawer).getByRole('tab', { name: 'Облік часу' }));
    expect(within(drawer).queryByRole('button', { name: /Виправити запис/ })).toBeNull();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method && init.method !== 'GET')).toBe(false);
  });
});
