// The test fixture of the orders API (used only by tests): the sales fixture of the file, set up once per file by
// useOrdersFixture(), and the calls the journeys share. Shipments and payments are written straight into their tables
// here and refreshOrder derives the order's status, as the shipments and payments modules do when they post.
import { afterAll, beforeAll, expect } from 'vitest';
import { paymentAllocations, payments } from '@/modules/payments/server/payments.table.ts';
import { shipmentLines, shipments } from '@/modules/shipments/server/shipments.table.ts';
import { recordSaleFacts } from '@/modules/shipments/server/shipments.sale-facts.ts';
import { kyivToday } from '@/shared/kyiv-date.ts';
import { createSalesFixture, type SalesFixture } from '@/server/testing/sales-fixture.ts';
import type { Order, OrderSummary } from '../orders.contract.ts';
import { refreshOrder } from './order-effects.ts';

/** The fixture of the running test file: a live binding, set by useOrdersFixture's beforeAll. */
export let f: SalesFixture;

/** A fresh database and sales fixture for the calling test file. */
export function useOrdersFixture() {
  beforeAll(async () => {
    f = await createSalesFixture();
  });
  afterAll(() => f.t.close());
}

export const ctx = () => ({ userId: f.adminId });
export const get = async (id: number): Promise<Order> => {
  const res = await f.api('GET', `/api/orders/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
export const act = (id: number, action: string, body?: unknown) => f.api('POST', `/api/orders/${id}/${action}`, body);
export const ok = async (res: Awaited<ReturnType<SalesFixture['api']>>, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};
export const list = async (query: string): Promise<{ rows: OrderSummary[]; total: number }> => {
  const res = await f.api('GET', `/api/orders?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return { rows: res.json(), total: Number(res.headers['x-total-count']) };
};
export const create = async (body: Record<string, unknown>) =>
  (await ok(
    await f.api('POST', '/api/orders', { orderDate: '2026-11-10', clientId: f.clientId, ...body }),
    201,
  )) as Order;

let shipmentSeq = 0;
/** A posted shipment of `qty` of each named line, written straight into the table (the shipments module posts it). */
export async function postShipment(orderId: number, lines: Array<{ lineId: number; qty: string }>, status = 'posted') {
  const order = await get(orderId);
  const [shipment] = await f.t.db
    .insert(shipments)
    .values({
      number: `SHP-T-${++shipmentSeq}`,
      shipmentDate: kyivToday(),
      status,
      orderId,
      warehouseId: order.warehouseId,
      trackingNumber: `2045${String(shipmentSeq).padStart(10, '0')}`,
    })
    .returning();
  for (const l of lines) {
    const line = order.lines.find((x) => x.id === l.lineId)!;
    await f.t.db.insert(shipmentLines).values({
      shipmentId: shipment!.id,
      orderLineId: l.lineId,
      itemId: line.itemId!,
      qty: l.qty,
      unitPrice: line.unitPrice,
      vatRate: line.vatRate,
      lineNet: '0',
      lineVat: '0',
      lineGross: '0',
    });
  }
  await recordSaleFacts(f.t.db, [shipment!.id]);
  await f.t.db.transaction((tx) => refreshOrder(tx, orderId, ctx()));
  return shipment!;
}

let paymentSeq = 0;
export async function postPayment(orderId: number, amount: string, status: 'posted' | 'draft' = 'posted') {
  const [payment] = await f.t.db
    .insert(payments)
    .values({
      number: `PAY-T-${++paymentSeq}`,
      paymentDate: kyivToday(),
      status,
      amount,
      clientId: f.clientId,
    })
    .returning();
  await f.t.db.insert(paymentAllocations).values({ paymentId: payment!.id, orderId, amount });
  await f.t.db.transaction((tx) => refreshOrder(tx, orderId, ctx()));
  return payment!;
}
