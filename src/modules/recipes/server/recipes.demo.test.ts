// The demo tech cards and recipes (through the real services, after the demo BOMs): the power-supply family's base
// card with a modification for БЖ-24-5, the board's reflow card with a hand-soldering modification, and two recipes
// of the board that name them — the serial one the default and cheaper per unit than the small hand-soldered batch.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bomDemoSeeder } from '@/modules/bom/server/bom.demo.ts';
import { techCardsDemoSeeder } from '@/modules/tech-cards/server/tech-cards.demo.ts';
import { techCards } from '@/modules/tech-cards/server/tech-cards.table.ts';
import { effectiveOperations } from '@/modules/production/server/index.ts';
import { resourceEngine } from '@/resources/index.ts';
import { itemsDemoSeeder } from '@/resources/items/items.demo.ts';
import { items } from '@/resources/items/items.table.ts';
import { referenceDataDemoSeeder } from '@/resources/resources.demo.ts';
import { runDemoSeed } from '@/server/db/seed/demo-seeder.ts';
import { createTestApp, type TestApp } from '@/server/testing/test-app.ts';
import { cmp, dec } from '@/shared/decimal.ts';
import { recipesDemoSeeder } from './recipes.demo.ts';
import { listRecipes } from './recipes.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await resourceEngine.ensureSeeds(t.db);
});
afterAll(() => t.close());

describe('techCardsDemoSeeder and recipesDemoSeeder', () => {
  it('make two base cards with modifications and two variants of the board', { timeout: 180_000 }, async () => {
    const logs: string[] = [];
    const opts = { demoPassword: 'x', log: (m: string) => logs.push(m) };
    await runDemoSeed(t.db, [referenceDataDemoSeeder, itemsDemoSeeder, bomDemoSeeder], opts);
    expect(await runDemoSeed(t.db, [techCardsDemoSeeder, recipesDemoSeeder], opts)).toEqual(['tech-cards', 'recipes']);
    expect(logs.slice(-2)).toEqual([
      'Технологічні карти: 2 базові (сімейство БЖ і плата БЖ) і 2 модифікації',
      'Рецепти: плата БЖ — «Серійна, оплавлення» (типовий) і «Дрібна партія, ручна пайка»',
    ]);

    const cards = await t.db.select().from(techCards);
    expect(cards.every((c) => c.status === 'active')).toBe(true);
    const family = cards.find((c) => c.name === 'Блоки живлення БЖ — складання і випробування')!;
    const heavy = cards.find((c) => c.baseTechCardId === family.id)!;
    const [heavyItem] = await t.db.select({ sku: items.sku }).from(items).where(eq(items.id, heavy.itemId));
    expect(heavyItem!.sku).toBe('БЖ-24-5');
    expect(heavy.isDefault).toBe(true);
    const ops = await effectiveOperations(t.db, heavy.id);
    expect(ops.map((o) => [o.seq, o.inherited])).toEqual([
      [10, true],
      [15, false],
      [20, false],
      [30, true],
    ]);
    expect(ops.every((o) => o.departmentId != null)).toBe(true);

    const [board] = await t.db.select({ id: items.id }).from(items).where(eq(items.sku, 'ПЛ-БЖ'));
    const { rows } = await listRecipes(t.db, { itemId: board!.id, sort: 'name' });
    expect(rows.map((r) => [r.name, r.isDefault, r.batchSize])).toEqual([
      ['Дрібна партія, ручна пайка', false, '5.0000'],
      ['Серійна, оплавлення', true, '50.0000'],
    ]);
    expect(rows[0]!.techCardId).not.toBe(rows[1]!.techCardId);
    expect(rows.every((r) => r.costPerUnit !== null)).toBe(true);
    expect(cmp(dec(rows[0]!.costPerUnit!), dec(rows[1]!.costPerUnit!))).toBe(1);

    expect(await runDemoSeed(t.db, [techCardsDemoSeeder, recipesDemoSeeder], opts)).toEqual([]);
  });
});
