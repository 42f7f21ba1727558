// The demo costing: after the demo items, their receipts, BOMs, tech cards and recipes, one saved calculation for each of the two
// demo products, with its figures and basis; the list costs the demo's made items.
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveProductionSpecs } from '@/modules/production/server/index.ts';
import { items } from '@/resources/items/items.table.ts';
import { bomDemoSeeder } from '@/modules/bom/server/bom.demo.ts';
import { recipesDemoSeeder } from '@/modules/recipes/server/recipes.demo.ts';
import { supplierReceiptsDemoSeeder } from '@/modules/supplier-receipts/server/supplier-receipts.demo.ts';
import { usersDemoSeeder } from '@/modules/users/server/users.demo.ts';
import { counterpartiesDemoSeeder } from '@/resources/counterparties/counterparties.demo.ts';
import { techCardsDemoSeeder } from '@/modules/tech-cards/server/tech-cards.demo.ts';
import { resourceEngine } from '@/resources/index.ts';
import { itemsDemoSeeder } from '@/resources/items/items.demo.ts';
import { referenceDataDemoSeeder } from '@/resources/resources.demo.ts';
import { runDemoSeed } from '@/server/db/seed/demo-seeder.ts';
import { createTestApp, type TestApp } from '@/server/testing/test-app.ts';
import { costingDemoSeeder } from './costing.demo.ts';
import { listCosting } from './costing.read.ts';
import { costCalculations } from './costing.table.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await resourceEngine.ensureSeeds(t.db);
});
afterAll(() => t.close());

describe('costingDemoSeeder', () => {
  it('saves two calculations of the demo products', { timeout: 120_000 }, async () => {
    const logs: string[] = [];
    const opts = { demoPassword: 'x', log: (m: string) => logs.push(m) };
    await runDemoSeed(
      t.db,
      [
        usersDemoSeeder,
        referenceDataDemoSeeder,
        itemsDemoSeeder,
        counterpartiesDemoSeeder,
        supplierReceiptsDemoSeeder,
        bomDemoSeeder,
        techCardsDemoSeeder,
        recipesDemoSeeder,
      ],
      opts,
    );
    expect(await runDemoSeed(t.db, [costingDemoSeeder], opts)).toEqual(['costing']);
    expect(logs.at(-1)).toBe('Калькуляція: збережено 2 розрахунки собівартості');
    const saved = await t.db.select().from(costCalculations);
    expect(saved).toHaveLength(2);
    for (const s of saved) {
      expect(Number(s.total)).toBeGreaterThan(0);
      expect((s.basis as { lines: unknown[] }).lines.length).toBeGreaterThan(0);
    }
    const { rows } = await listCosting(t.db, { sort: '-total' });
    expect(rows.map((r) => r.sku)).toEqual(expect.arrayContaining(['БЖ-12-2', 'КТ-100', 'ПЛ-БЖ', 'ПЛ-КТ']));
  });

  it('resolves the demo specs set-based: the default recipe first, else the default BOM, else none', async () => {
    const rows = await t.db
      .select({ id: items.id, sku: items.sku })
      .from(items)
      .where(inArray(items.sku, ['ПЛ-БЖ', 'БЖ-12-2', 'R-0603-10K']));
    const id = (sku: string) => rows.find((r) => r.sku === sku)!.id;
    const specs = await resolveProductionSpecs(t.db, [...rows.map((r) => r.id), id('ПЛ-БЖ')]);
    expect(specs.size).toBe(3);
    expect(specs.get(id('ПЛ-БЖ'))).toMatchObject({
      source: 'default_recipe',
      recipe: { name: 'Серійна, оплавлення', batchSize: '50.0000' },
      techCard: { baseTechCardId: null },
    });
    expect(specs.get(id('БЖ-12-2'))).toMatchObject({ source: 'default_bom', recipe: null, bom: { name: 'Основна' } });
    expect(specs.get(id('R-0603-10K'))).toBeNull();
  });
});
