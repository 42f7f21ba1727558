// The order core (sales.md §1.1–§1.5): a draft's totals with VAT computed by the server, confirmation reserving
// what is available (partial reservation is normal), the derived payment status, and release on demand.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '@/modules/stock/server/index.ts';
import { dec, fixed } from '@/shared/decimal.ts';
import { lineProgress, paymentStatusOf, releaseOrder } from './order-effects.ts';
import { orders } from './orders.table.ts';
import { createSalesFixture, type SalesFixture } from '@/server/testing/sales-fixture.ts';

let f: SalesFixture;
beforeAll(async () => {
  f = await createSalesFixture();
});
afterAll(() => f.t.close());

describe('order core', () => {
  it('numbers a draft ORD-<year>-NNNNN and computes net, VAT and gross per line', async () => {
    const item = await f.product();
    const id = await f.order([{ itemId: item, qty: '3', unitPrice: '100.00' }], { pricesIncludeVat: true });
    const [order] = await f.t.db.select().from(orders).where(eq(orders.id, id));
    expect(order!.orderNumber).toMatch(/^ORD-2026-\d{5}$/);
    expect([order!.totalNet, order!.totalVat, order!.totalGross]).toEqual(['250.00', '50.00', '300.00']);
    expect(order!.status).toBe('draft');
    // The client pays in advance: payment due in the default 5 days.
    expect(order!.paymentDueDate).toBe('2026-11-15');
  });

  it('reserves on confirmation only what is available, and releases it', async () => {
    const stocked = await f.product({ stock: '4' });
    const empty = await f.product();
    const id = await f.order(
      [
        { itemId: stocked, qty: '5', unitPrice: '10' },
        { itemId: empty, qty: '2', unitPrice: '10' },
      ],
      { confirm: true },
    );
    const [order] = await f.t.db.select().from(orders).where(eq(orders.id, id));
    expect(order!.status).toBe('confirmed');
    const lines = await lineProgress(f.t.db, id);
    expect(lines.map((l) => fixed(l.reserved, 0))).toEqual(['4', '0']);
    await f.t.db.transaction((tx) => releaseOrder(tx, id));
    expect((await lineProgress(f.t.db, id)).map((l) => fixed(l.reserved, 0))).toEqual(['0', '0']);
    expect(await checkLedger(f.t.db)).toEqual({ ok: true, problems: [] });
  });

  it('derives the payment status', () => {
    expect(paymentStatusOf(dec('0'), dec('300'))).toBe('unpaid');
    expect(paymentStatusOf(dec('100'), dec('300'))).toBe('partially_paid');
    expect(paymentStatusOf(dec('300.00'), dec('300'))).toBe('paid');
    expect(paymentStatusOf(dec('300.01'), dec('300'))).toBe('overpaid');
  });
});
