// The demo orders go in through the order services on top of the demo clients, products and opening stock: ~30
// orders over the last 60 days, most confirmed (reserving what is in stock), some drafts, a few cancelled with their
// reasons, two with prices including VAT, and orders of clients on deferred terms approved for production.
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { usersDemoSeeder } from '@/modules/users/server/index.ts';
import { adjustmentsDemoSeeder, checkLedger } from '@/modules/stock/server/index.ts';
import { counterpartiesDemoSeeder } from '@/resources/counterparties/counterparties.demo.ts';
import { counterparties } from '@/resources/counterparties/counterparties.table.ts';
import { itemsDemoSeeder } from '@/resources/items/items.demo.ts';
import { resourceEngine } from '@/resources/index.ts';
import { referenceDataDemoSeeder } from '@/resources/resources.demo.ts';
import { runDemoSeed } from '@/server/db/seed/demo-seeder.ts';
import { createTestApp } from '@/server/testing/test-app.ts';
import { isZero } from '@/shared/decimal.ts';
import { addDays, kyivToday } from '@/shared/kyiv-date.ts';
import { lineProgress } from './order-effects.ts';
import { ordersDemoSeeder } from './index.ts';
import { orders } from './orders.table.ts';

describe('orders demo', () => {
  it(
    'seeds ~30 orders of the demo clients in their states, through the services, once',
    { timeout: 180_000 },
    async () => {
      const t = await createTestApp();
      try {
        await resourceEngine.ensureSeeds(t.db);
        const seeders = [
          usersDemoSeeder,
          referenceDataDemoSeeder,
          itemsDemoSeeder,
          counterpartiesDemoSeeder,
          adjustmentsDemoSeeder,
          ordersDemoSeeder,
        ];
        const opts = { demoPassword: 'demo-pass-1', log: () => undefined };
        expect(await runDemoSeed(t.db, seeders, opts)).toEqual(seeders.map((s) => s.name));
        expect(await runDemoSeed(t.db, seeders, opts)).toEqual([]);

        const rows = await t.db
          .select({ order: orders, paymentTermDays: counterparties.paymentTermDays })
          .from(orders)
          .innerJoin(counterparties, eq(counterparties.id, orders.clientId))
          .orderBy(asc(orders.id));
        expect(rows.length).toBe(30);
        const byStatus = (s: string) => rows.filter((r) => r.order.status === s);
        expect(byStatus('confirmed').length).toBeGreaterThan(rows.length / 2);
        expect(byStatus('draft').length).toBeGreaterThanOrEqual(2);
        expect(byStatus('cancelled').length).toBeGreaterThanOrEqual(2);
        expect(byStatus('cancelled').every((r) => (r.order.cancelReason ?? '').length > 0)).toBe(true);
        expect(rows.filter((r) => r.order.pricesIncludeVat)).toHaveLength(2);
        const oldest = addDays(kyivToday(), -60);
        expect(rows.every((r) => r.order.orderDate >= oldest && r.order.orderDate <= kyivToday())).toBe(true);
        expect(rows.every((r) => /^ORD-\d{4}-\d{5}$/.test(r.order.orderNumber))).toBe(true);
        const deferred = rows.filter((r) => r.paymentTermDays > 0 && r.order.status === 'confirmed');
        expect(deferred.length).toBeGreaterThan(0);
        expect(deferred.every((r) => r.order.productionApproved)).toBe(true);
        // Confirmed orders hold stock; cancelled ones hold none.
        let reserved = 0;
        for (const r of byStatus('confirmed')) {
          reserved += (await lineProgress(t.db, r.order.id)).filter((l) => !isZero(l.reserved)).length;
        }
        expect(reserved).toBeGreaterThan(5);
        for (const r of byStatus('cancelled')) {
          expect((await lineProgress(t.db, r.order.id)).every((l) => isZero(l.reserved))).toBe(true);
        }
        expect(await checkLedger(t.db)).toEqual({ ok: true, problems: [] });
      } finally {
        await t.close();
      }
    },
  );
});
