// The test fixture of the transfer journeys (used only by tests): a fresh app per test file, set up by
// useTransfersApp() — an administrator, a supplier and three warehouses — and the calls the journeys share. The
// bindings are live: set by the file's beforeAll.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { adminRoleId, replaceUserRoles } from '@/modules/roles/server/index.ts';
import { checkLedger } from '@/modules/stock/server/index.ts';
import { itemCosts } from '@/modules/stock/server/stock.table.ts';
import { createTestApp, createUser, signIn, type TestApp } from '@/server/testing/test-app.ts';
import { resourceEngine } from '@/resources/index.ts';
import { sampleEdrpou } from '@/shared/requisites.ts';

export let t: TestApp;
export let cookie: string;
let supplierId: number;
let documentTypeId: number;
export let unitId: number;
export let main: number;
export let shop: number;
export let spare: number;

export const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, as = cookie) =>
  t.app.inject({ method, url, payload: payload as object | undefined, headers: { cookie: as } });

export const ledgerOk = async () => expect(await checkLedger(t.db)).toEqual({ ok: true, problems: [] });

/** A fresh app and database for the calling test file: an administrator, a supplier and three warehouses. */
export function useTransfersApp() {
  beforeAll(async () => {
    t = await createTestApp();
    await resourceEngine.ensureSeeds(t.db);
    const admin = await createUser(t.db, { password: 'trf-pass' });
    await replaceUserRoles(t.db, admin.id, [await adminRoleId(t.db)]);
    cookie = (await signIn(t.app, admin.username, 'trf-pass')).cookie;
    unitId = (await resourceEngine.idsByLabel(t.db, '/units')).get('шт')!;
    documentTypeId = (await api('GET', '/api/supplier-document-types')).json()[0].id;
    supplierId = (
      await api('POST', '/api/suppliers', {
        legalForm: 'legal_entity',
        name: 'Електрокомплект',
        fullName: 'ТОВ «Електрокомплект»',
        taxId: sampleEdrpou(5151),
      })
    ).json().id;
    const warehouse = async (code: string, name: string) => {
      const res = await api('POST', '/api/warehouses', { code, name, type: 'general' });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as number;
    };
    main = await warehouse('ТР-1', 'Склад А');
    shop = await warehouse('ТР-2', 'Склад Б');
    spare = await warehouse('ТР-3', 'Склад В');
  });
  afterAll(() => t.close());
}

export let n = 0;
/** The next number of the file's sequence (SKUs, document numbers), shared with the fixture's own calls. */
export const nextSeq = () => ++n;
export const skuOf = new Map<number, string>();
export const component = async () => {
  const sku = `TRF-C-${++n}`;
  const id = (await api('POST', '/api/components', { sku, name: `Компонент ${n}`, unitId })).json().id as number;
  skuOf.set(id, sku);
  return id;
};

/** Puts stock in through a posted supplier receipt. */
export async function receive(itemId: number, warehouseId: number, qty: string, unitPrice: string) {
  const draft = await api('POST', '/api/supplier-receipts', {
    supplierId,
    warehouseId,
    documentTypeId,
    supplierDocNumber: `ВН-${++n}`,
    supplierDocDate: '2026-11-02',
    documentDate: '2026-11-02',
    lines: [{ itemId, qty, unitPrice, vatRate: '0' }],
  });
  expect(draft.statusCode, draft.body).toBe(201);
  const posted = await api('POST', `/api/supplier-receipts/${draft.json().id}/post`);
  expect(posted.statusCode, posted.body).toBe(200);
}

export const transfer = (lines: Array<Record<string, unknown>>, extra: Record<string, unknown> = {}) => ({
  documentDate: '2026-11-10',
  fromWarehouseId: main,
  toWarehouseId: shop,
  reason: 'Поповнення складу Б',
  lines,
  ...extra,
});

export async function createAndPost(lines: Array<Record<string, unknown>>, extra: Record<string, unknown> = {}) {
  const draft = await api('POST', '/api/warehouse-transfers', transfer(lines, extra));
  expect(draft.statusCode, draft.body).toBe(201);
  return { draft: draft.json(), posted: await api('POST', `/api/warehouse-transfers/${draft.json().id}/post`) };
}

export const stockAt = async (itemId: number, warehouseId: number) => {
  const res = await api('GET', `/api/component-stock?warehouseId=${warehouseId}&search=TRF-C-&limit=500`);
  expect(res.statusCode, res.body).toBe(200);
  const row = res.json().find((r: { itemId: number }) => r.itemId === itemId);
  return { onHand: row?.onHand as string, reserved: row?.reserved as string, available: row?.available as string };
};
export const avg = async (itemId: number) =>
  (await t.db.select().from(itemCosts).where(eq(itemCosts.itemId, itemId)))[0]!;
