// Demo costing of «Техноприлад», after the production seeders: one saved calculation for each of the two demo
// products (the power supply and the controller), through the real service — so /costing's history is not empty.
import { inArray } from 'drizzle-orm';
import type { DemoSeeder } from '@/server/db/seed/demo-seeder.ts';
import { items } from '@/resources/items/items.table.ts';
import { createSnapshot } from './costing.write.ts';

const ctx = { userId: null, actor: 'demo-seed' } as const;
const PRODUCTS = ['БЖ-12-2', 'КТ-100'];

export const costingDemoSeeder: DemoSeeder = {
  name: 'costing',
  async run({ tx, log }) {
    const found = await tx.select({ id: items.id, sku: items.sku }).from(items).where(inArray(items.sku, PRODUCTS));
    let saved = 0;
    for (const sku of PRODUCTS) {
      const item = found.find((i) => i.sku === sku);
      if (!item) continue;
      await createSnapshot(tx, ctx, item.id, {});
      saved++;
    }
    log(`Калькуляція: збережено ${saved} розрахунки собівартості`);
  },
};
