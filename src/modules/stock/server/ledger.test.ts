// The stock ledger (domain README §3–4): receipts at cost move the average, issues leave at it, transfers never
// move it, the last issue takes exactly the value left, shortages refuse the whole document, reversals negate
// history, reservations hold stock — and the invariants hold after each step. On PostgreSQL, 200 parallel issues
// never oversell and parallel numbering never repeats.
import { and, eq } from 'drizzle-orm';
import { auditLog } from '@/modules/system-logs/server/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings } from '@/server/kernel/platform.table.ts';
import { createTestDatabase, type TestDatabase } from '@/server/testing/test-db.ts';
import { openDatabase } from '@/server/kernel/db.ts';
import { resourceEngine } from '@/resources/index.ts';
import { checkLedger } from './invariants.ts';
import {
  ALLOW_NEGATIVE_STOCK,
  ledgerMessages,
  postManyToLedger,
  postToLedger,
  releaseStock,
  reserveStock,
  reverseInLedger,
  type LedgerDocument,
  type LedgerIntent,
  type PostedMovement,
} from './ledger.ts';
import { nextNumber } from './numbering.ts';
import { itemCosts, stockBalances, stockMovements } from './stock.table.ts';

let t: TestDatabase;
let unitId: number;
let main: number;
let second: number;
let docId = 0;
const ctx = { userId: null, actor: 'test' } as const;

beforeAll(async () => {
  t = await createTestDatabase();
  await resourceEngine.ensureSeeds(t.db);
  unitId = (await resourceEngine.idsByLabel(t.db, '/units')).get('шт')!;
  const whs = await t.db.transaction((tx) =>
    resourceEngine.insertAll(tx, ctx, '/warehouses', [
      { code: 'W1', name: 'Склад 1', type: 'materials' },
      { code: 'W2', name: 'Склад 2', type: 'materials' },
    ]),
  );
  main = whs[0]!.id;
  second = whs[1]!.id;
});
afterAll(() => t.close());

let skuCounter = 0;
async function item(kind: 'component' | 'service' = 'component') {
  skuCounter++;
  const route = kind === 'service' ? '/products' : '/components';
  const [row] = await t.db.transaction((tx) =>
    resourceEngine.insertAll(tx, ctx, route, [
      { kind, sku: `LED-${skuCounter}`, name: `Позиція ${skuCounter}`, unitId },
    ]),
  );
  return row!.id;
}

const post = (intents: LedgerIntent[], type: LedgerDocument['type'] = 'adjustment') => {
  const doc: LedgerDocument = { type, id: ++docId, number: `ADJ-2026-${docId}`, date: '2026-11-20', userId: null };
  return t.db.transaction(async (tx) => ({ doc, moved: await postToLedger(tx, doc, intents) }));
};
const cost = async (itemId: number) => (await t.db.select().from(itemCosts).where(eq(itemCosts.itemId, itemId)))[0]!;
const onHand = async (itemId: number, warehouseId: number) =>
  (await t.db.select().from(stockBalances).where(eq(stockBalances.itemId, itemId))).find(
    (b) => b.warehouseId === warehouseId,
  );
const expectInvariant = async () => expect(await checkLedger(t.db)).toEqual({ ok: true, problems: [] });

describe('stock ledger', () => {
  it('moves the average on receipts at cost and issues at it', async () => {
    const id = await item();
    await post([{ kind: 'in', itemId: id, warehouseId: main, qty: '10', unitCost: '5' }], 'supplier_receipt');
    await post([{ kind: 'in', itemId: id, warehouseId: main, qty: '10', unitCost: '7' }], 'supplier_receipt');
    expect(await cost(id)).toMatchObject({ qty: '20.0000', value: '120.00', avgCost: '6.000000' });
    const { moved } = await post([{ kind: 'out', itemId: id, warehouseId: main, qty: '5' }], 'shipment');
    expect(moved[0]).toMatchObject({ qty: '-5.0000', unitCost: '6.000000', value: '-30.00' });
    expect(await cost(id)).toMatchObject({ qty: '15.0000', value: '90.00', avgCost: '6.000000' });
    await expectInvariant();
  });

  it('lets the issue that empties an item take exactly the value left', async () => {
    const id = await item();
    await post([{ kind: 'in', itemId: id, warehouseId: main, qty: '3', unitCost: '0.333333' }]);
    expect((await cost(id)).value).toBe('1.00');
    await post([{ kind: 'out', itemId: id, warehouseId: main, qty: '1' }]);
    const { moved } = await post([{ kind: 'out', itemId: id, warehouseId: main, qty: '2' }]);
    expect(moved[0]!.value).toBe('-0.67');
    expect(await cost(id)).toMatchObject({ qty: '0.0000', value: '0.00' });
    await expectInvariant();
  });

  it('transfers at the same value, so the average does not move', async () => {
    const id = await item();
    await post([{ kind: 'in', itemId: id, warehouseId: main, qty: '4', unitCost: '2.5' }]);
    const { moved } = await post(
      [{ kind: 'transfer', itemId: id, fromWarehouseId: main, toWarehouseId: second, qty: '1.5' }],
      'transfer',
    );
    expect(moved.map((m) => [m.warehouseId, m.qty, m.value])).toEqual([
      [main, '-1.5000', '-3.75'],
      [second, '1.5000', '3.75'],
    ]);
    expect(await cost(id)).toMatchObject({ qty: '4.0000', value: '10.00', avgCost: '2.500000' });
    expect((await onHand(id, second))!.onHand).toBe('1.5000');
    await expectInvariant();
  });

  it('refuses a document that would oversell any line, naming every short line, and changes nothing', async () => {
    const a = await item();
    const b = await item();
    await post([{ kind: 'in', itemId: a, warehouseId: main, qty: '2', unitCost: '1' }]);
    const before = await t.db.select().from(stockMovements);
    await expect(
      post([
        { kind: 'out', itemId: a, warehouseId: main, qty: '3' },
        { kind: 'out', itemId: b, warehouseId: main, qty: '1' },
      ]),
    ).rejects.toMatchObject({
      status: 409,
      message: `Недостатньо запасу: LED-${skuCounter - 1} (Склад 1): потрібно 3, доступно 2; LED-${skuCounter} (Склад 1): потрібно 1, доступно 0`,
    });
    expect(await t.db.select().from(stockMovements)).toHaveLength(before.length);
    await expectInvariant();
  });

  it('allows negative stock only when the setting says so', async () => {
    const id = await item();
    await t.db.insert(settings).values({ key: ALLOW_NEGATIVE_STOCK, value: true });
    try {
      await post([{ kind: 'out', itemId: id, warehouseId: main, qty: '2' }]);
      expect((await onHand(id, main))!.onHand).toBe('-2.0000');
      expect(await checkLedger(t.db)).toEqual({ ok: true, problems: [] });
      // Back to zero, so the later checks (with the setting off) see no negative stock.
      await post([{ kind: 'in', itemId: id, warehouseId: main, qty: '2', unitCost: '1' }]);
    } finally {
      await t.db.delete(settings).where(eq(settings.key, ALLOW_NEGATIVE_STOCK));
    }
  });

  it('cancels by exact reversal, and refuses to cancel a receipt whose goods are gone', async () => {
    const id = await item();
    const receipt = await post([{ kind: 'in', itemId: id, warehouseId: main, qty: '5', unitCost: '4' }]);
    const issue = await post([{ kind: 'out', itemId: id, warehouseId: main, qty: '4' }]);
    await expect(t.db.transaction((tx) => reverseInLedger(tx, receipt.doc))).rejects.toMatchObject({ status: 409 });
    const reversed = await t.db.transaction((tx) => reverseInLedger(tx, issue.doc));
    expect(reversed.map((m) => [m.qty, m.value, m.unitCost])).toEqual([['4.0000', '16.00', '4.000000']]);
    const back = await t.db.transaction((tx) => reverseInLedger(tx, receipt.doc));
    expect(back.map((m) => m.qty)).toEqual(['-5.0000']);
    expect(await cost(id)).toMatchObject({ qty: '0.0000', value: '0.00' });
    await expectInvariant();
  });

  it('notes in the log when a reversal clamps a negative stock value to zero, and only then', async () => {
    const id = await item();
    const notes = () =>
      t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, 'item_costs'), eq(auditLog.entityId, String(id))));
    await post([{ kind: 'in', itemId: id, warehouseId: main, qty: '10', unitCost: '1' }]);
    const dear = await post([{ kind: 'in', itemId: id, warehouseId: main, qty: '10', unitCost: '9' }]);
    // 20 at an average of 5; 5 issued at 5 leave 15 worth 75.
    const issue = await post([{ kind: 'out', itemId: id, warehouseId: main, qty: '5' }]);
    // A plain reversal (the issue back at its own cost) clamps nothing and says nothing.
    await t.db.transaction((tx) => reverseInLedger(tx, issue.doc));
    expect(await notes()).toEqual([]);
    await post([{ kind: 'out', itemId: id, warehouseId: main, qty: '5' }]);
    // Cancelling the dear receipt: 5 left worth 75 − 90 = −15, clamped to 0 — one note says so.
    await t.db.transaction((tx) => reverseInLedger(tx, dear.doc));
    expect(await cost(id)).toMatchObject({ qty: '5.0000', value: '0.00' });
    const [note, ...more] = await notes();
    expect(more).toEqual([]);
    expect(note).toMatchObject({
      action: 'update',
      before: { value: '-15.00' },
      after: {
        value: '0.00',
        warehouseId: main,
        document: { type: 'adjustment', id: dear.doc.id, number: dear.doc.number },
        note: ledgerMessages.valueClamped,
      },
    });
    await expectInvariant();
  });

  it('refuses services, non-positive quantities, and an item without a cost entering at the average', async () => {
    const service = await item('service');
    await expect(post([{ kind: 'in', itemId: service, warehouseId: main, qty: '1', unitCost: '1' }])).rejects.toThrow(
      'послуга, вона не має залишків',
    );
    const id = await item();
    await expect(post([{ kind: 'in', itemId: id, warehouseId: main, qty: '0', unitCost: '1' }])).rejects.toThrow(
      'Кількість має бути більшою за нуль',
    );
    await expect(post([{ kind: 'in_at_average', itemId: id, warehouseId: main, qty: '1' }])).rejects.toThrow(
      'ще немає собівартості',
    );
    await post([{ kind: 'in_at_average', itemId: id, warehouseId: main, qty: '1', unitCost: '3' }]);
    expect((await cost(id)).avgCost).toBe('3.000000');
  });

  it('posts several documents at once exactly as one by one, and refuses them all when one is short', async () => {
    // The same four documents twice: one by one on items a, then in one bulk call on items b.
    const script = (id: number): LedgerIntent[][] => [
      [{ kind: 'in', itemId: id, warehouseId: main, qty: '10', unitCost: '5' }],
      [{ kind: 'in', itemId: id, warehouseId: main, qty: '5', unitCost: '8' }],
      [{ kind: 'transfer', itemId: id, fromWarehouseId: main, toWarehouseId: second, qty: '4' }],
      [
        { kind: 'out', itemId: id, warehouseId: main, qty: '3' },
        { kind: 'out', itemId: id, warehouseId: second, qty: '1' },
      ],
    ];
    const a = await item();
    const single: PostedMovement[][] = [];
    for (const intents of script(a)) single.push((await post(intents)).moved);
    const b = await item();
    const docs = script(b).map((intents) => ({
      doc: { type: 'adjustment' as const, id: ++docId, number: `ADJ-2026-${docId}`, date: '2026-11-20', userId: null },
      intents,
    }));
    const bulk = await t.db.transaction((tx) => postManyToLedger(tx, docs));
    const shape = (moved: typeof single) =>
      moved.map((doc) =>
        doc.map((m) => ({ warehouseId: m.warehouseId, qty: m.qty, unitCost: m.unitCost, value: m.value })),
      );
    expect(bulk.map((doc) => doc.length)).toEqual([1, 1, 2, 2]);
    expect(shape(bulk)).toEqual(shape(single));
    const { itemId: _a, updatedAt: _ua, ...costA } = await cost(a);
    const { itemId: _b, updatedAt: _ub, ...costB } = await cost(b);
    expect(costB).toEqual(costA);
    expect((await onHand(b, second))?.onHand).toBe((await onHand(a, second))?.onHand);
    const movedOfB = await t.db.select().from(stockMovements).where(eq(stockMovements.itemId, b));
    expect(new Set(movedOfB.map((m) => m.documentId))).toEqual(new Set(docs.map((d) => d.doc.id)));

    // The second document would oversell what the first left: nothing of either is written.
    const before = await cost(b);
    const short = [
      { kind: 'out' as const, itemId: b, warehouseId: main, qty: '5' },
      { kind: 'out' as const, itemId: b, warehouseId: main, qty: '5' },
    ].map((intent) => ({
      doc: { type: 'adjustment' as const, id: ++docId, number: `ADJ-2026-${docId}`, date: '2026-11-20', userId: null },
      intents: [intent],
    }));
    await expect(t.db.transaction((tx) => postManyToLedger(tx, short))).rejects.toMatchObject({ status: 409 });
    expect(await cost(b)).toEqual(before);
    await expectInvariant();
  });

  it('holds reserved stock for its source only, and releases it', async () => {
    const id = await item();
    await post([{ kind: 'in', itemId: id, warehouseId: main, qty: '10', unitCost: '1' }]);
    await t.db.transaction((tx) =>
      reserveStock(tx, { itemId: id, warehouseId: main, qty: '6', sourceType: 'order_line', sourceId: 77 }),
    );
    await expect(
      t.db.transaction((tx) =>
        reserveStock(tx, { itemId: id, warehouseId: main, qty: '5', sourceType: 'order_line', sourceId: 78 }),
      ),
    ).rejects.toMatchObject({ status: 409 });
    await expect(post([{ kind: 'out', itemId: id, warehouseId: main, qty: '5' }])).rejects.toMatchObject({
      status: 409,
    });
    await post([
      { kind: 'out', itemId: id, warehouseId: main, qty: '8', consume: { sourceType: 'order_line', sourceId: 77 } },
    ]);
    expect(await onHand(id, main)).toMatchObject({ onHand: '2.0000', reserved: '0.0000' });
    await t.db.transaction((tx) =>
      reserveStock(tx, { itemId: id, warehouseId: main, qty: '2', sourceType: 'order_line', sourceId: 79 }),
    );
    await t.db.transaction((tx) => releaseStock(tx, 'order_line', 79));
    expect(await onHand(id, main)).toMatchObject({ reserved: '0.0000' });
    await expectInvariant();
  });

  it('credits an issue with its own reservation once, never twice (issue 19 §2)', async () => {
    // The demo's reproduction: 2 received, the MO holds 2, issues of 1.575 and 0.63 — the second is 0.205 short.
    const id = await item();
    await post([{ kind: 'in', itemId: id, warehouseId: main, qty: '2', unitCost: '3' }], 'supplier_receipt');
    await t.db.transaction((tx) =>
      reserveStock(tx, { itemId: id, warehouseId: main, qty: '2', sourceType: 'mo_material', sourceId: 501 }),
    );
    const own = { sourceType: 'mo_material', sourceId: 501 };
    await post([{ kind: 'out', itemId: id, warehouseId: main, qty: '1.575', consume: own }], 'mo_issue');
    expect(await onHand(id, main)).toMatchObject({ onHand: '0.4250', reserved: '0.4250' });
    await expect(
      post([{ kind: 'out', itemId: id, warehouseId: main, qty: '0.63', consume: own }], 'mo_issue'),
    ).rejects.toMatchObject({ status: 409, message: expect.stringContaining('потрібно 0,63, доступно 0,425') });
    expect(await onHand(id, main)).toMatchObject({ onHand: '0.4250', reserved: '0.4250' });
    // Another source's reservation is never taken: with 0.425 held for the MO, a free issue finds nothing.
    await expect(post([{ kind: 'out', itemId: id, warehouseId: main, qty: '0.1' }])).rejects.toMatchObject({
      status: 409,
    });
    await post([{ kind: 'out', itemId: id, warehouseId: main, qty: '0.425', consume: own }], 'mo_issue');
    expect(await onHand(id, main)).toMatchObject({ onHand: '0.0000', reserved: '0.0000' });
    await expectInvariant();
  });
});

describe('numbering', () => {
  it('counts per type and year, zero-padded', async () => {
    const numbers = await t.db.transaction(async (tx) => [
      await nextNumber(tx, 'supplier_receipt', '2026-03-01'),
      await nextNumber(tx, 'supplier_receipt', '2026-12-31'),
      await nextNumber(tx, 'transfer', '2026-05-05'),
      await nextNumber(tx, 'supplier_receipt', '2027-01-01'),
    ]);
    expect(numbers).toEqual(['GRN-2026-00001', 'GRN-2026-00002', 'TRF-2026-00001', 'GRN-2027-00001']);
  });

  it('gives a number back when its transaction rolls back', async () => {
    await t.db
      .transaction(async (tx) => {
        await nextNumber(tx, 'adjustment', '2026-01-10');
        throw new Error('rollback');
      })
      .catch(() => undefined);
    expect(await t.db.transaction((tx) => nextNumber(tx, 'adjustment', '2026-01-10'))).toBe('ADJ-2026-00001');
  });
});

describe.runIf(process.env.DATABASE_URL)('on PostgreSQL, concurrently', () => {
  it('never oversells under 200 parallel issues from several connections, and keeps the invariant', async () => {
    const id = await item();
    await post([{ kind: 'in', itemId: id, warehouseId: main, qty: '150', unitCost: '2' }]);
    const wide = await openDatabase({ databaseUrl: t.url!, migrate: false, poolSize: 20 });
    try {
      const results = await Promise.allSettled(
        Array.from({ length: 200 }, (_, i) =>
          wide.db.transaction((tx) =>
            postToLedger(
              tx,
              { type: 'shipment', id: 100_000 + i, number: `SHP-${i}`, date: '2026-11-21', userId: null },
              [{ kind: 'out', itemId: id, warehouseId: main, qty: '1' }],
            ),
          ),
        ),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(150);
      const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(refused).toHaveLength(50);
      expect(refused.every((r) => (r.reason as { status?: number }).status === 409)).toBe(true);
    } finally {
      await wide.close();
    }
    expect(await cost(id)).toMatchObject({ qty: '0.0000', value: '0.00' });
    expect((await onHand(id, main))!.onHand).toBe('0.0000');
    await expectInvariant();
  });

  it('never repeats a number under parallel creation', async () => {
    const wide = await openDatabase({ databaseUrl: t.url!, migrate: false, poolSize: 20 });
    try {
      const numbers = await Promise.all(
        Array.from({ length: 100 }, () => wide.db.transaction((tx) => nextNumber(tx, 'order', '2026-11-21'))),
      );
      expect(new Set(numbers).size).toBe(100);
      expect([...numbers].sort().at(-1)).toBe('ORD-2026-00100');
    } finally {
      await wide.close();
    }
  });
});
