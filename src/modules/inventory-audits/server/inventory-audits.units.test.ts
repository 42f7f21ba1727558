// An audit line counted in another unit of the stock unit's type (reference-data.md §1 'Conversion'): a count of
// 2,75 кг of an item kept in grams is 2 750 г, the variance against 2 500 г on hand is +250 г and posts so; the typed
// count and unit are kept beside it (and printed); a unit of another type is refused on the line's unit, another unit
// of a serial-tracked item too; cancelling reverses exactly.
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRoleId, replaceUserRoles } from '@/modules/roles/server/index.ts';
import { checkLedger, postToLedger } from '@/modules/stock/server/index.ts';
import { itemCosts, stockMovements } from '@/modules/stock/server/stock.table.ts';
import { createTestApp, createUser, signIn, type TestApp } from '@/server/testing/test-app.ts';
import { resourceEngine } from '@/resources/index.ts';
import { varianceForm } from './inventory-audits.print.ts';

let t: TestApp;
let cookie: string;
let units: Map<string, number>;
let warehouseId: number;

const api = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  t.app.inject({ method, url, payload: payload as object | undefined, headers: { cookie } });

beforeAll(async () => {
  t = await createTestApp();
  await resourceEngine.ensureSeeds(t.db);
  const admin = await createUser(t.db, { password: 'aud-u-pass' });
  await replaceUserRoles(t.db, admin.id, [await adminRoleId(t.db)]);
  cookie = (await signIn(t.app, admin.username, 'aud-u-pass')).cookie;
  units = await resourceEngine.idsByLabel(t.db, '/units');
  warehouseId = (await api('POST', '/api/warehouses', { code: 'AUD-U', name: 'Склад одиниць' })).json().id;
});
afterAll(() => t.close());

let n = 0;
async function stocked(unit: string, qty: string, unitCost: string, extra: Record<string, unknown> = {}) {
  const res = await api('POST', '/api/components', {
    sku: `AUD-U-${++n}`,
    name: `Флюс ${n}`,
    unitId: units.get(unit),
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  const itemId = res.json().id as number;
  await t.db.transaction((tx) =>
    postToLedger(tx, { type: 'adjustment', id: 920_000 + n, number: `U-${n}`, date: '2026-11-20', userId: null }, [
      { kind: 'in', itemId, warehouseId, qty, unitCost },
    ]),
  );
  return { itemId, sku: res.json().sku as string };
}

async function countingAudit(itemIds: number[]) {
  const created = await api('POST', '/api/inventory-audits', {
    documentDate: '2026-11-21',
    warehouseId,
    scope: 'items',
    itemIds,
  });
  expect(created.statusCode, created.body).toBe(201);
  const started = await api('POST', `/api/inventory-audits/${created.json().id}/start`, { version: 1 });
  expect(started.statusCode, started.body).toBe(200);
  const lines = (await api('GET', `/api/inventory-audits/${created.json().id}/lines`)).json();
  return { id: created.json().id as number, lines: lines as Array<{ id: number; itemId: number }> };
}

describe('audit counts in another unit', () => {
  it('counts 2,75 кг of an item kept in г against 2 500 г: +250 г posted; cancel reverses exactly', async () => {
    const { itemId } = await stocked('г', '2500', '0.4');
    const choice = await api('GET', `/api/inventory-audits/item-units?itemId=${itemId}`);
    expect(choice.statusCode, choice.body).toBe(200);
    expect(choice.json().units.map((u: { shortName: string }) => u.shortName)).toEqual(['г', 'кг', 'т']);
    const audit = await countingAudit([itemId]);
    const line = audit.lines[0]!;
    const counted = await api('PATCH', `/api/inventory-audits/${audit.id}/lines/${line.id}`, {
      countedQty: '2,75',
      unitId: units.get('кг'),
    });
    expect(counted.statusCode, counted.body).toBe(200);
    expect(counted.json()).toMatchObject({
      countedQty: '2750.0000',
      enteredQty: '2.7500',
      enteredUnitId: units.get('кг'),
      enteredUnitShortName: 'кг',
      unitShortName: 'г',
      variance: '250.0000',
      varianceValue: '100.00',
    });
    const form = await varianceForm(t.db, audit.id);
    // Thousands are grouped by a no-break space.
    const cells = form.rows[0]!.slice(4, 7).map((cell) => cell.replace(/\s/g, ' '));
    expect(cells).toEqual(['2 500', '2 750 (2,75 кг)', '250']);

    const posted = await api('POST', `/api/inventory-audits/${audit.id}/post`, { uncounted: 'ignore' });
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json().totals).toMatchObject({ surplusQty: '250.0000', surplusValue: '100.00' });
    const moves = await t.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.documentType, 'inventory_audit'), eq(stockMovements.documentId, audit.id)))
      .orderBy(asc(stockMovements.id));
    expect(moves.map((m) => [m.qty, m.value])).toEqual([['250.0000', '100.00']]);
    const [cost] = await t.db.select().from(itemCosts).where(eq(itemCosts.itemId, itemId));
    expect(cost).toMatchObject({ qty: '2750.0000', value: '1100.00' });
    expect(await checkLedger(t.db)).toEqual({ ok: true, problems: [] });

    const cancelled = await api('POST', `/api/inventory-audits/${audit.id}/cancel`, { reason: 'Помилка' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [back] = await t.db.select().from(itemCosts).where(eq(itemCosts.itemId, itemId));
    expect(back).toMatchObject({ qty: '2500.0000', value: '1000.00' });
    expect(await checkLedger(t.db)).toEqual({ ok: true, problems: [] });
  });

  it('refuses a unit of another type and another unit of a serial-tracked item on the line; a count in г clears the кг', async () => {
    const { itemId } = await stocked('г', '100', '1');
    const tracked = await api('POST', '/api/products', {
      sku: `AUD-USN-${++n}`,
      name: 'Прилад',
      unitId: units.get('шт'),
      serialTracking: true,
    });
    expect(tracked.statusCode, tracked.body).toBe(201);
    const audit = await countingAudit([itemId, tracked.json().id]);
    const line = audit.lines.find((l) => l.itemId === itemId)!;
    const url = `/api/inventory-audits/${audit.id}/lines/${line.id}`;
    const wrong = await api('PATCH', url, { countedQty: '1', unitId: units.get('м') });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ unitId: 'Одиниця «м» іншого типу, ніж облікова одиниця позиції «г»' });

    expect((await api('PATCH', url, { countedQty: '0.1', unitId: units.get('кг') })).json()).toMatchObject({
      countedQty: '100.0000',
      enteredQty: '0.1000',
    });
    expect((await api('PATCH', url, { countedQty: '90' })).json()).toMatchObject({
      countedQty: '90.0000',
      enteredQty: null,
      enteredUnitId: null,
      variance: '-10.0000',
    });

    const serialLine = audit.lines.find((l) => l.itemId === tracked.json().id)!;
    const pairs = await api('PATCH', `/api/inventory-audits/${audit.id}/lines/${serialLine.id}`, {
      countedQty: '1',
      unitId: units.get('пара'),
      serials: ['SN-1', 'SN-2'],
    });
    expect(pairs.statusCode).toBe(400);
    expect(pairs.json().fields).toEqual({
      unitId: `«${tracked.json().sku}» обліковується за серійними номерами — вкажіть кількість в обліковій одиниці «шт»`,
    });
  });
});
