// The filters the stock pages and the products list take (warehouse.md §1, §3, §0; reference-data.md §16):
// /inventory by kind with 'У виробництві' (open MOs still to make), /component-movement by category, by who posted
// and by direction, and `GET /api/products?stockStatus=` by the one status rule. Each one actually filters, and a
// wrong value is refused with 400 in Ukrainian.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRoleId, replaceUserRoles } from '@/modules/roles/server/index.ts';
import { manufacturingOrders, moPostings } from '@/modules/manufacturing/server/manufacturing.table.ts';
import { createTestApp, createUser, signIn, type TestApp } from '@/server/testing/test-app.ts';
import { resourceEngine } from '@/resources/index.ts';
import { postToLedger, reserveStock, type LedgerIntent } from './ledger.ts';

let t: TestApp;
let cookie: string;
let unitId: number;
let warehouseId: number;
let adminId: number;

const api = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const ids = (rows: Array<{ itemId: number }>) => rows.map((r) => r.itemId).sort((a, b) => a - b);
const UKRAINIAN = /[а-щьюяєіїґ]/i;

async function created(url: string, body: Record<string, unknown>): Promise<number> {
  const res = await t.app.inject({ method: 'POST', url, payload: body, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

async function refused(url: string) {
  const res = await api(url);
  expect(res.statusCode, url).toBe(400);
  expect(res.json().error, url).toMatch(UKRAINIAN);
}

let doc = 0;
async function post(userId: number | null, lines: LedgerIntent[]) {
  const id = 800_000 + ++doc;
  await t.db.transaction((tx) =>
    postToLedger(tx, { type: 'adjustment', id, number: `ADJ-F-${id}`, date: '2026-11-10', userId }, lines),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  await resourceEngine.ensureSeeds(t.db);
  const admin = await createUser(t.db, { password: 'filters-pass' });
  adminId = admin.id;
  await replaceUserRoles(t.db, admin.id, [await adminRoleId(t.db)]);
  cookie = (await signIn(t.app, admin.username, 'filters-pass')).cookie;
  unitId = (await resourceEngine.idsByLabel(t.db, '/units')).get('шт')!;
  warehouseId = (await api('/api/warehouses')).json()[0].id;
});
afterAll(() => t.close());

describe('/inventory filters', () => {
  it('lists one kind when asked and shows what open MOs are still to make', async () => {
    const product = await created('/api/products', { sku: 'FLT-P', name: 'Прилад фільтр', unitId });
    const semi = await created('/api/products', {
      sku: 'FLT-S',
      name: 'Плата фільтр',
      unitId,
      kind: 'semi_finished',
    });
    const mo = (status: string, qty: string, n: number) => ({
      number: `MO-FLT-${n}`,
      itemId: product,
      qty,
      status: status as 'planned',
      outputWarehouseId: warehouseId,
      materialsWarehouseId: warehouseId,
    });
    const [running] = await t.db
      .insert(manufacturingOrders)
      .values([mo('in_progress', '10', 1), mo('released', '4', 2), mo('planned', '1', 3), mo('completed', '50', 4)])
      .returning({ id: manufacturingOrders.id });
    // 3 of the running MO's 10 are made already (a posted output); a cancelled output does not count.
    await t.db.insert(moPostings).values([
      { moId: running!.id, kind: 'output', number: 'MOO-FLT-1', postingDate: '2026-11-10', goodQty: '3' },
      {
        moId: running!.id,
        kind: 'output',
        number: 'MOO-FLT-2',
        postingDate: '2026-11-10',
        goodQty: '5',
        status: 'cancelled',
      },
    ]);

    const all = (await api('/api/inventory?search=FLT-')).json();
    expect(ids(all)).toEqual([product, semi].sort((a, b) => a - b));
    expect(all.find((r: { itemId: number }) => r.itemId === product).inProduction).toBe('12.0000');
    expect(all.find((r: { itemId: number }) => r.itemId === semi).inProduction).toBe('0.0000');
    expect(ids((await api('/api/inventory?search=FLT-&kind=semi_finished')).json())).toEqual([semi]);
    expect(ids((await api('/api/inventory?search=FLT-&kind=product')).json())).toEqual([product]);
    expect((await api('/api/inventory/stats?search=FLT-&kind=product')).json().items).toBe(1);
    const csv = (await api('/api/inventory/export?format=csv&search=FLT-&kind=semi_finished')).body;
    expect(csv).toContain('FLT-S');
    expect(csv).not.toContain('FLT-P');
    // The export has the page's column too.
    const [header, line] = (await api('/api/inventory/export?format=csv&search=FLT-P')).body
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/);
    const column = header!.split(';').indexOf('У виробництві');
    expect(column).toBe(7);
    expect(line!.split(';')[column]).toMatch(/^12([.,]0+)?$/);

    await refused('/api/inventory?kind=component');
    await refused('/api/inventory/stats?kind=service');
  });
});

describe('/component-movement filters', () => {
  it('filters by category, by who posted and by direction, the summary too', async () => {
    const resistors = await created('/api/categories', { name: 'Резистори фільтр' });
    const capacitors = await created('/api/categories', { name: 'Конденсатори фільтр' });
    const r = await created('/api/components', { sku: 'MVF-R', name: 'Резистор', unitId, categoryId: resistors });
    const c = await created('/api/components', { sku: 'MVF-C', name: 'Конденсатор', unitId, categoryId: capacitors });
    const other = await createUser(t.db, {});
    await post(adminId, [{ kind: 'in', itemId: r, warehouseId, qty: '100', unitCost: '0.1' }]);
    await post(adminId, [{ kind: 'in', itemId: c, warehouseId, qty: '40', unitCost: '0.5' }]);
    await post(other.id, [{ kind: 'out', itemId: r, warehouseId, qty: '30' }]);
    await post(other.id, [{ kind: 'out', itemId: c, warehouseId, qty: '5' }]);

    type Row = { sku: string; qty: string; userName: string | null };
    const list = async (query: string) =>
      ((await api(`/api/component-movement?search=MVF-&sort=id&${query}`)).json() as Row[]).map((m) => [m.sku, m.qty]);
    expect(await list(`categoryId=${resistors}`)).toEqual([
      ['MVF-R', '100.0000'],
      ['MVF-R', '-30.0000'],
    ]);
    expect(await list(`userId=${other.id}`)).toEqual([
      ['MVF-R', '-30.0000'],
      ['MVF-C', '-5.0000'],
    ]);
    expect(await list('direction=in')).toEqual([
      ['MVF-R', '100.0000'],
      ['MVF-C', '40.0000'],
    ]);
    expect(await list(`direction=out&categoryId=${capacitors}`)).toEqual([['MVF-C', '-5.0000']]);
    // One item's running balance still counts every movement when the list shows only its outgoing ones.
    const outOfR = (await api(`/api/component-movement?itemId=${r}&direction=out`)).json();
    expect(outOfR.map((m: { balanceAfter: string }) => m.balanceAfter)).toEqual(['70.0000']);

    const summary = (await api(`/api/component-movement/summary?search=MVF-&categoryId=${capacitors}`)).json();
    expect(summary).toMatchObject({ inQty: '40.0000', outQty: '5.0000', closingQty: '35.0000' });
    const byUser = (await api(`/api/component-movement/summary?search=MVF-&userId=${other.id}`)).json();
    expect(byUser).toMatchObject({ inQty: '0.0000', outQty: '35.0000' });
    const csv = (await api(`/api/component-movement/export?format=csv&search=MVF-&direction=in`)).body;
    expect(csv).toContain('MVF-C');
    expect(csv).not.toContain('-30');

    // One item kind (warehouse.md §3 'kind'), beside the page's two views.
    const materials = await created('/api/components', { sku: 'MVF-M', name: 'Припій', unitId, kind: 'material' });
    await post(adminId, [{ kind: 'in', itemId: materials, warehouseId, qty: '2', unitCost: '300' }]);
    expect(await list('kind=material')).toEqual([['MVF-M', '2.0000']]);
    expect(await list('kind=component&direction=in')).toEqual([
      ['MVF-R', '100.0000'],
      ['MVF-C', '40.0000'],
    ]);
    expect((await list('kind=components')).length).toBe(5);
    await refused('/api/component-movement?kind=services');
    await refused('/api/component-movement?direction=sideways');
    await refused('/api/component-movement?categoryId=abc');
    await refused('/api/component-movement/summary?userId=-1');
  });
});

describe('GET /api/products?stockStatus=', () => {
  it('lists the products of one status of the one rule (available against the threshold)', async () => {
    const make = (sku: string, minStock?: string) =>
      created('/api/products', { sku, name: `Товар ${sku}`, unitId, ...(minStock ? { minStock } : {}) });
    const plenty = await make('SST-IN');
    const low = await make('SST-LOW');
    const reserved = await make('SST-RES', '2');
    const none = await make('SST-OUT');
    await post(adminId, [
      { kind: 'in', itemId: plenty, warehouseId, qty: '50', unitCost: '1' },
      { kind: 'in', itemId: low, warehouseId, qty: '10', unitCost: '1' },
      { kind: 'in', itemId: reserved, warehouseId, qty: '5', unitCost: '1' },
    ]);
    // 5 on hand, 5 reserved: nothing available, so out of stock although the shelf holds 5.
    await t.db.transaction((tx) =>
      reserveStock(tx, { itemId: reserved, warehouseId, qty: '5', sourceType: 'order_line', sourceId: 77 }),
    );
    const list = async (status: string) =>
      ((await api(`/api/products?search=SST-&stockStatus=${status}`)).json() as Array<{ id: number }>)
        .map((p) => p.id)
        .sort((a, b) => a - b);
    expect(await list('in-stock')).toEqual([plenty]);
    expect(await list('low-stock')).toEqual([low]);
    expect(await list('out-of-stock')).toEqual([reserved, none].sort((a, b) => a - b));
    expect((await api('/api/products?search=SST-')).json()).toHaveLength(4);

    await refused('/api/products?stockStatus=plenty');
  });
});
