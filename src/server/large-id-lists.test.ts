// The readers that take a list of ids from data (every item sold, every component short, every open MO) bind it as
// one int[] parameter (src/server/kernel/sql-arrays.ts). A parameter per id stops at PostgreSQL's 65 535 parameters:
// a report over every item of a year passed more and failed. Each reader here is called with 70 000 ids on the real
// database; with `in (${sql.join(…)})` or drizzle's `inArray` every one of these calls fails. The lint rule in
// eslint.config.js keeps new readers from binding a parameter per value.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CostRoll } from '@/modules/bom/server/index.ts';
import { costingRowsOf } from '@/modules/costing/server/index.ts';
import { actualAverages } from '@/modules/costing/server/costing.read.ts';
import { inProductionByItem, openMaterialNeedsByItem } from '@/modules/manufacturing/server/index.ts';
import { lockItemCosts } from '@/modules/manufacturing/server/manufacturing.common.ts';
import { demandLines, freeByItem, makeableItems } from '@/modules/ordered-products/server/index.ts';
import { bomMaterialsOf, effectiveOperationsOf, resolveProductionSpecs } from '@/modules/production/server/index.ts';
import {
  alternativesOf,
  inDraftsByItem,
  itemInfo as shortageItemInfo,
  kindsOf,
  moLines,
} from '@/modules/shortage/server/shortage.inputs.ts';
import { defaultBomIds, materialsOfBoms } from '@/modules/shortage/server/shortage.specs.ts';
import { checkLowStock } from '@/modules/stock/server/index.ts';
import { onOrderByItem } from '@/modules/supplier-orders/server/index.ts';
import { lastPurchaseByItem } from '@/modules/supplier-receipts/server/index.ts';
import { isZero, type Dec } from '@/shared/decimal.ts';
import { intArray, textArray } from './kernel/sql-arrays.ts';
import { rowsOf } from './kernel/rows.ts';
import { createTestDatabase, type TestDatabase } from './testing/test-db.ts';

const MANY = 70_000;
/** More ids than PostgreSQL accepts parameters, none of which exists (the readers must answer with nothing). */
const ids = Array.from({ length: MANY }, (_, i) => 10_000_000 + i);

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('id lists longer than PostgreSQL’s parameter limit', () => {
  const readers: Array<[string, () => Promise<unknown>]> = [
    ['costingRowsOf', () => costingRowsOf(database.db, ids)],
    ['actualAverages', () => actualAverages(database.db, ids)],
    ['CostRoll.prepare', () => new CostRoll(database.db).prepare(ids)],
    ['resolveProductionSpecs', () => resolveProductionSpecs(database.db, ids)],
    ['bomMaterialsOf', () => bomMaterialsOf(database.db, ids)],
    ['effectiveOperationsOf', () => effectiveOperationsOf(database.db, ids)],
    ['lastPurchaseByItem', () => lastPurchaseByItem(database.db, ids)],
    ['onOrderByItem', () => onOrderByItem(database.db, ids)],
    ['inProductionByItem', () => inProductionByItem(database.db, ids)],
    ['openMaterialNeedsByItem', () => openMaterialNeedsByItem(database.db, ids)],
    ['freeByItem', () => freeByItem(database.db, ids)],
    ['makeableItems', () => makeableItems(database.db, ids)],
    ['demandLines', () => demandLines(database.db, { itemIds: ids })],
    ['checkLowStock', () => checkLowStock(database.db, ids)],
    ['shortage kindsOf', () => kindsOf(database.db, ids)],
    ['shortage moLines', () => moLines(database.db, ids)],
    ['shortage inDraftsByItem', () => inDraftsByItem(database.db, ids)],
    ['shortage itemInfo', () => shortageItemInfo(database.db, ids)],
    ['shortage alternativesOf', () => alternativesOf(database.db, ids)],
    ['shortage defaultBomIds', () => defaultBomIds(database.db, ids)],
    ['shortage materialsOfBoms', async () => (await materialsOfBoms(database.db, ids)).materials],
    ['shortage materialsOfBoms kinds', async () => (await materialsOfBoms(database.db, ids)).kinds],
  ];

  it.each(readers)('%s answers for 70 000 ids', async (_name, read) => {
    const result = await read();
    // Ids that do not exist: nothing found. A map may hold every asked id with nothing in it (null, no lines, 0).
    const nothing = (v: unknown) =>
      v == null || (Array.isArray(v) && v.length === 0) || (typeof v === 'object' && 'units' in v && isZero(v as Dec));
    if (result instanceof Map) {
      expect(result.size === 0 || result.size === MANY).toBe(true);
      expect([...result.values()].every(nothing)).toBe(true);
    } else if (result instanceof Set || Array.isArray(result)) expect([...result]).toEqual([]);
    else expect(result).toBeUndefined();
  });

  it('binds the list as one parameter and keeps the values exact', async () => {
    const numbers = rowsOf<{ n: number }>(
      await database.db.execute(sql`select count(*)::int as n from unnest(${intArray(ids)}) v`),
    );
    expect(Number(numbers[0]!.n)).toBe(MANY);
    // Quotes, backslashes, commas, braces and spaces in a text survive the array literal.
    const texts = ['a"b', 'c\\d', 'e,f', '{g}', ' h ', 'і ї'];
    const back = rowsOf<{ v: string }>(
      await database.db.execute(sql`select v from unnest(${textArray(texts)}) with ordinality t(v, n) order by n`),
    );
    expect(back.map((r) => r.v)).toEqual(texts);
  });

  // 70 000 items inserted and locked on PGlite: 15 s on a quiet 2-core machine, twice that under load (stop 46's rehearsal).
  it('locks 70 000 cost rows in one statement each', { timeout: 120_000 }, async () => {
    await database.db.execute(sql`insert into units (name, short_name, type, factor)
      values ('Штука довгого списку', 'шт.д', 'count', 1)`);
    await database.db.execute(sql`insert into items (sku, name, kind, unit_id)
      select 'LONG-' || g, 'Довгий список ' || g, 'component', (select id from units where short_name = 'шт.д')
      from generate_series(1, ${MANY}) g`);
    const created = rowsOf<{ id: number }>(
      await database.db.execute(sql`select id from items where sku like 'LONG-%' order by id`),
    ).map((r) => Number(r.id));
    expect(created).toHaveLength(MANY);
    await database.db.transaction((tx) => lockItemCosts(tx, created));
    const costs = rowsOf<{ n: number }>(
      await database.db.execute(
        sql`select count(*)::int as n from item_costs where item_id = any(${intArray(created)})`,
      ),
    );
    expect(Number(costs[0]!.n)).toBe(MANY);
  });
});
