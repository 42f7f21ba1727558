// Labels (warehouse.md §10 "Done means"): 3 copies on 58x40 are 3 pages of 58×40 mm; an item without an EAN gets a
// Code 128 of its SKU; a receipt gives one label per unit; whoever sees none of the stock or item pages gets 403.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRoleId, replaceUserRoles } from '@/modules/roles/server/index.ts';
import { createTestApp, createUser, signIn, type TestApp } from '@/server/testing/test-app.ts';
import { mm } from '@/server/kernel/pdf/pdf.ts';
import { resourceEngine } from '@/resources/index.ts';
import { sampleEdrpou } from '@/shared/requisites.ts';
import { labelBarcodeOf, priceWithVat } from './labels.service.ts';

let t: TestApp;
let cookie: string;
let unitId: number;
let withEan: number;
let withoutEan: number;

const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, as = cookie) =>
  t.app.inject({ method, url, payload: payload as object | undefined, headers: { cookie: as } });

/** The pages of a pdfkit PDF (its page objects are not compressed) with their MediaBox in points. */
function pdfPages(body: Buffer) {
  const text = body.toString('latin1');
  const boxes = [...text.matchAll(/\/Type \/Page\n[^]*?\/MediaBox \[([^\]]+)\]/g)].map((m) =>
    m[1]!.trim().split(/\s+/).map(Number),
  );
  return { count: (text.match(/\/Type \/Page\b(?!s)/g) ?? []).length, boxes };
}

async function userWith(permissions: Array<{ route: string; canView: boolean; canAccess: boolean }>) {
  const user = await createUser(t.db, { password: 'label-pass' });
  if (permissions.length) {
    const role = (await api('POST', '/api/roles', { name: `Етикетки ${user.username}` })).json();
    await api('PUT', `/api/roles/${role.id}/permissions`, { permissions });
    await replaceUserRoles(t.db, user.id, [role.id]);
  }
  return (await signIn(t.app, user.username, 'label-pass')).cookie;
}

beforeAll(async () => {
  t = await createTestApp();
  await resourceEngine.ensureSeeds(t.db);
  const admin = await createUser(t.db, { password: 'label-pass' });
  await replaceUserRoles(t.db, admin.id, [await adminRoleId(t.db)]);
  cookie = (await signIn(t.app, admin.username, 'label-pass')).cookie;
  unitId = (await resourceEngine.idsByLabel(t.db, '/units')).get('шт')!;
  const product = (body: Record<string, unknown>) => api('POST', '/api/products', { unitId, ...body });
  const a = await product({
    sku: 'LBL-EAN',
    name: 'Блок живлення 12 В 2 А з дуже довгою назвою, що не вміщається у два рядки етикетки 58×40',
    barcode: '4006381333931',
    retailPrice: '100',
    vatRate: '20',
  });
  expect(a.statusCode, a.body).toBe(201);
  withEan = a.json().id;
  withoutEan = (await product({ sku: 'LBL-128', name: 'Кабель USB-C' })).json().id;
  await api('POST', '/api/companies', {
    name: 'Техноприлад',
    fullName: 'ТОВ «Техноприлад»',
    legalForm: 'ТОВ',
    taxId: sampleEdrpou(5151),
    legalAddress: 'Київ',
    isDefault: true,
  });
});
afterAll(() => t.close());

describe('POST /api/labels/render', () => {
  it('prints 3 copies on 58x40 as a PDF of 3 pages of 58×40 mm', async () => {
    const res = await api('POST', '/api/labels/render', {
      template: '58x40',
      showPrice: true,
      items: [{ itemId: withEan, copies: 3 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { count, boxes } = pdfPages(res.rawPayload);
    expect(count).toBe(3);
    expect(boxes).toHaveLength(3);
    for (const [x, y, w, h] of boxes) {
      expect([x, y]).toEqual([0, 0]);
      expect(w).toBeCloseTo(mm(58), 2);
      expect(h).toBeCloseTo(mm(40), 2);
    }
  });

  it('puts 24 labels of 70×37 mm on each A4 sheet and sizes the other templates', async () => {
    const sheet = await api('POST', '/api/labels/render', {
      template: 'a4-3x8',
      items: [
        { itemId: withEan, copies: 20 },
        { itemId: withoutEan, copies: 5 },
      ],
    });
    expect(sheet.statusCode, sheet.body).toBe(200);
    const a4 = pdfPages(sheet.rawPayload);
    expect(a4.count).toBe(2);
    expect(a4.boxes[0]![2]).toBeCloseTo(595.28, 1);
    expect(a4.boxes[0]![3]).toBeCloseTo(841.89, 1);
    for (const [template, w, h] of [
      ['40x25', 40, 25],
      ['100x150', 100, 150],
    ] as const) {
      const res = await api('POST', '/api/labels/render', { template, items: [{ itemId: withoutEan, copies: 1 }] });
      const pages = pdfPages(res.rawPayload);
      expect(pages.count).toBe(1);
      expect(pages.boxes[0]![2]).toBeCloseTo(mm(w), 2);
      expect(pages.boxes[0]![3]).toBeCloseTo(mm(h), 2);
    }
  });

  it('gives one label per unit of a posted receipt and refuses a draft', async () => {
    const warehouseId = (await api('GET', '/api/warehouses')).json()[0].id;
    const documentTypeId = (await api('GET', '/api/supplier-document-types')).json()[0].id;
    const supplierId = (
      await api('POST', '/api/suppliers', {
        legalForm: 'legal_entity',
        name: 'Постачальник етикеток',
        fullName: 'ТОВ «Постачальник етикеток»',
        taxId: sampleEdrpou(5152),
      })
    ).json().id;
    const draft = await api('POST', '/api/supplier-receipts', {
      supplierId,
      warehouseId,
      documentTypeId,
      supplierDocNumber: 'ЕТ-1',
      supplierDocDate: '2026-11-10',
      documentDate: '2026-11-12',
      lines: [
        { itemId: withEan, qty: '2', unitPrice: '10' },
        { itemId: withoutEan, qty: '3', unitPrice: '5' },
      ],
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const body = { template: '40x25', documentType: 'supplier_receipt', documentId: draft.json().id };
    const refused = await api('POST', '/api/labels/render', body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('Етикетки друкуються лише за проведеним приходом');
    expect((await api('POST', `/api/supplier-receipts/${draft.json().id}/post`)).statusCode).toBe(200);
    const res = await api('POST', '/api/labels/render', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(pdfPages(res.rawPayload).count).toBe(5);
    const missing = await api('POST', '/api/labels/render', { ...body, documentId: 999_999 });
    expect(missing.statusCode).toBe(404);
  });

  it('validates the body in Ukrainian', async () => {
    const cases: Array<[unknown, number, RegExp]> = [
      [{ template: '10x10', items: [{ itemId: withEan, copies: 1 }] }, 400, /шаблон/],
      [{ template: '58x40', items: [{ itemId: withEan, copies: 0 }] }, 400, /копій/],
      [{ template: '58x40', items: [{ itemId: withEan, copies: 501 }] }, 400, /копій/],
      [{ template: '58x40', items: [{ itemId: withEan, copies: 1.5 }] }, 400, /копій/],
      [{ template: '58x40', items: [] }, 400, /хоча б один/],
      [{ template: '58x40' }, 400, /одне з/],
      [
        { template: '58x40', items: [{ itemId: withEan, copies: 1 }], documentType: 'supplier_receipt', documentId: 1 },
        400,
        /одне з/,
      ],
      [{ template: '58x40', serialIds: [] }, 400, /серійний номер/],
      [{ template: '58x40', serialIds: [987_655, 987_656] }, 404, /Серійні номери не знайдено: 987655, 987656/],
      [{ template: '58x40', documentType: 'shipment', documentId: 1 }, 400, /приходом/],
      [{ template: '58x40', items: [{ itemId: 987_654, copies: 1 }] }, 404, /не знайдено: 987654/],
      [{ template: '58x40', items: [{ itemId: withEan, copies: 1 }], extra: true }, 400, /./],
    ];
    for (const [payload, status, message] of cases) {
      const res = await api('POST', '/api/labels/render', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().error).toMatch(message);
    }
  });

  it('refuses a user who sees none of the label routes and serves one who only views /scanner', async () => {
    const nobody = await userWith([]);
    const body = { template: '58x40', items: [{ itemId: withEan, copies: 1 }] };
    const refused = await api('POST', '/api/labels/render', body, nobody);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'Недостатньо прав' });
    expect((await api('GET', `/api/labels/items?ids=${withEan}`, undefined, nobody)).statusCode).toBe(403);
    const scannerViewer = await userWith([{ route: '/scanner', canView: true, canAccess: false }]);
    const allowed = await api('POST', '/api/labels/render', body, scannerViewer);
    expect(allowed.statusCode, allowed.body).toBe(200);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/labels/render', payload: body });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('label content', () => {
  it('uses the EAN-13 when valid, else Code 128 of the SKU', () => {
    expect(labelBarcodeOf({ sku: 'LBL-EAN', barcode: '4006381333931' })).toEqual({
      symbology: 'ean13',
      text: '4006381333931',
    });
    expect(labelBarcodeOf({ sku: 'LBL-128', barcode: null })).toEqual({ symbology: 'code128', text: 'LBL-128' });
    // A Code 128 barcode of the item itself is not an EAN: the SKU is printed.
    expect(labelBarcodeOf({ sku: 'LBL-128', barcode: 'ABC-1' })).toEqual({ symbology: 'code128', text: 'LBL-128' });
    expect(priceWithVat('100.000000', '20')).toBe('120.00');
    // The document line rule: net rounds first (10.13), then VAT (0.71).
    expect(priceWithVat('10.125000', '7')).toBe('10.84');
    expect(priceWithVat(null, '20')).toBeNull();
  });

  it('answers the preview data in the order asked', async () => {
    const res = await api('GET', `/api/labels/items?ids=${withoutEan},${withEan}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      companyName: 'Техноприлад',
      items: [
        {
          itemId: withoutEan,
          name: 'Кабель USB-C',
          sku: 'LBL-128',
          barcode: { symbology: 'code128', text: 'LBL-128' },
          priceWithVat: null,
        },
        expect.objectContaining({
          itemId: withEan,
          barcode: { symbology: 'ean13', text: '4006381333931' },
          priceWithVat: '120.00',
        }),
      ],
    });
    expect((await api('GET', '/api/labels/items?ids=abc')).statusCode).toBe(400);
  });
});
