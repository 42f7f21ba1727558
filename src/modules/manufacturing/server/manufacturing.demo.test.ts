// The demo manufacturing orders (through the real services, after the demo stock, orders, BOMs, tech cards and
// recipes): one MO in every state — completed with its output (and the child MO that made its board), in progress
// with a real issue, released, planned and cancelled — and the ledger's invariants hold.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bomDemoSeeder } from '@/modules/bom/server/index.ts';
import { ordersDemoSeeder } from '@/modules/orders/server/index.ts';
import { recipesDemoSeeder } from '@/modules/recipes/server/index.ts';
import { serialNumbersDemoSeeder, checkSerialInvariant } from '@/modules/serial-numbers/server/index.ts';
import { adjustmentsDemoSeeder, checkLedger } from '@/modules/stock/server/index.ts';
import { supplierReceiptsDemoSeeder } from '@/modules/supplier-receipts/server/index.ts';
import { techCardsDemoSeeder } from '@/modules/tech-cards/server/index.ts';
import { usersDemoSeeder } from '@/modules/users/server/index.ts';
import { resourceEngine } from '@/resources/index.ts';
import { counterpartiesDemoSeeder } from '@/resources/counterparties/counterparties.demo.ts';
import { itemsDemoSeeder } from '@/resources/items/items.demo.ts';
import { referenceDataDemoSeeder } from '@/resources/resources.demo.ts';
import { runDemoSeed } from '@/server/db/seed/demo-seeder.ts';
import { createTestApp, type TestApp } from '@/server/testing/test-app.ts';
import { manufacturingDemoSeeder } from './index.ts';
import { getManufacturingOrder, listManufacturingOrders } from './manufacturing.read.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await resourceEngine.ensureSeeds(t.db);
});
afterAll(() => t.close());

describe('manufacturingDemoSeeder', () => {
  it('makes MOs in every state through the services and the ledger', { timeout: 600_000 }, async () => {
    const logs: string[] = [];
    const opts = { demoPassword: 'demo-pass-1', log: (m: string) => logs.push(m) };
    await runDemoSeed(
      t.db,
      [
        usersDemoSeeder,
        referenceDataDemoSeeder,
        itemsDemoSeeder,
        counterpartiesDemoSeeder,
        supplierReceiptsDemoSeeder,
        adjustmentsDemoSeeder,
        serialNumbersDemoSeeder,
        ordersDemoSeeder,
        bomDemoSeeder,
        techCardsDemoSeeder,
        recipesDemoSeeder,
      ],
      opts,
    );
    expect(await runDemoSeed(t.db, [manufacturingDemoSeeder], opts)).toEqual(['manufacturing']);
    expect(logs.filter((m) => m.includes('пропущено'))).toEqual([]);
    const { rows } = await listManufacturingOrders(t.db, { limit: 100 });
    const statuses = new Set(rows.map((r) => r.status));
    expect([...statuses].sort()).toEqual(['cancelled', 'completed', 'in_progress', 'planned', 'released']);
    const completed = rows.filter((r) => r.status === 'completed');
    expect(completed.length).toBeGreaterThanOrEqual(2);
    for (const row of completed) {
      const mo = await getManufacturingOrder(t.db, row.id);
      expect(mo.postings.some((p) => p.kind === 'output' && p.status === 'posted')).toBe(true);
      expect(mo.costs.actual.total).not.toBe('0.00');
    }
    const running = await getManufacturingOrder(t.db, rows.find((r) => r.status === 'in_progress')!.id);
    expect(running.postings.some((p) => p.kind === 'issue' && p.status === 'posted')).toBe(true);
    expect(rows.some((r) => r.isOverdue)).toBe(true);
    expect(await checkLedger(t.db)).toEqual({ ok: true, problems: [] });
    expect(await checkSerialInvariant(t.db)).toEqual([]);
    // Run again: nothing new.
    expect(await runDemoSeed(t.db, [manufacturingDemoSeeder], opts)).toEqual([]);
  });
});
