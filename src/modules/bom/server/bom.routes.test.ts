// Specifications (production.md §1 "Done means"): a board of 10 resistors at 0.50 with 2 % scrap rolls up 5.10 and
// the product shows the board's full planned cost; the product inside the board's BOM is refused with the cycle
// path; 5 products explode to 51 resistors (flat) and to both levels (tree); where-used on the resistor finds the
// board and, through it, the product. Plus unit conversion, stable line ids, the default, archive and delete
// guards, permissions, import and the audit history.
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRoleId, replaceUserRoles } from '@/modules/roles/server/index.ts';
import { checkLedger } from '@/modules/stock/server/index.ts';
import { manufacturingOrders } from '@/modules/manufacturing/server/manufacturing.table.ts';
import { recipes } from '@/modules/recipes/server/recipes.table.ts';
import { techCardOperations, techCards } from '@/modules/tech-cards/server/tech-cards.table.ts';
import { departments } from '@/resources/departments/departments.table.ts';
import { itemSuppliers } from '@/resources/items/items.table.ts';
import { positions } from '@/resources/positions/positions.table.ts';
import { resourceEngine } from '@/resources/index.ts';
import { createTestApp, createUser, signIn, type TestApp } from '@/server/testing/test-app.ts';
import { sampleEdrpou } from '@/shared/requisites.ts';
import { bomCycleCheck, explodeItem, plannedUnitCost, whereUsed } from './index.ts';
import { boms } from './bom.table.ts';

let t: TestApp;
let cookie: string;
let supplierId: number;
let warehouseId: number;
let documentTypeId: number;
const unit: Record<string, number> = {};

const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, as = cookie) =>
  t.app.inject({ method, url, payload: payload as object | undefined, headers: { cookie: as } });

beforeAll(async () => {
  t = await createTestApp();
  await resourceEngine.ensureSeeds(t.db);
  const admin = await createUser(t.db, { password: 'bom-pass' });
  await replaceUserRoles(t.db, admin.id, [await adminRoleId(t.db)]);
  cookie = (await signIn(t.app, admin.username, 'bom-pass')).cookie;
  const units = await resourceEngine.idsByLabel(t.db, '/units');
  for (const short of ['шт', 'кг', 'г', 'м', 'см']) unit[short] = units.get(short)!;
  warehouseId = (await api('GET', '/api/warehouses')).json()[0].id;
  documentTypeId = (await api('GET', '/api/supplier-document-types')).json()[0].id;
  supplierId = (
    await api('POST', '/api/suppliers', {
      legalForm: 'legal_entity',
      name: 'Елкомпонент',
      fullName: 'ТОВ «Елкомпонент»',
      taxId: sampleEdrpou(5151),
    })
  ).json().id;
});
afterAll(() => t.close());

let n = 0;
const component = async (name: string, unitShort = 'шт', kind = 'component') => {
  const res = await api('POST', '/api/components', { sku: `BOM-C-${++n}`, name, unitId: unit[unitShort], kind });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
};
const made = async (name: string, kind: 'product' | 'semi_finished' | 'service' = 'product') => {
  const res = await api('POST', '/api/products', { sku: `BOM-P-${++n}`, name, unitId: unit['шт'], kind });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
};
/** Stock at a purchase price through a posted receipt (0 % VAT: the cost is the price). */
const receive = async (itemId: number, qty: string, unitPrice: string) => {
  const draft = await api('POST', '/api/supplier-receipts', {
    supplierId,
    warehouseId,
    documentTypeId,
    supplierDocNumber: `BOM-${++n}`,
    supplierDocDate: '2026-11-10',
    documentDate: '2026-11-10',
    lines: [{ itemId, qty, unitPrice, vatRate: '0' }],
  });
  expect(draft.statusCode, draft.body).toBe(201);
  expect((await api('POST', `/api/supplier-receipts/${draft.json().id}/post`)).statusCode).toBe(200);
};
const createBom = async (body: Record<string, unknown>) => {
  const res = await api('POST', '/api/bom', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};

describe('the Done-means of production.md §1', () => {
  let resistor: number;
  let board: number;
  let product: number;
  let boardBom: { id: number; version: number; lines: Array<{ id: number }> };
  let productBom: { id: number };

  beforeAll(async () => {
    resistor = await component('Резистор 10 кОм 0603');
    await receive(resistor, '1000', '0.50');
    board = await made('Плата A', 'semi_finished');
    product = await made('Виріб B');
  });

  it('rolls up a board material cost of 5.10 from 10 resistors at 0.50 with 2 % scrap', async () => {
    boardBom = await createBom({
      itemId: board,
      name: 'Основна',
      status: 'active',
      lines: [{ componentItemId: resistor, qty: '10', scrapPercent: '2', designators: 'R1–R10' }],
    });
    expect(boardBom).toMatchObject({ isDefault: true, status: 'active', materialCost: '5.10', linesCost: '5.10' });
    expect(boardBom.lines[0]).toMatchObject({
      qty: '10.000000',
      perUnitQty: '10.200000',
      unitCost: '0.500000',
      costSource: 'avg',
      lineCost: '5.10',
      available: '1000.0000',
      designators: 'R1–R10',
      unitShortName: 'шт',
      noPrice: false,
    });
    const listed = (await api('GET', `/api/bom?itemId=${board}`)).json();
    expect(listed).toMatchObject([{ id: boardBom.id, materialCost: '5.10', lineCount: 1 }]);
  });

  it("shows the board's full planned cost (material + labour + overhead) on the product", async () => {
    // A tech card for the board: 30 min per unit at a position rate of 120/h in a department with 40/h overhead.
    const [dept] = await t.db
      .insert(departments)
      .values({ name: 'Дільниця монтажу BOM', isProduction: true, overheadRatePerHour: '40' })
      .returning();
    const [pos] = await t.db
      .insert(positions)
      .values({ name: 'Монтажник BOM', departmentId: dept!.id, hourlyRate: '120' })
      .returning();
    const [card] = await t.db
      .insert(techCards)
      .values({ itemId: board, name: 'Монтаж', status: 'active', isDefault: true })
      .returning();
    await t.db.insert(techCardOperations).values({
      techCardId: card!.id,
      seq: 10,
      name: 'Монтаж SMD',
      departmentId: dept!.id,
      positionId: pos!.id,
      setupMinutes: '0',
      runMinutesPerUnit: '30',
    });
    expect(await plannedUnitCost(t.db, board)).toEqual({
      material: '5.10',
      labour: '60.00',
      overhead: '20.00',
      total: '85.10',
      perUnit: '85.100000',
      noPrice: [],
    });

    productBom = await createBom({
      itemId: product,
      status: 'active',
      lines: [{ componentItemId: board, qty: '1' }],
    });
    expect(productBom).toMatchObject({ materialCost: '85.10' });
    expect((productBom as unknown as { lines: unknown[] }).lines[0]).toMatchObject({
      componentItemId: board,
      unitCost: '85.100000',
      costSource: 'planned',
      made: true,
      lineCost: '85.10',
    });
    // For 10 units the setup-free card scales: material 851.00, labour 600.00, overhead 200.00.
    expect(await plannedUnitCost(t.db, product, { qty: '10' })).toMatchObject({
      material: '851.00',
      total: '851.00',
      perUnit: '85.100000',
    });
  });

  it('refuses the product inside the board’s BOM with the cycle path', async () => {
    const res = await api('PATCH', `/api/bom/${boardBom.id}`, {
      version: boardBom.version,
      lines: [
        { id: boardBom.lines[0]!.id, componentItemId: resistor, qty: '10', scrapPercent: '2' },
        { componentItemId: product, qty: '1' },
      ],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('Циклічна специфікація: Плата A → Виріб B → Плата A');
    expect(await bomCycleCheck(t.db, board, [product])).toEqual(['Плата A', 'Виріб B', 'Плата A']);
    expect(await bomCycleCheck(t.db, board, [resistor])).toBeNull();
    // Nothing changed.
    const after = (await api('GET', `/api/bom/${boardBom.id}`)).json();
    expect(after.version).toBe(boardBom.version);
    expect(after.lines).toHaveLength(1);
    // A new BOM of the board with the product is refused too, and the item itself is never its own component.
    const other = await api('POST', '/api/bom', { itemId: board, lines: [{ componentItemId: product, qty: '1' }] });
    expect(other.statusCode).toBe(409);
    expect(other.json().error).toContain('Циклічна специфікація: Плата A → Виріб B → Плата A');
    const self = await api('POST', '/api/bom', { itemId: board, lines: [{ componentItemId: board, qty: '1' }] });
    expect(self.statusCode).toBe(400);
    expect(self.json().fields).toEqual({ 'lines.0.componentItemId': 'Виріб не може входити до власної специфікації' });
  });

  it('explodes 5 products into 51 resistors (flat) and into both levels (tree), each with its available stock', async () => {
    const flat = await api('GET', `/api/bom/${productBom.id}/explosion?qty=5&mode=flat`);
    expect(flat.statusCode, flat.body).toBe(200);
    expect(flat.json().flat).toEqual([
      expect.objectContaining({ itemId: resistor, qty: '51.0000', available: '1000.0000', shortage: '0.0000' }),
    ]);
    const tree = (await api('GET', `/api/bom/${productBom.id}/explosion?qty=5&mode=tree`)).json().tree;
    expect(tree).toHaveLength(1);
    expect(tree[0]).toMatchObject({ itemId: board, level: 1, qty: '5.0000', bomId: boardBom.id, available: '0.0000' });
    expect(tree[0].children).toEqual([
      expect.objectContaining({ itemId: resistor, level: 2, qty: '51.0000', perUnitQty: '10.200000', children: [] }),
    ]);
    expect(await explodeItem(t.db, product, '5', 'flat')).toEqual([
      expect.objectContaining({ itemId: resistor, qty: '51.0000' }),
    ]);
    // 2100 products need 21420 resistors: a shortage of 20420 against 1000 available.
    const big = (await api('GET', `/api/bom/${productBom.id}/explosion?qty=2100&mode=flat`)).json().flat;
    expect(big[0]).toMatchObject({ qty: '21420.0000', shortage: '20420.0000' });
  });

  it('finds the board and, through it, the product where the resistor is used', async () => {
    const res = await api('GET', `/api/bom/where-used/${resistor}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({
        itemId: board,
        level: 1,
        perUnitQty: '10.200000',
        path: ['Плата A', 'Резистор 10 кОм 0603'],
      }),
      expect.objectContaining({
        itemId: product,
        level: 2,
        perUnitQty: '10.200000',
        path: ['Виріб B', 'Плата A', 'Резистор 10 кОм 0603'],
      }),
    ]);
    expect((await whereUsed(t.db, product)).length).toBe(0);
  });

  it('makes another BOM the default and clears the previous one in the same step', async () => {
    const copy = await api('POST', `/api/bom/${productBom.id}/copy`, {});
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json()).toMatchObject({ itemId: product, name: 'v2', status: 'draft', isDefault: false });
    const made2 = await api('POST', `/api/bom/${copy.json().id}/make-default`);
    expect(made2.statusCode, made2.body).toBe(200);
    expect(made2.json().isDefault).toBe(true);
    const rows = await t.db
      .select({ id: boms.id, isDefault: boms.isDefault })
      .from(boms)
      .where(eq(boms.itemId, product));
    expect(rows.filter((r) => r.isDefault).map((r) => r.id)).toEqual([copy.json().id]);
    // Back again, for the tests below; the history shows the change.
    expect((await api('POST', `/api/bom/${productBom.id}/make-default`)).json().isDefault).toBe(true);
    const history = (await api('GET', `/api/bom/${productBom.id}/history`)).json();
    expect(history.map((h: { action: string }) => h.action)).toEqual(['update', 'update', 'create']);
    expect(history[0].after.isDefault).toBe(true);
    // The left pane marks the items that have a BOM.
    const itemsRes = await api('GET', `/api/bom/items?search=${encodeURIComponent('Виріб B')}`);
    expect(itemsRes.json()).toEqual([
      expect.objectContaining({ id: product, hasBom: true, bomCount: 2, defaultBomId: productBom.id }),
    ]);
    const without = (await api('GET', '/api/bom/items?hasBom=false&kind=made')).json();
    expect(without.some((i: { id: number }) => i.id === product)).toBe(false);
  });
});

describe('lines, units and guards', () => {
  it('converts a quantity typed in grams into the kilogram stock unit and keeps what was typed', async () => {
    const paste = await component('Паяльна паста', 'кг', 'material');
    await receive(paste, '2', '1200');
    const parent = await made('Модуль з пастою', 'semi_finished');
    const bom = await createBom({
      itemId: parent,
      lines: [{ componentItemId: paste, qty: '250', unitId: unit['г'] }],
    });
    expect(bom.lines[0]).toMatchObject({
      qty: '0.250000',
      enteredQty: '250.000000',
      enteredUnitShortName: 'г',
      unitShortName: 'кг',
      unitCost: '1200.000000',
      lineCost: '300.00',
    });
    expect(bom.materialCost).toBe('300.00');
    const wrong = await api('POST', '/api/bom', {
      itemId: parent,
      lines: [{ componentItemId: paste, qty: '2', unitId: unit['м'] }],
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields['lines.0.unitId']).toBe('Одиниця «м» іншого типу, ніж облікова одиниця позиції «кг»');
  });

  it('keeps line ids on save, checks the version, and refuses services, non-made parents and bad scrap', async () => {
    const a = await component('Конденсатор 100 нФ');
    const b = await component('Діод 1N4148');
    const parent = await made('Плата C', 'semi_finished');
    const bom = await createBom({ itemId: parent, lines: [{ componentItemId: a, qty: '4' }] });
    const lineId = bom.lines[0].id;
    const saved = await api('PATCH', `/api/bom/${bom.id}`, {
      version: bom.version,
      outputQty: '2',
      lines: [
        { componentItemId: b, qty: '1', designators: 'VD1' },
        { id: lineId, componentItemId: a, qty: '6', scrapPercent: '1,5' },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().version).toBe(bom.version + 1);
    expect(saved.json().lines.map((l: { id: number; lineNo: number; qty: string }) => [l.lineNo, l.qty])).toEqual([
      [1, '1.000000'],
      [2, '6.000000'],
    ]);
    expect(saved.json().lines[1].id).toBe(lineId);
    // e = 6 × 1.015 ÷ 2
    expect(saved.json().lines[1].perUnitQty).toBe('3.045000');
    const stale = await api('PATCH', `/api/bom/${bom.id}`, { version: bom.version, name: 'Стара' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe('Специфікацію змінено іншим користувачем — оновіть сторінку');

    const service = await made('Монтаж на замовлення', 'service');
    const withService = await api('POST', '/api/bom', {
      itemId: parent,
      lines: [{ componentItemId: service, qty: '1' }],
    });
    expect(withService.statusCode).toBe(400);
    expect(withService.json().fields['lines.0.componentItemId']).toContain('Послугу');
    const ofComponent = await api('POST', '/api/bom', { itemId: a, lines: [] });
    expect(ofComponent.statusCode).toBe(400);
    expect(ofComponent.json().error).toBe('Специфікацію можна створити лише для готової продукції або напівфабрикату');
    const scrap = await api('POST', '/api/bom', {
      itemId: parent,
      lines: [{ componentItemId: a, qty: '1', scrapPercent: '100' }],
    });
    expect(scrap.statusCode).toBe(400);
    const zero = await api('POST', '/api/bom', { itemId: parent, lines: [{ componentItemId: a, qty: '0' }] });
    expect(zero.statusCode).toBe(400);
    const emptyActive = await api('POST', '/api/bom', { itemId: parent, status: 'active', lines: [] });
    expect(emptyActive.statusCode).toBe(400);
  });

  it("flags a component without a price and falls back to the supplier's last price", async () => {
    const unpriced = await component('Кнопка без ціни');
    const quoted = await component('Роз’єм з прайсу');
    await t.db.insert(itemSuppliers).values({
      itemId: quoted,
      supplierId,
      lastPrice: '12.40',
      lastPriceCurrency: 'UAH',
      lastPriceDate: '2026-10-01',
    });
    const parent = await made('Пульт');
    const bom = await createBom({
      itemId: parent,
      status: 'active',
      lines: [
        { componentItemId: unpriced, qty: '2' },
        { componentItemId: quoted, qty: '2' },
      ],
    });
    expect(bom.lines.map((l: { costSource: string; noPrice: boolean }) => [l.costSource, l.noPrice])).toEqual([
      ['none', true],
      ['last_price', false],
    ]);
    expect(bom).toMatchObject({ materialCost: '24.80', noPriceCount: 1 });
    expect(await plannedUnitCost(t.db, parent)).toMatchObject({ material: '24.80', noPrice: [unpriced] });
    // A made item whose spec does not resolve (no active default BOM) is costed as bought: here, without a price.
    const loose = await made('Виріб без специфікації');
    expect(await plannedUnitCost(t.db, loose)).toMatchObject({ total: '0.00', noPrice: [loose] });
  });

  it('refuses to delete a BOM an MO used and to archive one an active recipe uses', async () => {
    const part = await component('Транзистор BC847');
    const parent = await made('Реле часу');
    const used = await createBom({ itemId: parent, status: 'active', lines: [{ componentItemId: part, qty: '1' }] });
    await t.db.insert(manufacturingOrders).values({
      number: 'MO-2026-99001',
      itemId: parent,
      bomId: used.id,
      qty: '5',
      outputWarehouseId: warehouseId,
      materialsWarehouseId: warehouseId,
    });
    const refused = await api('DELETE', `/api/bom/${used.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(
      'Специфікацію використано в замовленнях на виробництво (MO-2026-99001) — її не можна видалити, архівуйте її',
    );
    await t.db.insert(recipes).values({ itemId: parent, name: 'Серійне виробництво', bomId: used.id, batchSize: '10' });
    const archive = await api('PATCH', `/api/bom/${used.id}`, { version: used.version, status: 'archived' });
    expect(archive.statusCode).toBe(409);
    expect(archive.json().error).toContain('«Серійне виробництво»');
    await t.db.update(recipes).set({ status: 'archived' }).where(eq(recipes.bomId, used.id));
    const archived = await api('PATCH', `/api/bom/${used.id}`, { version: used.version, status: 'archived' });
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json()).toMatchObject({ status: 'archived', isDefault: false });
    expect((await api('POST', `/api/bom/${used.id}/make-default`)).statusCode).toBe(409);

    const unused = await createBom({ itemId: parent, lines: [{ componentItemId: part, qty: '2' }] });
    expect((await api('DELETE', `/api/bom/${unused.id}`)).statusCode).toBe(204);
    expect((await api('GET', `/api/bom/${unused.id}`)).statusCode).toBe(404);
    expect(await checkLedger(t.db)).toEqual({ ok: true, problems: [] });
  });

  it('copies a BOM to another item as a draft', async () => {
    const part = await component('Клемник');
    const from = await made('Регулятор ШІМ');
    const to = await made('Регулятор ШІМ-20');
    const source = await createBom({ itemId: from, name: 'Серійна', lines: [{ componentItemId: part, qty: '3' }] });
    const copy = await api('POST', `/api/bom/${source.id}/copy`, { targetItemId: to });
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json()).toMatchObject({ itemId: to, name: 'Серійна', status: 'draft', isDefault: true });
    expect(copy.json().lines[0]).toMatchObject({ componentItemId: part, qty: '3.000000' });
    expect(copy.json().lines[0].id).not.toBe(source.lines[0].id);
  });
});

describe('import and permissions', () => {
  it('imports CSV, XLSX and legacy XML pairs, all or nothing', async () => {
    const r = await component('Резистор для імпорту');
    const c = await component('Конденсатор для імпорту');
    const p1 = await made('Плата імпорту', 'semi_finished');
    const p2 = await made('Виріб імпорту');
    const sku = async (id: number) => (await api('GET', `/api/bom/items?ids=${id}`)).json()[0].sku as string;
    const [rs, cs, s1, s2] = [await sku(r), await sku(c), await sku(p1), await sku(p2)];
    const csv = [
      'Артикул виробу;Артикул компонента;Кількість;Відхід;Позиційні позначення',
      `${s1};${rs};10;2;R1-R10`,
      `${s1};${cs};4;;C1-C4`,
      `${s2};${s1};1;0;A1`,
    ].join('\n');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/bom/import',
      payload: Buffer.from('\uFEFF' + csv, 'utf8'),
      headers: { cookie, 'content-type': 'text/csv' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().boms).toEqual([
      expect.objectContaining({ itemId: p1, lineCount: 2, isDefault: true }),
      expect.objectContaining({ itemId: p2, lineCount: 1, isDefault: true }),
    ]);
    const imported = (await api('GET', `/api/bom/${res.json().boms[0].id}`)).json();
    expect(imported).toMatchObject({ status: 'active' });
    expect(imported.lines[0]).toMatchObject({ qty: '10.000000', scrapPercent: '2.00', designators: 'R1-R10' });

    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/bom/import',
      payload: Buffer.from(`parent,component,qty\n${s1},${rs},5\n${s1},НЕМАЄ,1\n${s1},${s1},0`, 'utf8'),
      headers: { cookie, 'content-type': 'text/csv' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      'rows.3': 'Рядок 3: позицію «НЕМАЄ» не знайдено',
      'rows.4': expect.stringMatching(/^Рядок 4: виріб не може входити.*кількість має бути числом/),
    });
    expect((await api('GET', `/api/bom?itemId=${p1}`)).json()).toHaveLength(1);

    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('BOM');
    sheet.addRow(['parent_sku', 'component_sku', 'qty', 'scrap', 'designators', 'bom']);
    sheet.addRow([s2, cs, 2.5, 0, 'C9', 'v2']);
    const xlsx = await t.app.inject({
      method: 'POST',
      url: '/api/bom/import?status=draft',
      payload: Buffer.from(await workbook.xlsx.writeBuffer()),
      headers: { cookie, 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
    });
    expect(xlsx.statusCode, xlsx.body).toBe(201);
    expect(xlsx.json().boms).toEqual([expect.objectContaining({ itemId: p2, name: 'v2', isDefault: false })]);

    const xml = `<?xml version="1.0" encoding="UTF-8"?>
      <Specs><Pair Parent="${s2}" Component="${rs}" Qty="3" Designators="R20 &amp; R21"/>
      <Pair><Parent>${s2}</Parent><Component>${cs}</Component><Qty>1,5</Qty></Pair></Specs>`;
    const fromXml = await t.app.inject({
      method: 'POST',
      url: '/api/bom/import?status=draft',
      payload: Buffer.from(xml, 'utf8'),
      headers: { cookie, 'content-type': 'application/xml' },
    });
    expect(fromXml.statusCode, fromXml.body).toBe(201);
    const xmlBom = (await api('GET', `/api/bom/${fromXml.json().boms[0].id}`)).json();
    expect(xmlBom.lines.map((l: { qty: string; designators: string | null }) => [l.qty, l.designators])).toEqual([
      ['3.000000', 'R20 & R21'],
      ['1.500000', null],
    ]);
  });

  it('answers 403 to a user without /bom and lets a viewer read but not change', async () => {
    const outsider = await createUser(t.db, { password: 'no-bom-pass' });
    const outsiderCookie = (await signIn(t.app, outsider.username, 'no-bom-pass')).cookie;
    const denied = await api('GET', '/api/bom', undefined, outsiderCookie);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error).toBe('Недостатньо прав');
    expect((await api('GET', '/api/bom/items', undefined, outsiderCookie)).statusCode).toBe(403);

    const viewer = await createUser(t.db, { password: 'view-bom-pass' });
    const role = (await api('POST', '/api/roles', { name: 'Перегляд специфікацій' })).json();
    await t.app.inject({
      method: 'PUT',
      url: `/api/roles/${role.id}/permissions`,
      payload: { permissions: [{ route: '/bom', canView: true, canAccess: false }] },
      headers: { cookie },
    });
    await replaceUserRoles(t.db, viewer.id, [role.id]);
    const viewerCookie = (await signIn(t.app, viewer.username, 'view-bom-pass')).cookie;
    expect((await api('GET', '/api/bom', undefined, viewerCookie)).statusCode).toBe(200);
    const parent = await made('Виріб для перегляду');
    const write = await api('POST', '/api/bom', { itemId: parent, lines: [] }, viewerCookie);
    expect(write.statusCode).toBe(403);
  });
});
