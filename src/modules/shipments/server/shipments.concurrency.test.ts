// Two drafts for the same remaining quantity posted at the same moment (sales.md §3): the order row is locked first,
// so the postings run one after the other and exactly one wins; the other is refused and changes nothing.
// Real concurrency needs real connections: PostgreSQL only.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSalesFixture, type SalesFixture } from '@/server/testing/sales-fixture.ts';
import { orders } from '@/modules/orders/server/orders.table.ts';
import { checkLedger } from '@/modules/stock/server/index.ts';
import { stockBalances } from '@/modules/stock/server/stock.table.ts';

describe.runIf(process.env.DATABASE_URL)('shipments on PostgreSQL, concurrently', () => {
  let f: SalesFixture;
  beforeAll(async () => {
    f = await createSalesFixture();
  });
  afterAll(() => f.t.close());

  it('posts exactly one of two drafts that both take the whole rest of the order', async () => {
    for (let round = 0; round < 5; round++) {
      const item = await f.product({ stock: '10', cost: '40.00' });
      const orderId = await f.order([{ itemId: item, qty: '5', unitPrice: '90' }], { confirm: true });
      const a = (await f.api('POST', '/api/shipments', { orderId })).json();
      const b = (await f.api('POST', '/api/shipments', { orderId })).json();
      expect([a.lines[0].qty, b.lines[0].qty]).toEqual(['5.0000', '5.0000']);
      const results = await Promise.all([
        f.api('POST', `/api/shipments/${a.id}/post`),
        f.api('POST', `/api/shipments/${b.id}/post`),
      ]);
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes, results.map((r) => r.body).join('\n')).toEqual([200, 409]);
      const loser = results.find((r) => r.statusCode === 409)!;
      expect(loser.json().error).toContain('у статусі «Відвантажено»');
      const [order] = await f.t.db.select().from(orders).where(eq(orders.id, orderId));
      expect(order!.status).toBe('shipped');
      const [balance] = await f.t.db
        .select()
        .from(stockBalances)
        .where(and(eq(stockBalances.itemId, item), eq(stockBalances.warehouseId, f.warehouseId)));
      expect(balance).toMatchObject({ onHand: '5.0000', reserved: '0.0000' });
      expect(await checkLedger(f.t.db)).toEqual({ ok: true, problems: [] });
    }
  });

  it('posts at most the remaining quantity when two partial drafts overlap', async () => {
    const item = await f.product({ stock: '10', cost: '40.00' });
    const orderId = await f.order([{ itemId: item, qty: '5', unitPrice: '90' }], { confirm: true });
    const line = (await f.api('POST', '/api/shipments', { orderId })).json();
    const lineId = line.lines[0].orderLineId;
    await f.api('DELETE', `/api/shipments/${line.id}`);
    const a = (await f.api('POST', '/api/shipments', { orderId, lines: [{ orderLineId: lineId, qty: '3' }] })).json();
    const b = (await f.api('POST', '/api/shipments', { orderId, lines: [{ orderLineId: lineId, qty: '3' }] })).json();
    const results = await Promise.all([
      f.api('POST', `/api/shipments/${a.id}/post`),
      f.api('POST', `/api/shipments/${b.id}/post`),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().error).toContain('залишилось відвантажити лише 2');
    const [order] = await f.t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.status).toBe('partially_shipped');
    expect(await checkLedger(f.t.db)).toEqual({ ok: true, problems: [] });
  });
});
