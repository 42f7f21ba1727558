// The warehouse transfers page's test data and its stubbed API (shared by the page's tests).
import { screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import {
  transferSchema,
  transferSummarySchema,
  type Transfer,
  type TransferSummary,
} from '@/modules/warehouse-transfers/warehouse-transfers.contract.ts';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { itemOption, sourceOf } from '@/modules/items/web/item-options.fixture.ts';

export const draftSummary: TransferSummary = transferSummarySchema.parse({
  id: 7,
  number: 'TRF-2026-00007',
  documentDate: '2026-11-12',
  status: 'draft',
  fromWarehouseId: 1,
  fromWarehouseName: 'Склад комплектуючих',
  toWarehouseId: 2,
  toWarehouseName: 'Ізолятор браку',
  reason: 'Брак при вхідному контролі',
  notes: null,
  lineCount: 1,
  totalQty: '20.0000',
  value: null,
});

export const postedSummary: TransferSummary = transferSummarySchema.parse({
  ...draftSummary,
  id: 8,
  number: 'TRF-2026-00008',
  documentDate: '2026-11-05',
  status: 'posted',
  toWarehouseId: 3,
  toWarehouseName: 'Склад готової продукції',
  reason: null,
  lineCount: 2,
  totalQty: '12.5000',
  value: '1530.40',
});

export const cancelledSummary: TransferSummary = transferSummarySchema.parse({
  ...postedSummary,
  id: 9,
  number: 'TRF-2026-00009',
  status: 'cancelled',
});

export const draft: Transfer = transferSchema.parse({
  ...draftSummary,
  version: 3,
  postedAt: null,
  cancelledAt: null,
  cancelReason: null,
  createdAt: '2026-11-12T08:00:00.000Z',
  lines: [
    {
      id: 70,
      lineNo: 1,
      itemId: 12,
      sku: 'C-100N',
      itemName: 'Конденсатор 100 нФ 0603',
      unitShortName: 'шт',
      qty: '20.0000',
      enteredQty: '20.0000',
      notes: null,
      available: '15.0000',
      unitCost: null,
      value: null,
      serialTracking: false,
      serials: [],
    },
  ],
});

export const posted: Transfer = transferSchema.parse({
  ...draft,
  status: 'posted',
  version: 4,
  value: '25.00',
  postedAt: '2026-11-12T09:30:00.000Z',
  lines: [{ ...draft.lines[0], qty: '10.0000', available: null, unitCost: '2.500000', value: '25.00' }],
});

export type Answer = (url: string, init: RequestInit) => Response | undefined;

export function listResponse(rows: TransferSummary[], total = rows.length) {
  return new Response(JSON.stringify(rows), {
    headers: { 'content-type': 'application/json', 'X-Total-Count': String(total) },
  });
}

export const warehouses = [
  { id: 1, label: 'Склад комплектуючих' },
  { id: 2, label: 'Ізолятор браку' },
  { id: 3, label: 'Склад готової продукції' },
];

/** The page's requests answered from the contract; `answer` handles what a test looks at. */
export function stubApi(answer: Answer = () => undefined) {
  return stubFetch((url, init) => {
    const own = answer(url, init);
    if (own) return own;
    if (url === '/api/auth/user') return jsonResponse({ error: 'Потрібно увійти' }, 401);
    if (url.startsWith('/api/warehouse-transfers?'))
      return listResponse([draftSummary, postedSummary, cancelledSummary], 3);
    if (url === '/api/warehouse-transfers/stats') return jsonResponse({ drafts: 4, postedThisMonth: 11 });
    if (url.startsWith('/api/warehouse-transfers/availability?')) {
      const params = new URL(url, 'http://x').searchParams;
      const available = params.get('warehouseId') === '1' ? '15.0000' : '0.0000';
      return jsonResponse(
        (params.get('itemIds') ?? '')
          .split(',')
          .filter(Boolean)
          .map((id) => ({
            itemId: Number(id),
            sku: id === '12' ? 'C-100N' : `SKU-${id}`,
            name: id === '12' ? 'Конденсатор 100 нФ 0603' : `Позиція ${id}`,
            kind: 'component',
            unitShortName: 'шт',
            onHand: available,
            reserved: '0.0000',
            available,
          })),
      );
    }
    if (url.startsWith('/api/lookups/warehouses')) {
      const ids = new URL(url, 'http://x').searchParams.get('ids');
      return jsonResponse(ids ? warehouses.filter((w) => ids.split(',').includes(String(w.id))) : warehouses);
    }
    if (url.startsWith('/api/items/options')) {
      const products = sourceOf(url) === 'products';
      return jsonResponse([
        itemOption(products ? { id: 40, name: 'Контролер КТ-2' } : { id: 12, name: 'Конденсатор 100 нФ 0603' }),
      ]);
    }
    return jsonResponse({ error: 'Не знайдено' }, 404);
  });
}

export const listUrls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/warehouse-transfers?'));

export const requestsTo = (fetchMock: ReturnType<typeof stubFetch>, method: string, url: string) =>
  fetchMock.mock.calls
    .filter(([callUrl, init]) => callUrl === url && init?.method === method)
    .map(([, init]) => (init?.body === undefined ? undefined : (JSON.parse(String(init.body)) as unknown)));

export async function openTransfer(user: ReturnType<typeof userEvent.setup>, number: string) {
  await user.click(await screen.findByRole('button', { name: `Відкрити переміщення ${number}` }));
  return screen.findByRole('dialog', { name: new RegExp(`Переміщення ${number}`) });
}
