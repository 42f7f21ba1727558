// A kind change of an item (domain README §2): an item that has moved through the stock ledger cannot become a
// service (422 under 'Тип'); one that never moved can, and a service can become a stocked kind again.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRoleId, replaceUserRoles } from '@/modules/roles/server/index.ts';
import { postToLedger, reverseInLedger } from '@/modules/stock/server/index.ts';
import { auditLog } from '@/modules/system-logs/server/index.ts';
import { createTestApp, createUser, signIn, type TestApp } from '@/server/testing/test-app.ts';
import { itemMessages } from './items.resource.ts';

let t: TestApp;
let cookie: string;
let unitId: number;
let warehouseId: number;
let docId = 900_000;

const api = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  t.app.inject({ method, url, payload: payload as object | undefined, headers: { cookie } });

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createUser(t.db, { password: 'kinds-pass' });
  await replaceUserRoles(t.db, admin.id, [await adminRoleId(t.db)]);
  cookie = (await signIn(t.app, admin.username, 'kinds-pass')).cookie;
  unitId = (await api('POST', '/api/units', { name: 'Штука', shortName: 'шт', type: 'count', factor: '1' })).json().id;
  const warehouse = await api('POST', '/api/warehouses', { code: 'KND', name: 'Склад видів', type: 'materials' });
  expect(warehouse.statusCode, warehouse.body).toBe(201);
  warehouseId = warehouse.json().id;
});
afterAll(() => t.close());

async function product(sku: string, kind: 'product' | 'semi_finished' | 'service' = 'product'): Promise<number> {
  const res = await api('POST', '/api/products', { sku, name: `Товар ${sku}`, kind, unitId });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

const receive = (itemId: number) =>
  t.db.transaction(async (tx) => {
    const doc = { type: 'adjustment' as const, id: ++docId, number: `ADJ-2026-${docId}`, date: '2026-11-20' };
    return postToLedger(tx, { ...doc, userId: null }, [{ kind: 'in', itemId, warehouseId, qty: '3', unitCost: '10' }]);
  });

describe('item kind changes', () => {
  it('refuses to make an item with ledger rows a service, under the kind field, and changes nothing', async () => {
    const id = await product('KND-1');
    await receive(id);
    const audits = async () =>
      (
        await t.db
          .select()
          .from(auditLog)
          .where(eq(auditLog.entityId, String(id)))
      ).length;
    const auditsBefore = await audits();

    const refused = await api('PATCH', `/api/products/${id}`, { kind: 'service' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      error: itemMessages.serviceHasStock,
      fields: { kind: itemMessages.serviceHasStock },
    });
    expect((await api('GET', `/api/products/${id}`)).json().kind).toBe('product');
    expect(await audits()).toBe(auditsBefore);

    // Another kind that is stocked stays allowed, and so does any other change of the item.
    const semi = await api('PATCH', `/api/products/${id}`, { kind: 'semi_finished', name: 'Плата KND-1' });
    expect(semi.statusCode, semi.body).toBe(200);
    expect(semi.json()).toMatchObject({ kind: 'semi_finished', name: 'Плата KND-1' });
  });

  it('still refuses when the stock has gone back to zero: the ledger rows remain', async () => {
    const id = await product('KND-2');
    const [moved] = await receive(id);
    await t.db.transaction((tx) =>
      reverseInLedger(tx, {
        type: 'adjustment',
        id: docId,
        number: `ADJ-2026-${docId}`,
        date: '2026-11-21',
        userId: null,
      }),
    );
    expect(moved).toBeDefined();
    const refused = await api('PATCH', `/api/products/${id}`, { kind: 'service' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().fields).toEqual({ kind: itemMessages.serviceHasStock });
  });

  it('allows the switch for an item that never moved, and back from a service to a stocked kind', async () => {
    const id = await product('KND-3');
    const toService = await api('PATCH', `/api/products/${id}`, { kind: 'service' });
    expect(toService.statusCode, toService.body).toBe(200);
    expect(toService.json().kind).toBe('service');
    const back = await api('PATCH', `/api/products/${id}`, { kind: 'product' });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().kind).toBe('product');

    const service = await product('KND-4', 'service');
    const made = await api('PATCH', `/api/products/${service}`, { kind: 'semi_finished' });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().kind).toBe('semi_finished');
  });
});
