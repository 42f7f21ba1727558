// Costing (production.md §9 'Done means') through /api/costing: material 100.00 and 30 minutes at a position rate of
// 120/h with a department overhead of 40/h give labour 60.00, overhead 20.00, total 180.00 and 216.00 suggested at
// 20 %; a receipt that raises a component's average changes the material on the next GET; 'Застосувати ціну' writes
// the retail price and the audit log holds the old and new values. Plus the breakdown, snapshots, settings (the
// hours are production's own setting), the category's markup, the margin filter, the download, a page costed in the
// same number of queries whatever its size, permissions and Ukrainian 400s.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { manufacturingOrders, moPostings } from '@/modules/manufacturing/server/index.ts';
import { getProductionSettings } from '@/modules/production/server/index.ts';
import { adminRoleId, replaceUserRoles } from '@/modules/roles/server/index.ts';
import { auditLog } from '@/modules/system-logs/server/index.ts';
import { resourceEngine } from '@/resources/index.ts';
import { createTestApp, createUser, signIn, type TestApp } from '@/server/testing/test-app.ts';
import { sampleEdrpou } from '@/shared/requisites.ts';
import { costingMessages } from '../costing.messages.ts';
import { listCosting } from './costing.read.ts';

let t: TestApp;
let cookie: string;
let unitId: number;
let supplierId: number;
let warehouseId: number;
let documentTypeId: number;
let departmentId: number;
let positionId: number;
let n = 0;

const api = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, as = cookie) =>
  t.app.inject({ method, url, payload: payload as object | undefined, headers: { cookie: as } });
const ok = async (res: Awaited<ReturnType<typeof api>>, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};

beforeAll(async () => {
  t = await createTestApp();
  await resourceEngine.ensureSeeds(t.db);
  const admin = await createUser(t.db, { password: 'cost-pass' });
  await replaceUserRoles(t.db, admin.id, [await adminRoleId(t.db)]);
  cookie = (await signIn(t.app, admin.username, 'cost-pass')).cookie;
  unitId = (await resourceEngine.idsByLabel(t.db, '/units')).get('шт')!;
  warehouseId = (await api('GET', '/api/warehouses')).json()[0].id;
  documentTypeId = (await api('GET', '/api/supplier-document-types')).json()[0].id;
  supplierId = (
    await ok(
      await api('POST', '/api/suppliers', {
        legalForm: 'legal_entity',
        name: 'Калькулятор-Постач',
        fullName: 'ТОВ «Калькулятор-Постач»',
        taxId: sampleEdrpou(6161),
      }),
      201,
    )
  ).id;
  departmentId = (
    await ok(
      await api('POST', '/api/departments', {
        name: 'Дільниця калькуляції',
        isProduction: true,
        overheadRatePerHour: '40',
      }),
      201,
    )
  ).id;
  positionId = (await ok(await api('POST', '/api/positions', { name: 'Монтажник К', hourlyRate: '120' }), 201)).id;
});
afterAll(() => t.close());

const component = async () =>
  (await ok(await api('POST', '/api/components', { sku: `CST-C-${++n}`, name: `Деталь ${n}`, unitId }), 201))
    .id as number;
const product = async (extra: Record<string, unknown> = {}) =>
  (
    await ok(
      await api('POST', '/api/products', { sku: `CST-P-${++n}`, name: `Виріб калькуляції ${n}`, unitId, ...extra }),
      201,
    )
  ).id as number;
/** Stock through a posted receipt at a price (0 % VAT: the cost is the price). */
const receive = async (itemId: number, qty: string, unitPrice: string) => {
  const draft = await ok(
    await api('POST', '/api/supplier-receipts', {
      supplierId,
      warehouseId,
      documentTypeId,
      supplierDocNumber: `CST-${++n}`,
      supplierDocDate: '2026-11-10',
      documentDate: '2026-11-10',
      lines: [{ itemId, qty, unitPrice, vatRate: '0' }],
    }),
    201,
  );
  await ok(await api('POST', `/api/supplier-receipts/${draft.id}/post`));
};
/** A made item: one unit of the component in its BOM, one 30-minute operation at the department and position. */
const madeOf = async (componentId: number, extra: Record<string, unknown> = {}) => {
  const itemId = await product(extra);
  await ok(
    await api('POST', '/api/bom', {
      itemId,
      name: 'Основна',
      status: 'active',
      lines: [{ componentItemId: componentId, qty: '1', scrapPercent: '0' }],
    }),
    201,
  );
  const card = await ok(
    await api('POST', '/api/tech-cards', {
      itemId,
      name: `Техпроцес ${++n}`,
      status: 'active',
      operations: [{ seq: 10, name: 'Монтаж', departmentId, positionId, setupMinutes: '0', runMinutesPerUnit: '30' }],
    }),
    201,
  );
  await ok(await api('POST', `/api/tech-cards/${card.id}/make-default`));
  return itemId;
};
const rowOf = async (itemId: number) => {
  const sku = (await ok(await api('GET', `/api/products/${itemId}`))).sku as string;
  const rows = await ok(await api('GET', `/api/costing?search=${encodeURIComponent(sku)}`));
  return rows.find((r: { itemId: number }) => r.itemId === itemId);
};

describe('the Done-means of production.md §9', () => {
  let part: number;
  let item: number;

  beforeAll(async () => {
    part = await component();
    await receive(part, '1', '100');
    item = await madeOf(part, { retailPrice: '200' });
  });

  it('costs material 100.00 + labour 60.00 + overhead 20.00 = 180.00, 216.00 suggested at 20 %', async () => {
    expect(await rowOf(item)).toMatchObject({
      qty: '1',
      material: '100.00',
      labour: '60.00',
      overhead: '20.00',
      total: '180.00',
      retailPrice: '200.00',
      marginPercent: '10.00',
      markupPercent: '11.11',
      appliedMarkupPercent: '20.00',
      suggestedPrice: '216.00',
      actual: null,
      deviationPercent: null,
      noPriceCount: 0,
    });
  });

  it('follows a receipt that raises the average cost on the next GET', async () => {
    await receive(part, '1', '300');
    expect(await rowOf(item)).toMatchObject({ material: '200.00', total: '280.00', suggestedPrice: '336.00' });
  });

  it('gives the breakdown: the BOM lines with their costs and the operations with minutes and rates', async () => {
    const breakdown = await ok(await api('GET', `/api/costing/${item}`));
    expect(breakdown.row).toMatchObject({ itemId: item, total: '280.00' });
    expect(breakdown.forQty).toEqual({ material: '200.00', labour: '60.00', overhead: '20.00', total: '280.00' });
    expect(breakdown.lines).toMatchObject([
      { key: '1', depth: 0, itemId: part, qtyPerUnit: '1.000000', unitCost: '200.000000', lineCost: '200.00' },
    ]);
    expect(breakdown.operations).toEqual([
      {
        seq: 10,
        name: 'Монтаж',
        departmentName: 'Дільниця калькуляції',
        positionName: 'Монтажник К',
        minutes: '30.00',
        labourRate: expect.stringMatching(/^120(\.0+)?$/),
        overheadRate: expect.stringMatching(/^40(\.0+)?$/),
        labour: '60.00',
        overhead: '20.00',
      },
    ]);
    const forTen = await ok(await api('GET', `/api/costing/${item}?qty=10`));
    expect(forTen.forQty).toMatchObject({ material: '2000.00', labour: '600.00' });
    expect(forTen.row).toMatchObject({ qty: '10', total: '280.00' });
  });

  it("'Застосувати ціну' writes the retail price; the audit log holds the old and the new value", async () => {
    const { version } = await ok(await api('GET', `/api/costing/${item}`));
    const applied = await ok(await api('POST', `/api/costing/${item}/apply-price`, { price: '336.00', version }));
    expect(applied).toMatchObject({ itemId: item, previousPrice: '200.000000', retailPrice: '336.000000' });
    expect((await rowOf(item)).retailPrice).toBe('336.00');
    const logged = await t.db
      .select({ before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'items'), eq(auditLog.entityId, String(item))));
    expect(logged).toContainEqual({ before: { retailPrice: '200.000000' }, after: { retailPrice: '336.000000' } });
    // The version read before the change is stale now.
    const stale = await api('POST', `/api/costing/${item}/apply-price`, { price: '300.00', version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe(costingMessages.stale);
  });

  it('saves a calculation with its basis and lists the saved ones newest first, audited', async () => {
    const saved = await ok(await api('POST', `/api/costing/${item}/snapshots`, {}), 201);
    expect(saved).toMatchObject({ itemId: item, qty: '1.0000', total: '280.00', suggestedPrice: '336.00' });
    expect(saved.userName).toBeTruthy();
    const second = await ok(await api('POST', `/api/costing/${item}/snapshots`, { qty: '10' }), 201);
    const list = await ok(await api('GET', `/api/costing/${item}/snapshots`));
    expect(list.map((s: { id: number }) => s.id)).toEqual([second.id, saved.id]);
    const logged = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'cost_calculations'), eq(auditLog.entityId, String(saved.id))));
    expect(logged).toEqual([{ action: 'create' }]);
  });
  it('averages the actual unit cost of the last 5 completed MOs and shows its deviation from the plan', async () => {
    // Six completed MOs of 2 units each, oldest first: the oldest (1000 a unit) is past the last five.
    const unitCosts = ['1000', '180', '190', '200', '210', '220'];
    for (const [i, unitCost] of unitCosts.entries()) {
      const [mo] = await t.db
        .insert(manufacturingOrders)
        .values({
          number: `CST-MO-${++n}`,
          itemId: item,
          qty: '2',
          outputWarehouseId: warehouseId,
          materialsWarehouseId: warehouseId,
          status: 'completed',
          completedAt: new Date(Date.UTC(2026, 10, 1 + i)),
          actualTotal: String(Number(unitCost) * 2),
        })
        .returning({ id: manufacturingOrders.id });
      await t.db
        .insert(moPostings)
        .values({ moId: mo!.id, kind: 'output', number: `CST-MOO-${n}`, postingDate: '2026-11-01', goodQty: '2' });
    }
    // A cancelled MO does not count.
    await t.db.insert(manufacturingOrders).values({
      number: `CST-MO-${++n}`,
      itemId: item,
      qty: '2',
      outputWarehouseId: warehouseId,
      materialsWarehouseId: warehouseId,
      status: 'cancelled',
      actualTotal: '10000',
    });
    // Planned 280.00 against the actual 200.00: −28.57 %.
    expect(await rowOf(item)).toMatchObject({
      total: '280.00',
      actual: '200.00',
      actualCount: 5,
      deviationPercent: '-28.57',
    });
  });
});

describe('markup, filters, settings and the download', () => {
  it("takes the category's markup over the setting, and the setting's hours are production's own", async () => {
    const part = await component();
    await receive(part, '1', '100');
    const categoryId = (
      await ok(await api('POST', '/api/product-categories', { name: `Націнка 50 ${++n}`, markupPercent: '50' }), 201)
    ).id;
    const item = await madeOf(part, { categoryId, retailPrice: '150' });
    expect(await rowOf(item)).toMatchObject({
      total: '180.00',
      appliedMarkupPercent: '50.00',
      suggestedPrice: '270.00',
    });

    expect(await ok(await api('GET', '/api/costing/settings'))).toEqual({
      defaultMarkupPercent: '20.00',
      hoursPerDay: 8,
    });
    const saved = await ok(
      await api('PATCH', '/api/costing/settings', { defaultMarkupPercent: '25,5', hoursPerDay: 7 }),
    );
    expect(saved).toEqual({ defaultMarkupPercent: '25.50', hoursPerDay: 7 });
    expect((await getProductionSettings(t.db)).hoursPerDay).toBe(7);
    const plain = await madeOf(part);
    expect(await rowOf(plain)).toMatchObject({ appliedMarkupPercent: '25.50', suggestedPrice: '225.90' });
    await ok(await api('PATCH', '/api/costing/settings', { defaultMarkupPercent: '20', hoursPerDay: 8 }));

    // Below 0 %: the item priced under its cost (150 < 180) and the one without a price; not the others.
    const below = await ok(await api('GET', '/api/costing?belowMarginPercent=0&search=CST-P&limit=500'));
    const ids = below.map((r: { itemId: number }) => r.itemId);
    expect(ids).toContain(item);
    expect(ids).toContain(plain);
    expect(
      below.every((r: { marginPercent: string | null }) => r.marginPercent == null || Number(r.marginPercent) < 0),
    ).toBe(true);

    const byTotal = await ok(await api('GET', '/api/costing?sort=-total&search=CST-P&limit=500'));
    const totals = byTotal.map((r: { total: string }) => Number(r.total));
    expect(totals).toEqual([...totals].sort((a, b) => b - a));

    const csv = await api('GET', '/api/costing/export?format=csv&search=CST-P');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Собівартість');
    expect(csv.body).toContain('Виріб калькуляції');
    const xlsx = await api('GET', '/api/costing/export?search=CST-P');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('lists made items only and costs a page in the same number of queries whatever its size', async () => {
    const bought = await component();
    const boughtSku = (await ok(await api('GET', `/api/components/${bought}`))).sku as string;
    expect(await ok(await api('GET', `/api/costing?search=${boughtSku}`))).toEqual([]);

    const part = await component();
    await receive(part, '10', '10');
    const tag = `ПАРТІЯ${++n}`;
    for (let i = 0; i < 6; i++) await madeOf(part, { name: `${tag} ${i}` });
    const select = vi.spyOn(t.db, 'select');
    const execute = vi.spyOn(t.db, 'execute');
    const queries = async (limit: number) => {
      select.mockClear();
      execute.mockClear();
      const { rows } = await listCosting(t.db, { search: tag, limit, page: 1 });
      expect(rows).toHaveLength(limit);
      expect(rows.every((r) => r.total === '90.00')).toBe(true);
      return select.mock.calls.length + execute.mock.calls.length;
    };
    try {
      expect(await queries(6)).toBe(await queries(2));
    } finally {
      select.mockRestore();
      execute.mockRestore();
    }
  });
});

describe('access and input', () => {
  it('refuses a user without /costing (403) and bad input with a Ukrainian 400', async () => {
    const user = await createUser(t.db, { password: 'no-cost' });
    const other = (await signIn(t.app, user.username, 'no-cost')).cookie;
    expect((await api('GET', '/api/costing', undefined, other)).statusCode).toBe(403);
    const item = await product();
    expect((await api('POST', `/api/costing/${item}/apply-price`, { price: '10' }, other)).statusCode).toBe(403);
    expect((await api('GET', `/api/costing/settings`, undefined, other)).statusCode).toBe(403);

    const bad = await api('POST', `/api/costing/${item}/apply-price`, { price: 'дорого' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(costingMessages.price);
    const zero = await api('POST', `/api/costing/${item}/apply-price`, { price: '0' });
    expect(zero.statusCode).toBe(400);
    const hours = await api('PATCH', '/api/costing/settings', { hoursPerDay: 30 });
    expect(hours.statusCode).toBe(400);
    expect(hours.body).toContain(costingMessages.hoursPerDay);
    const filter = await api('GET', '/api/costing?belowMarginPercent=багато');
    expect(filter.statusCode).toBe(400);
    expect(filter.body).toContain(costingMessages.percent);
    // Not made: no breakdown.
    const notMade = await api('GET', `/api/costing/${item}`);
    expect(notMade.statusCode).toBe(409);
    expect(notMade.json().error).toBe(costingMessages.notMade);
    expect((await api('GET', '/api/costing/999999')).statusCode).toBe(404);
  });
});
