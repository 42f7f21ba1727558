// Material shortage (warehouse.md §4 "Done means"), through the real endpoints: a confirmed order for 10 products
// whose BOM needs 4 resistors each, with 25 resistors in stock, shows a shortage of 15 and the order in 'Джерела';
// a supplier order made from the row and sent removes the row (drafts are not supply, and the dashboard figure drops
// by one); an order due tomorrow with a supplier lead time of 5 days is 'Критичний' and raises the critical
// notification, resolved by receiving the goods; a semi-finished item with enough free stock stops the explosion.
// Also the MO needs (a released MO with a partial reservation, in progress → critical, planned MOs and the setting),
// pack rounding, alternatives, filters, the settings and permissions. BOMs are written straight into their tables
// (their editor is another module's); MOs go through the manufacturing services.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bomLines, boms } from '@/modules/bom/server/bom.table.ts';
import { recipes } from '@/modules/recipes/server/recipes.table.ts';
import { bomMaterials, resolveProductionSpec } from '@/modules/production/server/index.ts';
import {
  createManufacturingOrder,
  releaseManufacturingOrder,
  startManufacturingOrder,
} from '@/modules/manufacturing/server/index.ts';
import { notifications } from '@/modules/notifications/server/index.ts';
import { replaceUserRoles } from '@/modules/roles/server/index.ts';
import { checkLedger } from '@/modules/stock/server/index.ts';
import { auditLog } from '@/modules/system-logs/server/index.ts';
import { createSalesFixture, type SalesFixture } from '@/server/testing/sales-fixture.ts';
import { createUser, signIn } from '@/server/testing/test-app.ts';
import { addDays, kyivToday } from '@/shared/kyiv-date.ts';
import { sampleEdrpou } from '@/shared/requisites.ts';
import type { ShortageRow, ShortageSources } from '../shortage.contract.ts';
import {
  checkCriticalShortages,
  criticalShortageKey,
  invalidateShortage,
  roundUpToPack,
  runShortageCheck,
  shortageCounts,
  shortageSnapshot,
} from './index.ts';
import { dec, fixed } from '@/shared/decimal.ts';
import { defaultBomIds, materialsOfBoms, recipeBomIds } from './shortage.specs.ts';

let f: SalesFixture;
let supplierId: number;
let otherSupplierId: number;
let documentTypeId: number;
let n = 0;
const today = kyivToday();

type Injected = Awaited<ReturnType<SalesFixture['api']>>;
const ok = async (res: Injected, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};

beforeAll(async () => {
  f = await createSalesFixture();
  const supplier = async (name: string, k: number) =>
    (
      await ok(
        await f.api('POST', '/api/suppliers', {
          legalForm: 'legal_entity',
          name,
          fullName: `ТОВ «${name}»`,
          taxId: sampleEdrpou(k),
        }),
        201,
      )
    ).id as number;
  supplierId = await supplier('Радіодеталі', 5101);
  otherSupplierId = await supplier('Елкомп', 5102);
  documentTypeId = (await f.api('GET', '/api/supplier-document-types')).json()[0].id;
});
afterAll(() => f.t.close());

/** Posts a supplier receipt of `qty` of the item into the fixture's warehouse. */
async function receive(itemId: number, qty: string, unitPrice = '0.50') {
  const draft = await ok(
    await f.api('POST', '/api/supplier-receipts', {
      supplierId,
      warehouseId: f.warehouseId,
      documentTypeId,
      supplierDocNumber: `ВН-SH-${++n}`,
      supplierDocDate: today,
      documentDate: today,
      lines: [{ itemId, qty, unitPrice, vatRate: '0' }],
    }),
    201,
  );
  await ok(await f.api('POST', `/api/supplier-receipts/${draft.id}/post`));
}

async function component(opts: { stock?: string; leadTimeDays?: number; kind?: 'component' | 'material' } = {}) {
  const k = ++n;
  const id = (
    await ok(
      await f.api('POST', '/api/components', {
        sku: `SH-R-${k}`,
        name: `Резистор ${k} кОм`,
        kind: opts.kind ?? 'component',
        unitId: f.unitId,
        ...(opts.leadTimeDays !== undefined ? { leadTimeDays: opts.leadTimeDays } : {}),
      }),
      201,
    )
  ).id as number;
  if (opts.stock) await receive(id, opts.stock);
  return id;
}

async function madeItem(kind: 'product' | 'semi_finished' = 'product', stock?: string) {
  const k = ++n;
  const id = (
    await ok(
      await f.api('POST', '/api/products', {
        sku: `SH-P-${k}`,
        name: kind === 'product' ? `Блок керування ${k}` : `Плата ${k}`,
        kind,
        unitId: f.unitId,
        retailPrice: '100.00',
      }),
      201,
    )
  ).id as number;
  if (stock) await receive(id, stock, '20.00');
  return id;
}

/** An active default BOM of `itemId` (written into its tables: the BOM editor is another module). */
async function bom(
  itemId: number,
  lines: Array<{ itemId: number; qty: string; scrap?: string }>,
  outputQty = '1',
  header: { isDefault?: boolean; status?: 'draft' | 'active' | 'archived' } = {},
) {
  const [row] = await f.t.db
    .insert(boms)
    .values({ itemId, name: 'Основна', outputQty, isDefault: true, status: 'active', ...header })
    .returning({ id: boms.id });
  await f.t.db.insert(bomLines).values(
    lines.map((l, i) => ({
      bomId: row!.id,
      lineNo: i + 1,
      componentItemId: l.itemId,
      qty: l.qty,
      scrapPercent: l.scrap ?? '0',
    })),
  );
  return row!.id;
}

async function suppliers(
  itemId: number,
  rows: Array<{
    supplierId: number;
    isPreferred?: boolean;
    leadTimeDays?: number;
    packQty?: string;
    lastPrice?: string;
  }>,
) {
  await ok(
    await f.api('PUT', `/api/components/${itemId}/suppliers`, {
      suppliers: rows.map((r) => ({ isPreferred: false, ...r })),
    }),
  );
}

/** A confirmed order approved for production. */
async function approvedOrder(itemId: number, qty: string, dueDate: string | null = addDays(today, 30)) {
  const id = await f.order([{ itemId, qty, unitPrice: '100.00' }], { confirm: true, dueDate });
  await ok(await f.api('POST', `/api/orders/${id}/production-approval`, { approved: true }));
  return id;
}

async function rows(query = ''): Promise<ShortageRow[]> {
  invalidateShortage();
  const res = await f.api('GET', `/api/shortage${query ? `?${query}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const rowOf = async (itemId: number) => (await rows(`itemId=${itemId}`))[0];
const sources = async (itemId: number): Promise<ShortageSources> =>
  ok(await f.api('GET', `/api/shortage/${itemId}/sources`));

const ctx = () => ({ userId: f.adminId });

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

describe('needs of manufacturing orders', () => {
  it('counts a released MO net of its partial reservation, critical once it is in progress', async () => {
    const capacitor = await component({ stock: '12' });
    const product = await madeItem();
    await bom(product, [{ itemId: capacitor, qty: '3' }]);
    const start = addDays(today, 20);
    const mo = await f.t.db.transaction(async (tx) => {
      const created = await createManufacturingOrder(tx, ctx(), {
        itemId: product,
        qty: '10',
        plannedStart: start,
        materialsWarehouseId: f.warehouseId,
        outputWarehouseId: f.warehouseId,
      });
      await releaseManufacturingOrder(tx, ctx(), created.id);
      return created;
    });
    // 30 required, 12 reserved by the release, nothing issued: 18 needed; the 12 on hand are all reserved.
    const row = await rowOf(capacitor);
    expect(row).toMatchObject({
      needs: '18.0000',
      available: '0.0000',
      shortage: '18.0000',
      shortageDate: start,
      critical: false,
      neededInProgress: false,
      blockedMos: [{ id: mo.id, number: mo.number }],
    });
    const drill = await sources(capacitor);
    expect(drill.sources).toEqual([
      expect.objectContaining({
        kind: 'mo',
        moId: mo.id,
        moNumber: mo.number,
        moStatus: 'released',
        qty: '18.0000',
        productId: product,
        productQty: '10.0000',
        date: start,
      }),
    ]);

    await f.t.db.transaction((tx) => startManufacturingOrder(tx, ctx(), mo.id));
    expect(await rowOf(capacitor)).toMatchObject({ critical: true, neededInProgress: true });
    const check = await runShortageCheck(f.t.db);
    expect(check?.raised).toContain(capacitor);
    const [note] = await f.t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.dedupeKey, criticalShortageKey(capacitor)), eq(notifications.isResolved, false)));
    expect(note?.message).toContain(`Заблоковані виробничі замовлення: ${mo.number}`);
    expect(await checkLedger(f.t.db)).toEqual({ ok: true, problems: [] });
  });

  it('explodes planned MOs (no snapshot yet) unless the setting leaves them out', async () => {
    const wire = await component({ kind: 'material' });
    const product = await madeItem();
    await bom(product, [{ itemId: wire, qty: '1.5', scrap: '10' }]);
    await f.t.db.transaction((tx) =>
      createManufacturingOrder(tx, ctx(), {
        itemId: product,
        qty: '4',
        materialsWarehouseId: f.warehouseId,
        outputWarehouseId: f.warehouseId,
      }),
    );
    // 4 × 1.5 × 1.1 = 6.6, dated today (no planned start).
    expect(await rowOf(wire)).toMatchObject({ needs: '6.6000', shortage: '6.6000', shortageDate: today });

    const saved = await ok(await f.api('PATCH', '/api/shortage/settings', { includePlannedMOs: false }));
    expect(saved).toEqual({ defaultLeadTimeDays: 7, includePlannedMOs: false });
    expect(await rowOf(wire)).toBeUndefined();
    await ok(await f.api('PATCH', '/api/shortage/settings', { includePlannedMOs: true }));
    expect(await rowOf(wire)).toMatchObject({ shortage: '6.6000' });
  });
});

describe('rows, actions and settings', () => {
  it('rounds up to the pack, prices the estimate and lists alternatives that have free stock', async () => {
    const chip = await component();
    await suppliers(chip, [{ supplierId, isPreferred: true, packQty: '100', lastPrice: '2.5' }]);
    const alternative = await component({ stock: '7' });
    const empty = await component();
    await ok(
      await f.api('PUT', `/api/components/${chip}/alternatives`, {
        alternatives: [{ itemId: alternative, note: 'Аналог' }, { itemId: empty }],
      }),
    );
    const product = await madeItem();
    await bom(product, [{ itemId: chip, qty: '13' }]);
    await approvedOrder(product, '10');
    expect(await rowOf(chip)).toMatchObject({
      shortage: '130.0000',
      packQty: '100.0000',
      suggestedQty: '200.0000',
      lastPrice: '2.500000',
      estimatedCost: '500.00',
      preferredSupplierId: supplierId,
      preferredSupplierName: 'Радіодеталі',
      alternatives: [expect.objectContaining({ itemId: alternative, available: '7.0000', note: 'Аналог' })],
    });
    expect(fixed(roundUpToPack(dec('200'), '100'), 0)).toBe('200');
    expect(fixed(roundUpToPack(dec('0.5'), '0.2'), 1)).toBe('0.6');

    // Filters: supplier, search, category-less.
    expect((await rows(`supplierId=${supplierId}`)).map((r) => r.itemId)).toContain(chip);
    expect((await rows(`supplierId=${otherSupplierId}`)).map((r) => r.itemId)).not.toContain(chip);
    const sku = (await rowOf(chip))!.sku;
    expect((await rows(`search=${encodeURIComponent(sku.toLowerCase())}`)).map((r) => r.itemId)).toEqual([chip]);
    const paged = await f.api('GET', '/api/shortage?limit=1&sort=-shortage');
    expect(paged.json()).toHaveLength(1);
    expect(Number(paged.headers['x-total-count'])).toBeGreaterThan(1);
    const stats = await ok(await f.api('GET', `/api/shortage/stats?itemId=${chip}`));
    expect(stats).toEqual({ items: 1, critical: 0, estimatedCost: '500.00', withoutSupplier: 0 });
  });

  it('asks for a supplier for rows without one (422) and groups the drafts by supplier', async () => {
    const a = await component();
    await suppliers(a, [{ supplierId, isPreferred: true }]);
    const b = await component();
    const c = await component();
    await suppliers(c, [{ supplierId: otherSupplierId, isPreferred: true }]);
    const product = await madeItem();
    await bom(product, [
      { itemId: a, qty: '1' },
      { itemId: b, qty: '2' },
      { itemId: c, qty: '3' },
    ]);
    await approvedOrder(product, '5');
    invalidateShortage();

    const refused = await f.api('POST', '/api/shortage/create-supplier-orders', {
      lines: [{ itemId: a }, { itemId: b }, { itemId: c }],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatch(/^Оберіть постачальника для: SH-R-\d+/);
    expect(refused.json().fields).toEqual({ 'lines.1.supplierId': 'Оберіть постачальника' });

    const created = await ok(
      await f.api('POST', '/api/shortage/create-supplier-orders', {
        lines: [{ itemId: a }, { itemId: b, supplierId, qty: '12' }, { itemId: c }],
      }),
      201,
    );
    expect(created.orders).toEqual([
      expect.objectContaining({ supplierId, lines: 2 }),
      expect.objectContaining({ supplierId: otherSupplierId, lines: 1 }),
    ]);
    const first = await ok(await f.api('GET', `/api/supplier-orders/${created.ids[0]}`));
    expect(first.lines.map((l: { itemId: number; qty: string }) => [l.itemId, l.qty])).toEqual([
      [a, '5.0000'],
      [b, '12.0000'],
    ]);
    const audits = await f.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'supplier_orders'), eq(auditLog.action, 'create')));
    expect(audits.map((x) => x.entityId)).toEqual(expect.arrayContaining(created.ids.map(String)));

    const duplicate = await f.api('POST', '/api/shortage/create-supplier-orders', {
      lines: [{ itemId: a }, { itemId: a }],
    });
    expect(duplicate.statusCode).toBe(400);
    expect((await f.api('POST', '/api/shortage/create-supplier-orders', { lines: [] })).statusCode).toBe(400);
  });

  it('reads and saves the settings with an audit record and validates them', async () => {
    expect(await ok(await f.api('GET', '/api/shortage/settings'))).toEqual({
      defaultLeadTimeDays: 7,
      includePlannedMOs: true,
    });
    const bad = await f.api('PATCH', '/api/shortage/settings', { defaultLeadTimeDays: 400 });
    expect(bad.statusCode).toBe(400);
    const saved = await ok(await f.api('PATCH', '/api/shortage/settings', { defaultLeadTimeDays: 45 }));
    expect(saved.defaultLeadTimeDays).toBe(45);
    const [entry] = await f.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'settings'), eq(auditLog.entityId, 'shortage')));
    expect(entry).toMatchObject({ action: 'setting_change', userId: f.adminId });

    // A long default lead time makes a component with no lead time critical for a need in 30 days.
    const part = await component();
    const product = await madeItem();
    await bom(product, [{ itemId: part, qty: '1' }]);
    await approvedOrder(product, '1');
    expect(await rowOf(part)).toMatchObject({ leadTimeDays: 45, leadTimeSource: 'default', critical: true });
    await ok(await f.api('PATCH', '/api/shortage/settings', { defaultLeadTimeDays: 7 }));
    expect(await rowOf(part)).toMatchObject({ leadTimeDays: 7, critical: false });
  });

  it('memoises the calculation but never hides a change of its inputs', async () => {
    const part = await component();
    const product = await madeItem();
    await bom(product, [{ itemId: part, qty: '2' }]);
    await approvedOrder(product, '3');
    invalidateShortage();
    const first = await shortageSnapshot(f.t.db);
    expect(await shortageSnapshot(f.t.db)).toBe(first);
    expect(first.items.get(part)?.row.shortage).toBe('6.0000');
    // A posting not wired to invalidateShortage() still shows at once.
    await receive(part, '4');
    const second = await shortageSnapshot(f.t.db);
    expect(second).not.toBe(first);
    expect(second.items.get(part)?.row.shortage).toBe('2.0000');
    const listed = (await f.api('GET', `/api/shortage?itemId=${part}`)).json();
    expect(listed[0].shortage).toBe('2.0000');
    expect(await shortageSnapshot(f.t.db)).toBe(second);
    // Nor a change made straight in SQL, wired to nothing: the input tables' triggers bump the memo's stamp.
    await f.t.db.update(bomLines).set({ qty: '3' }).where(eq(bomLines.componentItemId, part));
    const third = await shortageSnapshot(f.t.db);
    expect(third).not.toBe(second);
    expect(third.items.get(part)?.row.shortage).toBe('5.0000');
  });

  it('answers 404 for sources of an unknown item', async () => {
    expect((await f.api('GET', '/api/shortage/999999/sources')).statusCode).toBe(404);
  });
});

describe('permissions', () => {
  it('lets a viewer read but not act, and refuses a user without the page', async () => {
    const role = await ok(await f.api('POST', '/api/roles', { name: `Дефіцит перегляд ${++n}` }), 201);
    await ok(
      await f.api('PUT', `/api/roles/${role.id}/permissions`, {
        permissions: [{ route: '/shortage', canView: true, canAccess: false }],
      }),
    );
    const viewer = await createUser(f.t.db, { password: 'view-pass' });
    await replaceUserRoles(f.t.db, viewer.id, [role.id]);
    const viewerCookie = (await signIn(f.t.app, viewer.username, 'view-pass')).cookie;
    for (const url of ['/api/shortage', '/api/shortage/stats', '/api/shortage/settings']) {
      expect((await f.api('GET', url, undefined, viewerCookie)).statusCode).toBe(200);
    }
    const item = await component();
    expect((await f.api('GET', `/api/shortage/${item}/sources`, undefined, viewerCookie)).statusCode).toBe(200);
    expect(
      (
        await f.api(
          'POST',
          '/api/shortage/create-supplier-orders',
          { lines: [{ itemId: item, qty: '1', supplierId }] },
          viewerCookie,
        )
      ).statusCode,
    ).toBe(403);
    expect((await f.api('PATCH', '/api/shortage/settings', { defaultLeadTimeDays: 3 }, viewerCookie)).statusCode).toBe(
      403,
    );

    const stranger = await createUser(f.t.db, { password: 'none-pass' });
    const strangerCookie = (await signIn(f.t.app, stranger.username, 'none-pass')).cookie;
    expect((await f.api('GET', '/api/shortage', undefined, strangerCookie)).statusCode).toBe(403);
    expect((await f.api('GET', `/api/shortage/${item}/sources`, undefined, strangerCookie)).statusCode).toBe(403);
  });
});
