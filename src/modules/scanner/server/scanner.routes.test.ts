// The scanner's lookup (warehouse.md §9 "Done means"): an EAN-13 finds its product with stock per warehouse, a SKU
// in another case and a supplier's code find their item, a GRN number links to its receipt, an unknown code finds
// nothing, and a user without the scanner or stock pages gets 403.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRoleId, replaceUserRoles } from '@/modules/roles/server/index.ts';
import { serialNumbers } from '@/modules/serial-numbers/server/serial-numbers.table.ts';
import { checkLedger } from '@/modules/stock/server/index.ts';
import { createTestApp, createUser, signIn, type TestApp } from '@/server/testing/test-app.ts';
import { resourceEngine } from '@/resources/index.ts';
import { sampleEdrpou } from '@/shared/requisites.ts';

let t: TestApp;
let cookie: string;
let product: number;
let component: number;
let warehouseId: number;
let warehouseName: string;
let receipt: { id: number; number: string };

const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, as = cookie) =>
  t.app.inject({ method, url, payload: payload as object | undefined, headers: { cookie: as } });
const lookup = (code: string, as = cookie) =>
  api('GET', `/api/scanner/lookup?code=${encodeURIComponent(code)}`, undefined, as);

beforeAll(async () => {
  t = await createTestApp();
  await resourceEngine.ensureSeeds(t.db);
  const admin = await createUser(t.db, { password: 'scan-pass' });
  await replaceUserRoles(t.db, admin.id, [await adminRoleId(t.db)]);
  cookie = (await signIn(t.app, admin.username, 'scan-pass')).cookie;
  const unitId = (await resourceEngine.idsByLabel(t.db, '/units')).get('шт')!;
  const warehouse = (await api('GET', '/api/warehouses')).json()[0];
  warehouseId = warehouse.id;
  warehouseName = warehouse.name;
  const made = await api('POST', '/api/products', {
    sku: 'SCN-Lamp-1',
    name: 'Лампа настільна',
    unitId,
    barcode: '4006381333931',
    retailPrice: '250',
    vatRate: '20',
  });
  expect(made.statusCode, made.body).toBe(201);
  product = made.json().id;
  component = (await api('POST', '/api/components', { sku: 'SCN-R-10K', name: 'Резистор 10 кОм', unitId })).json().id;
  const supplierId = (
    await api('POST', '/api/suppliers', {
      legalForm: 'legal_entity',
      name: 'Сканпостач',
      fullName: 'ТОВ «Сканпостач»',
      taxId: sampleEdrpou(6161),
    })
  ).json().id;
  const linked = await api('PUT', `/api/components/${component}/suppliers`, {
    suppliers: [{ supplierId, supplierSku: 'RM-10K-0603' }],
  });
  expect(linked.statusCode, linked.body).toBe(200);
  const documentTypeId = (await api('GET', '/api/supplier-document-types')).json()[0].id;
  const draft = await api('POST', '/api/supplier-receipts', {
    supplierId,
    warehouseId,
    documentTypeId,
    supplierDocNumber: 'СК-1',
    supplierDocDate: '2026-11-10',
    documentDate: '2026-11-12',
    lines: [{ itemId: product, qty: '7', unitPrice: '100' }],
  });
  expect(draft.statusCode, draft.body).toBe(201);
  receipt = draft.json();
  expect((await api('POST', `/api/supplier-receipts/${receipt.id}/post`)).statusCode).toBe(200);
  expect(await checkLedger(t.db)).toEqual({ ok: true, problems: [] });
});
afterAll(() => t.close());

describe('GET /api/scanner/lookup', () => {
  it('finds a product by its EAN-13 with stock per warehouse, price and status', async () => {
    const res = await lookup('4006381333931');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      {
        type: 'item',
        matchedBy: 'barcode',
        itemId: product,
        sku: 'SCN-Lamp-1',
        name: 'Лампа настільна',
        kind: 'product',
        unit: 'шт',
        barcode: '4006381333931',
        price: '250.000000',
        priceWithVat: '300.00',
        vatRate: '20',
        isActive: true,
        status: 'low-stock', // 7 available, at most the default threshold of 10
        stock: [{ warehouseId, warehouseName, onHand: '7.0000', reserved: '0.0000', available: '7.0000' }],
        links: { page: '/products', movement: `/component-movement?itemId=${product}&kind=all` },
      },
    ]);
  });

  it('finds an item by its SKU in another case and by a supplier SKU', async () => {
    const bySku = (await lookup('  scn-lamp-1 ')).json();
    expect(bySku).toHaveLength(1);
    expect(bySku[0]).toMatchObject({ itemId: product, matchedBy: 'sku' });
    const bySupplier = (await lookup('rm-10k-0603')).json();
    expect(bySupplier).toEqual([
      expect.objectContaining({
        type: 'item',
        matchedBy: 'supplier_sku',
        itemId: component,
        sku: 'SCN-R-10K',
        status: 'out-of-stock',
        stock: [],
        links: { page: '/components', movement: `/component-movement?itemId=${component}` },
      }),
    ]);
  });

  it('links a GRN number to its receipt', async () => {
    const res = await lookup(receipt.number.toLowerCase());
    expect(res.json()).toEqual([
      {
        type: 'document',
        documentType: 'supplier_receipt',
        id: receipt.id,
        number: receipt.number,
        status: 'posted',
        date: '2026-11-12',
        url: `/supplier-receipts?open=${receipt.id}`,
      },
    ]);
    expect((await lookup('GRN-2026-99999')).json()).toEqual([]);
    expect((await lookup('ZZZ-2026-00001')).json()).toEqual([]);
  });

  it('finds a unit by its serial number in any case, with its item, status and warehouse', async () => {
    const unitId = (await resourceEngine.idsByLabel(t.db, '/units')).get('шт')!;
    const tracked = (
      await api('POST', '/api/products', { sku: 'SCN-SN-1', name: 'Мультиметр сканера', unitId, serialTracking: true })
    ).json().id as number;
    const opening = await api('POST', '/api/inventory/adjustments', {
      warehouseId,
      reason: 'opening',
      // The opening balance of a serial-tracked item names its serials (registered as available in the warehouse).
      lines: [{ itemId: tracked, deltaQty: '2', unitCost: '100', serials: ['scn-0001', 'scn-0002'] }],
      post: true,
    });
    expect(opening.statusCode, opening.body).toBe(201);
    const [first] = await t.db
      .select({ id: serialNumbers.id })
      .from(serialNumbers)
      .where(and(eq(serialNumbers.itemId, tracked), eq(serialNumbers.serial, 'SCN-0001')));
    const res = await lookup(' scn-0001 ');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      {
        type: 'serial',
        serialId: first!.id,
        serial: 'SCN-0001',
        itemId: tracked,
        sku: 'SCN-SN-1',
        name: 'Мультиметр сканера',
        status: 'available',
        statusLabel: 'На складі',
        warehouseName,
        clientName: null,
        soldAt: null,
        warrantyUntil: null,
        url: `/serial-numbers?open=${first!.id}`,
      },
    ]);
    expect(await checkLedger(t.db)).toEqual({ ok: true, problems: [] });
  });

  it('answers an empty list for an unknown code and 400 for an empty one', async () => {
    const res = await lookup('0000000000000');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    // Exact matches only: part of a SKU finds nothing.
    expect((await lookup('SCN-Lamp')).json()).toEqual([]);
    const empty = await lookup('   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatch(/код/);
  });

  it('refuses a user without /scanner or the stock pages and serves one who views /inventory', async () => {
    const make = async (permissions: Array<{ route: string; canView: boolean; canAccess: boolean }>) => {
      const user = await createUser(t.db, { password: 'scan-pass' });
      const role = (await api('POST', '/api/roles', { name: `Сканер ${user.username}` })).json();
      await api('PUT', `/api/roles/${role.id}/permissions`, { permissions });
      await replaceUserRoles(t.db, user.id, [role.id]);
      return (await signIn(t.app, user.username, 'scan-pass')).cookie;
    };
    const outsider = await make([{ route: '/orders', canView: true, canAccess: true }]);
    const refused = await lookup('4006381333931', outsider);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'Недостатньо прав' });
    const storekeeper = await make([{ route: '/inventory', canView: true, canAccess: false }]);
    expect((await lookup('4006381333931', storekeeper)).statusCode).toBe(200);
  });
});
