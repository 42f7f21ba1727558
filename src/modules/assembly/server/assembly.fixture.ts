// The test fixture of the assembly journeys (used only by tests): a fresh app per test file — an administrator, a
// supplier and a warehouse — and the calls the journeys share (items, stock through receipts, BOMs, documents).
// The bindings are live: set by the file's beforeAll.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { adminRoleId, replaceUserRoles } from '@/modules/roles/server/index.ts';
import { checkLedger } from '@/modules/stock/server/index.ts';
import { itemCosts, stockBalances } from '@/modules/stock/server/stock.table.ts';
import { createTestApp, createUser, fixtureNumber, signIn, type TestApp } from '@/server/testing/test-app.ts';
import { resourceEngine } from '@/resources/index.ts';
import { sampleEdrpou } from '@/shared/requisites.ts';
import { and } from 'drizzle-orm';

export let t: TestApp;
export let cookie: string;
export let warehouseId: number;
let supplierId: number;
let documentTypeId: number;
let unitId: number;

export const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, as = cookie) =>
  t.app.inject({ method, url, payload: payload as object | undefined, headers: { cookie: as } });

export const ledgerOk = async () => expect(await checkLedger(t.db)).toEqual({ ok: true, problems: [] });

export function useAssemblyApp() {
  beforeAll(async () => {
    t = await createTestApp();
    await resourceEngine.ensureSeeds(t.db);
    const admin = await createUser(t.db, { password: 'asm-pass' });
    await replaceUserRoles(t.db, admin.id, [await adminRoleId(t.db)]);
    cookie = (await signIn(t.app, admin.username, 'asm-pass')).cookie;
    unitId = (await resourceEngine.idsByLabel(t.db, '/units')).get('шт')!;
    documentTypeId = (await api('GET', '/api/supplier-document-types')).json()[0].id;
    supplierId = (
      await api('POST', '/api/suppliers', {
        legalForm: 'legal_entity',
        name: 'Комплектуючі',
        fullName: 'ТОВ «Комплектуючі»',
        taxId: sampleEdrpou(6262),
      })
    ).json().id;
    const res = await api('POST', '/api/warehouses', { code: 'ЗБ-1', name: 'Склад збірки', type: 'general' });
    expect(res.statusCode, res.body).toBe(201);
    warehouseId = res.json().id;
  });
  afterAll(() => t.close());
}

let n = 0;
export const skuOf = new Map<number, string>();
async function created(url: string, body: Record<string, unknown>) {
  const res = await api('POST', url, body);
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as number;
  skuOf.set(id, body.sku as string);
  return id;
}
export const component = () =>
  created('/api/components', { sku: `ASM-C-${fixtureNumber(++n)}`, name: `Компонент ${fixtureNumber(n)}`, unitId });
export const kit = (serialTracking = false) =>
  created('/api/products', {
    sku: `ASM-K-${fixtureNumber(++n)}`,
    name: `Комплект ${fixtureNumber(n)}`,
    unitId,
    serialTracking,
  });

/** Puts stock in through a posted supplier receipt (0 % VAT: the cost is the price). */
export async function receive(itemId: number, qty: string, unitPrice: string) {
  const draft = await api('POST', '/api/supplier-receipts', {
    supplierId,
    warehouseId,
    documentTypeId,
    supplierDocNumber: `ВН-А-${++n}`,
    supplierDocDate: '2026-11-02',
    documentDate: '2026-11-02',
    lines: [{ itemId, qty, unitPrice, vatRate: '0' }],
  });
  expect(draft.statusCode, draft.body).toBe(201);
  const posted = await api('POST', `/api/supplier-receipts/${draft.json().id}/post`);
  expect(posted.statusCode, posted.body).toBe(200);
}

export async function bom(
  itemId: number,
  lines: Array<{ componentItemId: number; qty: string; scrapPercent?: string }>,
) {
  const res = await api('POST', '/api/bom', { itemId, name: 'Основна', status: 'active', lines });
  expect(res.statusCode, res.body).toBe(201);
}

export const doc = (
  type: 'assembly' | 'disassembly',
  itemId: number,
  qty: string,
  lines: Array<{ itemId: number; qty: string }>,
) => ({ type, documentDate: '2026-11-12', itemId, qty, warehouseId, notes: null, lines });

/** Creates a draft and posts it; answers the draft and the posting's response. */
export async function createAndPost(
  body: ReturnType<typeof doc>,
  serials?: Array<{ itemId: number; serials: string[] }>,
) {
  const draft = await api('POST', '/api/assembly', body);
  expect(draft.statusCode, draft.body).toBe(201);
  const posted = await api('POST', `/api/assembly/${draft.json().id}/post`, serials ? { serials } : undefined);
  return { draft: draft.json(), posted };
}

export const cost = async (itemId: number) =>
  (await t.db.select().from(itemCosts).where(eq(itemCosts.itemId, itemId)))[0]!;
export const onHand = async (itemId: number) =>
  (
    await t.db
      .select({ onHand: stockBalances.onHand })
      .from(stockBalances)
      .where(and(eq(stockBalances.itemId, itemId), eq(stockBalances.warehouseId, warehouseId)))
  )[0]?.onHand ?? '0.0000';
