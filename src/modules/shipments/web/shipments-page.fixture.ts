// The shipments page's test data (used only by tests): a draft with a serial-tracked line and a plain one, a posted
// shipment with its waybill and tracking, the API stand-in the page's tests answer through, and small helpers.
import { screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import {
  shipmentSchema,
  shipmentSummarySchema,
  type Shipment,
  type ShipmentSummary,
} from '@/modules/shipments/shipments.contract.ts';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';

export const summary: ShipmentSummary = shipmentSummarySchema.parse({
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
export const postedSummary: ShipmentSummary = shipmentSummarySchema.parse({
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

export const draft: Shipment = shipmentSchema.parse({
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
      enteredQty: '2.0000',
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
      enteredQty: '4.0000',
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
export const posted: Shipment = shipmentSchema.parse({
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

export type Answer = (url: string, init: RequestInit) => Response | undefined;

export function stubApi(answer: Answer = () => undefined) {
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

export const listUrls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/shipments?'));
export const bodiesOf = (fetchMock: ReturnType<typeof stubFetch>, method: string, url: string) =>
  fetchMock.mock.calls
    .filter(([callUrl, init]) => callUrl === url && init?.method === method)
    .map(([, init]) => (init?.body === undefined ? undefined : (JSON.parse(String(init.body)) as unknown)));

export async function openDrawer(user: ReturnType<typeof userEvent.setup>, number: string, itemName: string) {
  await user.click(await screen.findByRole('button', { name: `Відкрити відвантаження ${number}` }));
  const drawer = await screen.findByRole('dialog', { name: new RegExp(number) });
  await within(drawer).findByText(itemName);
  return drawer;
}
