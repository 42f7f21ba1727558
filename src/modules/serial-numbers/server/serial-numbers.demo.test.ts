// The demo serials go in through the real services on top of the demo's stock: every serial-tracked unit on hand gets
// a serial in its warehouse, one is written off through a posted ADJ, three are allocated for labels — and the
// invariant count(available + reserved in W) = onHand(W) holds with the ledger clean.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adjustmentsDemoSeeder, checkLedger } from '@/modules/stock/server/index.ts';
import { supplierReceiptsDemoSeeder } from '@/modules/supplier-receipts/server/index.ts';
import { usersDemoSeeder } from '@/modules/users/server/index.ts';
import { counterpartiesDemoSeeder } from '@/resources/counterparties/counterparties.demo.ts';
import { itemsDemoSeeder } from '@/resources/items/items.demo.ts';
import { resourceEngine } from '@/resources/index.ts';
import { referenceDataDemoSeeder } from '@/resources/resources.demo.ts';
import { runDemoSeed } from '@/server/db/seed/demo-seeder.ts';
import { createTestApp } from '@/server/testing/test-app.ts';
import { serialNumbersDemoSeeder } from './index.ts';
import { serialNumbers, serialTemplates } from './serial-numbers.table.ts';

describe('serial numbers demo', () => {
  it('gives every tracked unit in stock a serial, once', { timeout: 180_000 }, async () => {
    const t = await createTestApp();
    try {
      await resourceEngine.ensureSeeds(t.db);
      const seeders = [
        usersDemoSeeder,
        referenceDataDemoSeeder,
        itemsDemoSeeder,
        counterpartiesDemoSeeder,
        supplierReceiptsDemoSeeder,
        adjustmentsDemoSeeder,
        serialNumbersDemoSeeder,
      ];
      const opts = { demoPassword: 'demo-pass-1', log: () => undefined };
      expect(await runDemoSeed(t.db, seeders, opts)).toEqual(seeders.map((s) => s.name));
      expect(await runDemoSeed(t.db, seeders, opts)).toEqual([]);

      const templates = await t.db.select().from(serialTemplates);
      expect(templates).toEqual([expect.objectContaining({ name: 'Стандартний', isDefault: true })]);
      const result = (await t.db.execute(sql`
        select b.item_id, b.warehouse_id, b.on_hand::text as on_hand,
          (select count(*)::int from serial_numbers s where s.item_id = b.item_id and s.warehouse_id = b.warehouse_id
             and s.status in ('available', 'reserved')) as serials
        from stock_balances b join items i on i.id = b.item_id
        where i.serial_tracking and i.kind <> 'service'`)) as unknown as {
        rows: Array<{ on_hand: string; serials: number }>;
      };
      const stocked = result.rows.filter((r) => r.on_hand !== '0.0000');
      expect(stocked.length).toBeGreaterThan(0);
      for (const r of result.rows) expect(Number(r.serials)).toBe(Number(r.on_hand.split('.')[0]));
      const defective = await t.db.select().from(serialNumbers).where(eq(serialNumbers.status, 'defective'));
      expect(defective).toHaveLength(1);
      const allocated = await t.db.select().from(serialNumbers).where(eq(serialNumbers.status, 'allocated'));
      expect(allocated).toHaveLength(3);
      expect(allocated.every((s) => /^\d{4}-\d{5}$/.test(s.serial))).toBe(true);
      expect(await checkLedger(t.db)).toEqual({ ok: true, problems: [] });
    } finally {
      await t.close();
    }
  });
});
