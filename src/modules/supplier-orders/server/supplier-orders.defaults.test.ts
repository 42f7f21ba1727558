// Issue 21: a supplier order is never without its receiving warehouse — components and materials default to the
// materials warehouse production takes from, products to the main (finished-goods) one, an explicit choice stays —
// and the receipt 'Отримати' makes goes where the order says. A new line's price is suggested from the supplier's
// last purchase price of the item, else anyone's.
import { readFile } from 'node:fs/promises';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRoleId, replaceUserRoles } from '@/modules/roles/server/index.ts';
import { createTestApp, createUser, signIn, type TestApp } from '@/server/testing/test-app.ts';
import { resourceEngine } from '@/resources/index.ts';
import { sampleEdrpou } from '@/shared/requisites.ts';
import { supplierOrders } from './supplier-orders.table.ts';

let t: TestApp;
let cookie: string;
let supplierId: number;
let otherSupplierId: number;
let unitId: number;
let documentTypeId: number;
let mainId: number;
let materialsId: number;
let finishedId: number;
let spareMaterialsId: number;

type Method = 'GET' | 'POST' | 'PATCH';
const api = (method: Method, url: string, payload?: unknown, as = cookie) =>
  t.app.inject({ method, url, payload: payload as object | undefined, headers: { cookie: as } });

const created = async (url: string, body: Record<string, unknown>) => {
  const res = await api('POST', url, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
};

beforeAll(async () => {
  t = await createTestApp();
  await resourceEngine.ensureSeeds(t.db);
  const admin = await createUser(t.db, { password: 'po-def-pass' });
  await replaceUserRoles(t.db, admin.id, [await adminRoleId(t.db)]);
  cookie = (await signIn(t.app, admin.username, 'po-def-pass')).cookie;
  unitId = (await resourceEngine.idsByLabel(t.db, '/units')).get('шт')!;
  documentTypeId = (await api('GET', '/api/supplier-document-types')).json()[0].id;
  // The seeded 'Основний склад' (general, default), a materials warehouse that is not the default one (made first,
  // so a rule ignoring the default flag would pick it), the default materials and finished-goods warehouses.
  mainId = (await api('GET', '/api/warehouses')).json()[0].id;
  spareMaterialsId = await created('/api/warehouses', { code: 'РЗВ', name: 'Резервний склад', type: 'materials' });
  materialsId = await created('/api/warehouses', {
    code: 'КМП',
    name: 'Склад комплектуючих',
    type: 'materials',
    isDefault: true,
  });
  finishedId = await created('/api/warehouses', {
    code: 'ГП',
    name: 'Склад готової продукції',
    type: 'finished_goods',
    isDefault: true,
  });
  const supplier = (name: string, n: number) =>
    created('/api/suppliers', { legalForm: 'legal_entity', name, fullName: `ТОВ «${name}»`, taxId: sampleEdrpou(n) });
  supplierId = await supplier('Радіодеталь', 6161);
  otherSupplierId = await supplier('Мікросхема', 6162);
});
afterAll(() => t.close());

let n = 0;
const component = () => created('/api/components', { sku: `PO-D-C-${++n}`, name: `Резистор ${n}`, unitId });
const product = () => created('/api/products', { sku: `PO-D-P-${++n}`, name: `Прилад ${n}`, unitId });
const line = (itemId: number, extra: Record<string, unknown> = {}) => ({ itemId, qty: '10', unitPrice: '5', ...extra });
const createOrder = async (lines: unknown[], extra: Record<string, unknown> = {}) => {
  const res = await api('POST', '/api/supplier-orders', { supplierId, orderDate: '2026-11-02', lines, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};

describe('the receiving warehouse of a supplier order', () => {
  it('gives a component order the materials warehouse and a product order the finished-goods one', async () => {
    const components = await createOrder([line(await component())]);
    expect(components).toMatchObject({ warehouseId: materialsId, warehouseName: 'Склад комплектуючих' });
    const products = await createOrder([line(await product())]);
    expect(products).toMatchObject({ warehouseId: finishedId, warehouseName: 'Склад готової продукції' });
    // Mixed: production needs the components, so the materials warehouse.
    const mixed = await createOrder([line(await product()), line(await component())]);
    expect(mixed.warehouseId).toBe(materialsId);
    // Stored, not only shown.
    const [row] = await t.db
      .select({ warehouseId: supplierOrders.warehouseId })
      .from(supplierOrders)
      .where(eq(supplierOrders.id, components.id));
    expect(row!.warehouseId).toBe(materialsId);
  });

  it('keeps the warehouse the user chose, and a cleared one becomes the default again', async () => {
    const item = await component();
    const chosen = await createOrder([line(item)], { warehouseId: mainId });
    expect(chosen).toMatchObject({ warehouseId: mainId, warehouseName: 'Основний склад' });
    const moved = await api('PATCH', `/api/supplier-orders/${chosen.id}`, {
      version: chosen.version,
      warehouseId: spareMaterialsId,
    });
    expect(moved.json()).toMatchObject({ warehouseId: spareMaterialsId });
    const cleared = await api('PATCH', `/api/supplier-orders/${chosen.id}`, {
      version: moved.json().version,
      warehouseId: null,
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ warehouseId: materialsId });
  });

  it.each(['/api/supplier-orders', '/api/supplier-receipts'])(
    'serves the same rule to the form (%s): none or components → materials, products → finished goods',
    async (base) => {
      const c = await component();
      const p = await product();
      const ask = async (query: string) => {
        const res = await api('GET', `${base}/default-warehouse${query}`);
        expect(res.statusCode, res.body).toBe(200);
        return res.json();
      };
      expect(await ask('')).toEqual({ warehouseId: materialsId, warehouseName: 'Склад комплектуючих' });
      expect(await ask(`?itemIds=${c}`)).toEqual({ warehouseId: materialsId, warehouseName: 'Склад комплектуючих' });
      expect(await ask(`?itemIds=${p}`)).toEqual({ warehouseId: finishedId, warehouseName: 'Склад готової продукції' });
      expect(await ask(`?itemIds=${p},${c}`)).toMatchObject({ warehouseId: materialsId });
      expect((await api('GET', `${base}/default-warehouse?itemIds=1;drop`)).statusCode).toBe(400);
    },
  );

  it("makes 'Отримати' receive into the order's warehouse unless the dialog names another", async () => {
    const order = await createOrder([line(await component())]);
    await api('POST', `/api/supplier-orders/${order.id}/send`, { version: order.version });
    const receive = (extra: Record<string, unknown> = {}) =>
      api('POST', `/api/supplier-orders/${order.id}/receive`, {
        supplierDocNumber: `РН-${++n}`,
        supplierDocDate: '2026-11-10',
        documentTypeId,
        ...extra,
      });
    const inherited = await receive();
    expect(inherited.statusCode, inherited.body).toBe(201);
    expect(inherited.json()).toMatchObject({ warehouseId: materialsId, supplierOrderId: order.id });
    const chosen = await receive({ warehouseId: mainId });
    expect(chosen.statusCode, chosen.body).toBe(201);
    expect(chosen.json()).toMatchObject({ warehouseId: mainId });
  });

  it('shows and receives an order stored without a warehouse into the one it will use', async () => {
    const order = await createOrder([line(await product())]);
    await t.db.execute(sql`update supplier_orders set warehouse_id = null where id = ${order.id}`);
    const shown = (await api('GET', `/api/supplier-orders/${order.id}`)).json();
    expect(shown).toMatchObject({ warehouseId: finishedId, warehouseName: 'Склад готової продукції' });
    await api('POST', `/api/supplier-orders/${order.id}/send`, { version: shown.version });
    const receipt = await api('POST', `/api/supplier-orders/${order.id}/receive`, {
      supplierDocNumber: `РН-${++n}`,
      supplierDocDate: '2026-11-10',
    });
    expect(receipt.statusCode, receipt.body).toBe(201);
    expect(receipt.json().warehouseId).toBe(finishedId);
  });
});

describe('the migration of orders stored without a warehouse', () => {
  it('gives each the warehouse of the rule by its lines, and leaves the chosen ones alone', async () => {
    const components = await createOrder([line(await component())]);
    const products = await createOrder([line(await product())]);
    const chosen = await createOrder([line(await product())], { warehouseId: spareMaterialsId });
    const ids = [components.id, products.id];
    await t.db.update(supplierOrders).set({ warehouseId: null }).where(inArray(supplierOrders.id, ids));
    const migration = await readFile(
      new URL('../../../server/db/migrations/0026_supplier_orders_warehouse.sql', import.meta.url),
      'utf8',
    );
    await t.db.execute(sql.raw(migration));
    const rows = await t.db
      .select({ id: supplierOrders.id, warehouseId: supplierOrders.warehouseId })
      .from(supplierOrders)
      .where(inArray(supplierOrders.id, [...ids, chosen.id]));
    expect(new Map(rows.map((r) => [r.id, r.warehouseId]))).toEqual(
      new Map([
        [components.id, materialsId],
        [products.id, finishedId],
        [chosen.id, spareMaterialsId],
      ]),
    );
  });
});

describe('the suggested price of a line', () => {
  /** A receipt of `itemId` from `supplier` at `price`, posted (it records the supplier's last price). */
  const buy = async (supplier: number, itemId: number, price: string, date: string, currencyCode = 'UAH') => {
    const draft = await api('POST', '/api/supplier-receipts', {
      supplierId: supplier,
      warehouseId: materialsId,
      documentTypeId,
      supplierDocNumber: `ВН-${++n}`,
      supplierDocDate: date,
      documentDate: date,
      currencyCode,
      ...(currencyCode === 'UAH' ? {} : { fxRate: '41.5' }),
      lines: [{ itemId, qty: '5', unitPrice: price }],
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const posted = await api('POST', `/api/supplier-receipts/${draft.json().id}/post`, { version: 1 });
    expect(posted.statusCode, posted.body).toBe(200);
  };
  const suggest = async (supplier: number, itemId: number, currencyCode?: string) => {
    const query = `supplierId=${supplier}&itemId=${itemId}${currencyCode ? `&currencyCode=${currencyCode}` : ''}`;
    const res = await api('GET', `/api/supplier-orders/price-suggestion?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().suggestion;
  };

  it("suggests the supplier's own last price, even when another supplier sold it later", async () => {
    const item = await component();
    await buy(supplierId, item, '10', '2026-10-01');
    await buy(supplierId, item, '12.5', '2026-10-15');
    await buy(otherSupplierId, item, '11', '2026-11-01');
    expect(await suggest(supplierId, item)).toEqual({
      unitPrice: '12.500000',
      currencyCode: 'UAH',
      date: '2026-10-15',
      supplierId,
      supplierName: 'Радіодеталь',
      fromThisSupplier: true,
    });
    expect(await suggest(otherSupplierId, item)).toMatchObject({ unitPrice: '11.000000', fromThisSupplier: true });
  });

  it("falls back to the item's latest price from any supplier, and to none", async () => {
    const item = await component();
    await buy(otherSupplierId, item, '7.25', '2026-10-20');
    expect(await suggest(supplierId, item)).toEqual({
      unitPrice: '7.250000',
      currencyCode: 'UAH',
      date: '2026-10-20',
      supplierId: otherSupplierId,
      supplierName: 'Мікросхема',
      fromThisSupplier: false,
    });
    // Never bought: nothing to suggest.
    expect(await suggest(supplierId, await component())).toBeNull();
  });

  it("suggests only a price in the order's currency", async () => {
    const item = await component();
    await buy(supplierId, item, '2.5', '2026-10-20', 'USD');
    expect(await suggest(supplierId, item)).toBeNull();
    expect(await suggest(supplierId, item, 'usd')).toMatchObject({ unitPrice: '2.500000', currencyCode: 'USD' });
  });

  it('checks its input and asks for the right to see supplier orders', async () => {
    expect((await api('GET', '/api/supplier-orders/price-suggestion?supplierId=x&itemId=1')).statusCode).toBe(400);
    expect((await api('GET', '/api/supplier-orders/price-suggestion?itemId=1')).statusCode).toBe(400);
    const user = await createUser(t.db, { password: 'po-def-user' });
    const other = (await signIn(t.app, user.username, 'po-def-user')).cookie;
    const url = `/api/supplier-orders/price-suggestion?supplierId=${supplierId}&itemId=1`;
    expect((await api('GET', url, undefined, other)).statusCode).toBe(403);
    expect((await api('GET', '/api/supplier-orders/default-warehouse', undefined, other)).statusCode).toBe(403);
  });
});
