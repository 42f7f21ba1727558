// The demo specifications (through the real service): two boards and two products that contain them, each the
// item's active default, plus a draft 'v2' of the power supply; the product explodes through its board, solder paste
// typed in grams is stored in kilograms, and a second run adds nothing.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceEngine } from '@/resources/index.ts';
import { itemsDemoSeeder } from '@/resources/items/items.demo.ts';
import { items } from '@/resources/items/items.table.ts';
import { referenceDataDemoSeeder } from '@/resources/resources.demo.ts';
import { runDemoSeed } from '@/server/db/seed/demo-seeder.ts';
import { createTestApp, type TestApp } from '@/server/testing/test-app.ts';
import type { ExplosionNode } from '../bom.contract.ts';
import { bomDemoSeeder } from './bom.demo.ts';
import { explodeItem, whereUsed } from './index.ts';
import { bomLines, boms } from './bom.table.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await resourceEngine.ensureSeeds(t.db);
});
afterAll(() => t.close());

const idOf = async (sku: string) => (await t.db.select({ id: items.id }).from(items).where(eq(items.sku, sku)))[0]!.id;

describe('bomDemoSeeder', () => {
  it('creates the boards, the products made of them and a draft new version', { timeout: 120_000 }, async () => {
    const logs: string[] = [];
    const opts = { demoPassword: 'x', log: (m: string) => logs.push(m) };
    await runDemoSeed(t.db, [referenceDataDemoSeeder, itemsDemoSeeder], opts);
    expect(await runDemoSeed(t.db, [bomDemoSeeder], opts)).toEqual(['bom']);
    expect(logs.at(-1)).toBe('Специфікації: 4 діючі (2 плати і 2 вироби з ними) і одна чернетка нової версії');

    const rows = await t.db.select().from(boms);
    expect(rows.filter((b) => b.status === 'active' && b.isDefault)).toHaveLength(4);
    expect(rows.filter((b) => b.status === 'draft' && !b.isDefault).map((b) => b.name)).toEqual([
      'v2 (корпус з кріпленням на DIN-рейку)',
    ]);

    const tree = (await explodeItem(t.db, await idOf('КТ-100'), '2', 'tree')) as ExplosionNode[];
    const board = tree.find((n) => n.sku === 'ПЛ-КТ')!;
    expect(board).toMatchObject({ level: 1, qty: '2.0000' });
    expect(board.children.find((n) => n.sku === 'R-0603-10K')).toMatchObject({ level: 2, qty: '16.3200' });
    const paste = await idOf('MAT-SOLDER-PASTE');
    const [pasteLine] = await t.db.select().from(bomLines).where(eq(bomLines.componentItemId, paste)).limit(1);
    expect(pasteLine).toMatchObject({ qty: '0.003000', enteredQty: '3.000000' });
    const used = await whereUsed(t.db, await idOf('R-0603-10K'));
    expect(used.map((u) => u.sku).sort()).toEqual(['БЖ-12-2', 'КТ-100', 'ПЛ-БЖ', 'ПЛ-КТ']);

    expect(await runDemoSeed(t.db, [bomDemoSeeder], opts)).toEqual([]);
  });
});
