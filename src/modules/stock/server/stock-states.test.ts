// The item stock states the database keeps (migration 0018) for the dashboard's low-stock figure: after every kind of
// change that moves an item's status — a posting, a reservation, a new item, its minStock, the threshold setting, a
// warehouse leaving planning — lowStockCount equals what /inventory's stockStats computes from the balances, item by
// item and in total.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings } from '@/server/kernel/platform.table.ts';
import { createTestDatabase, type TestDatabase } from '@/server/testing/test-db.ts';
import { resourceEngine } from '@/resources/index.ts';
import { items } from '@/resources/items/items.table.ts';
import { warehouses } from '@/resources/warehouses/warehouses.table.ts';
import { postToLedger, releaseStock, reserveStock, type LedgerIntent } from './ledger.ts';
import { lowStockCount, stockStats } from './stock-read.service.ts';
import { LOW_STOCK_THRESHOLD } from './stock-settings-keys.ts';

let t: TestDatabase;
let unitId: number;
let main: number;
let branch: number;
let docId = 0;
const ctx = { userId: null, actor: 'test' } as const;
const kinds = ['product', 'semi_finished'] as const;

beforeAll(async () => {
  t = await createTestDatabase();
  await resourceEngine.ensureSeeds(t.db);
  unitId = (await resourceEngine.idsByLabel(t.db, '/units')).get('шт')!;
  const whs = await t.db.transaction((tx) =>
    resourceEngine.insertAll(tx, ctx, '/warehouses', [
      { code: 'S1', name: 'Основний', type: 'finished_goods' },
      { code: 'S2', name: 'Філія', type: 'finished_goods' },
    ]),
  );
  main = whs[0]!.id;
  branch = whs[1]!.id;
});
afterAll(() => t.close());

let sku = 0;
async function product(minStock?: string) {
  const [row] = await t.db.transaction((tx) =>
    resourceEngine.insertAll(tx, ctx, '/products', [
      { kind: 'product', sku: `ST-${++sku}`, name: `Виріб ${sku}`, unitId, ...(minStock ? { minStock } : {}) },
    ]),
  );
  return row!.id;
}

const post = (intents: LedgerIntent[]) =>
  t.db.transaction((tx) =>
    postToLedger(
      tx,
      { type: 'adjustment', id: ++docId, number: `ADJ-${docId}`, date: '2026-11-20', userId: null },
      intents,
    ),
  );

async function stateOf(itemId: number): Promise<string | undefined> {
  const result = (await t.db.execute(
    sql`select state from item_stock_states where item_id = ${itemId}`,
  )) as unknown as {
    rows: Array<{ state: string }>;
  };
  return result.rows[0]?.state;
}

async function expectAgreement() {
  const stats = await stockStats(t.db, { kinds });
  expect(await lowStockCount(t.db, kinds)).toBe(stats.lowStock + stats.outOfStock);
}

describe('item stock states', () => {
  it('follow postings, reservations, minStock, the threshold and the planning warehouses', async () => {
    const a = await product();
    expect(await stateOf(a)).toBe('out');
    await expectAgreement();

    await post([{ kind: 'in', itemId: a, warehouseId: main, qty: '8', unitCost: '1' }]);
    expect(await stateOf(a)).toBe('low'); // 8 ≤ the default threshold 10
    await post([{ kind: 'in', itemId: a, warehouseId: branch, qty: '5', unitCost: '1' }]);
    expect(await stateOf(a)).toBe('in');
    await expectAgreement();

    await t.db.transaction((tx) =>
      reserveStock(tx, { itemId: a, warehouseId: main, qty: '4', sourceType: 'order_line', sourceId: 1 }),
    );
    expect(await stateOf(a)).toBe('low'); // 13 − 4 = 9
    await t.db.transaction((tx) => releaseStock(tx, 'order_line', 1));
    expect(await stateOf(a)).toBe('in');

    await t.db.update(items).set({ minStock: '20' }).where(eq(items.id, a));
    expect(await stateOf(a)).toBe('low');
    await t.db.update(items).set({ minStock: null }).where(eq(items.id, a));
    expect(await stateOf(a)).toBe('in');
    await expectAgreement();

    await t.db.insert(settings).values({ key: LOW_STOCK_THRESHOLD, value: 15 });
    expect(await stateOf(a)).toBe('low');
    await t.db.update(settings).set({ value: 12 }).where(eq(settings.key, LOW_STOCK_THRESHOLD));
    expect(await stateOf(a)).toBe('in');
    await expectAgreement();
    await t.db.delete(settings).where(eq(settings.key, LOW_STOCK_THRESHOLD));

    await t.db.update(warehouses).set({ includeInPlanning: false }).where(eq(warehouses.id, branch));
    expect(await stateOf(a)).toBe('low'); // only the main warehouse's 8 count
    await expectAgreement();
    await t.db.update(warehouses).set({ includeInPlanning: true }).where(eq(warehouses.id, branch));
    expect(await stateOf(a)).toBe('in');

    await post([
      { kind: 'out', itemId: a, warehouseId: main, qty: '8' },
      { kind: 'out', itemId: a, warehouseId: branch, qty: '5' },
    ]);
    expect(await stateOf(a)).toBe('out');
    await expectAgreement();
  });

  it('count only active, stock-controlled items of the kinds asked, as stockStats does', async () => {
    const low = await product('100');
    await post([{ kind: 'in', itemId: low, warehouseId: main, qty: '3', unitCost: '1' }]);
    const uncontrolled = await product();
    await t.db.update(items).set({ stockControl: false }).where(eq(items.id, uncontrolled));
    const inactive = await product();
    await t.db.update(items).set({ isActive: false }).where(eq(items.id, inactive));
    const before = await lowStockCount(t.db, kinds);
    await expectAgreement();
    await t.db.update(items).set({ stockControl: true }).where(eq(items.id, uncontrolled));
    expect(await lowStockCount(t.db, kinds)).toBe(before + 1);
    expect(await lowStockCount(t.db, ['component'])).toBe(0);
    await expectAgreement();
  });
});
