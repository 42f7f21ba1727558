// The scanner's lookup of sales documents (warehouse.md §9 "Done means": scanning 'ORD-2025-00042' links to that
// order): an order, a shipment, a payment and a manufacturing order are found by their numbers in any case through their unique keys, each
// only for a user who may view its page; an unknown number finds nothing.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replaceUserRoles } from '@/modules/roles/server/index.ts';
import { checkLedger } from '@/modules/stock/server/index.ts';
import { createSalesFixture, type SalesFixture } from '@/server/testing/sales-fixture.ts';
import { createUser, signIn } from '@/server/testing/test-app.ts';

let f: SalesFixture;
let order: { id: number; number: string };
let shipment: { id: number; number: string; shipmentDate: string };
let payment: { id: number; number: string };

const lookup = (code: string, as?: string) =>
  f.api('GET', `/api/scanner/lookup?code=${encodeURIComponent(code)}`, undefined, as);

async function userWith(name: string, permissions: Array<{ route: string; canView: boolean; canAccess: boolean }>) {
  const user = await createUser(f.t.db, { password: 'scan-doc-pass' });
  const role = (await f.api('POST', '/api/roles', { name })).json();
  const saved = await f.api('PUT', `/api/roles/${role.id}/permissions`, { permissions });
  expect(saved.statusCode, saved.body).toBe(200);
  await replaceUserRoles(f.t.db, user.id, [role.id]);
  return (await signIn(f.t.app, user.username, 'scan-doc-pass')).cookie;
}

beforeAll(async () => {
  f = await createSalesFixture();
  const item = await f.product({ stock: '5', cost: '10.00' });
  const orderId = await f.order([{ itemId: item, qty: '2', unitPrice: '50' }], { confirm: true });
  const orderRes = await f.api('GET', `/api/orders/${orderId}`);
  expect(orderRes.statusCode, orderRes.body).toBe(200);
  order = { id: orderId, number: orderRes.json().orderNumber };
  const shipmentRes = await f.api('POST', '/api/shipments', { orderId });
  expect(shipmentRes.statusCode, shipmentRes.body).toBe(201);
  shipment = shipmentRes.json();
  const paymentRes = await f.api('POST', '/api/payments', {
    paymentDate: '2026-11-21',
    amount: '100.00',
    method: 'cash',
    payerName: 'Іван Петренко',
    post: false,
  });
  expect(paymentRes.statusCode, paymentRes.body).toBe(201);
  payment = paymentRes.json();
  expect(await checkLedger(f.t.db)).toEqual({ ok: true, problems: [] });
});
afterAll(() => f.t.close());

describe('GET /api/scanner/lookup — sales documents', () => {
  it('links an order, a shipment and a payment by their numbers, in any case', async () => {
    expect(order.number).toMatch(/^ORD-\d{4}-\d{5}$/);
    const byOrder = await lookup(order.number.toLowerCase());
    expect(byOrder.statusCode, byOrder.body).toBe(200);
    expect(byOrder.json()).toEqual([
      {
        type: 'document',
        documentType: 'order',
        id: order.id,
        number: order.number,
        status: 'confirmed',
        statusLabel: 'Підтверджено',
        date: '2026-11-10',
        url: `/orders?search=${order.number}`,
      },
    ]);
    expect((await lookup(` ${shipment.number} `)).json()).toEqual([
      {
        type: 'document',
        documentType: 'shipment',
        id: shipment.id,
        number: shipment.number,
        status: 'draft',
        statusLabel: 'Чернетка',
        date: shipment.shipmentDate,
        url: `/shipments?open=${shipment.id}`,
      },
    ]);
    expect((await lookup(payment.number)).json()).toEqual([
      {
        type: 'document',
        documentType: 'payment',
        id: payment.id,
        number: payment.number,
        status: 'draft',
        statusLabel: 'Неопрацьований',
        date: '2026-11-21',
        url: '/payments',
      },
    ]);
    // Exact numbers only.
    for (const code of ['ORD-2026-99999', 'SHP-2026-99999', 'PAY-2026-99999', order.number.slice(0, -1)]) {
      expect((await lookup(code)).json()).toEqual([]);
    }
  });

  it('shows a document only to a user who may view its page', async () => {
    const scannerOnly = await userWith('Лише сканер', [{ route: '/scanner', canView: true, canAccess: false }]);
    for (const number of [order.number, shipment.number, payment.number]) {
      const res = await lookup(number, scannerOnly);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual([]);
    }
    const seller = await userWith('Сканер і замовлення', [
      { route: '/scanner', canView: true, canAccess: false },
      { route: '/orders', canView: true, canAccess: false },
    ]);
    expect((await lookup(order.number, seller)).json()).toEqual([
      expect.objectContaining({ documentType: 'order', id: order.id }),
    ]);
    expect((await lookup(shipment.number, seller)).json()).toEqual([]);
    expect((await lookup(payment.number, seller)).json()).toEqual([]);
    const keeper = await userWith('Сканер, відвантаження, платежі', [
      { route: '/inventory', canView: true, canAccess: false },
      { route: '/shipments', canView: true, canAccess: false },
      { route: '/payments', canView: true, canAccess: false },
    ]);
    expect((await lookup(order.number, keeper)).json()).toEqual([]);
    expect((await lookup(shipment.number, keeper)).json()).toEqual([
      expect.objectContaining({ documentType: 'shipment', id: shipment.id }),
    ]);
    expect((await lookup(payment.number, keeper)).json()).toEqual([
      expect.objectContaining({ documentType: 'payment', id: payment.id }),
    ]);
  });

  it('links a manufacturing order by its number for a user who may view /manufacturing', async () => {
    const item = await f.product();
    const created = await f.api('POST', '/api/manufacturing-orders', {
      itemId: item,
      qty: '3',
      plannedStart: '2026-11-30',
      outputWarehouseId: f.warehouseId,
      materialsWarehouseId: f.warehouseId,
    });
    expect(created.statusCode, created.body).toBe(201);
    const mo = created.json() as { id: number; number: string };
    expect(mo.number).toMatch(/^MO-\d{4}-\d{5}$/);
    expect((await lookup(mo.number.toLowerCase())).json()).toEqual([
      {
        type: 'document',
        documentType: 'manufacturing_order',
        id: mo.id,
        number: mo.number,
        status: 'planned',
        statusLabel: 'Заплановано',
        date: '2026-11-30',
        url: `/manufacturing?open=${mo.id}`,
      },
    ]);
    const scannerOnly = await userWith('Сканер без виробництва', [
      { route: '/scanner', canView: true, canAccess: true },
      { route: '/orders', canView: true, canAccess: true },
    ]);
    expect((await lookup(mo.number, scannerOnly)).json()).toEqual([]);
    const planner = await userWith('Сканер і виробництво', [
      { route: '/scanner', canView: true, canAccess: true },
      { route: '/manufacturing', canView: true, canAccess: false },
    ]);
    expect((await lookup(mo.number, planner)).json()).toEqual([expect.objectContaining({ id: mo.id })]);
  });

  it('finds each number through its unique key', async () => {
    const plans: string[] = [];
    await f.t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      for (const query of [
        sql`explain select id from orders where order_number = ${order.number}`,
        sql`explain select id from shipments where number = ${shipment.number}`,
        sql`explain select id from payments where number = ${payment.number}`,
        sql`explain select id from manufacturing_orders where number = ${'MO-2026-00001'}`,
      ]) {
        const result = (await tx.execute(query)) as unknown as { rows: Array<Record<string, string>> };
        plans.push(result.rows.map((r) => Object.values(r).join(' ')).join('\n'));
      }
    });
    expect(plans[0]).toContain('orders_order_number_key');
    expect(plans[1]).toContain('shipments_number_key');
    expect(plans[2]).toContain('payments_number_key');
    expect(plans[3]).toContain('manufacturing_orders_number_key');
  });
});
