// The linked documents of an order and of its children (issue 21): an order with two payments, one shipment and one
// manufacturing order lists its invoice and all four; each child lists the order back; a group the user may not view
// is left out (the order's payments for a user without /payments, the payment's order for one without /orders).
import { describe, expect, it } from 'vitest';
import { replaceUserRoles } from '@/modules/roles/server/index.ts';
import { manufacturingOrders, moDemands } from '@/modules/manufacturing/server/manufacturing.table.ts';
import { createUser, signIn } from '@/server/testing/test-app.ts';
import type { RelatedDocument } from '../related-documents.contract.ts';
import { f, get, ok, postPayment, postShipment, useOrdersFixture } from './orders.fixture.ts';

useOrdersFixture();

const related = async (url: string, cookie?: string): Promise<RelatedDocument[]> =>
  ok(await f.api('GET', url, undefined, cookie));

/** A user whose only role views the given routes; answers the session cookie. */
async function viewerOf(name: string, routes: string[]): Promise<string> {
  const user = await createUser(f.t.db, { password: `${name}-pass-1` });
  const role = await ok(await f.api('POST', '/api/roles', { name }), 201);
  await ok(
    await f.api('PUT', `/api/roles/${role.id}/permissions`, {
      permissions: routes.map((route) => ({ route, canView: true, canAccess: false })),
    }),
  );
  await replaceUserRoles(f.t.db, user.id, [role.id]);
  return (await signIn(f.t.app, user.username, `${name}-pass-1`)).cookie;
}

async function orderWithChildren() {
  const item = await f.product({ stock: '10' });
  const orderId = await f.order([{ itemId: item, qty: '3', unitPrice: '100.00' }], { confirm: true });
  const order = await get(orderId);
  const first = await postPayment(orderId, '100.00');
  const second = await postPayment(orderId, '50.00', 'draft');
  const shipment = await postShipment(orderId, [{ lineId: order.lines[0]!.id, qty: '1' }]);
  const [mo] = await f.t.db
    .insert(manufacturingOrders)
    .values({
      number: `MO-REL-${orderId}`,
      itemId: item,
      qty: '2',
      dueDate: '2026-12-01',
      outputWarehouseId: f.warehouseId,
      materialsWarehouseId: f.warehouseId,
    })
    .returning();
  await f.t.db.insert(moDemands).values({ moId: mo!.id, orderLineId: order.lines[0]!.id, qty: '2' });
  return { order: await get(orderId), first, second, shipment, mo: mo! };
}

describe('related documents', () => {
  it("lists an order's invoice, two payments, its shipment and its manufacturing order, and each child's order", async () => {
    const { order, first, second, shipment, mo } = await orderWithChildren();
    const docs = await related(`/api/orders/${order.id}/related`);
    expect(docs.map((d) => [d.kind, d.id, d.number])).toEqual([
      ['invoice', order.id, order.orderNumber],
      ['payment', first.id, first.number],
      ['payment', second.id, second.number],
      ['shipment', shipment.id, shipment.number],
      ['manufacturing', mo.id, mo.number],
    ]);
    expect(order.totalGross).toBe('360.00');
    expect(docs[0]).toMatchObject({ statusLabel: 'Виставлено', amount: '360.00', currencyCode: 'UAH' });
    expect(docs[1]).toMatchObject({ status: 'posted', statusLabel: 'Проведено', amount: '100.00' });
    expect(docs[2]).toMatchObject({ status: 'draft', statusLabel: 'Неопрацьований', amount: '50.00' });
    expect(docs[3]).toMatchObject({ status: 'posted', statusLabel: 'Проведено', currencyCode: 'UAH' });
    expect(docs[4]).toMatchObject({ date: '2026-12-01', statusLabel: 'Заплановано', amount: null });
    expect(docs[4]!.detail).toMatch(/, 2$/);

    const theOrder = {
      kind: 'order',
      id: order.id,
      number: order.orderNumber,
      date: order.orderDate,
      amount: '360.00',
    };
    for (const url of [
      `/api/payments/${first.id}/related`,
      `/api/shipments/${shipment.id}/related`,
      `/api/manufacturing-orders/${mo.id}/related`,
    ]) {
      const back = await related(url);
      expect(back, url).toHaveLength(1);
      expect(back[0], url).toMatchObject(theOrder);
    }
  });

  it('leaves out the groups the user may not view', async () => {
    const { order, first, shipment } = await orderWithChildren();
    const ordersAndPayments = await viewerOf('Замовлення й оплати', ['/orders', '/payments']);
    const docs = await related(`/api/orders/${order.id}/related`, ordersAndPayments);
    expect([...new Set(docs.map((d) => d.kind))]).toEqual(['invoice', 'payment']);
    expect(docs).toHaveLength(3);

    const paymentsOnly = await viewerOf('Лише оплати', ['/payments']);
    expect(await related(`/api/payments/${first.id}/related`, paymentsOnly)).toEqual([]);
    expect((await f.api('GET', `/api/orders/${order.id}/related`, undefined, paymentsOnly)).statusCode).toBe(403);
    expect((await f.api('GET', `/api/shipments/${shipment.id}/related`, undefined, paymentsOnly)).statusCode).toBe(403);
  });

  it("leaves out a cancelled order's invoice, answers 404 for a missing document and [] for an MO made to stock", async () => {
    const item = await f.product();
    const orderId = await f.order([{ itemId: item, qty: '1', unitPrice: '10.00' }]);
    await ok(await f.api('POST', `/api/orders/${orderId}/cancel`, { reason: 'Клієнт передумав' }));
    expect(await related(`/api/orders/${orderId}/related`)).toEqual([]);
    const draft = await f.order([{ itemId: item, qty: '1', unitPrice: '10.00' }]);
    expect((await related(`/api/orders/${draft}/related`))[0]).toMatchObject({
      kind: 'invoice',
      statusLabel: 'Чернетка',
    });

    for (const url of [
      '/api/orders/999999/related',
      '/api/payments/999999/related',
      '/api/shipments/999999/related',
      '/api/manufacturing-orders/999999/related',
    ]) {
      expect((await f.api('GET', url)).statusCode, url).toBe(404);
    }
    const [toStock] = await f.t.db
      .insert(manufacturingOrders)
      .values({
        number: 'MO-REL-STOCK',
        itemId: item,
        qty: '1',
        outputWarehouseId: f.warehouseId,
        materialsWarehouseId: f.warehouseId,
      })
      .returning();
    expect(await related(`/api/manufacturing-orders/${toStock!.id}/related`)).toEqual([]);
  });
});
