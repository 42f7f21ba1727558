// /api/components-analysis (reports-admin.md §8 'Done means'): a component issued 300 units to an MO in a 30-day
// period with 150 available shows 10/day and 15 days of coverage, and with a 20-day lead time the reorder flag;
// transfers and adjustments never count as consumption; stock with no movement for 200 days is 'Неліквід'; the
// drill-down (months, prices, where-used); ABC; the XLSX export matches the JSON; 403 without the page, 400 on a bad
// period.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '@/server/testing/test-app.ts';
import { readSheet } from '@/resources/_engine/server/tabular.ts';
import { addDays, kyivToday } from '@/shared/kyiv-date.ts';
import { dec } from '@/shared/decimal.ts';
import { sampleEdrpou } from '@/shared/requisites.ts';
import {
  createManufacturingFixture,
  type ManufacturingFixture,
} from '@/modules/manufacturing/server/manufacturing.fixture.ts';
import { abcOf } from './components-analysis.read.ts';

let f: ManufacturingFixture;
const today = kyivToday();
const from = addDays(today, -29);
const period = `from=${from}&to=${today}`;

const ok = async (res: Awaited<ReturnType<ManufacturingFixture['api']>>, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};
const get = async (url: string) => ok(await f.api('GET', url));
const rowOf = async (itemId: number, extra = '') =>
  (await get(`/api/components-analysis?${period}${extra}`)).rows.find((r: { itemId: number }) => r.itemId === itemId);

beforeAll(async () => {
  f = await createManufacturingFixture();
});
afterAll(() => f.t.close());

describe('components analysis (reports-admin.md §8)', () => {
  let part: number;
  let product: number;

  it('shows 10/day, 15 days of coverage and the reorder flag for 300 issued in 30 days, 150 available, 20-day lead time', async () => {
    part = await f.component({ stock: '450', cost: '2.00' });
    await ok(await f.api('PATCH', `/api/components/${part}`, { leadTimeDays: 20 }));
    product = await f.made();
    await f.bom(product, [{ itemId: part, qty: '1' }]);
    const mo = await ok(await f.api('POST', '/api/manufacturing-orders', { itemId: product, qty: '300' }), 201);
    await ok(await f.api('POST', `/api/manufacturing-orders/${mo.id}/release`, {}));
    await ok(await f.api('POST', `/api/manufacturing-orders/${mo.id}/issues`, {}), 201);

    expect(await rowOf(part)).toMatchObject({
      consumptionQty: '300.0000',
      consumptionValue: '600.00',
      avgDaily: '10.0000',
      available: '150.0000',
      leadTimeDays: 20,
      coverageDays: '15.0',
      reorder: true,
      whereUsed: 1,
      abc: 'A',
      dead: false,
    });
    // Returned 30 to stock: consumption is net of returns.
    await ok(
      await f.api('POST', `/api/manufacturing-orders/${mo.id}/issues`, { lines: [{ itemId: part, qty: '-30' }] }),
      201,
    );
    expect(await rowOf(part)).toMatchObject({ consumptionQty: '270.0000', available: '180.0000' });
  });

  it('never counts transfers or adjustments as consumption', async () => {
    const other = (
      await ok(
        await f.api('POST', '/api/warehouses', { code: `CA-${Date.now() % 100000}`, name: 'Склад Б', type: 'general' }),
        201,
      )
    ).id as number;
    const draft = await ok(
      await f.api('POST', '/api/warehouse-transfers', {
        documentDate: today,
        fromWarehouseId: f.materialsWarehouseId,
        toWarehouseId: other,
        reason: 'Поповнення складу Б',
        lines: [{ itemId: part, qty: '20' }],
      }),
      201,
    );
    await ok(await f.api('POST', `/api/warehouse-transfers/${draft.id}/post`));
    await ok(
      await f.api('POST', '/api/component-stock/adjustments', {
        warehouseId: f.materialsWarehouseId,
        reason: 'damage',
        post: true,
        lines: [{ itemId: part, deltaQty: '-10' }],
      }),
      201,
    );
    expect(await rowOf(part)).toMatchObject({ consumptionQty: '270.0000', available: '170.0000' });
  });

  it("puts stock with no movement for 200 days under 'Неліквід'", async () => {
    const idle = await f.component();
    await ok(
      await f.api('POST', '/api/component-stock/adjustments', {
        warehouseId: f.materialsWarehouseId,
        reason: 'opening',
        post: true,
        documentDate: addDays(today, -200),
        lines: [{ itemId: idle, deltaQty: '5', unitCost: '3.00' }],
      }),
      201,
    );
    const fresh = await f.component({ stock: '5', cost: '3.00' });
    expect(await rowOf(idle)).toMatchObject({ dead: true, consumptionQty: '0.0000', coverageDays: null, abc: 'C' });
    expect(await rowOf(fresh)).toMatchObject({ dead: false });
    const dead = await get(`/api/components-analysis?${period}&deadOnly=true`);
    expect(dead.rows.map((r: { itemId: number }) => r.itemId)).toContain(idle);
    expect(dead.rows.every((r: { dead: boolean }) => r.dead)).toBe(true);
    expect(dead.deadStockDays).toBe(180);
  });

  it('drills down to consumption by month, receipt prices and the where-used tree', async () => {
    const detail = await get(`/api/components-analysis/${part}?${period}`);
    expect(detail.months.reduce((s: number, m: { qty: string }) => s + Number(m.qty), 0)).toBe(270);
    expect(detail.whereUsed).toEqual([expect.objectContaining({ itemId: product, level: 1 })]);
    expect((await f.api('GET', `/api/components-analysis/999999?${period}`)).statusCode).toBe(404);
  });

  it('shows the last purchase and the price change from the first to the last receipt of the period', async () => {
    const bought = await f.component();
    const documentTypeId = (await get('/api/supplier-document-types'))[0].id as number;
    const supplier = await ok(
      await f.api('POST', '/api/suppliers', {
        legalForm: 'legal_entity',
        name: 'Елкомп',
        fullName: 'ТОВ «Елкомп»',
        taxId: sampleEdrpou(7171),
      }),
      201,
    );
    for (const [i, price] of ['2.00', '2.50'].entries()) {
      const draft = await ok(
        await f.api('POST', '/api/supplier-receipts', {
          supplierId: supplier.id,
          warehouseId: f.materialsWarehouseId,
          documentTypeId,
          supplierDocNumber: `CA-${i}-${bought}`,
          supplierDocDate: addDays(today, i - 2),
          documentDate: addDays(today, i - 2),
          lines: [{ itemId: bought, qty: '10', unitPrice: price, vatRate: '0' }],
        }),
        201,
      );
      await ok(await f.api('POST', `/api/supplier-receipts/${draft.id}/post`));
    }
    expect(await rowOf(bought)).toMatchObject({
      lastPrice: '2.50',
      lastPurchaseDate: addDays(today, -1),
      lastSupplierName: 'Елкомп',
      priceChange: '25.00',
      consumptionQty: '0.0000',
    });
    expect((await rowOf(bought, `&supplierId=${supplier.id}`))?.itemId).toBe(bought);
    expect(await rowOf(part, `&supplierId=${supplier.id}`)).toBeUndefined();
    const detail = await get(`/api/components-analysis/${bought}?${period}`);
    expect(detail.prices.map((p: { unitCost: string; supplierName: string }) => [p.supplierName, p.unitCost])).toEqual([
      ['Елкомп', '2.00'],
      ['Елкомп', '2.50'],
    ]);
  });

  it('classes ABC by consumption value: 70 %, 20 %, 10 % are A, B, C', async () => {
    expect(abcOf([dec('70'), dec('20'), dec('10'), dec('0')])).toEqual(['A', 'B', 'C', 'C']);
    const a = await get(`/api/components-analysis?${period}&abc=A`);
    expect(a.rows.map((r: { itemId: number }) => r.itemId)).toEqual([part]);
  });

  it('exports the same rows as XLSX', async () => {
    const answer = await get(`/api/components-analysis?${period}`);
    const xlsx = await f.api('GET', `/api/components-analysis?${period}&format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    const sheet = await readSheet(Buffer.from(xlsx.rawPayload), String(xlsx.headers['content-type']));
    expect(sheet.headers[1]).toBe('Компонент');
    expect(sheet.rows.map((r) => [r[0], Number(r[3]), Number(r[4]), r[15]])).toEqual(
      answer.rows.map((r: Record<string, string>) => [
        r.sku,
        Number(r.consumptionQty),
        Number(r.consumptionValue),
        r.abc,
      ]),
    );
  });

  it("reads the table a page at a time: every filter's pages in a row are its whole table, and the totals count it", async () => {
    // The consumed components lead, the rest follow by name; a page boundary falls inside and across both parts.
    for (const filter of ['', '&abc=A', '&abc=C', '&deadOnly=true', '&abc=C&deadOnly=true']) {
      const whole = await get(`/api/components-analysis?${period}${filter}&limit=500`);
      expect(whole.total).toBe(whole.rows.length);
      const paged: number[] = [];
      for (let page = 1; paged.length < whole.total; page += 1) {
        const next = await get(`/api/components-analysis?${period}${filter}&limit=2&page=${page}`);
        expect(next.total).toBe(whole.total);
        expect(next.totals).toEqual(whole.totals);
        expect(next.rows.length).toBeGreaterThan(0);
        paged.push(...next.rows.map((r: { itemId: number }) => r.itemId));
      }
      expect(paged, filter).toEqual(whole.rows.map((r: { itemId: number }) => r.itemId));
      expect((await get(`/api/components-analysis?${period}${filter}&limit=2&page=999`)).rows).toEqual([]);
    }
    const all = await get(`/api/components-analysis?${period}&limit=500`);
    const values = all.rows.map((r: { consumptionValue: string }) => Number(r.consumptionValue));
    expect(values).toEqual([...values].sort((a, b) => b - a));
    expect(all.rows.length).toBeGreaterThanOrEqual(4);
    expect(all.totals.deadCount).toBe(all.rows.filter((r: { dead: boolean }) => r.dead).length);
    expect(all.totals.deadCount).toBeGreaterThan(0);
    expect(all.totals.reorderCount).toBe(all.rows.filter((r: { reorder: boolean }) => r.reorder).length);
    expect(all.totals.reorderCount).toBeGreaterThan(0);
    const dead = await get(`/api/components-analysis?${period}&deadOnly=true&limit=500`);
    expect(dead.rows.map((r: { itemId: number }) => r.itemId)).toEqual(
      all.rows.filter((r: { dead: boolean }) => r.dead).map((r: { itemId: number }) => r.itemId),
    );
  });

  it('refuses a bad period and answers 403 without the page', async () => {
    expect((await f.api('GET', `/api/components-analysis?from=${today}&to=${from}`)).statusCode).toBe(400);
    expect((await f.api('GET', `/api/components-analysis?${period}&abc=D`)).statusCode).toBe(400);
    const outsider = await createUser(f.t.db, { password: 'no-ca-1' });
    const { cookie } = await signIn(f.t.app, outsider.username, 'no-ca-1');
    expect((await f.api('GET', `/api/components-analysis?${period}`, undefined, cookie)).statusCode).toBe(403);
  });
});
