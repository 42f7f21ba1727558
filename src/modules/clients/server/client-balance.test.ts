// A client's balance (reports-admin.md §3 receivables, reference-data.md §13): debit = posted shipments' gross × the
// order's rate, credit = posted payments, oldest debits paid first, the unpaid part past the order's 'Оплатити до'
// overdue; `GET /api/clients/:id/balance`, and the /clients list's columns and debt filter.
import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '@/server/kernel/rows.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientReceivables, receivablesBalance, receivablesTotal } from '@/modules/payments/server/index.ts';
import { replaceUserRoles } from '@/modules/roles/server/index.ts';
import { orders } from '@/modules/orders/server/orders.table.ts';
import { paymentAllocations, payments } from '@/modules/payments/server/payments.table.ts';
import { shipmentLines, shipments } from '@/modules/shipments/server/shipments.table.ts';
import { recordSaleFacts } from '@/modules/shipments/server/index.ts';
import { addDays, kyivToday } from '@/shared/kyiv-date.ts';
import { createUser, signIn } from '@/server/testing/test-app.ts';
import { createSalesFixture, type SalesFixture } from '@/server/testing/sales-fixture.ts';

let f: SalesFixture;
const today = kyivToday();
const daysAgo = (n: number) => addDays(today, -n);
let seq = 0;

/** A confirmed order of one line, its payment due date set, and its rate (the order's currency to UAH). */
async function order(clientId: number, paymentDueDate: string, fxRate = '1') {
  const itemId = await f.product({ stock: '10' });
  const id = await f.order([{ itemId, qty: '1', unitPrice: '100.00' }], { clientId, paymentDueDate, confirm: true });
  await f.t.db.update(orders).set({ fxRate }).where(eq(orders.id, id));
  return id;
}

/** A shipment of the order written straight into its table (the shipments module posts it), with its gross. */
async function shipment(orderId: number, shipmentDate: string, lineGross: string, status = 'posted') {
  const [o] = await f.t.db.select().from(orders).where(eq(orders.id, orderId));
  const [s] = await f.t.db
    .insert(shipments)
    .values({ number: `SHP-B-${++seq}`, shipmentDate, status, orderId, warehouseId: o!.warehouseId! })
    .returning();
  const line = (await f.api('GET', `/api/orders/${orderId}`)).json().lines[0];
  await f.t.db.insert(shipmentLines).values({
    shipmentId: s!.id,
    orderLineId: line.id,
    itemId: line.itemId,
    qty: '1',
    unitPrice: lineGross,
    vatRate: '0',
    lineNet: lineGross,
    lineVat: '0',
    lineGross,
  });
  await recordSaleFacts(f.t.db, [s!.id]);
}

async function payment(
  clientId: number,
  paymentDate: string,
  amount: string,
  opts: { status?: string; orderId?: number; type?: 'receipt' | 'refund' } = {},
) {
  const [p] = await f.t.db
    .insert(payments)
    .values({
      number: `PAY-B-${++seq}`,
      paymentDate,
      status: (opts.status ?? 'posted') as 'posted',
      amount,
      clientId,
      type: opts.type ?? 'receipt',
    })
    .returning();
  if (opts.orderId) await f.t.db.insert(paymentAllocations).values({ paymentId: p!.id, orderId: opts.orderId, amount });
}

let a: number; // shipped 1200 (due 40 days ago) + 300 (not due yet), paid 1000, a cancelled order
let b: number; // shipped 388.50 at rate 2, overdue, nothing paid
let c: number; // an advance: paid 50, nothing shipped
let d: number; // owes 100, not due yet
let e: number; // nothing at all
let g: number; // 30 days' credit, orders without a payment due date: 50 shipped 10 days ago, 70 shipped 40 days ago

beforeAll(async () => {
  f = await createSalesFixture();
  a = f.clientId;
  b = await f.client('Борг Б', 5101);
  c = await f.client('Аванс В', 5102);
  d = await f.client('Не прострочено Г', 5103);
  e = await f.client('Чистий Ґ', 5104);
  g = await f.client('Відстрочка Д', 5105);
  expect((await f.api('PATCH', `/api/clients/${g}`, { paymentTermDays: 30 })).statusCode).toBe(200);

  const first = await order(a, daysAgo(40));
  await shipment(first, daysAgo(45), '1200.00');
  await payment(a, daysAgo(20), '1000.00', { orderId: first });
  const second = await order(a, addDays(today, 10));
  await shipment(second, daysAgo(5), '300.00');
  // Neither a draft nor a cancelled payment, nor a cancelled order's cancelled shipment, is a fact.
  await payment(a, daysAgo(3), '500.00', { status: 'draft' });
  await payment(a, daysAgo(3), '700.00', { status: 'cancelled' });
  const cancelled = await order(a, daysAgo(50));
  await shipment(cancelled, daysAgo(50), '999.00', 'cancelled');
  const cancel = await f.api('POST', `/api/orders/${cancelled}/cancel`, { reason: 'Клієнт передумав' });
  expect(cancel.statusCode, cancel.body).toBe(200);

  await shipment(await order(b, daysAgo(2), '2'), daysAgo(10), '388.50');
  await payment(c, daysAgo(1), '50.00');
  await shipment(await order(d, addDays(today, 5)), daysAgo(1), '100.00');
  for (const [shipped, gross] of [
    [daysAgo(10), '50.00'],
    [daysAgo(40), '70.00'],
  ] as const) {
    const id = await order(g, today);
    await f.t.db.update(orders).set({ paymentDueDate: null }).where(eq(orders.id, id));
    await shipment(id, shipped, gross);
  }
});
afterAll(() => f.t.close());

const balanceOf = async (id: number, cookie?: string) => f.api('GET', `/api/clients/${id}/balance`, undefined, cookie);

describe('GET /api/clients/:id/balance', () => {
  it('is shipments less payments, the oldest paid first, the unpaid rest past its due date overdue', async () => {
    const res = await balanceOf(a);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      clientId: a,
      balance: '500.00',
      overdue: '200.00',
      currency: 'UAH',
      oldestOverdueDate: daysAgo(40),
      overdueDays: 40,
    });
  });

  it("counts each client's own facts, in UAH at the order's rate", async () => {
    expect((await balanceOf(b)).json()).toMatchObject({ balance: '777.00', overdue: '777.00', overdueDays: 2 });
    expect((await balanceOf(c)).json()).toMatchObject({ balance: '-50.00', overdue: '0.00', oldestOverdueDate: null });
    expect((await balanceOf(d)).json()).toMatchObject({ balance: '100.00', overdue: '0.00', overdueDays: null });
    expect((await balanceOf(e)).json()).toMatchObject({ balance: '0.00', overdue: '0.00' });
    // Without the order's date, a shipment is due the client's payment term after it.
    expect((await balanceOf(g)).json()).toMatchObject({ balance: '120.00', overdue: '70.00', overdueDays: 10 });
  });

  it('answers 404 in Ukrainian for an unknown client or a supplier only', async () => {
    const missing = await balanceOf(2_000_000);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('Клієнта не знайдено');
    const supplier = (await f.api('GET', '/api/suppliers')).json()[0];
    expect((await balanceOf(supplier.id)).statusCode).toBe(404);
  });

  it('is refused without the right to view /clients', async () => {
    const user = await createUser(f.t.db, { password: 'balance-pass' });
    const role = (await f.api('POST', '/api/roles', { name: `Без клієнтів ${user.username}` })).json();
    await f.api('PUT', `/api/roles/${role.id}/permissions`, {
      permissions: [{ route: '/orders', canView: true, canAccess: false }],
    });
    await replaceUserRoles(f.t.db, user.id, [role.id]);
    const cookie = (await signIn(f.t.app, user.username, 'balance-pass')).cookie;
    expect((await balanceOf(a, cookie)).statusCode).toBe(403);
  });
});

describe('clientReceivables (the receivables report reads it too)', () => {
  it('ages the unpaid debits by days since their shipment', async () => {
    expect((await clientReceivables(f.t.db, [a])).get(a)!.aging).toEqual({
      days0to30: '300.00',
      days31to60: '200.00',
      days61to90: '0.00',
      over90: '0.00',
    });
  });

  it('counts only the facts up to the date asked for, and what was overdue then', async () => {
    const then = (await clientReceivables(f.t.db, [a, b], daysAgo(30))).get(a)!;
    expect(then).toMatchObject({ balance: '1200.00', overdue: '1200.00', oldestOverdueDate: daysAgo(40) });
    expect((await clientReceivables(f.t.db, [b], daysAgo(30))).get(b)!.balance).toBe('0.00');
  });

  it('sums to receivablesTotal and to receivablesBalance, today and at an earlier date', async () => {
    for (const asOf of [undefined, daysAgo(30), daysAgo(400)]) {
      const total = await receivablesTotal(f.t.db, asOf);
      const everyone = rowsOf<{ id: number }>(await f.t.db.execute(sql`select id from counterparties`)).map(
        (r) => r.id,
      );
      const each = [...(await clientReceivables(f.t.db, everyone, asOf)).values()];
      const sum = each.reduce((s, r) => s + Math.round(Number(r.balance) * 100), 0);
      expect(Math.round(Number(total.balance) * 100), String(asOf)).toBe(sum);
      // The total's aging cuts the owed amount at the bucket days; each client's walks its debits oldest first.
      const buckets = ['days0to30', 'days31to60', 'days61to90', 'over90'] as const;
      const aging = buckets.map((k) => each.reduce((s, r) => s + Math.round(Number(r.aging[k]) * 100), 0));
      expect(
        buckets.map((k) => Math.round(Number(total.aging[k]) * 100)),
        String(asOf),
      ).toEqual(aging);
      expect(await receivablesBalance(f.t.db, asOf)).toBe(total.balance);
    }
    expect(await receivablesBalance(f.t.db)).not.toBe('0.00');
  });
});

describe('/clients list', () => {
  const page = async (query = '') => {
    const res = await f.api('GET', `/api/clients?limit=100${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Array<{ id: number; balance: string; overdue: string }>;
  };
  const ids = (rows: Array<{ id: number }>) => rows.map((r) => r.id).sort((x, y) => x - y);

  it('shows each row its balance and overdue debt', async () => {
    const rows = await page();
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(a)).toMatchObject({ balance: '500.00', overdue: '200.00' });
    expect(byId.get(c)).toMatchObject({ balance: '-50.00', overdue: '0.00' });
    expect(byId.get(e)).toMatchObject({ balance: '0.00', overdue: '0.00' });
  });

  it('filters the clients in debt and those with an overdue debt, and refuses another value', async () => {
    expect(ids(await page('&debt=debt'))).toEqual([a, b, d, g].sort((x, y) => x - y));
    expect(ids(await page('&debt=overdue'))).toEqual([a, b, g].sort((x, y) => x - y));
    const res = await f.api('GET', '/api/clients?debt=all');
    expect(res.statusCode).toBe(400);
    expect(Number((await f.api('GET', '/api/clients?debt=overdue')).headers['x-total-count'])).toBe(3);
  });
});

// Last, as it adds debtors the list's filters above do not expect.
describe("receivablesTotal's aging at the buckets' edges", () => {
  it("equals Σ of every client's oldest-first aging, a debit at each edge, part paid, and refunds over receipts", async () => {
    // h: a debit on each side of every edge, the oldest three paid and a fourth in part.
    const h = await f.client('Межі Е', 5106);
    for (const [days, gross] of [
      [200, '10.00'],
      [91, '20.00'],
      [90, '40.00'],
      [61, '80.00'],
      [60, '160.00'],
      [31, '320.00'],
      [30, '640.00'],
      [0, '1280.00'],
    ] as const) {
      await shipment(await order(h, today), daysAgo(days), gross);
    }
    await payment(h, daysAgo(2), '100.00');
    // k: refunded more than it paid, so it owes every debit in full and the refund too.
    const k = await f.client('Повернення Є', 5107);
    await shipment(await order(k, today), daysAgo(70), '55.00');
    await payment(k, daysAgo(65), '10.00');
    await payment(k, daysAgo(64), '25.00', { type: 'refund' });
    const everyone = rowsOf<{ id: number }>(await f.t.db.execute(sql`select id from counterparties`)).map((r) => r.id);
    const buckets = ['days0to30', 'days31to60', 'days61to90', 'over90'] as const;
    const cents = (v: string) => Math.round(Number(v) * 100);
    for (const asOf of [today, daysAgo(1), daysAgo(30), daysAgo(31), daysAgo(61), daysAgo(91), daysAgo(150)]) {
      const each = [...(await clientReceivables(f.t.db, everyone, asOf)).values()];
      const total = await receivablesTotal(f.t.db, asOf);
      expect(
        buckets.map((b) => cents(total.aging[b])),
        asOf,
      ).toEqual(buckets.map((b) => each.reduce((s, r) => s + cents(r.aging[b]), 0)));
    }
    // Today h owes 2 450 of 2 550: the 100 paid the 200-, 91- and 90-day debits and 30 of the 61-day one…
    expect((await clientReceivables(f.t.db, [h])).get(h)!.aging).toEqual({
      days0to30: '1920.00',
      days31to60: '480.00',
      days61to90: '50.00',
      over90: '0.00',
    });
    // …and k owes its 55 and the 15 refunded beyond its receipt; the aging holds the debit, the balance both.
    expect((await clientReceivables(f.t.db, [k])).get(k)!).toMatchObject({
      balance: '70.00',
      aging: { days0to30: '0.00', days31to60: '0.00', days61to90: '55.00', over90: '0.00' },
    });
  });
});
