// Material shortage (warehouse.md §4 "Done means"), through the real endpoints: a confirmed order for 10 products
// whose BOM needs 4 resistors each, with 25 resistors in stock, shows a shortage of 15 and the order in 'Джерела';
// a supplier order made from the row and sent removes the row (drafts are not supply, and the dashboard figure drops
// by one); an order due tomorrow with a supplier lead time of 5 days is 'Критичний' and raises the critical
// notification, resolved by receiving the goods; a semi-finished item with enough free stock stops the explosion.
// Also the MO needs (a released MO with a partial reservation, in progress → critical, planned MOs and the setting),
// pack rounding, alternatives, filters, the settings and permissions (in shortage.needs.test.ts). BOMs are written
// straight into their tables (their editor is another module's); MOs go through the manufacturing services.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { recipes } from '@/modules/recipes/server/recipes.table.ts';
import { bomMaterials, resolveProductionSpec } from '@/modules/production/server/index.ts';
import { notifications } from '@/modules/notifications/server/index.ts';
import { checkLedger } from '@/modules/stock/server/index.ts';
import type { SalesFixture } from '@/server/testing/sales-fixture.ts';
import { addDays } from '@/shared/kyiv-date.ts';
import {
  checkCriticalShortages,
  criticalShortageKey,
  invalidateShortage,
  runShortageCheck,
  shortageCounts,
} from './index.ts';
import { defaultBomIds, materialsOfBoms, recipeBomIds } from './shortage.specs.ts';
import { shortageSuite } from './shortage.routes.kit.ts';

const kit = shortageSuite();
const { ok, today, receive, component, madeItem, bom, suppliers, approvedOrder, rows, rowOf, sources } = kit;
let f: SalesFixture;
let supplierId: number;
beforeAll(() => {
  ({ f, supplierId } = kit.state());
});

describe('material shortage — Done means', () => {
  it('shows 15 short for 10 ordered products needing 4 resistors each with 25 in stock, and the order as source', async () => {
    const resistor = await component({ stock: '25' });
    const product = await madeItem();
    await bom(product, [{ itemId: resistor, qty: '4' }]);
    const orderId = await approvedOrder(product, '10');

    const row = await rowOf(resistor);
    expect(row).toMatchObject({
      itemId: resistor,
      needs: '40.0000',
      available: '25.0000',
      onOrder: '0.0000',
      inDrafts: '0.0000',
      shortage: '15.0000',
      suggestedQty: '15.0000',
      shortageDate: addDays(today, 30),
      unitShortName: 'шт',
      critical: false,
      leadTimeDays: 7,
      leadTimeSource: 'default',
    });
    // The product itself is made, not bought: it is no row.
    expect((await rows()).some((r) => r.itemId === product)).toBe(false);

    const drill = await sources(resistor);
    expect(drill).toMatchObject({ needs: '40.0000', shortage: '15.0000' });
    expect(drill.sources).toHaveLength(1);
    expect(drill.sources[0]).toMatchObject({
      kind: 'order',
      orderId,
      orderNumber: expect.stringMatching(/^ORD-\d{4}-\d{5}$/),
      clientName: 'Енергоплюс',
      productId: product,
      productQty: '10.0000',
      qty: '40.0000',
      uncovered: '15.0000',
      dueDate: addDays(today, 30),
    });
  });

  it('keeps the row while the supplier order is a draft and removes it when the order is sent', async () => {
    const resistor = await component({ stock: '25' });
    await suppliers(resistor, [{ supplierId, isPreferred: true, lastPrice: '0.48' }]);
    const product = await madeItem();
    await bom(product, [{ itemId: resistor, qty: '4' }]);
    await approvedOrder(product, '10');
    expect((await rowOf(resistor))?.shortage).toBe('15.0000');
    invalidateShortage();
    const before = await shortageCounts(f.t.db);

    const created = await ok(
      await f.api('POST', '/api/shortage/create-supplier-orders', { lines: [{ itemId: resistor }] }),
      201,
    );
    expect(created.ids).toHaveLength(1);
    expect(created.orders[0]).toMatchObject({ supplierId, supplierName: 'Радіодеталі', lines: 1 });
    const draft = await ok(await f.api('GET', `/api/supplier-orders/${created.ids[0]}`));
    expect(draft).toMatchObject({ status: 'draft', supplierId });
    expect(draft.lines[0]).toMatchObject({ itemId: resistor, qty: '15.0000', unitPrice: '0.480000' });

    // A draft is not supply: the row stays, showing it under 'У чернетках'.
    expect(await rowOf(resistor)).toMatchObject({ shortage: '15.0000', inDrafts: '15.0000', onOrder: '0.0000' });

    await ok(await f.api('POST', `/api/supplier-orders/${draft.id}/send`, { version: draft.version }));
    expect(await rowOf(resistor)).toBeUndefined();
    invalidateShortage();
    const after = await shortageCounts(f.t.db);
    expect(after.materialShortages).toBe(before.materialShortages - 1);
    const drill = await sources(resistor);
    expect(drill).toMatchObject({ onOrder: '15.0000', shortage: '0.0000' });
    expect(drill.supplierOrders).toEqual([
      expect.objectContaining({ id: draft.id, status: 'sent', supplierName: 'Радіодеталі', qty: '15.0000' }),
    ]);
  });

  it("marks an order due tomorrow with a 5-day supplier lead time 'Критичний', notifies, and resolves on receipt", async () => {
    const resistor = await component({ stock: '25' });
    await suppliers(resistor, [{ supplierId, isPreferred: true, leadTimeDays: 5 }]);
    const product = await madeItem();
    await bom(product, [{ itemId: resistor, qty: '4' }]);
    await approvedOrder(product, '10', addDays(today, 1));

    const row = await rowOf(resistor);
    expect(row).toMatchObject({
      shortage: '15.0000',
      shortageDate: addDays(today, 1),
      leadTimeDays: 5,
      leadTimeSource: 'supplier',
      critical: true,
    });
    expect((await rows('critical=true')).map((r) => r.itemId)).toContain(resistor);
    expect((await rows('critical=false')).map((r) => r.itemId)).not.toContain(resistor);

    const check = await runShortageCheck(f.t.db);
    expect(check?.raised).toContain(resistor);
    const key = criticalShortageKey(resistor);
    const open = await f.t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.dedupeKey, key), eq(notifications.isResolved, false)));
    expect(open.length).toBeGreaterThan(0);
    const [yy, mm, dd] = addDays(today, 1).split('-');
    expect(open.find((x) => x.userId === f.adminId)).toMatchObject({
      type: 'error',
      priority: 'critical',
      actionRequired: true,
      title: `Критичний дефіцит: ${row!.name}`,
      message: `Бракує 15 шт, потрібно до ${dd}.${mm}.${yy}. Заблокованих виробничих замовлень немає.`,
      relatedEntityType: 'item',
      relatedEntityId: String(resistor),
      relatedLabel: `${row!.name} (${row!.sku})`,
      actionUrl: `/shortage?itemId=${resistor}`,
    });
    // A second check leaves it alone (one notification, still unread).
    await f.t.db.transaction((tx) => checkCriticalShortages(tx));
    const again = await f.t.db.select().from(notifications).where(eq(notifications.dedupeKey, key));
    expect(again).toHaveLength(open.length);

    await receive(resistor, '15');
    const after = await runShortageCheck(f.t.db);
    expect(after?.resolved).toContain(resistor);
    const left = await f.t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.dedupeKey, key), eq(notifications.isResolved, false)));
    expect(left).toHaveLength(0);
    expect(await rowOf(resistor)).toBeUndefined();
    expect(await checkLedger(f.t.db)).toEqual({ ok: true, problems: [] });
  });

  it('stops the explosion at a semi-finished item with enough free stock', async () => {
    const solder = await component({ kind: 'material' });
    const board = await madeItem('semi_finished', '10');
    await bom(board, [{ itemId: solder, qty: '5' }]);
    const resistor = await component();
    const product = await madeItem();
    await bom(product, [
      { itemId: board, qty: '1' },
      { itemId: resistor, qty: '2' },
    ]);
    await approvedOrder(product, '10');

    expect(await rowOf(solder)).toBeUndefined();
    expect((await sources(solder)).sources).toEqual([]);
    expect(await rowOf(resistor)).toMatchObject({ needs: '20.0000', shortage: '20.0000' });

    // Six more products: the board's free stock is used up, 6 boards are exploded into 30 of solder.
    await approvedOrder(product, '6');
    expect(await rowOf(solder)).toMatchObject({ needs: '30.0000', shortage: '30.0000' });
    const drill = await sources(solder);
    expect(drill.sources.map((s) => s.path)).toEqual([expect.stringContaining('Плата'), expect.any(String)]);
    expect(drill.sources.reduce((s, x) => s + Number(x.qty), 0)).toBe(30);
  });
});

describe('production specs', () => {
  it('resolves BOMs for many items exactly as resolveProductionSpec and bomMaterials do', async () => {
    const [c1, c2, c3] = [await component(), await component(), await component()];
    const a = await madeItem();
    const b1 = await bom(
      a,
      [
        { itemId: c1, qty: '3', scrap: '2' },
        { itemId: c2, qty: '0.5' },
      ],
      '2',
    );
    const b = await madeItem();
    await bom(b, [{ itemId: c1, qty: '1' }]);
    const b3 = await bom(b, [{ itemId: c3, qty: '7' }], '1', { isDefault: false, status: 'draft' });
    const [recipeB] = await f.t.db
      .insert(recipes)
      .values({ itemId: b, name: 'Ручна пайка', bomId: b3, batchSize: '10', isDefault: true })
      .returning({ id: recipes.id });
    const c = await madeItem();
    const archived = await bom(c, [{ itemId: c2, qty: '1' }], '1', { isDefault: false, status: 'archived' });
    await f.t.db.insert(recipes).values({ itemId: c, name: 'Стара', bomId: archived, batchSize: '1', isDefault: true });
    await bom(c, [{ itemId: c3, qty: '2' }]);
    const d = await madeItem();
    await bom(d, [{ itemId: c1, qty: '1' }], '1', { status: 'draft' });

    const batched = await defaultBomIds(f.t.db, [a, b, c, d]);
    for (const item of [a, b, c, d]) {
      const spec = await resolveProductionSpec(f.t.db, item);
      expect(batched.get(item) ?? null).toBe(spec?.bom.id ?? null);
      if (spec) {
        const { materials } = await materialsOfBoms(f.t.db, [spec.bom.id]);
        expect(materials.get(spec.bom.id)).toEqual(await bomMaterials(f.t.db, spec.bom.id));
      }
    }
    expect(batched.get(a)).toBe(b1);
    expect(batched.get(b)).toBe(b3);
    expect(batched.has(d)).toBe(false);
    const byRecipe = await recipeBomIds(f.t.db, [
      { itemId: b, recipeId: recipeB!.id },
      { itemId: a, recipeId: recipeB!.id },
    ]);
    expect([...byRecipe]).toEqual([[recipeB!.id, b3]]);

    // The explosion follows the default recipe's BOM: 7 × c3 per unit of b, nothing of c1.
    await approvedOrder(b, '2');
    expect(await rowOf(c3)).toMatchObject({ needs: '14.0000' });
    expect((await sources(c1)).sources.some((s) => s.productId === b)).toBe(false);
  });
});
