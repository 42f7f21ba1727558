// The serials a document's picker may choose (`GET /api/serial-numbers/available`, sales.md §3 and §4): only the
// item's units on hand ('available') in the warehouse asked, oldest first, narrowed by a part of the serial, with the
// total in X-Total-Count; a user who only views shipments or transfers may list them, others may not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replaceUserRoles } from '@/modules/roles/server/index.ts';
import { createUser, signIn, type TestApp } from '@/server/testing/test-app.ts';
import { createSerialsFixture, serialsOf, type SerialsFixture } from './serial-numbers.fixture.ts';
import { serialNumbers } from './serial-numbers.table.ts';

let t: TestApp;
let warehouseId: number;
let api: SerialsFixture['api'];
let product: SerialsFixture['product'];
let item: number;
let other: number;
let otherWarehouse: number;

const url = (query: string) => `/api/serial-numbers/available?${query}`;

beforeAll(async () => {
  ({ t, warehouseId, api, product } = await createSerialsFixture());
  item = await product();
  other = await product();
  const res = await api('POST', '/api/warehouses', { code: 'SNAV2', name: 'Склад вибору 2', type: 'general' });
  expect(res.statusCode, res.body).toBe(201);
  otherWarehouse = res.json().id;
  const at = (date: string) => new Date(`${date}T09:00:00Z`);
  // Inserted in another order than their age: the answer follows created_at, not the id.
  await t.db.insert(serialNumbers).values([
    { itemId: item, serial: 'AV-NEW', status: 'available', warehouseId, createdAt: at('2026-03-01') },
    { itemId: item, serial: 'AV-OLD', status: 'available', warehouseId, createdAt: at('2026-01-01') },
    { itemId: item, serial: 'AV-MID', status: 'available', warehouseId, createdAt: at('2026-02-01') },
    { itemId: item, serial: 'AV-RESERVED', status: 'reserved', warehouseId, createdAt: at('2025-01-01') },
    { itemId: item, serial: 'AV-SOLD', status: 'sold', warehouseId: null, createdAt: at('2025-01-01') },
    { itemId: item, serial: 'AV-ALLOCATED', status: 'allocated', warehouseId: null, createdAt: at('2025-01-01') },
    {
      itemId: item,
      serial: 'AV-ELSEWHERE',
      status: 'available',
      warehouseId: otherWarehouse,
      createdAt: at('2025-01-01'),
    },
    { itemId: other, serial: 'AV-OTHER-ITEM', status: 'available', warehouseId, createdAt: at('2025-01-01') },
  ]);
});
afterAll(() => t.close());

describe('available serials', () => {
  it('answers only the item’s available serials in that warehouse, oldest first, with the total', async () => {
    const res = await api('GET', url(`itemId=${item}&warehouseId=${warehouseId}`));
    expect(res.statusCode, res.body).toBe(200);
    expect(serialsOf(res)).toEqual(['AV-OLD', 'AV-MID', 'AV-NEW']);
    expect(res.headers['x-total-count']).toBe('3');
    expect(Object.keys(res.json()[0]).sort()).toEqual(['createdAt', 'id', 'serial']);

    const elsewhere = await api('GET', url(`itemId=${item}&warehouseId=${otherWarehouse}`));
    expect(serialsOf(elsewhere)).toEqual(['AV-ELSEWHERE']);
    const otherItem = await api('GET', url(`itemId=${other}&warehouseId=${warehouseId}`));
    expect(serialsOf(otherItem)).toEqual(['AV-OTHER-ITEM']);
  });

  it('takes the oldest ones up to the limit and narrows by a part of the serial', async () => {
    const two = await api('GET', url(`itemId=${item}&warehouseId=${warehouseId}&limit=2`));
    expect(serialsOf(two)).toEqual(['AV-OLD', 'AV-MID']);
    expect(two.headers['x-total-count']).toBe('3');
    const found = await api(
      'GET',
      url(`itemId=${item}&warehouseId=${warehouseId}&search=${encodeURIComponent(' mi')}`),
    );
    expect(serialsOf(found)).toEqual(['AV-MID']);
    // A LIKE wildcard is taken as text.
    const wildcard = await api('GET', url(`itemId=${item}&warehouseId=${warehouseId}&search=%25`));
    expect(serialsOf(wildcard)).toEqual([]);
  });

  it('needs the item and the warehouse, in Ukrainian', async () => {
    const res = await api('GET', url(`warehouseId=${warehouseId}`));
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('Оберіть товар');
    expect((await api('GET', url(`itemId=${item}&warehouseId=${warehouseId}&limit=5000`))).statusCode).toBe(400);
  });

  it('is open to the users of shipments and transfers, not to others', async () => {
    async function userWith(route: string) {
      const user = await createUser(t.db, { password: 'sn-av-pass' });
      const role = (await api('POST', '/api/roles', { name: `Вибір серійних ${route}` })).json();
      const perms = await api('PUT', `/api/roles/${role.id}/permissions`, {
        permissions: [{ route, canView: true, canAccess: false }],
      });
      expect(perms.statusCode, perms.body).toBe(200);
      await replaceUserRoles(t.db, user.id, [role.id]);
      return (await signIn(t.app, user.username, 'sn-av-pass')).cookie;
    }
    const query = url(`itemId=${item}&warehouseId=${warehouseId}`);
    const shipper = await userWith('/shipments');
    const shipped = await api('GET', query, undefined, shipper);
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(serialsOf(shipped)).toEqual(['AV-OLD', 'AV-MID', 'AV-NEW']);
    // The picker's list only: the register itself stays closed to them.
    expect((await api('GET', '/api/serial-numbers', undefined, shipper)).statusCode).toBe(403);
    expect((await api('GET', query, undefined, await userWith('/warehouse-transfers'))).statusCode).toBe(200);
    expect((await api('GET', query, undefined, await userWith('/orders'))).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: query })).statusCode).toBe(401);
  });
});
