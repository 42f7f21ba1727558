// Purchasing lines entered in another unit of the stock unit's type (reference-data.md §1 'Conversion'): a receipt
// of 2,5 кг of an item stocked in grams puts 2 500 г into stock at exactly what was paid; a unit of another type or
// one that rounds to nothing is refused on the line; a supplier order in кг is received in кг and counts as fully
// received in grams; cancelling reverses exactly; the last purchase price is per stock unit.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRoleId, replaceUserRoles } from '@/modules/roles/server/index.ts';
import { checkLedger } from '@/modules/stock/server/index.ts';
import { itemCosts, stockMovements } from '@/modules/stock/server/stock.table.ts';
import { createTestApp, createUser, signIn, type TestApp } from '@/server/testing/test-app.ts';
import { resourceEngine } from '@/resources/index.ts';
import { itemSuppliers } from '@/resources/items/items.table.ts';
import { sampleEdrpou } from '@/shared/requisites.ts';

let t: TestApp;
let cookie: string;
let supplierId: number;
let warehouseId: number;
let documentTypeId: number;
let unit: Map<string, number>;

const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, payload: payload as object | undefined, headers: { cookie } });

beforeAll(async () => {
  t = await createTestApp();
  await resourceEngine.ensureSeeds(t.db);
  const admin = await createUser(t.db, { password: 'units-pass' });
  await replaceUserRoles(t.db, admin.id, [await adminRoleId(t.db)]);
  cookie = (await signIn(t.app, admin.username, 'units-pass')).cookie;
  unit = await resourceEngine.idsByLabel(t.db, '/units');
  warehouseId = (await api('GET', '/api/warehouses')).json()[0].id;
  documentTypeId = (await api('GET', '/api/supplier-document-types')).json()[0].id;
  supplierId = (
    await api('POST', '/api/suppliers', {
      legalForm: 'legal_entity',
      name: 'Хімреактив',
      fullName: 'ТОВ «Хімреактив»',
      taxId: sampleEdrpou(7070),
    })
  ).json().id;
  // Our company pays VAT: its costs are net of VAT.
  await api('POST', '/api/companies', {
    name: 'Техноприлад',
    fullName: 'ТОВ «Техноприлад»',
    legalForm: 'ТОВ',
    taxId: sampleEdrpou(7071),
    isVatPayer: true,
    vatNumber: '123456789012',
    legalAddress: 'Київ',
  });
});
afterAll(() => t.close());

let n = 0;
/** A material stocked in grams. */
const inGrams = async () =>
  (await api('POST', '/api/components', { sku: `UNIT-G-${++n}`, name: `Припій ${n}`, unitId: unit.get('г') })).json()
    .id as number;
const receipt = (lines: Array<Record<string, unknown>>) => ({
  supplierId,
  warehouseId,
  documentTypeId,
  supplierDocNumber: `ВН-U-${++n}`,
  supplierDocDate: '2026-11-10',
  documentDate: '2026-11-12',
  lines,
});
const cost = async (itemId: number) => (await t.db.select().from(itemCosts).where(eq(itemCosts.itemId, itemId)))[0];

describe('purchase lines in another unit', () => {
  it('receives 2,5 кг at 400.00 per кг as +2 500 г worth 1 000.00 (0.400000 per г); cancel reverses exactly', async () => {
    const item = await inGrams();
    const units = await api('GET', `/api/supplier-receipts/item-units?itemId=${item}`);
    expect(units.statusCode, units.body).toBe(200);
    expect(units.json().stockUnit).toMatchObject({ shortName: 'г', type: 'weight' });
    expect(units.json().units.map((u: { shortName: string }) => u.shortName)).toEqual(['г', 'кг', 'т']);

    const draft = await api(
      'POST',
      '/api/supplier-receipts',
      receipt([{ itemId: item, qty: '2.5', unitId: unit.get('кг'), unitPrice: '400' }]),
    );
    expect(draft.statusCode, draft.body).toBe(201);
    expect(draft.json().lines[0]).toMatchObject({
      qty: '2500.0000',
      enteredQty: '2.5000',
      enteredUnitId: unit.get('кг'),
      enteredUnitShortName: 'кг',
      unitShortName: 'г',
      unitPrice: '400.000000',
      lineNet: '1000.00',
      lineGross: '1200.00',
    });
    // A header-only change keeps the line as entered.
    const edited = await api('PATCH', `/api/supplier-receipts/${draft.json().id}`, { version: 1, notes: 'Партія 7' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().lines[0]).toMatchObject({ qty: '2500.0000', enteredQty: '2.5000', lineNet: '1000.00' });

    const posted = await api('POST', `/api/supplier-receipts/${draft.json().id}/post`, { version: 2 });
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json().lines[0].unitCost).toBe('0.400000');
    expect(await cost(item)).toMatchObject({ qty: '2500.0000', value: '1000.00', avgCost: '0.400000' });
    const [movement] = await t.db.select().from(stockMovements).where(eq(stockMovements.itemId, item));
    expect(movement).toMatchObject({ qty: '2500.0000', value: '1000.00', unitCost: '0.400000' });
    // The supplier's last price is per stock unit (a gram), as every reader of it expects.
    const [supplied] = await t.db
      .select()
      .from(itemSuppliers)
      .where(and(eq(itemSuppliers.itemId, item), eq(itemSuppliers.supplierId, supplierId)));
    expect(supplied?.lastPrice).toBe('0.400000');
    expect(await checkLedger(t.db)).toEqual({ ok: true, problems: [] });

    const cancelled = await api('POST', `/api/supplier-receipts/${draft.json().id}/cancel`, { reason: 'Помилка' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await cost(item)).toMatchObject({ qty: '0.0000', value: '0.00' });
    expect(await checkLedger(t.db)).toEqual({ ok: true, problems: [] });
  });

  it('refuses a unit of another type and one that rounds to nothing, on the line', async () => {
    const item = await inGrams();
    const wrong = await api(
      'POST',
      '/api/supplier-receipts',
      receipt([
        { itemId: item, qty: '1', unitPrice: '1' },
        { itemId: item, qty: '2', unitId: unit.get('м'), unitPrice: '1' },
      ]),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({
      'lines.1.unitId': 'Одиниця «м» іншого типу, ніж облікова одиниця позиції «г»',
    });
    // 0,04 г of an item stocked in кг is 0,00004 кг: 0 at the document's 4 decimals.
    const inKg = (
      await api('POST', '/api/components', { sku: `UNIT-KG-${++n}`, name: `Каніфоль ${n}`, unitId: unit.get('кг') })
    ).json().id as number;
    const tiny = await api(
      'POST',
      '/api/supplier-receipts',
      receipt([{ itemId: inKg, qty: '0.04', unitId: unit.get('г'), unitPrice: '1' }]),
    );
    expect(tiny.statusCode).toBe(400);
    expect(tiny.json().fields).toEqual({
      'lines.0.qty': 'Кількість в обліковій одиниці менша за 0,0001 — вкажіть більшу',
    });
    const unknown = await api(
      'POST',
      '/api/supplier-receipts',
      receipt([{ itemId: item, qty: '1', unitId: 2_000_000, unitPrice: '1' }]),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields['lines.0.unitId']).toBe('Оберіть одиницю виміру зі списку');
  });

  it('receives a supplier order in кг in кг, and the order counts as fully received in grams', async () => {
    const item = await inGrams();
    const created = await api('POST', '/api/supplier-orders', {
      supplierId,
      warehouseId,
      orderDate: '2026-11-05',
      lines: [{ itemId: item, qty: '1.25', unitId: unit.get('кг'), unitPrice: '400' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json();
    expect(order.lines[0]).toMatchObject({
      qty: '1250.0000',
      enteredQty: '1.2500',
      enteredUnitShortName: 'кг',
      lineNet: '500.00',
    });
    expect((await api('POST', `/api/supplier-orders/${order.id}/send`, { version: 1 })).statusCode).toBe(200);
    const made = await api('POST', `/api/supplier-orders/${order.id}/receive`, {
      supplierDocNumber: `РН-U-${++n}`,
      supplierDocDate: '2026-11-10',
      documentDate: '2026-11-12',
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().lines[0]).toMatchObject({
      qty: '1250.0000',
      enteredQty: '1.2500',
      enteredUnitId: unit.get('кг'),
      unitPrice: '400.000000',
      lineNet: '500.00',
      supplierOrderLineId: order.lines[0].id,
    });
    const posted = await api('POST', `/api/supplier-receipts/${made.json().id}/post`, {});
    expect(posted.statusCode, posted.body).toBe(200);
    const after = (await api('GET', `/api/supplier-orders/${order.id}`)).json();
    expect(after).toMatchObject({ status: 'received', receivedPercent: 100, remainingQty: '0.0000' });
    expect(after.lines[0]).toMatchObject({ receivedQty: '1250.0000', remainingQty: '0.0000' });
    expect(await cost(item)).toMatchObject({ qty: '1250.0000', value: '500.00', avgCost: '0.400000' });
  });

  it('receives the rest of a partly received order line in its unit', async () => {
    const item = await inGrams();
    const order = (
      await api('POST', '/api/supplier-orders', {
        supplierId,
        warehouseId,
        orderDate: '2026-11-05',
        lines: [{ itemId: item, qty: '2', unitId: unit.get('кг'), unitPrice: '300' }],
      })
    ).json();
    await api('POST', `/api/supplier-orders/${order.id}/send`, { version: 1 });
    // 500 г arrive first, on a receipt typed in grams at 0,30 per gram.
    const withOrder = await api('POST', '/api/supplier-receipts', {
      ...receipt([{ itemId: item, qty: '500', unitPrice: '0.3', supplierOrderLineId: order.lines[0].id }]),
      supplierOrderId: order.id,
    });
    expect(withOrder.statusCode, withOrder.body).toBe(201);
    expect((await api('POST', `/api/supplier-receipts/${withOrder.json().id}/post`, {})).statusCode).toBe(200);
    const rest = await api('POST', `/api/supplier-orders/${order.id}/receive`, {
      supplierDocNumber: `РН-U-${++n}`,
      supplierDocDate: '2026-11-11',
    });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json().lines[0]).toMatchObject({
      qty: '1500.0000',
      enteredQty: '1.5000',
      enteredUnitShortName: 'кг',
      lineNet: '450.00',
    });
  });

  it('locks the type and factor of a unit once a line was entered in it', async () => {
    const pound = await api('POST', '/api/units', { name: 'Фунт', shortName: 'фунт', type: 'weight', factor: '0.45' });
    expect(pound.statusCode, pound.body).toBe(201);
    const id = pound.json().id as number;
    // Unused: still free to correct.
    const fixedFactor = await api('PATCH', `/api/units/${id}`, { factor: '0.453592' });
    expect(fixedFactor.statusCode, fixedFactor.body).toBe(200);
    const item = await inGrams();
    const draft = await api(
      'POST',
      '/api/supplier-receipts',
      receipt([{ itemId: item, qty: '1', unitId: id, unitPrice: '10' }]),
    );
    expect(draft.json().lines[0]).toMatchObject({
      qty: '453.5920',
      enteredQty: '1.0000',
      enteredUnitShortName: 'фунт',
    });
    const refused = await api('PATCH', `/api/units/${id}`, { factor: '0.5', type: 'volume' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().fields).toEqual({
      type: 'Одиницю вже використано в позиціях або документах — її тип змінити не можна',
      factor: 'Одиницю вже використано в позиціях або документах — її коефіцієнт змінити не можна',
    });
    // The same factor is no change; the name may change.
    const renamed = await api('PATCH', `/api/units/${id}`, { name: 'Фунт торговий', factor: '0.453592' });
    expect(renamed.statusCode, renamed.body).toBe(200);
  });
});
