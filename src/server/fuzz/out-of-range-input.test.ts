// Issue 19 §5, 'Bad input still reaches 500': the exact requests that did. Document dates outside the years a
// document number can carry (2000–2999) went through validation and failed in the numbering; `null` went into NOT
// NULL columns of declared resources; a version stamp that is no timestamp failed in `new Date`. Each is now a
// Ukrainian 400 naming the field, refused by the contract before anything is written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSalesFixture, type SalesFixture } from '@/server/testing/sales-fixture.ts';

let s: SalesFixture;
let productId: number;
let supplierId: number;
let otherWarehouseId: number;
let confirmedOrderId: number;
let kitId: number;

beforeAll(async () => {
  s = await createSalesFixture();
  productId = await s.product({ stock: '10', cost: '50.00' });
  kitId = await s.product();
  supplierId = (await s.api('GET', '/api/suppliers')).json()[0].id as number;
  const other = await s.api('POST', '/api/warehouses', { code: 'ДАТИ-2', name: 'Склад 2', type: 'finished_goods' });
  expect(other.statusCode, other.body).toBe(201);
  otherWarehouseId = other.json().id as number;
  confirmedOrderId = await s.order([{ itemId: productId, qty: '1', unitPrice: '100' }], { confirm: true });
});
afterAll(() => s.t.close());

const RANGE = 'Дата має бути в межах 01.01.2000–31.12.2999';
const OUTSIDE = ['1999-12-31', '0000-01-01', '9999-12-31'];

/** The document's create request with `date` as its date field: [url, field, body]. */
const creates: Array<[string, string, (date: string) => Record<string, unknown>]> = [
  [
    '/api/orders',
    'orderDate',
    (date) => ({ orderDate: date, clientId: s.clientId, lines: [{ itemId: productId, qty: '1', unitPrice: '1' }] }),
  ],
  [
    '/api/inventory/adjustments',
    'documentDate',
    (date) => ({
      warehouseId: s.warehouseId,
      reason: 'correction',
      documentDate: date,
      lines: [{ itemId: productId, deltaQty: '1' }],
    }),
  ],
  [
    '/api/warehouse-transfers',
    'documentDate',
    (date) => ({
      documentDate: date,
      fromWarehouseId: s.warehouseId,
      toWarehouseId: otherWarehouseId,
      lines: [{ itemId: productId, qty: '1' }],
    }),
  ],
  ['/api/payments', 'paymentDate', (date) => ({ paymentDate: date, amount: '10.00', clientId: s.clientId })],
  ['/api/shipments', 'shipmentDate', (date) => ({ orderId: confirmedOrderId, shipmentDate: date })],
  [
    '/api/supplier-orders',
    'orderDate',
    (date) => ({ supplierId, orderDate: date, lines: [{ itemId: productId, qty: '1', unitPrice: '1' }] }),
  ],
  ['/api/inventory-audits', 'documentDate', (date) => ({ warehouseId: s.warehouseId, documentDate: date })],
  [
    '/api/assembly',
    'documentDate',
    (date) => ({
      type: 'assembly',
      documentDate: date,
      itemId: kitId,
      qty: '1',
      warehouseId: s.warehouseId,
      lines: [{ itemId: productId, qty: '1' }],
    }),
  ],
];

describe('document dates outside 2000–2999', () => {
  it.each(creates)('POST %s refuses %s outside the numbering years with a Ukrainian 400', async (url, field, body) => {
    for (const date of OUTSIDE) {
      const res = await s.api('POST', url, body(date));
      expect(res.statusCode, `${date}: ${res.body}`).toBe(400);
      expect(res.json().fields?.[field], date).toBe(RANGE);
    }
  });

  it.each(creates)('POST %s still takes the first and the last day of the range', async (url, _field, body) => {
    for (const date of ['2000-01-01', '2999-12-31']) {
      const res = await s.api('POST', url, body(date));
      expect(res.statusCode, `${date}: ${res.body}`).toBe(201);
    }
  });

  it('refuses a day that does not exist, and a period filter outside the range', async () => {
    const res = await s.api('POST', '/api/orders', creates[0]![2]('2000-02-30'));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.orderDate).toBe('Вкажіть дату');
    for (const url of [
      '/api/orders?dateFrom=0000-01-01',
      '/api/payments?dateTo=9999-12-31',
      '/api/shipments?dateFrom=1999-12-31',
      '/api/component-movement?dateFrom=0000-01-01',
    ]) {
      const list = await s.api('GET', url);
      expect(list.statusCode, `${url}: ${list.body}`).toBe(400);
      expect(list.json().error, url).toMatch(/[а-яіїє]/i);
    }
  });
});

describe('null into NOT NULL columns of declared resources', () => {
  it('POST /api/categories {"sortOrder":null} is a Ukrainian 400 naming the field', async () => {
    const res = await s.api('POST', '/api/categories', { name: 'x', sortOrder: null });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields).toEqual({ sortOrder: "Обов'язкове поле" });
  });

  it('PATCH /api/workers/:id {"weeklyHours":null} is a Ukrainian 400 naming the field', async () => {
    const worker = await s.api('POST', '/api/workers', { lastName: 'Null', firstName: 'Test' });
    expect(worker.statusCode, worker.body).toBe(201);
    const res = await s.api('PATCH', `/api/workers/${worker.json().id}`, { weeklyHours: null });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields).toEqual({ weeklyHours: "Обов'язкове поле" });
  });

  it('PATCH /api/currencies/:id {"decimals":null} is a Ukrainian 400 naming the field', async () => {
    const [currency] = (await s.api('GET', '/api/currencies?limit=1')).json() as Array<{ id: number }>;
    const res = await s.api('PATCH', `/api/currencies/${currency!.id}`, { decimals: null });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields).toEqual({ decimals: "Обов'язкове поле" });
  });
});

describe('version stamps that are not timestamps', () => {
  it('PATCH /api/client-mail/:id {"updatedAt":"x"} is a Ukrainian 400, not «Invalid time value»', async () => {
    const letter = await s.api('POST', '/api/client-mail', { counterpartyId: s.clientId, subject: 'Лист' });
    expect(letter.statusCode, letter.body).toBe(201);
    for (const updatedAt of ['x', '', '2026-13-01T00:00:00Z', 1]) {
      const res = await s.api('PATCH', `/api/client-mail/${letter.json().id}`, { subject: 'Змінено', updatedAt });
      expect(res.statusCode, `${String(updatedAt)}: ${res.body}`).toBe(400);
      expect(res.json().fields?.updatedAt, String(updatedAt)).toMatch(/[а-яіїє]/i);
    }
    const fresh = await s.api('PATCH', `/api/client-mail/${letter.json().id}`, {
      subject: 'Змінено',
      updatedAt: letter.json().updatedAt,
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
  });
});
