// The test fixture of the adjustment journeys (used only by tests): a fresh app per test file, set up by
// useAdjustmentsApp(), and the calls the journeys share — receipts to have stock, new products and components, an
// adjustment, a stock row, a user with given rights. The bindings are live: set by the file's beforeAll.
import { afterAll, beforeAll, expect } from 'vitest';
import { adminRoleId, replaceUserRoles } from '@/modules/roles/server/index.ts';
import { createTestApp, createUser, signIn, type TestApp } from '@/server/testing/test-app.ts';
import { resourceEngine } from '@/resources/index.ts';
import { sampleEdrpou } from '@/shared/requisites.ts';
import { checkLedger } from './index.ts';

export let t: TestApp;
export let cookie: string;
let unitId: number;
export let mainWarehouse: { id: number; name: string; code: string };
let receiptBase: Record<string, unknown>;

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
export const api = (method: Method, url: string, payload?: unknown, as = cookie) =>
  t.app.inject({ method, url, payload: payload as object | undefined, headers: { cookie: as } });

let n = 0;
export async function receive(itemId: number, qty: string, unitPrice: string) {
  const draft = await api('POST', '/api/supplier-receipts', {
    ...receiptBase,
    supplierDocNumber: `ADJ-T-${++n}`,
    supplierDocDate: '2026-11-01',
    documentDate: '2026-11-01',
    lines: [{ itemId, qty, unitPrice }],
  });
  expect(draft.statusCode, draft.body).toBe(201);
  const posted = await api('POST', `/api/supplier-receipts/${draft.json().id}/post`);
  expect(posted.statusCode, posted.body).toBe(200);
}

export const product = async (fields: Record<string, unknown> = {}) => {
  const res = await api('POST', '/api/products', { sku: `ADJ-P-${++n}`, name: `Виріб ${n}`, unitId, ...fields });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; sku: string; name: string };
};
export const component = async (fields: Record<string, unknown> = {}) => {
  const res = await api('POST', '/api/components', { sku: `ADJ-C-${++n}`, name: `Деталь ${n}`, unitId, ...fields });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; sku: string; name: string };
};
export const adjust = (body: Record<string, unknown>, base = '/api/inventory') =>
  api('POST', `${base}/adjustments`, body);
export const stockRow = async (sku: string, base = '/api/inventory') =>
  (await api('GET', `${base}?search=${encodeURIComponent(sku)}`)).json()[0];
export const ledgerOk = async () => expect(await checkLedger(t.db)).toEqual({ ok: true, problems: [] });

export async function userWith(permissions: Array<{ route: string; canView: boolean; canAccess: boolean }>) {
  const user = await createUser(t.db, { password: 'role-pass' });
  const role = (await api('POST', '/api/roles', { name: `Роль ${++n}` })).json();
  const put = await t.app.inject({
    method: 'PUT',
    url: `/api/roles/${role.id}/permissions`,
    payload: { permissions },
    headers: { cookie },
  });
  expect(put.statusCode, put.body).toBeLessThan(300);
  await replaceUserRoles(t.db, user.id, [role.id]);
  return { id: user.id, cookie: (await signIn(t.app, user.username, 'role-pass')).cookie };
}

/** A fresh app and database for the calling test file, with an administrator and a supplier to receive from. */
export function useAdjustmentsApp() {
  beforeAll(async () => {
    t = await createTestApp();
    await resourceEngine.ensureSeeds(t.db);
    const admin = await createUser(t.db, { password: 'adj-pass' });
    await replaceUserRoles(t.db, admin.id, [await adminRoleId(t.db)]);
    cookie = (await signIn(t.app, admin.username, 'adj-pass')).cookie;
    unitId = (await resourceEngine.idsByLabel(t.db, '/units')).get('шт')!;
    mainWarehouse = (await api('GET', '/api/warehouses')).json()[0];
    const supplierId = (
      await api('POST', '/api/suppliers', {
        legalForm: 'legal_entity',
        name: 'Постачальник ADJ',
        fullName: 'ТОВ «Постачальник ADJ»',
        taxId: sampleEdrpou(9191),
      })
    ).json().id;
    const documentTypeId = (await api('GET', '/api/supplier-document-types')).json()[0].id;
    receiptBase = { supplierId, warehouseId: mainWarehouse.id, documentTypeId };
  });
  afterAll(() => t.close());
}
