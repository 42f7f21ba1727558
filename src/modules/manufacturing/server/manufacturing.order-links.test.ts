// The manufacturing side of the orders module's OrderManufacturing port, called directly: the MOs linked to an order
// (one entry per MO, quantities summed over the lines, other orders' links left out), unlinking inside the caller's
// transaction (rolled back with it), and an order without MOs answering nothing and writing no audit row.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '@/modules/system-logs/server/index.ts';
import { f, get, useOrdersFixture } from '@/modules/orders/server/orders.fixture.ts';
import { manufacturingForOrders } from './manufacturing.order-links.ts';
import { manufacturingOrders, moDemands } from './manufacturing.table.ts';

useOrdersFixture();

const ctx = () => ({ userId: f.adminId });

async function orderWithMo() {
  const item = await f.product();
  const orderId = await f.order(
    [
      { itemId: item, qty: '3', unitPrice: '10' },
      { itemId: item, qty: '4', unitPrice: '10' },
    ],
    { confirm: true },
  );
  const otherId = await f.order([{ itemId: item, qty: '1', unitPrice: '10' }], { confirm: true });
  const [order, other] = [await get(orderId), await get(otherId)];
  const [mo] = await f.t.db
    .insert(manufacturingOrders)
    .values({
      number: `MO-PORT-${orderId}`,
      itemId: item,
      qty: '8',
      status: 'released',
      outputWarehouseId: f.warehouseId,
      materialsWarehouseId: f.warehouseId,
    })
    .returning();
  await f.t.db.insert(moDemands).values([
    { moId: mo!.id, orderLineId: order.lines[0]!.id, qty: '3' },
    { moId: mo!.id, orderLineId: order.lines[1]!.id, qty: '2.5' },
    { moId: mo!.id, orderLineId: other.lines[0]!.id, qty: '1' },
  ]);
  return { order, other, mo: mo! };
}

describe('manufacturingForOrders', () => {
  it("answers one entry per MO with this order's quantity", async () => {
    const { order, other, mo } = await orderWithMo();
    expect(await manufacturingForOrders.linkedTo(f.t.db, order.id)).toEqual([
      {
        id: mo.id,
        number: mo.number,
        status: 'released',
        statusLabel: 'Запущено',
        itemName: expect.any(String),
        qty: '5.5000',
      },
    ]);
    expect((await manufacturingForOrders.linkedTo(f.t.db, other.id))[0]!.qty).toBe('1.0000');
  });

  it("unlinks inside the caller's transaction: a rollback keeps the links and the MO's audit row away", async () => {
    const { order, mo } = await orderWithMo();
    await expect(
      f.t.db.transaction(async (tx) => {
        const unlinked = await manufacturingForOrders.unlinkOrder(tx, ctx(), order.id, {
          orderNumber: order.orderNumber,
          reason: 'Перевірка',
        });
        expect(unlinked.map((m) => m.id)).toEqual([mo.id]);
        expect(await manufacturingForOrders.linkedTo(tx, order.id)).toEqual([]);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await f.t.db.select().from(moDemands).where(eq(moDemands.moId, mo.id))).toHaveLength(3);
    const audits = await f.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'manufacturing_orders'), eq(auditLog.entityId, String(mo.id))));
    expect(audits).toEqual([]);
  });

  it('answers nothing and audits nothing for an order without MOs', async () => {
    const item = await f.product();
    const orderId = await f.order([{ itemId: item, qty: '1', unitPrice: '10' }], { confirm: true });
    const before = await f.t.db.select({ id: auditLog.id }).from(auditLog);
    const unlinked = await f.t.db.transaction((tx) =>
      manufacturingForOrders.unlinkOrder(tx, ctx(), orderId, { orderNumber: 'X', reason: 'Y' }),
    );
    expect(unlinked).toEqual([]);
    const after = await f.t.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(eq(auditLog.entityType, 'manufacturing_orders'));
    expect(after.filter((a) => !before.some((b) => b.id === a.id))).toEqual([]);
  });
});
