// Orders and the manufacturing orders made for their lines (sales.md §1.1, §1.3; issue 22 item 2): return to draft
// and revoking the production approval are refused while an MO that is not cancelled is linked (planned, released,
// in progress or completed alike), naming the MOs; cancelling the order removes the links of every MO, leaves the MOs
// as they are, audits each MO's change and notifies production. The MOs are written straight into their tables here.
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { manufacturingOrders, moDemands } from '@/modules/manufacturing/server/manufacturing.table.ts';
import { notifications } from '@/modules/notifications/server/index.ts';
import { auditLog } from '@/modules/system-logs/server/index.ts';
import type { OrderManufacturingLink } from '../order-manufacturing.contract.ts';
import { act, f, get, ok, useOrdersFixture } from './orders.fixture.ts';

useOrdersFixture();

type MoState = 'planned' | 'released' | 'in_progress' | 'completed' | 'cancelled';
const labels: Record<MoState, string> = {
  planned: 'Заплановано',
  released: 'Запущено',
  in_progress: 'У роботі',
  completed: 'Завершено',
  cancelled: 'Скасовано',
};
let moSeq = 0;

/** An MO of the item in the given state, linked to the given order lines (qty each). */
async function linkedMo(itemId: number, status: MoState, lineIds: number[], qty = '2') {
  const [mo] = await f.t.db
    .insert(manufacturingOrders)
    .values({
      number: `MO-LNK-${String(++moSeq).padStart(4, '0')}`,
      itemId,
      qty: '5',
      status,
      outputWarehouseId: f.warehouseId,
      materialsWarehouseId: f.warehouseId,
    })
    .returning();
  for (const orderLineId of lineIds) await f.t.db.insert(moDemands).values({ moId: mo!.id, orderLineId, qty });
  return mo!;
}

/** A confirmed order of one product with two lines. */
async function confirmedOrder() {
  const item = await f.product();
  const id = await f.order(
    [
      { itemId: item, qty: '3', unitPrice: '10' },
      { itemId: item, qty: '4', unitPrice: '10' },
    ],
    { confirm: true },
  );
  return { item, order: await get(id) };
}

const demandsOfMo = (moId: number) => f.t.db.select().from(moDemands).where(eq(moDemands.moId, moId));

describe('orders and their manufacturing orders', () => {
  it.each(['planned', 'released', 'in_progress', 'completed'] as const)(
    'refuses to return to draft while a %s MO is linked, naming it',
    async (status) => {
      const { item, order } = await confirmedOrder();
      const mo = await linkedMo(item, status, [order.lines[1]!.id]);
      const refused = await act(order.id, 'return-to-draft', { version: order.version });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toBe(
        `До рядків замовлення прив’язані виробничі замовлення: ${mo.number} (${labels[status]}) — ` +
          'повернути його в чернетку не можна',
      );
      expect((await get(order.id)).status).toBe('confirmed');
      expect(await demandsOfMo(mo.id)).toHaveLength(1);
    },
  );

  it("returns to draft when the only linked MO is cancelled (a left-over link), keeping that MO's link", async () => {
    const { item, order } = await confirmedOrder();
    const mo = await linkedMo(item, 'cancelled', [order.lines[0]!.id]);
    expect((await ok(await act(order.id, 'return-to-draft', { version: order.version }))).status).toBe('draft');
    expect(await demandsOfMo(mo.id)).toHaveLength(1);
  });

  it('lists the linked MOs for the confirmations: states, item and the quantity summed over the lines', async () => {
    const { item, order } = await confirmedOrder();
    const a = await linkedMo(item, 'released', [order.lines[0]!.id, order.lines[1]!.id], '1.5');
    const b = await linkedMo(item, 'planned', [order.lines[1]!.id]);
    const links: OrderManufacturingLink[] = await ok(
      await f.api('GET', `/api/orders/${order.id}/manufacturing-orders`),
    );
    expect(links.map((l) => [l.id, l.number, l.status, l.statusLabel, l.qty])).toEqual([
      [a.id, a.number, 'released', 'Запущено', '3.0000'],
      [b.id, b.number, 'planned', 'Заплановано', '2.0000'],
    ]);
    expect(links[0]!.itemName).toBeTruthy();
    expect((await f.api('GET', '/api/orders/999999/manufacturing-orders')).statusCode).toBe(404);
  });

  it.each(['planned', 'released', 'in_progress', 'completed'] as const)(
    'refuses to revoke the production approval while a %s MO is linked; approving stays allowed',
    async (status) => {
      const { item, order } = await confirmedOrder();
      const approved = await ok(
        await act(order.id, 'production-approval', { version: order.version, approved: true, note: 'Погоджено' }),
      );
      const mo = await linkedMo(item, status, [order.lines[0]!.id]);
      const refused = await act(order.id, 'production-approval', { version: approved.version, approved: false });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toBe(
        `До рядків замовлення прив’язані виробничі замовлення: ${mo.number} (${labels[status]}) — ` +
          'відкликати дозвіл на виробництво не можна',
      );
      expect((await get(order.id)).productionApproved).toBe(true);
      // A new note on a kept approval is no revocation.
      const renoted = await ok(
        await act(order.id, 'production-approval', { version: approved.version, approved: true, note: 'Нова' }),
      );
      expect(renoted).toMatchObject({ productionApproved: true, productionApprovalNote: 'Нова' });
    },
  );

  it('revokes the production approval when the only linked MO is cancelled', async () => {
    const { item, order } = await confirmedOrder();
    const approved = await ok(await act(order.id, 'production-approval', { version: order.version, approved: true }));
    await linkedMo(item, 'cancelled', [order.lines[0]!.id]);
    const revoked = await ok(
      await act(order.id, 'production-approval', { version: approved.version, approved: false }),
    );
    expect(revoked.productionApproved).toBe(false);
  });

  it('cancelling unlinks every MO (the MOs stay as they are), audits each and notifies production', async () => {
    const { item, order } = await confirmedOrder();
    const [l1, l2] = [order.lines[0]!.id, order.lines[1]!.id];
    const mos = {
      planned: await linkedMo(item, 'planned', [l1, l2]),
      released: await linkedMo(item, 'released', [l1]),
      in_progress: await linkedMo(item, 'in_progress', [l2]),
      completed: await linkedMo(item, 'completed', [l1]),
      cancelled: await linkedMo(item, 'cancelled', [l2]),
    };
    // Another order's link to the same planned MO is not this order's business.
    const other = await confirmedOrder();
    await f.t.db.insert(moDemands).values({ moId: mos.planned.id, orderLineId: other.order.lines[0]!.id, qty: '1' });
    const ids = Object.values(mos).map((m) => m.id);

    const cancelled = await ok(await act(order.id, 'cancel', { version: order.version, reason: 'Клієнт відмовився' }));
    expect(cancelled.status).toBe('cancelled');

    const left = await f.t.db.select().from(moDemands).where(inArray(moDemands.moId, ids));
    expect(left.map((d) => [d.moId, d.orderLineId])).toEqual([[mos.planned.id, other.order.lines[0]!.id]]);
    const after = await f.t.db.select().from(manufacturingOrders).where(inArray(manufacturingOrders.id, ids));
    for (const [status, mo] of Object.entries(mos)) {
      const now = after.find((m) => m.id === mo.id)!;
      expect(now.status).toBe(status);
      expect(now.version).toBe(mo.version + 1);
    }

    const audits = await f.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'manufacturing_orders'), inArray(auditLog.entityId, ids.map(String))));
    const audited = audits.map((a) => ({ id: Number(a.entityId), action: a.action })).sort((a, b) => a.id - b.id);
    expect(audited).toEqual(ids.map((id) => ({ id, action: 'update' })));
    const plannedAudit = audits.find((a) => Number(a.entityId) === mos.planned.id)!;
    expect(plannedAudit.before).toEqual({
      demands: [
        { orderLineId: l1, lineNo: 1, qty: '2.0000' },
        { orderLineId: l2, lineNo: 2, qty: '2.0000' },
      ],
    });
    expect(plannedAudit.after).toEqual({
      demands: [],
      reason: `Замовлення ${order.orderNumber} скасовано: Клієнт відмовився`,
    });
    const [orderAudit] = await f.t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entityType, 'orders'), eq(auditLog.entityId, String(order.id)), eq(auditLog.action, 'cancel')),
      );
    expect((orderAudit!.after as { unlinkedManufacturingOrders: string[] }).unlinkedManufacturingOrders).toEqual(
      Object.values(mos).map((m) => m.number),
    );

    // Production hears about each MO that is not cancelled; the admin views /manufacturing.
    const told = await f.t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, f.adminId), eq(notifications.relatedEntityType, 'manufacturing_order')));
    const mine = told.filter((n) => ids.includes(Number(n.relatedEntityId)));
    expect(mine.map((n) => Number(n.relatedEntityId)).sort((a, b) => a - b)).toEqual(
      [mos.planned.id, mos.released.id, mos.in_progress.id, mos.completed.id].sort((a, b) => a - b),
    );
    expect(mine.find((n) => Number(n.relatedEntityId) === mos.released.id)!.message).toContain(
      `більше не прив’язане до замовлення ${order.orderNumber}. Причина скасування: Клієнт відмовився`,
    );
  });

  it('cancels an order without MOs: its audit names no unlinked MO', async () => {
    const { order } = await confirmedOrder();
    await ok(await act(order.id, 'cancel', { version: order.version, reason: 'Дубль' }));
    const [orderAudit] = await f.t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entityType, 'orders'), eq(auditLog.entityId, String(order.id)), eq(auditLog.action, 'cancel')),
      );
    expect(orderAudit!.after).not.toHaveProperty('unlinkedManufacturingOrders');
  });
});
