// Material shortage (warehouse.md §4) beyond "Done means": the needs of manufacturing orders (a released MO with a
// partial reservation, in progress → critical, planned MOs and the setting), pack rounding, alternatives, supplier
// drafts, the settings, the memo and permissions.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bomLines } from '@/modules/bom/server/bom.table.ts';
import {
  createManufacturingOrder,
  releaseManufacturingOrder,
  startManufacturingOrder,
} from '@/modules/manufacturing/server/index.ts';
import { notifications } from '@/modules/notifications/server/index.ts';
import { replaceUserRoles } from '@/modules/roles/server/index.ts';
import { checkLedger } from '@/modules/stock/server/index.ts';
import { auditLog } from '@/modules/system-logs/server/index.ts';
import type { SalesFixture } from '@/server/testing/sales-fixture.ts';
import { createUser, signIn } from '@/server/testing/test-app.ts';
import { addDays } from '@/shared/kyiv-date.ts';
import { criticalShortageKey, invalidateShortage, roundUpToPack, runShortageCheck, shortageSnapshot } from './index.ts';
import { dec, fixed } from '@/shared/decimal.ts';
import { shortageSuite } from './shortage.routes.kit.ts';

const kit = shortageSuite();
const { ok, today, receive, component, madeItem, bom, suppliers, approvedOrder, rows, rowOf, sources, ctx } = kit;
let f: SalesFixture;
let supplierId: number;
let otherSupplierId: number;
beforeAll(() => {
  ({ f, supplierId, otherSupplierId } = kit.state());
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
    const role = await ok(await f.api('POST', '/api/roles', { name: `Дефіцит перегляд ${kit.next()}` }), 201);
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
