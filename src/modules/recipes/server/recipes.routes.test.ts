// Recipes (production.md §3 "Done means"): a recipe asks for a BOM, a tech card and a batch size — never for
// ingredients; changing a BOM line's quantity changes its preview at once (computed live, not stored); two recipes of
// one item with different tech cards have different unit costs. Plus the §3 invariants, default, delete, permissions
// and the audit log.
import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRoleId, replaceUserRoles } from '@/modules/roles/server/index.ts';
import { auditLog } from '@/modules/system-logs/server/index.ts';
import { bomLines, boms } from '@/modules/bom/server/bom.table.ts';
import { plannedUnitCost } from '@/modules/bom/server/index.ts';
import { manufacturingOrders } from '@/modules/manufacturing/server/manufacturing.table.ts';
import { checkLedger } from '@/modules/stock/server/index.ts';
import { createTestApp, createUser, signIn, type TestApp } from '@/server/testing/test-app.ts';
import { resourceEngine } from '@/resources/index.ts';
import { sampleEdrpou } from '@/shared/requisites.ts';
import { recipes } from './recipes.table.ts';

let t: TestApp;
let cookie: string;
let unitId: number;
let warehouseId: number;
let department: number;
let position: number;
let componentA: number;
let componentB: number;

const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, as = cookie) =>
  t.app.inject({ method, url, payload: payload as object | undefined, headers: { cookie: as } });

let n = 0;
const product = async (kind = 'product') =>
  (await api('POST', '/api/products', { kind, sku: `RC-P-${++n}`, name: `Виріб ${n}`, unitId })).json().id as number;

/** Stock bought through a real receipt (no VAT), so the components' average costs are the ledger's own. */
async function buy(lines: Array<{ itemId: number; unitPrice: string }>) {
  const supplierId = (
    await api('POST', '/api/suppliers', {
      legalForm: 'legal_entity',
      name: `Постачальник ${++n}`,
      fullName: `ТОВ «Постачальник ${n}»`,
      taxId: sampleEdrpou(7000 + n),
    })
  ).json().id;
  const documentTypeId = (await api('GET', '/api/supplier-document-types')).json()[0].id;
  const draft = await api('POST', '/api/supplier-receipts', {
    supplierId,
    warehouseId,
    documentTypeId,
    supplierDocNumber: `РН-${n}`,
    supplierDocDate: '2026-11-02',
    documentDate: '2026-11-02',
    lines: lines.map((l) => ({ ...l, qty: '1000', vatRate: '0' })),
  });
  expect(draft.statusCode, draft.body).toBe(201);
  expect((await api('POST', `/api/supplier-receipts/${draft.json().id}/post`)).statusCode).toBe(200);
}

/** A BOM of the item (fixture rows): per unit 1 × A and `qtyB` × B, no scrap. */
async function bomOf(itemId: number, qtyB = '3', status: 'active' | 'draft' | 'archived' = 'active') {
  const [bom] = await t.db
    .insert(boms)
    .values({ itemId, name: `Специфікація ${++n}`, status, isDefault: status === 'active' })
    .returning();
  await t.db.insert(bomLines).values([
    { bomId: bom!.id, lineNo: 1, componentItemId: componentA, qty: '1' },
    { bomId: bom!.id, lineNo: 2, componentItemId: componentB, qty: qtyB },
  ]);
  return bom!.id;
}

/** A tech card of one operation: setup 10 min, `run` min/unit, at the department (overhead 60) by the position (120). */
async function cardOf(itemId: number, run: string) {
  const res = await api('POST', '/api/tech-cards', {
    itemId,
    name: `Карта ${++n}`,
    status: 'active',
    operations: [
      {
        seq: 10,
        name: 'Складання',
        departmentId: department,
        positionId: position,
        setupMinutes: '10',
        runMinutesPerUnit: run,
      },
    ],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; version: number; operations: Array<{ id: number }> };
}

beforeAll(async () => {
  t = await createTestApp();
  await resourceEngine.ensureSeeds(t.db);
  const admin = await createUser(t.db, { password: 'rc-pass' });
  await replaceUserRoles(t.db, admin.id, [await adminRoleId(t.db)]);
  cookie = (await signIn(t.app, admin.username, 'rc-pass')).cookie;
  unitId = (await resourceEngine.idsByLabel(t.db, '/units')).get('шт')!;
  warehouseId = (await api('GET', '/api/warehouses')).json()[0].id;
  department = (
    await api('POST', '/api/departments', {
      name: 'Складальна дільниця',
      isProduction: true,
      overheadRatePerHour: '60',
    })
  ).json().id;
  position = (await api('POST', '/api/positions', { name: 'Монтажник', hourlyRate: '120' })).json().id;
  componentA = (await api('POST', '/api/components', { sku: 'RC-A', name: 'Мікросхема', unitId })).json().id;
  componentB = (await api('POST', '/api/components', { sku: 'RC-B', name: 'Резистор', unitId })).json().id;
  await buy([
    { itemId: componentA, unitPrice: '10' },
    { itemId: componentB, unitPrice: '2' },
  ]);
  expect(await checkLedger(t.db)).toEqual({ ok: true, problems: [] });
});
afterAll(() => t.close());

describe('recipes — creating', () => {
  it('asks for a BOM, a tech card and a batch size, never for ingredients', async () => {
    const item = await product();
    const missing = await api('POST', '/api/recipes', { itemId: item, name: 'Серійна' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toMatchObject({
      bomId: 'Оберіть специфікацію',
      batchSize: 'Розмір партії — число більше нуля (не більше 4 знаків після коми)',
    });
    const bomId = await bomOf(item);
    const card = await cardOf(item, '2');
    const withIngredients = await api('POST', '/api/recipes', {
      itemId: item,
      name: 'Серійна',
      bomId,
      techCardId: card.id,
      batchSize: '10',
      ingredients: [{ itemId: componentA, qty: '1' }],
    });
    expect(withIngredients.statusCode).toBe(400);
    expect(
      (await api('POST', '/api/recipes', { itemId: item, name: 'X', bomId, batchSize: '0' })).json().fields,
    ).toMatchObject({ batchSize: 'Розмір партії — число більше нуля (не більше 4 знаків після коми)' });

    const res = await api('POST', '/api/recipes', {
      itemId: item,
      name: 'Серійна',
      bomId,
      techCardId: card.id,
      batchSize: '10',
      instructions: '**Увага:** перша плата — на ВТК',
    });
    expect(res.statusCode, res.body).toBe(201);
    const recipe = res.json();
    expect(recipe).toMatchObject({
      status: 'active',
      isDefault: false,
      batchSize: '10.0000',
      techCardName: expect.any(String),
    });
    // Materials for one batch: BOM × 10; operations with minutes: 10 + 2 × 10 = 30.
    expect(recipe.preview.materials.map((l: { sku: string; batchQty: string }) => [l.sku, l.batchQty])).toEqual([
      ['RC-A', '10.000000'],
      ['RC-B', '30.000000'],
    ]);
    expect(recipe.preview.operations).toEqual([
      expect.objectContaining({ seq: 10, name: 'Складання', minutes: '30.00', labour: '60.00', overhead: '30.00' }),
    ]);
    // Material 10 × (10 + 3 × 2) = 160, labour 60, overhead 30: 250 for the batch, 25 per unit.
    expect(recipe.preview.cost).toMatchObject({
      material: '160.00',
      labour: '60.00',
      overhead: '30.00',
      total: '250.00',
    });
    expect(recipe.costPerUnit).toBe('25.000000');
    // The recipe holds no rows of its own: nothing but the header was stored.
    const [stored] = await t.db.select().from(recipes).where(eq(recipes.id, recipe.id));
    expect(Object.keys(stored!)).not.toContain('lines');
  });

  it('takes only a BOM of the item that is not archived, and a tech card that resolves to the item', async () => {
    const item = await product();
    const other = await product();
    const bomId = await bomOf(item);
    const otherBom = await bomOf(other);
    const archivedBom = await bomOf(item, '3', 'archived');
    const otherCard = await cardOf(other, '2');
    // A modification of another item's base card, made for this item, resolves to it.
    const mod = (await api('POST', `/api/tech-cards/${otherCard.id}/create-modification`, { itemId: item })).json();
    const body = { itemId: item, name: 'Варіант', batchSize: '5' };
    const wrongBom = await api('POST', '/api/recipes', { ...body, bomId: otherBom });
    expect(wrongBom.json().fields).toEqual({ bomId: 'Оберіть специфікацію цього товару' });
    const archived = await api('POST', '/api/recipes', { ...body, bomId: archivedBom });
    expect(archived.json().fields).toEqual({ bomId: 'Специфікація в архіві — оберіть іншу' });
    const wrongCard = await api('POST', '/api/recipes', { ...body, bomId, techCardId: otherCard.id });
    expect(wrongCard.json().fields).toEqual({
      techCardId: 'Оберіть технологічну карту цього товару (власну або модифікацію, зроблену для нього)',
    });
    const viaModification = await api('POST', '/api/recipes', { ...body, bomId, techCardId: mod.id });
    expect(viaModification.statusCode, viaModification.body).toBe(201);
    expect(viaModification.json().preview.operations).toHaveLength(1);
    const bomOnly = await api('POST', '/api/recipes', { ...body, name: 'Без карти', bomId });
    expect(bomOnly.statusCode).toBe(201);
    expect(bomOnly.json().preview).toMatchObject({ techCard: null, operations: [], minutes: '0.00' });

    const options = (await api('GET', `/api/recipes/options?itemId=${item}`)).json();
    expect(options.boms.map((b: { id: number }) => b.id)).toEqual([bomId]);
    expect(options.techCards).toEqual([expect.objectContaining({ id: mod.id, baseName: expect.any(String) })]);
  });
});

describe('recipes — the live preview', () => {
  it("changes at once when a BOM line's quantity changes", async () => {
    const item = await product();
    const bomId = await bomOf(item, '3');
    const card = await cardOf(item, '2');
    const recipe = (
      await api('POST', '/api/recipes', { itemId: item, name: 'Серійна', bomId, techCardId: card.id, batchSize: '10' })
    ).json();
    expect(recipe.preview.materials[1].batchQty).toBe('30.000000');
    await t.db
      .update(bomLines)
      .set({ qty: '5' })
      .where(and(eq(bomLines.bomId, bomId), eq(bomLines.componentItemId, componentB)));
    const after = (await api('GET', `/api/recipes/${recipe.id}`)).json();
    expect(after.preview.materials[1]).toMatchObject({ sku: 'RC-B', perUnitQty: '5.000000', batchQty: '50.000000' });
    // Material 10 × (10 + 5 × 2) = 200: 290 for the batch.
    expect(after.preview.cost).toMatchObject({ material: '200.00', total: '290.00', perUnit: '29.000000' });
    expect(after.costPerUnit).toBe('29.000000');
    const listed = (await api('GET', `/api/recipes?itemId=${item}`)).json();
    expect(listed).toEqual([expect.objectContaining({ id: recipe.id, costPerUnit: '29.000000' })]);
  });

  it('previews a variant before it is saved and stores nothing', async () => {
    const item = await product();
    const bomId = await bomOf(item, '3');
    const card = await cardOf(item, '2');
    const before = (await t.db.select({ n: count() }).from(recipes))[0]!.n;
    const res = await api(
      'GET',
      `/api/recipes/preview?itemId=${item}&bomId=${bomId}&techCardId=${card.id}&batchSize=5&labourRatePerHour=240`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json();
    // 10 + 2 × 5 = 20 minutes at the recipe's 240 UAH/h = 80; overhead 20; material 5 × 16 = 80.
    expect(preview.operations[0]).toMatchObject({ minutes: '20.00', labour: '80.00', overhead: '20.00' });
    expect(preview.materials.map((l: { batchQty: string }) => l.batchQty)).toEqual(['5.000000', '15.000000']);
    expect(preview.cost).toMatchObject({ material: '80.00', labour: '80.00', overhead: '20.00', perUnit: '36.000000' });
    const after = (await t.db.select({ n: count() }).from(recipes))[0]!.n;
    expect(after).toBe(before);
    const bad = await api('GET', `/api/recipes/preview?itemId=${item}&bomId=${bomId}&batchSize=0`);
    expect(bad.statusCode).toBe(400);
  });

  it('gives two recipes of one item with different tech cards different unit costs', async () => {
    const item = await product('semi_finished');
    const bomId = await bomOf(item, '3');
    const quick = await cardOf(item, '2');
    const slow = await cardOf(item, '8');
    const a = (
      await api('POST', '/api/recipes', {
        itemId: item,
        name: 'Серійна, оплавлення',
        bomId,
        techCardId: quick.id,
        batchSize: '10',
      })
    ).json();
    const b = (
      await api('POST', '/api/recipes', {
        itemId: item,
        name: 'Дрібна партія, ручна пайка',
        bomId,
        techCardId: slow.id,
        batchSize: '10',
      })
    ).json();
    // 10 + 8 × 10 = 90 minutes: labour 180, overhead 90, with material 160 → 430, 43 per unit.
    expect(a.costPerUnit).toBe('25.000000');
    expect(b.costPerUnit).toBe('43.000000');
    expect((await plannedUnitCost(t.db, item, { recipeId: b.id, qty: '10' })).perUnit).toBe('43.000000');
    const list = (await api('GET', `/api/recipes?itemId=${item}&sort=name`)).json();
    expect(list.map((r: { name: string; costPerUnit: string }) => [r.name, r.costPerUnit])).toEqual([
      ['Дрібна партія, ручна пайка', '43.000000'],
      ['Серійна, оплавлення', '25.000000'],
    ]);
  });
});

describe('recipes — life', () => {
  it('has one default per item, checks the version, and deletes only a recipe no MO used', async () => {
    const item = await product();
    const bomId = await bomOf(item);
    const card = await cardOf(item, '2');
    const make = async (name: string) =>
      (await api('POST', '/api/recipes', { itemId: item, name, bomId, techCardId: card.id, batchSize: '10' })).json();
    const first = await make('Перший');
    const second = await make('Другий');
    expect((await api('POST', `/api/recipes/${first.id}/make-default`)).json().isDefault).toBe(true);
    expect((await api('POST', `/api/recipes/${second.id}/make-default`)).json().isDefault).toBe(true);
    const defaults = (await api('GET', `/api/recipes?itemId=${item}`))
      .json()
      .filter((r: { isDefault: boolean }) => r.isDefault);
    expect(defaults.map((r: { id: number }) => r.id)).toEqual([second.id]);

    const current = (await api('GET', `/api/recipes/${second.id}`)).json();
    const stale = await api('PATCH', `/api/recipes/${second.id}`, { version: current.version - 1, batchSize: '20' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe('Рецепт змінено іншим користувачем — оновіть сторінку');
    const archived = await api('PATCH', `/api/recipes/${second.id}`, { version: current.version, status: 'archived' });
    expect(archived.json()).toMatchObject({ status: 'archived', isDefault: false, costPerUnit: null });
    expect((await api('POST', `/api/recipes/${second.id}/make-default`)).statusCode).toBe(409);

    await t.db.insert(manufacturingOrders).values({
      number: `MO-TEST-${++n}`,
      itemId: item,
      recipeId: first.id,
      qty: '10',
      outputWarehouseId: warehouseId,
      materialsWarehouseId: warehouseId,
    });
    const used = await api('DELETE', `/api/recipes/${first.id}`);
    expect(used.statusCode).toBe(409);
    expect(used.json().error).toBe(
      'Рецепт уже використано в замовленнях на виробництво (1) — видалити його не можна, перенесіть в архів',
    );
    expect((await api('DELETE', `/api/recipes/${second.id}`)).statusCode).toBe(204);
    expect((await api('GET', `/api/recipes/${second.id}`)).statusCode).toBe(404);
  });

  it('lets a viewer read but not change (403), refuses a user without the right, and audits every change', async () => {
    const role = (await api('POST', '/api/roles', { name: 'Рецепти (перегляд)' })).json();
    await api('PUT', `/api/roles/${role.id}/permissions`, {
      permissions: [{ route: '/recipes', canView: true, canAccess: false }],
    });
    const viewer = await createUser(t.db, { password: 'view-pass' });
    await replaceUserRoles(t.db, viewer.id, [role.id]);
    const viewerCookie = (await signIn(t.app, viewer.username, 'view-pass')).cookie;
    const nobody = await createUser(t.db, { password: 'none-pass' });
    const nobodyCookie = (await signIn(t.app, nobody.username, 'none-pass')).cookie;

    const item = await product();
    const bomId = await bomOf(item);
    const created = (
      await api('POST', '/api/recipes', { itemId: item, name: 'Основний', bomId, batchSize: '1' })
    ).json();
    expect((await api('GET', `/api/recipes/${created.id}`, undefined, viewerCookie)).statusCode).toBe(200);
    expect((await api('GET', `/api/recipes/options?itemId=${item}`, undefined, viewerCookie)).statusCode).toBe(200);
    const write = await api('POST', '/api/recipes', { itemId: item, name: 'Ні', bomId, batchSize: '1' }, viewerCookie);
    expect(write.statusCode).toBe(403);
    expect(write.json().error).toBe('Недостатньо прав');
    expect((await api('PATCH', `/api/recipes/${created.id}`, { version: 1 }, viewerCookie)).statusCode).toBe(403);
    expect((await api('DELETE', `/api/recipes/${created.id}`, undefined, viewerCookie)).statusCode).toBe(403);
    expect((await api('GET', '/api/recipes', undefined, nobodyCookie)).statusCode).toBe(403);

    await api('PATCH', `/api/recipes/${created.id}`, { version: created.version, batchSize: '2' });
    await api('POST', `/api/recipes/${created.id}/make-default`);
    await api('DELETE', `/api/recipes/${created.id}`);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'recipes'), eq(auditLog.entityId, String(created.id))))
      .orderBy(asc(auditLog.id));
    expect(entries.map((e) => e.action)).toEqual(['create', 'update', 'update', 'delete']);
    expect(entries[1]!.before).toMatchObject({ batchSize: '1.0000' });
    expect(entries[1]!.after).toMatchObject({ batchSize: '2.0000' });
    expect(entries[2]!.after).toMatchObject({ isDefault: true });
  });
});
