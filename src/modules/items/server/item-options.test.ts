// The one item picker (GET /api/items/options): found by name, SKU, barcode, MPN or a supplier's SKU, an exact code
// first; the free stock (on hand − reserved) in one warehouse or over all; the last purchase price; who may ask.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '@/server/testing/test-app.ts';
import { createSalesFixture, type SalesFixture } from '@/server/testing/sales-fixture.ts';
import { replaceUserRoles } from '@/modules/roles/server/index.ts';
import { sampleEdrpou } from '@/shared/requisites.ts';
import type { ItemOption } from '../items.contract.ts';

let f: SalesFixture;
let product: number;
let component: number;
let otherWarehouse: number;

const options = async (query: string, as?: string) => {
  const res = await f.api('GET', `/api/items/options?${query}`, undefined, as);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ItemOption[];
};

async function userWith(permissions: Array<{ route: string; canView: boolean; canAccess: boolean }>) {
  const user = await createUser(f.t.db, { password: 'picker-pass' });
  if (permissions.length) {
    const role = (await f.api('POST', '/api/roles', { name: `Підбір ${user.username}` })).json();
    await f.api('PUT', `/api/roles/${role.id}/permissions`, { permissions });
    await replaceUserRoles(f.t.db, user.id, [role.id]);
  }
  return (await signIn(f.t.app, user.username, 'picker-pass')).cookie;
}

beforeAll(async () => {
  f = await createSalesFixture();
  // 10 received, 3 of them reserved by a confirmed order: 7 free in the fixture's warehouse.
  product = await f.product({ stock: '10', price: '520.00' });
  await f.order([{ itemId: product, qty: '3', unitPrice: '520' }], { confirm: true });
  otherWarehouse = (
    await f.api('POST', '/api/warehouses', { code: 'СК-2', name: 'Склад комплектуючих', type: 'materials' })
  ).json().id;
  const supplier = (
    await f.api('POST', '/api/suppliers', {
      legalForm: 'legal_entity',
      name: 'Радіомаг',
      fullName: 'ТОВ «Радіомаг»',
      taxId: sampleEdrpou(4400),
    })
  ).json().id as number;
  component = (
    await f.api('POST', '/api/components', {
      sku: 'R-10K-0603',
      name: 'Резистор 10 кОм 0603',
      unitId: f.unitId,
      mpn: 'RC0603FR-0710KL',
      barcode: '4006381333931',
    })
  ).json().id;
  const saved = await f.api('PUT', `/api/components/${component}/suppliers`, {
    suppliers: [{ supplierId: supplier, supplierSku: 'RM-55501', isPreferred: true, lastPrice: '0.45' }],
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const documentTypeId = (await f.api('GET', '/api/supplier-document-types')).json()[0].id as number;
  for (const [warehouseId, qty, n] of [
    [f.warehouseId, '100', 1],
    [otherWarehouse, '250.5', 2],
  ] as const) {
    const draft = (
      await f.api('POST', '/api/supplier-receipts', {
        supplierId: supplier,
        warehouseId,
        documentTypeId,
        supplierDocNumber: `ПІК-${n}`,
        supplierDocDate: '2026-11-02',
        documentDate: '2026-11-02',
        lines: [{ itemId: component, qty, unitPrice: '0.45', vatRate: '20' }],
      })
    ).json();
    expect((await f.api('POST', `/api/supplier-receipts/${draft.id}/post`)).statusCode).toBe(200);
  }
});
afterAll(() => f.t.close());

describe('GET /api/items/options', () => {
  it('finds an item by its name, SKU, barcode, MPN and supplier SKU, each the same item', async () => {
    for (const search of ['резистор 10', 'r-10k', '4006381333931', 'rc0603fr', 'rm-555']) {
      const found = await options(`search=${encodeURIComponent(search)}&source=components`);
      expect(
        found.map((o) => o.id),
        search,
      ).toEqual([component]);
    }
    // A product is not among the components, nor a component among the products.
    expect(await options('search=r-10k&source=products')).toEqual([]);
    const products = await options('source=products');
    expect(products.map((o) => o.id)).toContain(product);
    expect(products.map((o) => o.kind)).not.toContain('component');
  });

  it('answers the free stock in the asked warehouse, or over all warehouses, and the prices', async () => {
    const [inOne] = await options(`search=R-10K-0603&warehouseId=${f.warehouseId}`);
    expect(inOne).toMatchObject({
      id: component,
      sku: 'R-10K-0603',
      unitShortName: 'шт',
      available: '100.0000',
      purchasePrice: '0.450000',
    });
    expect((await options(`search=R-10K-0603&warehouseId=${otherWarehouse}`))[0]!.available).toBe('250.5000');
    expect((await options('search=R-10K-0603'))[0]!.available).toBe('350.5000');
    // Reserved stock is not free: 10 on hand, 3 reserved.
    const [sold] = await options(`search=SALE-P-&source=products&warehouseId=${f.warehouseId}`);
    expect(sold).toMatchObject({ id: product, available: '7.0000', retailPrice: '520.000000', vatRate: '20' });
    // Nothing in that warehouse: 0, not unknown.
    expect((await options(`search=SALE-P-&source=products&warehouseId=${otherWarehouse}`))[0]!.available).toBe(
      '0.0000',
    );
  });

  it('puts an exact (scanned) code first, then the sellable kinds for a sales line', async () => {
    const twin = (
      await f.api('POST', '/api/products', { sku: 'R-10K-0603-KIT', name: 'Набір резисторів', unitId: f.unitId })
    ).json().id as number;
    expect((await options('search=R-10K-0603')).map((o) => o.id)).toEqual([component, twin]);
    expect((await options('search=резистор')).map((o) => o.id)).toEqual([twin, component]);
  });

  it('refuses bad input and answers only users with a page that picks items', async () => {
    expect((await f.api('GET', '/api/items/options?source=services')).statusCode).toBe(400);
    expect((await f.api('GET', '/api/items/options?limit=500')).statusCode).toBe(400);
    expect((await f.api('GET', '/api/items/options?warehouseId=abc')).statusCode).toBe(400);
    const nobody = await userWith([]);
    expect((await f.api('GET', '/api/items/options', undefined, nobody)).statusCode).toBe(403);
    const receiver = await userWith([{ route: '/supplier-receipts', canView: true, canAccess: false }]);
    expect((await options('search=rc0603', receiver)).map((o) => o.id)).toEqual([component]);
  });
});
