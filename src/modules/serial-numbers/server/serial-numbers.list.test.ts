// Serial numbers (sales.md §4), the list, the card, the stats and the labels (a viewer may print and check but not
// change), and the demo seeder.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replaceUserRoles } from '@/modules/roles/server/index.ts';
import { checkLedger } from '@/modules/stock/server/index.ts';
import { createUser, signIn, type TestApp } from '@/server/testing/test-app.ts';
import { checkSerialInvariant } from './document-serials.ts';
import { serialNumbers } from './serial-numbers.table.ts';
import { serialNumbersDemoSeeder } from './serial-numbers.demo.ts';
import { warrantyUntil } from './serial-numbers.service.ts';
import { createSerialsFixture, serialsOf, type SerialsFixture } from './serial-numbers.fixture.ts';

let t: TestApp;
let warehouseId: number;
let api: SerialsFixture['api'];
let product: SerialsFixture['product'];
let stock: SerialsFixture['stock'];
let inStock: SerialsFixture['inStock'];

beforeAll(async () => {
  ({ t, warehouseId, api, product, stock, inStock } = await createSerialsFixture());
});
afterAll(() => t.close());

describe('list, card, stats and labels', () => {
  it('filters, searches, sorts and pages the list; the card computes the warranty end', async () => {
    const item = await product({ name: 'Осцилограф пошуковий' });
    await stock(item, '3');
    const created = (
      await api('POST', '/api/serial-numbers/register', { itemId: item, warehouseId, ranges: 'Q-101-Q-103' })
    ).json();
    const page = await api('GET', `/api/serial-numbers?itemId=${item}&sort=-serial&limit=2`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['x-total-count']).toBe('3');
    expect(serialsOf(page)).toEqual(['Q-103', 'Q-102']);
    expect(serialsOf(await api('GET', `/api/serial-numbers?itemId=${item}&sort=-serial&page=2&limit=2`))).toEqual([
      'Q-101',
    ]);
    expect(serialsOf(await api('GET', `/api/serial-numbers?search=q-102`))).toEqual(['Q-102']);
    expect(
      (await api('GET', `/api/serial-numbers?search=${encodeURIComponent('осцилограф пошук')}`)).json(),
    ).toHaveLength(3);
    expect((await api('GET', `/api/serial-numbers?itemId=${item}&status=sold`)).json()).toEqual([]);
    expect((await api('GET', `/api/serial-numbers?status=lost`)).statusCode).toBe(400);

    // Sold on 31 Jan (Kyiv) with 24 months of warranty: until 31 Jan two years on; 30 Nov + 3 months → 28/29 Feb.
    await t.db
      .update(serialNumbers)
      .set({ status: 'sold', soldAt: new Date('2026-01-30T22:30:00Z'), warehouseId: null })
      .where(eq(serialNumbers.id, created[0].id));
    const card = (await api('GET', `/api/serial-numbers/${created[0].id}`)).json();
    expect(card).toMatchObject({
      status: 'sold',
      warrantyMonths: 24,
      warrantyUntil: '2028-01-31',
      shipmentNumber: null,
    });
    expect(warrantyUntil(new Date('2027-11-30T10:00:00Z'), 3)).toBe('2028-02-29');
    expect(warrantyUntil(null, 12)).toBeNull();
    expect((await api('GET', '/api/serial-numbers/999999')).statusCode).toBe(404);

    const stats = (await api('GET', '/api/serial-numbers/stats')).json();
    const counts = await t.db
      .select({ status: serialNumbers.status, n: sql<number>`count(*)::int` })
      .from(serialNumbers)
      .groupBy(serialNumbers.status);
    for (const c of counts) expect(stats[c.status]).toBe(c.n);
    expect(stats.sold).toBeGreaterThanOrEqual(1);
  });

  it('prints one Code 128 label per serial as a PDF and lets a viewer print and check but not change', async () => {
    const item = await product();
    const ids = (await api('POST', '/api/serial-numbers/generate', { itemId: item, count: 2 }))
      .json()
      .map((s: { id: number }) => s.id);
    const res = await api('POST', '/api/serial-numbers/print-labels', { ids });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pages = (res.rawPayload.toString('latin1').match(/\/Type \/Page\b(?!s)/g) ?? []).length;
    expect(pages).toBe(2);
    const missing = await api('POST', '/api/serial-numbers/print-labels', { ids: [999_998] });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('Серійні номери не знайдено: 999998');

    const viewer = await createUser(t.db, { password: 'sn-view' });
    const role = (await api('POST', '/api/roles', { name: 'Перегляд серійних' })).json();
    await api('PUT', `/api/roles/${role.id}/permissions`, {
      permissions: [{ route: '/serial-numbers', canView: true, canAccess: false }],
    });
    await replaceUserRoles(t.db, viewer.id, [role.id]);
    const viewerCookie = (await signIn(t.app, viewer.username, 'sn-view')).cookie;
    expect((await api('GET', '/api/serial-numbers', undefined, viewerCookie)).statusCode).toBe(200);
    expect((await api('POST', '/api/serial-numbers/print-labels', { ids }, viewerCookie)).statusCode).toBe(200);
    expect(
      (await api('POST', '/api/serial-numbers/check', { itemId: item, serials: ['X'] }, viewerCookie)).statusCode,
    ).toBe(200);
    const refused = await api('POST', '/api/serial-numbers/generate', { itemId: item, count: 1 }, viewerCookie);
    expect(refused.statusCode).toBe(403);
    const outsider = await createUser(t.db, { password: 'sn-out' });
    const outsiderCookie = (await signIn(t.app, outsider.username, 'sn-out')).cookie;
    expect((await api('POST', '/api/serial-numbers/print-labels', { ids }, outsiderCookie)).statusCode).toBe(403);
  });
});

describe('demo seeder', () => {
  it('writes one serial off through an ADJ and allocates three for labels, registering nothing itself', async () => {
    const item = await product();
    // The stock demos give tracked units their serials through their documents (here an opening ADJ).
    const opening = await api('POST', '/api/inventory/adjustments', {
      warehouseId,
      reason: 'opening',
      lines: [{ itemId: item, deltaQty: '2', unitCost: '150', serials: ['DEMO-1', 'DEMO-2'] }],
      post: true,
    });
    expect(opening.statusCode, opening.body).toBe(201);
    const before = await t.db.select({ id: serialNumbers.id, status: serialNumbers.status }).from(serialNumbers);
    await t.db.transaction((tx) => serialNumbersDemoSeeder.run({ tx, demoPassword: 'x', log: () => {} }));
    const after = await t.db
      .select({ id: serialNumbers.id, status: serialNumbers.status, warehouseId: serialNumbers.warehouseId })
      .from(serialNumbers);
    const created = after.filter((s) => !before.some((b) => b.id === s.id));
    // Only the three allocated for labels are new; none is in a warehouse.
    expect(created.map((s) => [s.status, s.warehouseId])).toEqual([
      ['allocated', null],
      ['allocated', null],
      ['allocated', null],
    ]);
    expect(after.filter((s) => s.status === 'defective').length).toBe(
      before.filter((s) => s.status === 'defective').length + 1,
    );
    // Other tests here put units on hand without serials on purpose; this item's own stock is whole.
    expect((await checkSerialInvariant(t.db)).filter((p) => p.itemId === item)).toEqual([]);
    expect(await inStock(item)).toBe(2);
    expect(await checkLedger(t.db)).toEqual({ ok: true, problems: [] });
  });
});
