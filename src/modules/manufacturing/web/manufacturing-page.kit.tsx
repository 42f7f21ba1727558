// What the manufacturing page's test files share: list rows and details in every status, a fetch stub answering
// the page's GETs by URL, and the steps of opening a drawer. Used only by tests.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  moDetailSchema,
  moListRowSchema,
  type MoDetail,
  type MoListRow,
} from '@/modules/manufacturing/manufacturing.contract.ts';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';

export const releasedRow: MoListRow = moListRowSchema.parse({
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

export const plannedRow: MoListRow = moListRowSchema.parse({
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

export const inProgress: MoDetail = moDetailSchema.parse({
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
  readyToComplete: false,
  materialsShort: [],
});

export const planned: MoDetail = moDetailSchema.parse({
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
  readyToComplete: false,
  materialsShort: null,
  costs: { ...inProgress.costs, planned: null, variance: null },
});

export const released: MoDetail = moDetailSchema.parse({ ...inProgress, status: 'released', specChanged: true });

export type Answer = (url: string, init: RequestInit) => Response | undefined;

/** The URL without the `_t` the fetcher appends to every manufacturing-orders GET. */
export const bare = (url: string) => url.replace(/[?&]_t=\d+$/, '').replace(/_t=\d+&/, '');

export function stubApi(answer: Answer = () => undefined, detail: MoDetail = inProgress) {
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

export const listUrls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.map(([url]) => bare(String(url))).filter((url) => url.startsWith('/api/manufacturing-orders?'));
export const bodiesOf = (fetchMock: ReturnType<typeof stubFetch>, method: string, url: string) =>
  fetchMock.mock.calls
    .filter(([callUrl, init]) => callUrl === url && init?.method === method)
    .map(([, init]) => (init?.body === undefined ? undefined : (JSON.parse(String(init.body)) as unknown)));

export async function openDrawer(user: ReturnType<typeof userEvent.setup>, number = 'MO-2026-00004') {
  await user.click(await screen.findByRole('button', { name: `Відкрити виробниче замовлення ${number}` }));
  const drawer = await screen.findByRole('dialog', { name: new RegExp(number) });
  await within(drawer).findByRole('tab', { name: 'Матеріали' });
  return drawer;
}
