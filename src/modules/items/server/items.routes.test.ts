// The item master (domain README §2, reference-data.md §16–17): two views of one table, the spec's
// `GET /api/products` shape newest first, the SKU check, the internal EAN-13 and bulk changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBarcode } from '@/shared/requisites.ts';
import { adminRoleId, replaceUserRoles } from '@/modules/roles/server/index.ts';
import { createTestApp, createUser, signIn, type TestApp } from '@/server/testing/test-app.ts';

let t: TestApp;
let cookie: string;
let unitId: number;
let productCategoryId: number;
let componentCategoryId: number;

const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, payload: payload as object | undefined, headers: { cookie } });

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createUser(t.db, { password: 'items-pass' });
  await replaceUserRoles(t.db, admin.id, [await adminRoleId(t.db)]);
  cookie = (await signIn(t.app, admin.username, 'items-pass')).cookie;
  unitId = (await api('POST', '/api/units', { name: 'Штука', shortName: 'шт', type: 'count', factor: '1' })).json().id;
  productCategoryId = (await api('POST', '/api/product-categories', { name: 'Блоки живлення' })).json().id;
  componentCategoryId = (await api('POST', '/api/categories', { name: 'Резистори' })).json().id;
});
afterAll(() => t.close());

const product = (sku: string, name: string) => ({
  sku,
  name,
  unitId,
  categoryId: productCategoryId,
  retailPrice: '1250.50',
});

describe('items', () => {
  it('answers GET /api/products newest first with the names the dashboard needs', async () => {
    for (const [i, name] of ['Блок живлення БЖ-12', 'Блок живлення БЖ-24', 'Стабілізатор СН-5'].entries()) {
      const res = await api('POST', '/api/products', product(`BZH-${i}`, name));
      expect(res.statusCode, res.body).toBe(201);
    }
    const res = await api('GET', '/api/products?limit=2');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('3');
    const rows = res.json();
    expect(rows.map((r: { sku: string }) => r.sku)).toEqual(['BZH-2', 'BZH-1']);
    expect(rows[0]).toMatchObject({
      name: 'Стабілізатор СН-5',
      retailPrice: '1250.500000',
      kind: 'product',
      categoryName: 'Блоки живлення',
      unitShortName: 'шт',
      isActive: true,
      vatRate: '20',
      warrantyMonths: 12,
    });
    const deep = await api('GET', '/api/products?limit=2&offset=2');
    expect(deep.json().map((r: { sku: string }) => r.sku)).toEqual(['BZH-0']);
  });

  it('keeps products and components apart but in one SKU space', async () => {
    const component = await api('POST', '/api/components', {
      sku: 'R-10K-0603',
      name: 'Резистор 10 кОм 0603',
      unitId,
      categoryId: componentCategoryId,
      mpn: 'RC0603FR-0710KL',
      manufacturer: 'Yageo',
    });
    expect(component.statusCode, component.body).toBe(201);
    const id = component.json().id as number;
    expect((await api('GET', `/api/products/${id}`)).statusCode).toBe(404);
    expect((await api('GET', '/api/products?search=Резистор')).json()).toEqual([]);

    const clash = await api('POST', '/api/products', product('r-10k-0603', 'Інший'));
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual({
      error: 'Артикул уже використовується',
      fields: { sku: 'Артикул уже використовується' },
    });
    const wrongKind = await api('POST', '/api/products', { ...product('X-1', 'Х'), kind: 'component' });
    expect(wrongKind.statusCode).toBe(400);
    const wrongScope = await api('POST', '/api/products', { ...product('X-2', 'Х'), categoryId: componentCategoryId });
    expect(wrongScope.json().fields).toEqual({ categoryId: 'Оберіть запис зі списку' });
    const byMpn = await api('GET', '/api/components?search=rc0603');
    expect(byMpn.json().map((r: { id: number }) => r.id)).toEqual([id]);
  });

  it('checks SKUs for the code helper across every kind of item', async () => {
    expect((await api('GET', '/api/products/check-sku?sku=%20bzh-0%20')).json()).toEqual({ available: false });
    expect((await api('GET', '/api/products/check-sku?sku=R-10K-0603')).json()).toEqual({ available: false });
    expect((await api('GET', '/api/products/check-sku?sku=NEW-123')).json()).toEqual({ available: true });
    expect((await api('GET', '/api/products/check-sku')).statusCode).toBe(400);
  });

  it('generates an internal EAN-13 starting with 2, once, and checks typed barcodes', async () => {
    const [item] = (await api('GET', '/api/products?search=BZH-0')).json();
    const res = await api('POST', `/api/products/${item.id}/barcode`);
    expect(res.statusCode, res.body).toBe(200);
    const barcode = res.json().barcode as string;
    expect(barcode).toMatch(/^200\d{10}$/);
    expect(barcode).toBe(`200${String(item.id).padStart(9, '0')}${barcode.at(-1)}`);
    expect(checkBarcode(barcode).ok).toBe(true);
    expect((await api('POST', `/api/products/${item.id}/barcode`)).statusCode).toBe(409);
    // A picker shows the SKU beside the name (lookupHint), to tell similar names apart.
    expect((await api('GET', `/api/lookups/products?search=${barcode}`)).json()).toEqual([
      { id: item.id, label: item.name, hint: item.sku },
    ]);
    expect((await api('GET', `/api/products?search=${barcode}`)).json().map((r: { id: number }) => r.id)).toEqual([
      item.id,
    ]);

    const bad = await api('PATCH', `/api/products/${item.id}`, { barcode: '4006381333932' });
    expect(bad.json().fields.barcode).toBe('Невірна контрольна цифра штрих-коду');
  });

  it('changes the category or the active flag of many items in one audited step', async () => {
    const ids = (await api('GET', '/api/products')).json().map((r: { id: number }) => r.id);
    const res = await api('POST', '/api/products/bulk', { ids, set: { isActive: false } });
    expect(res.json()).toEqual({ updated: 3 });
    expect((await api('GET', '/api/products')).json()).toEqual([]);
    expect((await api('POST', '/api/products/bulk', { ids, set: {} })).statusCode).toBe(400);
    // A component id is outside the products view: the whole step is refused.
    const [component] = (await api('GET', '/api/components')).json();
    const mixed = await api('POST', '/api/products/bulk', { ids: [...ids, component.id], set: { isActive: true } });
    expect(mixed.statusCode).toBe(404);
    expect((await api('GET', '/api/products')).json()).toEqual([]);
  });

  it('re-imports its own XLSX export as updates only, changing nothing', async () => {
    const before = (await api('GET', '/api/products?isActive=all&limit=100')).json();
    const xlsx = await api('GET', '/api/products/export?format=xlsx&isActive=all');
    expect(xlsx.statusCode).toBe(200);
    const dry = await t.app.inject({
      method: 'POST',
      url: '/api/products/import?dryRun=1',
      payload: xlsx.rawPayload,
      headers: { cookie, 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
    });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().counts).toEqual({ new: 0, update: before.length, error: 0 });
    const commit = await t.app.inject({
      method: 'POST',
      url: '/api/products/import',
      payload: xlsx.rawPayload,
      headers: { cookie, 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
    });
    expect(commit.json()).toEqual({ created: 0, updated: before.length });
    const after = (await api('GET', '/api/products?isActive=all&limit=100')).json();
    const strip = (rows: Array<Record<string, unknown>>) => rows.map(({ updatedAt: _u, ...row }) => row);
    expect(strip(after)).toEqual(strip(before));
  });

  it("keeps a component's suppliers, finds the component by a supplier's SKU, and pairs alternatives both ways", async () => {
    const make = async (sku: string, name: string) =>
      (await api('POST', '/api/components', { sku, name, unitId, categoryId: componentCategoryId })).json()
        .id as number;
    const cap = await make('C-100N', 'Конденсатор 100 нФ 0603');
    const alt = await make('C-100N-B', 'Конденсатор 100 нФ 0603 (інший виробник)');
    const supplier = (
      await api('POST', '/api/suppliers', { legalForm: 'legal_entity', name: 'Радіомаг', fullName: 'ТОВ «Радіомаг»' })
    ).json().id as number;
    const client = (await api('POST', '/api/clients', { legalForm: 'individual', name: 'Не постачальник' })).json()
      .id as number;

    const notSupplier = await api('PUT', `/api/components/${cap}/suppliers`, { suppliers: [{ supplierId: client }] });
    expect(notSupplier.statusCode).toBe(400);
    const twoPreferred = await api('PUT', `/api/components/${cap}/suppliers`, {
      suppliers: [
        { supplierId: supplier, supplierSku: 'A', isPreferred: true },
        { supplierId: supplier, supplierSku: 'B', isPreferred: true },
      ],
    });
    expect(twoPreferred.statusCode).toBe(400);

    const saved = await api('PUT', `/api/components/${cap}/suppliers`, {
      suppliers: [
        {
          supplierId: supplier,
          supplierSku: 'RM-CL10B104',
          packQty: '4000',
          lastPrice: '0.42',
          lastPriceCurrency: 'uah',
          lastPriceDate: '2026-11-01',
          isPreferred: true,
        },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject([
      {
        supplierName: 'Радіомаг',
        supplierSku: 'RM-CL10B104',
        packQty: '4000.0000',
        lastPrice: '0.420000',
        lastPriceCurrency: 'UAH',
      },
    ]);
    const found = await api('GET', '/api/components?search=cl10b104');
    expect(found.json().map((r: { id: number }) => r.id)).toEqual([cap]);
    // Every picker (the lookup) finds it alike: by the supplier's SKU, by its own SKU, by its name.
    for (const search of ['cl10b104', 'c-100n-b', 'інший виробник']) {
      const picked = await api('GET', `/api/lookups/components?search=${encodeURIComponent(search)}`);
      expect(
        picked.json().map((r: { id: number }) => r.id),
        search,
      ).toEqual(search === 'cl10b104' ? [cap] : [alt]);
    }
    // The supplier cannot be deleted while a component names it.
    expect((await api('DELETE', `/api/suppliers/${supplier}`)).json().error).toBe(
      'Запис використовується (Постачальники компонентів) — зробіть його неактивним',
    );

    expect(
      (await api('PUT', `/api/components/${cap}/alternatives`, { alternatives: [{ itemId: cap }] })).statusCode,
    ).toBe(400);
    const paired = await api('PUT', `/api/components/${cap}/alternatives`, {
      alternatives: [{ itemId: alt, note: 'Те саме, Yageo' }],
    });
    expect(paired.json()).toEqual([
      {
        itemId: alt,
        sku: 'C-100N-B',
        name: 'Конденсатор 100 нФ 0603 (інший виробник)',
        kind: 'component',
        note: 'Те саме, Yageo',
      },
    ]);
    // The pair is unordered: the alternative sees the first component too.
    expect(
      (await api('GET', `/api/components/${alt}/alternatives`)).json().map((a: { itemId: number }) => a.itemId),
    ).toEqual([cap]);
    const product = (await api('GET', '/api/products?isActive=all')).json()[0].id as number;
    expect(
      (await api('PUT', `/api/components/${cap}/alternatives`, { alternatives: [{ itemId: product }] })).statusCode,
    ).toBe(400);
  });
});
