import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  shipmentSchema,
  shipmentSummarySchema,
  type Shipment,
  type ShipmentSummary,
} from '@/modules/shipments/shipments.contract.ts';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { ShipmentsPage } from './shipments-page.tsx';

const summary: ShipmentSummary = shipmentSummarySchema.parse({
  id: 7,
  number: 'SHP-2026-00007',
  shipmentDate: '2026-11-12',
  status: 'draft',
  orderId: 3,
  orderNumber: 'ORD-2026-00003',
  clientId: 4,
  clientName: 'Енергоплюс',
  warehouseId: 1,
  warehouseName: 'Склад готової продукції',
  carrierId: 1,
  carrierName: 'Нова пошта',
  carrierKind: 'nova_poshta',
  recipientName: 'Коваль Ігор',
  npCityName: 'Львів',
  trackingNumber: null,
  trackingUrl: null,
  waybillState: 'none',
  deliveryStatus: 'none',
  deliveryStatusText: null,
  currencyCode: 'UAH',
  totalGross: '2400.00',
  lineCount: 2,
});
const postedSummary: ShipmentSummary = shipmentSummarySchema.parse({
  ...summary,
  id: 8,
  number: 'SHP-2026-00008',
  status: 'posted',
  trackingNumber: '20450000000011',
  trackingUrl: 'https://novaposhta.ua/tracking/?cargo_number=20450000000011',
  waybillState: 'created',
  deliveryStatus: 'in_transit',
  deliveryStatusText: 'Відправлення прямує до міста отримувача',
});

const draft: Shipment = shipmentSchema.parse({
  ...summary,
  orderStatus: 'confirmed',
  pricesIncludeVat: false,
  fxRate: '1.000000',
  managerUserId: 1,
  senderProfile: 'own',
  clientNpProfile: false,
  recipientPhone: '+380671234567',
  npCityRef: 'city-lviv',
  deliveryType: 'branch',
  npWarehouseRef: 'wh-1',
  npWarehouseNumber: '1',
  npWarehouseAddress: 'Відділення №1: вул. Шевченка, 10',
  address: null,
  serviceType: 'WarehouseWarehouse',
  payerType: 'Recipient',
  paymentMethod: 'Cash',
  declaredValue: '2400.00',
  codAmount: null,
  weightKg: '1.500',
  seats: [],
  description: 'Електронні прилади',
  npRef: null,
  deliveryStatusCode: null,
  trackingHistory: [],
  estimatedDeliveryDate: null,
  deliveredAt: null,
  shippingCost: null,
  lastTrackedAt: null,
  notes: null,
  totalNet: '2000.00',
  totalVat: '400.00',
  version: 3,
  postedAt: null,
  cancelledAt: null,
  cancelReason: null,
  createdAt: '2026-11-12T08:00:00.000Z',
  updatedAt: '2026-11-12T08:00:00.000Z',
  lines: [
    {
      id: 71,
      orderLineId: 31,
      lineNo: 1,
      itemId: 12,
      sku: 'PSU-12',
      itemName: 'Блок живлення 12 В',
      itemKind: 'product',
      unitShortName: 'шт',
      serialTracking: true,
      qty: '2.0000',
      orderedQty: '5.0000',
      shippedQty: '3.0000',
      remainingQty: '2.0000',
      reservedQty: '2.0000',
      unitPrice: '500.000000',
      discountPercent: '0.00',
      vatRate: '20',
      lineNet: '1000.00',
      lineVat: '200.00',
      lineGross: '1200.00',
      unitCost: null,
      serials: [{ id: 901, serial: 'SN-00001', status: 'reserved' }],
    },
    {
      id: 72,
      orderLineId: 32,
      lineNo: 2,
      itemId: 13,
      sku: 'CASE-1',
      itemName: 'Корпус',
      itemKind: 'product',
      unitShortName: 'шт',
      serialTracking: false,
      qty: '4.0000',
      orderedQty: '4.0000',
      shippedQty: '0.0000',
      remainingQty: '4.0000',
      reservedQty: '4.0000',
      unitPrice: '250.000000',
      discountPercent: '0.00',
      vatRate: '20',
      lineNet: '1000.00',
      lineVat: '200.00',
      lineGross: '1200.00',
      unitCost: null,
      serials: [],
    },
  ],
});
const posted: Shipment = shipmentSchema.parse({
  ...draft,
  ...postedSummary,
  npRef: 'doc-ref',
  deliveryStatusCode: '5',
  postedAt: '2026-11-12T09:00:00.000Z',
  version: 5,
  trackingHistory: [
    { at: '2026-11-12T09:10:00.000Z', code: '1', text: 'ЕН створено', status: 'created' },
    {
      at: '2026-11-13T07:00:00.000Z',
      code: '5',
      text: 'Відправлення прямує до міста отримувача',
      status: 'in_transit',
    },
  ],
  lines: draft.lines.map((l) => ({ ...l, unitCost: '300.000000' })),
});

type Answer = (url: string, init: RequestInit) => Response | undefined;

function stubApi(answer: Answer = () => undefined) {
  return stubFetch((url, init) => {
    const own = answer(url, init);
    if (own) return own;
    if (url === '/api/auth/user') return jsonResponse({ error: 'Потрібно увійти' }, 401);
    if (url.startsWith('/api/shipments?')) {
      return new Response(JSON.stringify([summary, postedSummary]), {
        headers: { 'content-type': 'application/json', 'X-Total-Count': '2' },
      });
    }
    if (url === '/api/shipments/stats') {
      return jsonResponse({
        draftsToShip: 4,
        inTransit: 2,
        deliveredThisWeek: 5,
        problems: 1,
        weekStart: '2026-11-09',
      });
    }
    if (url === '/api/shipments/7' && (init.method ?? 'GET') === 'GET') return jsonResponse(draft);
    if (url === '/api/shipments/8' && (init.method ?? 'GET') === 'GET') return jsonResponse(posted);
    if (url.startsWith('/api/lookups/')) return jsonResponse([]);
    return jsonResponse({ error: 'Не знайдено' }, 404);
  });
}

const listUrls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/shipments?'));
const bodiesOf = (fetchMock: ReturnType<typeof stubFetch>, method: string, url: string) =>
  fetchMock.mock.calls
    .filter(([callUrl, init]) => callUrl === url && init?.method === method)
    .map(([, init]) => (init?.body === undefined ? undefined : (JSON.parse(String(init.body)) as unknown)));

async function openDrawer(user: ReturnType<typeof userEvent.setup>, number: string, itemName: string) {
  await user.click(await screen.findByRole('button', { name: `Відкрити відвантаження ${number}` }));
  const drawer = await screen.findByRole('dialog', { name: new RegExp(number) });
  await within(drawer).findByText(itemName);
  return drawer;
}

afterEach(() => vi.restoreAllMocks());

describe('ShipmentsPage', () => {
  it('shows the cards and the list; a card filters, the search from the link is sent', async () => {
    const fetchMock = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<ShipmentsPage />, { path: '/shipments?search=SHP-2026-00008' });

    expect(screen.getByRole('heading', { name: 'Відвантаження' })).toBeTruthy();
    expect((screen.getByLabelText('Пошук відвантажень') as HTMLInputElement).value).toBe('SHP-2026-00008');
    const stats = screen.getByRole('region', { name: 'Показники відвантажень' });
    await waitFor(() => expect(within(stats).getByText('Проблеми')).toBeTruthy());
    expect(within(stats).getByText('Чернетки до відвантаження')).toBeTruthy();
    expect(await within(stats).findByText('5')).toBeTruthy();

    const row = (await screen.findByText('SHP-2026-00008')).closest('tr')!;
    expect(within(row).getByText('Проведено')).toBeTruthy();
    expect(within(row).getByText('В дорозі')).toBeTruthy();
    expect(within(row).getByRole('link', { name: '20450000000011' }).getAttribute('href')).toContain('cargo_number=');
    const draftRow = screen.getByText('SHP-2026-00007').closest('tr')!;
    expect(within(draftRow).getByText('Чернетка')).toBeTruthy();
    expect(within(draftRow).getByText('2 400,00')).toBeTruthy();
    expect(listUrls(fetchMock)[0]).toBe('/api/shipments?page=1&limit=20&search=SHP-2026-00008&sort=-shipmentDate');

    await user.click(within(stats).getByRole('button', { name: /Проблеми/ }));
    await waitFor(() => expect(listUrls(fetchMock).at(-1)).toContain('problems=true'));
    await user.click(within(stats).getByRole('button', { name: /Отримано за тиждень/ }));
    await waitFor(() => expect(listUrls(fetchMock).at(-1)).toContain('deliveryStatus=delivered'));
    expect(listUrls(fetchMock).at(-1)).toContain('deliveredFrom=2026-11-09');
    expect(listUrls(fetchMock).at(-1)).not.toContain('problems=true');
    fireEvent.change(screen.getByLabelText('Період з'), { target: { value: '01.11.2026' } });
    await waitFor(() => expect(listUrls(fetchMock).at(-1)).toContain('dateFrom=2026-11-01'));
  });

  it('shows the empty state and the load error with a retry', async () => {
    let fail = true;
    stubApi((url) => {
      if (url.startsWith('/api/shipments?')) {
        if (fail) return jsonResponse({ error: 'База даних недоступна' }, 503);
        return new Response('[]', { headers: { 'content-type': 'application/json', 'X-Total-Count': '0' } });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<ShipmentsPage />, { path: '/shipments' });
    expect(await screen.findByText(/Не вдалося завантажити відвантаження/, {}, { timeout: 5000 })).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Спробувати ще раз' }));
    expect(await screen.findByText('Відвантажень не знайдено')).toBeTruthy();
  });

  it('adds a scanned serial, saves a lower quantity with the version, refuses more than remains, and posts', async () => {
    const withTwo = {
      ...draft,
      version: 4,
      lines: [
        {
          ...draft.lines[0]!,
          serials: [...draft.lines[0]!.serials, { id: 902, serial: 'SN-00002', status: 'reserved' }],
        },
        draft.lines[1]!,
      ],
    };
    let current: Shipment = draft;
    const fetchMock = stubApi((url, init) => {
      if (url === '/api/shipments/7' && init.method === 'PATCH') {
        const body = JSON.parse(String(init.body)) as { lines?: Array<{ serials?: string[]; qty?: string }> };
        if (body.lines?.[0]?.serials) current = withTwo;
        else current = { ...withTwo, version: 5, lines: [withTwo.lines[0]!, { ...withTwo.lines[1]!, qty: '3.0000' }] };
        return jsonResponse(current);
      }
      if (url === '/api/shipments/7' && (init.method ?? 'GET') === 'GET') return jsonResponse(current);
      if (url === '/api/shipments/7/post' && init.method === 'POST') {
        return jsonResponse({ ...current, status: 'posted', version: 6, postedAt: '2026-11-12T10:00:00.000Z' });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<ShipmentsPage />, { path: '/shipments' });
    const drawer = await openDrawer(user, 'SHP-2026-00007', 'Блок живлення 12 В');
    expect(within(drawer).getByLabelText('Серійні номери: 1 з 2')).toBeTruthy();

    await user.type(within(drawer).getByLabelText('Відскануйте або введіть серійний номер'), 'sn-00002{Enter}');
    await waitFor(() => expect(bodiesOf(fetchMock, 'PATCH', '/api/shipments/7')).toHaveLength(1));
    expect(bodiesOf(fetchMock, 'PATCH', '/api/shipments/7')[0]).toEqual({
      version: 3,
      lines: [{ id: 71, serialIds: [901], serials: ['sn-00002'] }],
    });
    expect(await within(drawer).findByLabelText('Серійні номери: 2 з 2')).toBeTruthy();
    expect(within(drawer).getByText('Усі серійні номери вибрано')).toBeTruthy();

    // More than remains: refused before any request.
    const qtyInputs = within(drawer).getAllByLabelText('Кількість');
    await user.clear(qtyInputs[1]!);
    await user.type(qtyInputs[1]!, '9');
    await user.click(within(drawer).getByRole('button', { name: 'Зберегти' }));
    expect(await within(drawer).findByText('Залишилось відвантажити лише 4')).toBeTruthy();
    expect(bodiesOf(fetchMock, 'PATCH', '/api/shipments/7')).toHaveLength(1);

    await user.clear(qtyInputs[1]!);
    await user.type(qtyInputs[1]!, '3');
    expect(within(drawer).getByText('Є незбережені зміни')).toBeTruthy();
    await user.click(within(drawer).getByRole('button', { name: 'Зберегти' }));
    await waitFor(() => expect(bodiesOf(fetchMock, 'PATCH', '/api/shipments/7')).toHaveLength(2));
    expect(bodiesOf(fetchMock, 'PATCH', '/api/shipments/7')[1]).toEqual({ version: 4, lines: [{ id: 72, qty: '3' }] });

    await user.click(within(drawer).getByRole('button', { name: 'Провести' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Провести відвантаження?' });
    await user.click(within(confirm).getByRole('button', { name: 'Провести' }));
    await waitFor(() => expect(bodiesOf(fetchMock, 'POST', '/api/shipments/7/post')).toEqual([{ version: 5 }]));
    // Posted: the draft's actions give way to 'Скасувати'.
    expect(await within(drawer).findByRole('button', { name: 'Скасувати' })).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: 'Провести' })).toBeNull();
  });

  it('shows a refused serial under the picker', async () => {
    stubApi((url, init) =>
      url === '/api/shipments/7' && init.method === 'PATCH'
        ? jsonResponse(
            {
              error: 'Серійний номер NO-1 товару PSU-12 не знайдено',
              fields: { 'lines.0.serials': 'Серійний номер NO-1 товару PSU-12 не знайдено' },
            },
            400,
          )
        : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<ShipmentsPage />, { path: '/shipments?open=7' });
    const drawer = await screen.findByRole('dialog', { name: /SHP-2026-00007/ });
    await user.type(await within(drawer).findByLabelText('Відскануйте або введіть серійний номер'), 'NO-1{Enter}');
    expect(await within(drawer).findByText('Серійний номер NO-1 товару PSU-12 не знайдено')).toBeTruthy();
  });

  it('creates the waybill, prints its label through the server and shows the tracking timeline', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const created: Shipment = {
      ...draft,
      waybillState: 'created',
      deliveryStatus: 'created',
      trackingNumber: '20450000000012',
      trackingUrl: 'https://novaposhta.ua/tracking/?cargo_number=20450000000012',
      npRef: 'doc-ref',
      shippingCost: '80.00',
      trackingHistory: [
        { at: '2026-11-12T09:10:00.000Z', code: '1', text: 'ЕН 20450000000012 створено', status: 'created' },
      ],
    };
    const fetchMock = stubApi((url, init) =>
      url === '/api/shipments/7/np-waybill' && init.method === 'POST'
        ? jsonResponse({ shipment: created, message: 'ЕН 20450000000012 створено' })
        : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<ShipmentsPage />, { path: '/shipments?open=7' });
    const drawer = await screen.findByRole('dialog', { name: /SHP-2026-00007/ });
    const block = await within(drawer).findByRole('region', { name: 'Нова пошта' });
    await user.click(within(block).getByRole('button', { name: 'Створити ЕН' }));
    await waitFor(() => expect(bodiesOf(fetchMock, 'POST', '/api/shipments/7/np-waybill')).toHaveLength(1));
    expect(await within(block).findByRole('link', { name: '20450000000012' })).toBeTruthy();
    expect(within(block).getByText('80,00 грн')).toBeTruthy();
    // The delivery fields are on the waybill now.
    expect(within(drawer).getByText(/Дані доставки є в ЕН/)).toBeTruthy();
    await user.click(within(block).getByRole('button', { name: 'Друк етикетки' }));
    expect(open).toHaveBeenCalledWith('/api/shipments/7/np-label?format=100x100', '_blank');
    const timeline = within(drawer).getByRole('region', { name: 'Історія доставки' });
    expect(within(timeline).getByText(/ЕН 20450000000012 створено/)).toBeTruthy();
    expect(within(block).queryByRole('button', { name: 'Звірити' })).toBeNull();
  });

  it("offers 'Звірити' for a waybill in an unknown state", async () => {
    const unknown: Shipment = { ...draft, waybillState: 'unknown' };
    const fetchMock = stubApi((url, init) => {
      if (url === '/api/shipments/7' && (init.method ?? 'GET') === 'GET') return jsonResponse(unknown);
      if (url === '/api/shipments/7/np-reconcile' && init.method === 'POST') {
        return jsonResponse({
          shipment: {
            ...unknown,
            waybillState: 'created',
            trackingNumber: '20450000000013',
            deliveryStatus: 'created',
          },
          message: 'ЕН 20450000000013 знайдено в Новій пошті',
        });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<ShipmentsPage />, { path: '/shipments?open=7' });
    const block = await within(await screen.findByRole('dialog', { name: /SHP-2026-00007/ })).findByRole('region', {
      name: 'Нова пошта',
    });
    expect(within(block).getByText(/Нова пошта не відповіла/)).toBeTruthy();
    expect(within(block).queryByRole('button', { name: 'Створити ЕН' })).toBeNull();
    await user.click(within(block).getByRole('button', { name: 'Звірити' }));
    await waitFor(() => expect(bodiesOf(fetchMock, 'POST', '/api/shipments/7/np-reconcile')).toHaveLength(1));
    expect(await within(block).findByText('20450000000013')).toBeTruthy();
  });

  it('asks for a reason before cancelling a posted shipment', async () => {
    const fetchMock = stubApi((url, init) =>
      url === '/api/shipments/8/cancel' && init.method === 'POST'
        ? jsonResponse({
            ...posted,
            status: 'cancelled',
            cancelReason: 'Повернення',
            cancelledAt: '2026-11-14T10:00:00.000Z',
          })
        : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<ShipmentsPage />, { path: '/shipments' });
    const drawer = await openDrawer(user, 'SHP-2026-00008', 'Блок живлення 12 В');
    expect(within(drawer).queryByRole('button', { name: 'Провести' })).toBeNull();
    const timeline = within(drawer).getByRole('region', { name: 'Історія доставки' });
    expect(within(timeline).getAllByRole('listitem')).toHaveLength(2);
    expect(within(timeline).getByText('(5)')).toBeTruthy();
    await user.click(within(drawer).getByRole('button', { name: 'Скасувати' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Скасувати відвантаження?' });
    await user.click(within(dialog).getByRole('button', { name: 'Скасувати відвантаження' }));
    expect(await within(dialog).findByText('Вкажіть причину скасування')).toBeTruthy();
    expect(bodiesOf(fetchMock, 'POST', '/api/shipments/8/cancel')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/Причина/), 'Повернення');
    await user.click(within(dialog).getByRole('button', { name: 'Скасувати відвантаження' }));
    await waitFor(() =>
      expect(bodiesOf(fetchMock, 'POST', '/api/shipments/8/cancel')).toEqual([{ reason: 'Повернення' }]),
    );
  });

  it('ships a confirmed order from the dialog and opens the new draft', async () => {
    const fetchMock = stubApi((url, init) => {
      if (url.startsWith('/api/shipments/shippable-orders')) {
        return jsonResponse([
          {
            id: 3,
            orderNumber: 'ORD-2026-00003',
            orderDate: '2026-11-10',
            status: 'confirmed',
            clientName: 'Енергоплюс',
            remainingLines: 2,
          },
        ]);
      }
      if (url === '/api/shipments' && init.method === 'POST') return jsonResponse(draft, 201);
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<ShipmentsPage />, { path: '/shipments' });
    await user.click(screen.getByRole('button', { name: 'Відвантажити замовлення' }));
    const dialog = await screen.findByRole('dialog', { name: 'Відвантажити замовлення' });
    expect(await within(dialog).findByText('2 рядки до відвантаження', { exact: false })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Відвантажити ORD-2026-00003' }));
    await waitFor(() => expect(bodiesOf(fetchMock, 'POST', '/api/shipments')).toEqual([{ orderId: 3 }]));
    expect(await screen.findByRole('dialog', { name: /SHP-2026-00007/ })).toBeTruthy();
  });

  it('shows changes and the Nova Poshta settings only to those who may make them', async () => {
    stubApi((url) => {
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
        return jsonResponse([
          { route: '/shipments', canView: true, canAccess: false },
          { route: '/integrations', canView: false, canAccess: false },
        ]);
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<ShipmentsPage />, { path: '/shipments' });
    await screen.findByText('SHP-2026-00007');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Відвантажити замовлення' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Налаштування Нової пошти' })).toBeNull();
    const drawer = await openDrawer(user, 'SHP-2026-00007', 'Блок живлення 12 В');
    expect(within(drawer).getByText('Ви можете лише переглядати відвантаження.')).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: 'Провести' })).toBeNull();
    expect(within(drawer).queryByLabelText('Відскануйте або введіть серійний номер')).toBeNull();
    expect(within(drawer).getByRole('button', { name: 'Видаткова накладна' })).toBeTruthy();
  });

  it('saves the Nova Poshta settings without ever showing the key', async () => {
    const settings = {
      hasApiKey: true,
      senderCounterpartyRef: 'cp-1',
      senderCounterpartyName: 'Приватна особа',
      senderContactRef: 'ct-1',
      senderContactName: 'Петренко Олена',
      senderCityRef: 'city-kyiv',
      senderCityName: 'Київ',
      senderWarehouseRef: 'wh-k1',
      senderWarehouseName: 'Відділення №1',
      senderPhone: '+380501112233',
      defaultServiceType: 'WarehouseWarehouse',
      defaultPayerType: 'Recipient',
      defaultPaymentMethod: 'Cash',
      defaultCargoDescription: 'Електронні прилади',
      trackingIntervalHours: 2,
      directoryRefreshTime: '03:00',
      senderReady: true,
      lastDirectoryRefreshAt: null,
      lastTrackingAt: null,
      settlementCount: 10,
      warehouseCount: 40,
    };
    const fetchMock = stubApi((url, init) => {
      if (url === '/api/integrations/nova-poshta' && (init.method ?? 'GET') === 'GET') return jsonResponse(settings);
      if (url === '/api/integrations/nova-poshta' && init.method === 'PUT') return jsonResponse(settings);
      if (url === '/api/integrations/nova-poshta/test') {
        return jsonResponse({ valid: true, message: 'Ключ дійсний', counterparties: [] });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<ShipmentsPage />, { path: '/shipments' });
    await user.click(await screen.findByRole('button', { name: 'Налаштування Нової пошти' }));
    const dialog = await screen.findByRole('dialog', { name: 'Налаштування Нової пошти' });
    expect(await within(dialog).findByText('Ключ збережено — введіть новий, щоб замінити')).toBeTruthy();
    expect(within(dialog).getByText('У кеші: населених пунктів — 10, відділень — 40')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Перевірити з’єднання' }));
    expect(await within(dialog).findByText('Ключ дійсний')).toBeTruthy();
    // A malformed key is refused before any request.
    await user.type(within(dialog).getByLabelText('Ключ API'), 'short');
    await user.click(within(dialog).getByRole('button', { name: 'Зберегти' }));
    expect(await within(dialog).findByText('Ключ API Нової пошти — 32 шістнадцяткові символи')).toBeTruthy();
    expect(bodiesOf(fetchMock, 'PUT', '/api/integrations/nova-poshta')).toHaveLength(0);
    await user.clear(within(dialog).getByLabelText('Ключ API'));
    await user.clear(within(dialog).getByLabelText('Інтервал трекінгу, год'));
    await user.type(within(dialog).getByLabelText('Інтервал трекінгу, год'), '4');
    await user.click(within(dialog).getByRole('button', { name: 'Зберегти' }));
    await waitFor(() => expect(bodiesOf(fetchMock, 'PUT', '/api/integrations/nova-poshta')).toHaveLength(1));
    const [body] = bodiesOf(fetchMock, 'PUT', '/api/integrations/nova-poshta') as Array<Record<string, unknown>>;
    expect(body).toMatchObject({ trackingIntervalHours: 4, senderCityRef: 'city-kyiv', senderPhone: '+380501112233' });
    expect(body).not.toHaveProperty('apiKey');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Налаштування Нової пошти' })).toBeNull());
  });
});
