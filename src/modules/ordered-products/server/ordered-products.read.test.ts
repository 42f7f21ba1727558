// The demand figures of sales.md §7 (demandLines, orderedProducts): remaining, reserved and uncovered per line, free
// over the planning warehouses, toProduce for made items and toBuy for bought ones — and the old fan-out bug: an
// item's figures are the same whether its stock sits in one warehouse or in three.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boms } from '@/modules/bom/server/bom.table.ts';
import { manufacturingOrders, moDemands } from '@/modules/manufacturing/server/manufacturing.table.ts';
import { checkLedger } from '@/modules/stock/server/index.ts';
import { fixed } from '@/shared/decimal.ts';
import { createSalesFixture, type SalesFixture } from '@/server/testing/sales-fixture.ts';
import { demandLines, freeByItem, orderedProducts } from './ordered-products.read.ts';

let f: SalesFixture;
let n = 0;
beforeAll(async () => {
  f = await createSalesFixture();
});
afterAll(() => f.t.close());

const ok = async (res: Awaited<ReturnType<SalesFixture['api']>>, status = 201) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};
const warehouse = async (includeInPlanning = true) =>
  (
    await ok(
      await f.api('POST', '/api/warehouses', {
        code: `RD-${++n}`,
        name: `Склад читання ${n}`,
        type: 'general',
        includeInPlanning,
      }),
    )
  ).id as number;
const stockIn = async (itemId: number, warehouseId: number, qty: string) =>
  ok(
    await f.api('POST', '/api/inventory/adjustments', {
      warehouseId,
      reason: 'opening',
      post: true,
      lines: [{ itemId, deltaQty: qty, unitCost: '50' }],
    }),
  );
const makeable = async (itemId: number) => {
  await f.t.db.insert(boms).values({ itemId, name: `BOM ${itemId}`, isDefault: true, status: 'active' });
};
const approve = async (orderId: number, approved = true) =>
  ok(await f.api('POST', `/api/orders/${orderId}/production-approval`, { approved }), 200);

describe('demandLines', () => {
  it('answers remaining, reserved, uncovered, the net unit price and the MO coverage of each open line', async () => {
    const item = await f.product({ stock: '2' });
    await makeable(item);
    const first = await f.order([{ itemId: item, qty: '3', unitPrice: '120' }], {
      confirm: true,
      dueDate: '2026-11-20',
    });
    const second = await f.order([{ itemId: item, qty: '4', unitPrice: '100' }], {
      confirm: true,
      dueDate: '2026-11-25',
    });
    await approve(first);
    await approve(second);
    const lines = await demandLines(f.t.db, { itemIds: [item] });
    expect(
      lines.map((l) => [l.orderId, l.remaining, l.reserved, l.uncovered, l.dueDate, l.approved, l.paymentStatus]),
    ).toEqual([
      [first, '3.0000', '2.0000', '1.0000', '2026-11-20', true, 'unpaid'],
      [second, '4.0000', '0.0000', '4.0000', '2026-11-25', true, 'unpaid'],
    ]);
    expect(lines[0]!.netUnitPrice).toBe('120.000000');
    expect(lines[0]!.coveredByMo).toBe('0.0000');

    // An open MO's demand link covers the line; a cancelled one does not.
    const [mo] = await f.t.db
      .insert(manufacturingOrders)
      .values({
        number: `MO-T-${++n}`,
        itemId: item,
        qty: '4',
        outputWarehouseId: f.warehouseId,
        materialsWarehouseId: f.warehouseId,
      })
      .returning({ id: manufacturingOrders.id });
    await f.t.db.insert(moDemands).values({ moId: mo!.id, orderLineId: lines[1]!.orderLineId, qty: '4' });
    const [, covered] = await demandLines(f.t.db, { itemIds: [item] });
    expect(covered!.coveredByMo).toBe('4.0000');

    const [row] = await orderedProducts(f.t.db, { itemIds: [item] });
    expect(row).toMatchObject({
      made: true,
      demand: '7.0000',
      reserved: '2.0000',
      uncovered: '5.0000',
      free: '0.0000',
      inProduction: '4.0000',
      toProduce: '1.0000',
      toBuy: '0.0000',
      orders: 2,
      earliestDue: '2026-11-20',
      value: '760.00',
    });
  });

  it('leaves out unapproved orders unless asked for all', async () => {
    const item = await f.product();
    const id = await f.order([{ itemId: item, qty: '5', unitPrice: '10' }], { confirm: true });
    expect(await demandLines(f.t.db, { itemIds: [item] })).toEqual([]);
    const all = await demandLines(f.t.db, { itemIds: [item], approvedOnly: false });
    expect(all.map((l) => [l.orderId, l.approved, l.uncovered])).toEqual([[id, false, '5.0000']]);
    // A draft is no demand at all.
    await f.order([{ itemId: item, qty: '9', unitPrice: '10' }]);
    expect(await demandLines(f.t.db, { itemIds: [item], approvedOnly: false })).toHaveLength(1);
  });
});

describe('orderedProducts', () => {
  it('shows the same figures whether the stock sits in one warehouse or in three (the old fan-out bug)', async () => {
    const [w1, w2, w3] = [await warehouse(), await warehouse(), await warehouse()];
    const single = await f.product();
    const spread = await f.product();
    await makeable(single);
    await makeable(spread);
    await stockIn(single, w1, '6');
    await stockIn(spread, w1, '2');
    await stockIn(spread, w2, '2');
    await stockIn(spread, w3, '2');
    // Two orders of 5 and 4 units each (two lines per item per order would fan out too).
    for (const [qty, due] of [
      ['5', '2026-12-01'],
      ['4', '2026-12-05'],
    ] as const) {
      const id = await f.order(
        [
          { itemId: single, qty, unitPrice: '10' },
          { itemId: spread, qty, unitPrice: '10' },
        ],
        { confirm: true, dueDate: due },
      );
      await approve(id);
    }
    const rows = await orderedProducts(f.t.db, { itemIds: [single, spread] });
    const figures = (itemId: number) => {
      const { itemId: _id, sku: _sku, itemName: _name, ...rest } = rows.find((r) => r.itemId === itemId)!;
      return rest;
    };
    expect(rows).toHaveLength(2);
    expect(figures(spread)).toEqual(figures(single));
    expect(figures(single)).toMatchObject({
      demand: '9.0000',
      reserved: '0.0000',
      uncovered: '9.0000',
      free: '6.0000',
      inProduction: '0.0000',
      toProduce: '3.0000',
      orders: 2,
      lines: 2,
      value: '90.00',
    });
    expect(await checkLedger(f.t.db)).toEqual({ ok: true, problems: [] });
  });

  it('counts free stock only in the planning warehouses and gives a bought item toBuy', async () => {
    const outside = await warehouse(false);
    const item = await f.product();
    await stockIn(item, outside, '10');
    const id = await f.order([{ itemId: item, qty: '3', unitPrice: '10' }], { confirm: true });
    await approve(id);
    const [row] = await orderedProducts(f.t.db, { itemIds: [item] });
    expect(row).toMatchObject({ made: false, free: '0.0000', toProduce: '0.0000', toBuy: '3.0000' });
  });

  it('nets a warehouse below zero against the others: free is Σ(on hand − reserved), as /shortage reads it', async () => {
    const second = await warehouse();
    const item = await f.product({ stock: '5' });
    await f.api('PATCH', '/api/inventory/settings', { allowNegativeStock: true });
    try {
      await ok(
        await f.api('POST', '/api/inventory/adjustments', {
          warehouseId: second,
          reason: 'correction',
          post: true,
          lines: [{ itemId: item, deltaQty: '-3' }],
        }),
      );
    } finally {
      await f.api('PATCH', '/api/inventory/settings', { allowNegativeStock: false });
    }
    expect(fixed((await freeByItem(f.t.db, [item])).get(item)!, 4)).toBe('2.0000');
    await stockIn(item, second, '3');
    expect(fixed((await freeByItem(f.t.db, [item])).get(item)!, 4)).toBe('5.0000');
    expect(await checkLedger(f.t.db)).toEqual({ ok: true, problems: [] });
  });
});
