// 'Створити МВ' from /ordered-products (production.md §10 'Done means'): two approved orders for 3 and 4 units with
// 2 units free show toProduce 5; the MO of 5 is linked to both lines (mo_demands) and toProduce becomes 0; the MO's
// output fills each line's uncovered quantity, earliest due first, so both orders end fully reserved. Also
// 'Кратно партії', 'Запустити одразу', and the refusals.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boms } from '@/modules/bom/server/bom.table.ts';
import { manufacturingOrders, moDemands, postMoOutput } from '@/modules/manufacturing/server/index.ts';
import { recipes } from '@/modules/recipes/server/recipes.table.ts';
import { checkLedger } from '@/modules/stock/server/index.ts';
import { createSalesFixture, type SalesFixture } from '@/server/testing/sales-fixture.ts';

let f: SalesFixture;
beforeAll(async () => {
  f = await createSalesFixture();
});
afterAll(() => f.t.close());

type Injected = Awaited<ReturnType<SalesFixture['api']>>;
const ok = async (res: Injected, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};
const makeable = async (itemId: number) => {
  const [bom] = await f.t.db
    .insert(boms)
    .values({ itemId, name: `BOM ${itemId}`, isDefault: true, status: 'active' })
    .returning({ id: boms.id });
  return bom!.id;
};
const approvedOrder = async (itemId: number, qty: string, dueDate: string) => {
  const id = await f.order([{ itemId, qty, unitPrice: '100' }], { confirm: true, dueDate });
  await ok(await f.api('POST', `/api/orders/${id}/production-approval`, { approved: true }));
  return id;
};
const row = async (itemId: number) => {
  const detail = await ok(await f.api('GET', `/api/ordered-products/${itemId}`));
  return detail as {
    row: Record<string, unknown> | null;
    lines: Array<{ orderId: number; orderLineId: number; reserved: string; uncovered: string; coveredByMo: string }>;
  };
};
const createMos = (items: unknown[]) => f.api('POST', '/api/ordered-products/create-manufacturing-orders', { items });
const output = (moId: number, goodQty: string) =>
  f.t.db.transaction((tx) => postMoOutput(tx, { userId: f.adminId }, moId, { goodQty }));

describe('Створити МВ (production.md §10 Done means)', () => {
  it('3 + 4 ordered, 2 free → toProduce 5; an MO of 5 linked to both lines; its output reserves both orders fully', async () => {
    const item = await f.product({ stock: '2' });
    await makeable(item);
    const first = await approvedOrder(item, '3', '2027-05-01');
    const second = await approvedOrder(item, '4', '2027-05-10');
    // Confirmation reserved nothing yet for the view "2 units free": give the stock back to the shelf.
    await ok(await f.api('POST', `/api/orders/${first}/unreserve`));

    const before = await row(item);
    expect(before.row).toMatchObject({
      made: true,
      demand: '7.0000',
      reserved: '0.0000',
      free: '2.0000',
      inProduction: '0.0000',
      toProduce: '5.0000',
    });

    const created = await ok(await createMos([{ itemId: item }]), 201);
    expect(created.orders).toHaveLength(1);
    const mo = created.orders[0];
    expect(mo).toMatchObject({ qty: '5.0000', released: false });
    const [stored] = await f.t.db.select().from(manufacturingOrders).where(eq(manufacturingOrders.id, mo.id));
    expect(stored).toMatchObject({ status: 'planned', qty: '5.0000', itemId: item, dueDate: '2027-05-01' });
    // Linked to both lines, earliest due first: 3 to the first order, the remaining 2 to the second.
    const links = await f.t.db.select().from(moDemands).where(eq(moDemands.moId, mo.id));
    const lineOf = new Map(before.lines.map((l) => [l.orderLineId, l.orderId]));
    expect(links.map((l) => [lineOf.get(l.orderLineId), l.qty]).sort()).toEqual(
      [
        [first, '3.0000'],
        [second, '2.0000'],
      ].sort(),
    );

    const after = await row(item);
    expect(after.row).toMatchObject({ inProduction: '5.0000', toProduce: '0.0000' });
    expect(after.lines.map((l) => l.coveredByMo)).toEqual(['3.0000', '2.0000']);

    // 'Зарезервувати вільне' gives the 2 free units to the earliest due line.
    const reserved = await ok(await f.api('POST', `/api/ordered-products/${item}/reserve`));
    expect(reserved.lines.map((l: { qty: string }) => l.qty)).toEqual(['2.0000']);

    // Release, then output 5: each line's uncovered quantity is filled, earliest due first.
    await ok(await f.api('POST', `/api/manufacturing-orders/${mo.id}/release`, {}));
    await output(mo.id, '5');
    const done = await ok(await f.api('GET', `/api/ordered-products/${item}?approvedOnly=false`));
    expect(
      done.lines.map((l: { orderId: number; reserved: string; uncovered: string }) => [
        l.orderId,
        l.reserved,
        l.uncovered,
      ]),
    ).toEqual([
      [first, '3.0000', '0.0000'],
      [second, '4.0000', '0.0000'],
    ]);
    expect(done.row).toMatchObject({
      reserved: '7.0000',
      uncovered: '0.0000',
      inProduction: '0.0000',
      toProduce: '0.0000',
    });
    expect(await checkLedger(f.t.db)).toEqual({ ok: true, problems: [] });
  });

  it('links the uncovered lines after confirmation reserved the free units, and the output completes both orders', async () => {
    const item = await f.product({ stock: '2' });
    await makeable(item);
    const first = await approvedOrder(item, '3', '2027-06-01');
    const second = await approvedOrder(item, '4', '2027-06-10');
    const before = await row(item);
    expect(before.row).toMatchObject({ reserved: '2.0000', uncovered: '5.0000', free: '0.0000', toProduce: '5.0000' });

    const created = await ok(await createMos([{ itemId: item, release: true }]), 201);
    const mo = created.orders[0];
    expect(mo).toMatchObject({ qty: '5.0000', released: true });
    const [stored] = await f.t.db.select().from(manufacturingOrders).where(eq(manufacturingOrders.id, mo.id));
    expect(stored!.status).toBe('released');
    expect(mo.demands.map((d: { qty: string }) => d.qty)).toEqual(['1.0000', '4.0000']);
    expect((await row(item)).row).toMatchObject({ toProduce: '0.0000' });

    await output(mo.id, '5');
    const done = await row(item);
    expect(done.lines.map((l) => [l.orderId, l.reserved, l.uncovered])).toEqual([
      [first, '3.0000', '0.0000'],
      [second, '4.0000', '0.0000'],
    ]);
    expect(await checkLedger(f.t.db)).toEqual({ ok: true, problems: [] });
  });

  it("rounds up to the recipe's batch size with 'Кратно партії', and refuses what cannot be made", async () => {
    const item = await f.product();
    const bomId = await makeable(item);
    await f.t.db.insert(recipes).values({ itemId: item, name: 'Серійна', bomId, batchSize: '4', isDefault: true });
    await approvedOrder(item, '5', '2027-07-01');
    const created = await ok(await createMos([{ itemId: item, roundToBatch: true }]), 201);
    expect(created.orders[0]).toMatchObject({ qty: '8.0000' });
    // 5 of the 8 are linked (the demand), the rest is stock.
    expect(created.orders[0].demands.map((d: { qty: string }) => d.qty)).toEqual(['5.0000']);
    expect((await row(item)).row).toMatchObject({ inProduction: '8.0000', toProduce: '0.0000' });

    // Nothing left to produce: a quantity must be given.
    const nothing = await createMos([{ itemId: item }]);
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().error).toMatch(/нічого виготовляти/);

    const bought = await f.product();
    await approvedOrder(bought, '2', '2027-07-02');
    const refused = await createMos([{ itemId: bought }]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatch(/не виготовляється/);

    const bad = await createMos([{ itemId: item, qty: '-1' }]);
    expect(bad.statusCode).toBe(400);
  });
});
