// The demo shipments (through the real services and the ledger): of the confirmed orders some ship in full, some
// in part, two drafts wait, one is cancelled; serial-tracked lines take serials in stock; the ledger stays whole
// and a second run adds nothing.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSalesFixture, type SalesFixture } from '@/server/testing/sales-fixture.ts';
import { orders } from '@/modules/orders/server/orders.table.ts';
import { serialNumbers } from '@/modules/serial-numbers/server/serial-numbers.table.ts';
import { checkLedger } from '@/modules/stock/server/index.ts';
import { runDemoSeed } from '@/server/db/seed/demo-seeder.ts';
import { shipmentsDemoSeeder } from './shipments.demo.ts';
import { shipments } from './shipments.table.ts';

let f: SalesFixture;
beforeAll(async () => {
  f = await createSalesFixture();
});
afterAll(() => f.t.close());

describe('shipmentsDemoSeeder', () => {
  it('ships some demo orders in full and some in part, leaves two drafts and cancels one', async () => {
    const plain = await f.product({ stock: '100', cost: '20.00' });
    const tracked = await f.product({ stock: '6', cost: '300.00', serialTracking: true });
    await f.t.db.insert(serialNumbers).values(
      Array.from({ length: 6 }, (_, i) => ({
        itemId: tracked,
        serial: `DEMO-${i + 1}`,
        status: 'available' as const,
        warehouseId: f.warehouseId,
      })),
    );
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) {
      const lines = [{ itemId: plain, qty: String(4 + i), unitPrice: '55' }];
      if (i === 0) lines.push({ itemId: tracked, qty: '2', unitPrice: '900' });
      ids.push(await f.order(lines, { confirm: true }));
    }
    const logs: string[] = [];
    const ran = await runDemoSeed(f.t.db, [shipmentsDemoSeeder], { demoPassword: 'x', log: (m) => logs.push(m) });
    expect(ran).toEqual(['shipments']);
    expect(logs[0]).toBe('Відвантаження: повністю — 2, частково — 2, чернеток — 2, скасовано — 1');

    const rows = await f.t.db.select().from(shipments);
    const byStatus = (s: string) => rows.filter((r) => r.status === s).length;
    expect([byStatus('posted'), byStatus('draft'), byStatus('cancelled')]).toEqual([4, 2, 1]);
    expect(rows.every((r) => r.waybillState === 'none' && r.trackingNumber === null)).toBe(true);
    const statuses = await Promise.all(
      ids.map(async (id) => (await f.t.db.select().from(orders).where(eq(orders.id, id)))[0]!.status),
    );
    expect(statuses.filter((s) => s === 'shipped')).toHaveLength(2);
    expect(statuses.filter((s) => s === 'partially_shipped')).toHaveLength(2);
    // The first order's serial-tracked line shipped with its serials, sold to the client.
    const sold = await f.t.db.select().from(serialNumbers).where(eq(serialNumbers.status, 'sold'));
    expect(sold).toHaveLength(2);
    expect(sold.every((s) => s.clientId === f.clientId)).toBe(true);
    expect(await checkLedger(f.t.db)).toEqual({ ok: true, problems: [] });
    expect(await runDemoSeed(f.t.db, [shipmentsDemoSeeder], { demoPassword: 'x', log: () => {} })).toEqual([]);
  });
});
