// Reference fields of reference-data.md §7, §9, §13: a warehouse's stock columns and responsible worker, the guard
// that keeps a warehouse with stock or reservations active, a department's manager, and a supplier's open orders and
// last receipt on /suppliers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleEdrpou } from '@/shared/requisites.ts';
import { createSalesFixture, type SalesFixture } from '@/server/testing/sales-fixture.ts';

let f: SalesFixture;
beforeAll(async () => {
  f = await createSalesFixture();
});
afterAll(() => f.t.close());

const ok = async (res: Awaited<ReturnType<SalesFixture['api']>>, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};

describe('warehouses', () => {
  it('lists items in stock and their value, names the responsible worker, and keeps a stocked warehouse active', async () => {
    const worker = await ok(
      await f.api('POST', '/api/workers', { lastName: 'Іваненко', firstName: 'Петро', personnelNumber: 'W-77' }),
      201,
    );
    const spare = await ok(
      await f.api('POST', '/api/warehouses', {
        code: 'ЗАП',
        name: 'Запасний склад',
        type: 'general',
        responsibleWorkerId: worker.id,
      }),
      201,
    );
    expect(spare.responsibleWorkerIdLabel).toBe('Іваненко');
    const item = await f.product();
    await ok(
      await f.api('POST', '/api/inventory/adjustments', {
        warehouseId: spare.id,
        reason: 'opening',
        post: true,
        lines: [{ itemId: item, deltaQty: '4', unitCost: '12.50' }],
      }),
      201,
    );
    const rows = (await ok(await f.api('GET', '/api/warehouses?limit=100'))) as Array<Record<string, unknown>>;
    expect(rows.find((r) => r.id === spare.id)).toMatchObject({ itemsInStock: 1, stockValue: '50.00' });

    const refused = await f.api('PATCH', `/api/warehouses/${spare.id}`, { isActive: false });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().fields.isActive).toBe(
      'На складі є залишки або резерви — перемістіть чи спишіть їх, тоді склад можна деактивувати',
    );
    await ok(
      await f.api('POST', '/api/inventory/adjustments', {
        warehouseId: spare.id,
        reason: 'correction',
        post: true,
        lines: [{ itemId: item, deltaQty: '-4' }],
      }),
      201,
    );
    expect((await ok(await f.api('PATCH', `/api/warehouses/${spare.id}`, { isActive: false }))).isActive).toBe(false);
  });
});

describe('departments', () => {
  it('keeps the department manager and refuses to delete the worker who manages it', async () => {
    const worker = await ok(
      await f.api('POST', '/api/workers', { lastName: 'Коваленко', firstName: 'Анна', personnelNumber: 'W-78' }),
      201,
    );
    const dept = await ok(
      await f.api('POST', '/api/departments', { name: 'Монтажна дільниця', code: 'МД', managerWorkerId: worker.id }),
      201,
    );
    expect(dept.managerWorkerIdLabel).toBe('Коваленко');
    const removed = await f.api('DELETE', `/api/workers/${worker.id}`);
    expect(removed.statusCode).toBe(409);
    expect(removed.json().error).toContain('Відділи');
  });
});

describe('suppliers', () => {
  it('shows the open supplier orders and the date of the last posted receipt', async () => {
    const supplier = await ok(
      await f.api('POST', '/api/suppliers', {
        legalForm: 'legal_entity',
        name: 'Елементсервіс',
        fullName: 'ТОВ «Елементсервіс»',
        taxId: sampleEdrpou(8811),
      }),
      201,
    );
    const item = await f.product();
    const order = await ok(
      await f.api('POST', '/api/supplier-orders', {
        supplierId: supplier.id,
        orderDate: '2026-11-20',
        warehouseId: f.warehouseId,
        lines: [{ itemId: item, qty: '10', unitPrice: '3' }],
      }),
      201,
    );
    const row = async () =>
      ((await ok(await f.api('GET', '/api/suppliers?limit=500'))) as Array<Record<string, unknown>>).find(
        (r) => r.id === supplier.id,
      );
    expect(await row()).toMatchObject({ openOrders: 0, lastReceiptDate: null });
    await ok(await f.api('POST', `/api/supplier-orders/${order.id}/send`, {}));
    expect(await row()).toMatchObject({ openOrders: 1 });
    const receipt = await ok(
      await f.api('POST', `/api/supplier-orders/${order.id}/receive`, {
        supplierDocNumber: 'РН-15',
        supplierDocDate: '2026-11-24',
        documentDate: '2026-11-25',
      }),
      201,
    );
    await ok(await f.api('POST', `/api/supplier-receipts/${receipt.id}/post`, { version: receipt.version }));
    expect(await row()).toMatchObject({ openOrders: 0, lastReceiptDate: '2026-11-25' });
  });
});
