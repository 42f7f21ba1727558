// The order state table through the API (sales.md §1.1): return to draft, close by hand and with undershipment,
// reserve and release, the production approval, copy and delete, and the order's payments, shipments and history.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checkLedger } from '@/modules/stock/server/index.ts';
import { shipments } from '@/modules/shipments/server/shipments.table.ts';
import { counterparties } from '@/resources/counterparties/counterparties.table.ts';
import { kyivToday } from '@/shared/kyiv-date.ts';
import { act, f, get, ok, postPayment, postShipment, useOrdersFixture } from './orders.fixture.ts';

useOrdersFixture();

describe('orders: actions', () => {
  it('returns to draft only without shipments, releasing the reservations', async () => {
    const item = await f.product({ stock: '4' });
    const id = await f.order([{ itemId: item, qty: '3', unitPrice: '10' }], { confirm: true });
    const draftShipment = await postShipment(id, [{ lineId: (await get(id)).lines[0]!.id, qty: '1' }], 'draft');
    const refused = await act(id, 'return-to-draft');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('За замовленням є відвантаження — повернути його в чернетку не можна');
    await f.t.db.update(shipments).set({ status: 'cancelled' }).where(eq(shipments.id, draftShipment.id));
    const order = await ok(await act(id, 'return-to-draft'));
    expect(order).toMatchObject({ status: 'draft', confirmedAt: null });
    expect(order.lines[0].reservedQty).toBe('0.0000');
  });

  it('closes a shipped order by hand, and a partially shipped one with undershipment', async () => {
    const item = await f.product({ stock: '20' });
    const other = await f.product({ stock: '20' });
    // Shipped → 'Закрити' → completed with closedAt and the reason.
    const shippedId = await f.order([{ itemId: item, qty: '2', unitPrice: '10' }], { confirm: true });
    await postShipment(shippedId, [{ lineId: (await get(shippedId)).lines[0]!.id, qty: '2' }]);
    const closed = await ok(await act(shippedId, 'close', { reason: 'Оплату погоджено окремо' }));
    expect(closed).toMatchObject({ status: 'completed', closeReason: 'Оплату погоджено окремо' });
    expect(closed.closedAt).not.toBeNull();

    // Partially shipped → 'Закрити з недовантаженням': qty cut to shipped, the unshipped line removed.
    const id = await f.order(
      [
        { itemId: item, qty: '5', unitPrice: '100' },
        { itemId: other, qty: '3', unitPrice: '100' },
      ],
      { confirm: true },
    );
    let order = await get(id);
    await postShipment(id, [{ lineId: order.lines[0]!.id, qty: '2' }]);
    await postShipment(id, [{ lineId: order.lines[0]!.id, qty: '1' }], 'draft');
    order = await ok(await act(id, 'close', { reason: 'Решту не потрібно' }));
    expect(order.status).toBe('shipped');
    expect(order.closeReason).toBe('Решту не потрібно');
    expect(order.closedAt).toBeNull();
    expect(order.lines).toHaveLength(1);
    expect(order.lines[0]).toMatchObject({ qty: '2.0000', reservedQty: '0.0000', lineGross: '240.00' });
    expect(order.totalGross).toBe('240.00');
    expect(
      (await ok(await f.api('GET', `/api/orders/${id}/shipments`))).map((s: { status: string }) => s.status),
    ).toEqual(['posted']);
    // Paid in full afterwards → completed.
    await postPayment(id, '240.00');
    expect((await get(id)).status).toBe('completed');
    expect(await checkLedger(f.t.db)).toEqual({ ok: true, problems: [] });
  });

  it('reserves and releases by hand; approves production by hand and automatically', async () => {
    const item = await f.product({ stock: '2' });
    const id = await f.order([{ itemId: item, qty: '5', unitPrice: '10' }], { confirm: true });
    let order = await get(id);
    expect(order.lines[0]!.reservedQty).toBe('2.0000');
    order = await ok(await act(id, 'unreserve', { version: order.version }));
    expect(order.lines[0]!.reservedQty).toBe('0.0000');
    order = await ok(await act(id, 'reserve'));
    expect(order.lines[0]!.reservedQty).toBe('2.0000');
    expect(order.productionApproved).toBe(false);
    order = await ok(await act(id, 'production-approval', { approved: true, note: 'Постійний клієнт' }));
    expect(order).toMatchObject({ productionApproved: true, productionApprovalNote: 'Постійний клієнт' });
    expect(order.productionApprovedByName).toBeTruthy();
    order = await ok(await act(id, 'production-approval', { approved: false, note: null }));
    expect(order.productionApproved).toBe(false);
    const bad = await act(id, 'production-approval', { note: 'x' });
    expect(bad.statusCode).toBe(400);
    // A client on deferred terms is approved at confirmation.
    const deferred = await f.client('Відстрочка', 4252);
    await f.t.db.update(counterparties).set({ paymentTermDays: 14 }).where(eq(counterparties.id, deferred));
    const auto = await f.order([{ itemId: item, qty: '1', unitPrice: '10' }], { confirm: true, clientId: deferred });
    expect((await get(auto)).productionApproved).toBe(true);
    // Prepayment of 100 % (the default setting) approves at the payment.
    await postPayment(id, '59.99');
    expect((await get(id)).productionApproved).toBe(false);
    await postPayment(id, '0.01');
    expect((await get(id)).productionApproved).toBe(true);
  });

  it('copies into a new draft, deletes only drafts, lists payments, shipments and history', async () => {
    const item = await f.product({ stock: '5' });
    const id = await f.order([{ itemId: item, qty: '2', unitPrice: '75', discountPercent: '5' } as never], {
      confirm: true,
      recipientName: 'Петренко Іван',
    });
    const copy = await ok(await act(id, 'copy'), 201);
    expect(copy.id).not.toBe(id);
    expect(copy).toMatchObject({ status: 'draft', recipientName: 'Петренко Іван', orderDate: kyivToday() });
    expect(copy.lines[0]).toMatchObject({
      itemId: item,
      qty: '2.0000',
      unitPrice: '75.000000',
      discountPercent: '5.00',
    });
    const refused = await f.api('DELETE', `/api/orders/${id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('Видалити можна лише чернетку замовлення');
    expect((await f.api('DELETE', `/api/orders/${copy.id}`)).statusCode).toBe(204);
    expect((await f.api('GET', `/api/orders/${copy.id}`)).statusCode).toBe(404);
    expect((await f.api('GET', `/api/orders/${copy.id}`)).json().error).toBe('Замовлення не знайдено');

    await postPayment(id, '30.00');
    await postPayment(id, '20.00', 'draft');
    const paymentsTab = await ok(await f.api('GET', `/api/orders/${id}/payments`));
    expect(paymentsTab.map((p: { amount: string; status: string }) => [p.amount, p.status])).toEqual([
      ['30.00', 'posted'],
      ['20.00', 'draft'],
    ]);
    expect((await get(id)).paid).toBe('30.00');
    const shipment = await postShipment(id, [{ lineId: (await get(id)).lines[0]!.id, qty: '1' }]);
    const shipmentsTab = await ok(await f.api('GET', `/api/orders/${id}/shipments`));
    expect(shipmentsTab[0]).toMatchObject({
      id: shipment.id,
      status: 'posted',
      trackingNumber: shipment.trackingNumber,
    });
    const history = await ok(await f.api('GET', `/api/orders/${id}/history`));
    expect(history.map((h: { action: string }) => h.action)).toEqual(
      expect.arrayContaining(['create', 'status_change']),
    );
    expect(history[history.length - 1].action).toBe('create');
  });
});
