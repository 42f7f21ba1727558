// A product category's departments (reference-data.md §2–3): kept and audited, refused for an unknown department or
// a component category, changed only with the right to /product-categories — and they split an order's
// 'Відомість для відділів': a line whose category has two departments is listed under both, the rest 'Без відділу'.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replaceUserRoles } from '@/modules/roles/server/index.ts';
import { auditLog } from '@/modules/system-logs/server/index.ts';
import { pdfText } from '@/server/testing/pdf-text.ts';
import { createSalesFixture, type SalesFixture } from '@/server/testing/sales-fixture.ts';
import { createUser, signIn } from '@/server/testing/test-app.ts';

let f: SalesFixture;
beforeAll(async () => {
  f = await createSalesFixture();
});
afterAll(() => f.t.close());

const ok = async (res: Awaited<ReturnType<SalesFixture['api']>>, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};

describe('/api/product-categories/:id/departments', () => {
  it('keeps the departments of a category and splits the order’s departments print by them', async () => {
    const packing = await ok(await f.api('POST', '/api/departments', { name: 'Пакування', code: 'ПК' }), 201);
    const assembly = await ok(await f.api('POST', '/api/departments', { name: 'Монтаж', code: 'МН' }), 201);
    const category = await ok(await f.api('POST', '/api/product-categories', { name: 'Джерела живлення' }), 201);
    const saved = await ok(
      await f.api('PUT', `/api/product-categories/${category.id}/departments`, {
        departmentIds: [packing.id, assembly.id, packing.id],
      }),
    );
    expect(saved.map((d: { name: string }) => d.name)).toEqual(['Монтаж', 'Пакування']);
    expect(
      (await ok(await f.api('GET', `/api/product-categories/${category.id}/departments`))).map(
        (d: { id: number }) => d.id,
      ),
    ).toEqual([assembly.id, packing.id]);
    const [entry] = await f.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'category_departments'), eq(auditLog.entityId, String(category.id))));
    expect(entry!.after).toHaveLength(2);

    const made = await f.product({ stock: '5' });
    await ok(await f.api('PATCH', `/api/products/${made}`, { categoryId: category.id }));
    const loose = await f.product({ stock: '5' });
    const orderId = await f.order([
      { itemId: made, qty: '2', unitPrice: '100' },
      { itemId: loose, qty: '1', unitPrice: '50' },
    ]);
    const order = await ok(await f.api('GET', `/api/orders/${orderId}`));
    const madeName = order.lines[0].itemName as string;
    const looseName = order.lines[1].itemName as string;
    const text = pdfText((await f.api('GET', `/api/orders/${orderId}/print/departments`)).rawPayload);
    const at = (s: string) => text.indexOf(s);
    expect(at('Монтаж')).toBeGreaterThan(0);
    expect(at('Пакування')).toBeGreaterThan(at('Монтаж'));
    expect(at('Без відділу')).toBeGreaterThan(at('Пакування'));
    expect(text.split(madeName).length - 1).toBe(2);
    expect(text.split(looseName).length - 1).toBe(1);
    expect(at(looseName)).toBeGreaterThan(at('Без відділу'));
  });

  it('refuses an unknown department and a component category, and lets a viewer only read', async () => {
    const category = await ok(await f.api('POST', '/api/product-categories', { name: 'Контролери' }), 201);
    const unknown = await f.api('PUT', `/api/product-categories/${category.id}/departments`, {
      departmentIds: [999999],
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().fields['departmentIds.0']).toBe('Такого відділу немає');
    const components = await ok(await f.api('POST', '/api/categories', { name: 'Резистори' }), 201);
    expect((await f.api('GET', `/api/product-categories/${components.id}/departments`)).statusCode).toBe(404);
    expect(
      (await f.api('PUT', `/api/product-categories/${category.id}/departments`, { departmentIds: ['x'] })).statusCode,
    ).toBe(400);

    const viewer = await createUser(f.t.db, { password: 'cat-dep-pass' });
    const role = await ok(await f.api('POST', '/api/roles', { name: 'Перегляд категорій' }), 201);
    await f.api('PUT', `/api/roles/${role.id}/permissions`, {
      permissions: [{ route: '/product-categories', canView: true, canAccess: false }],
    });
    await replaceUserRoles(f.t.db, viewer.id, [role.id]);
    const { cookie } = await signIn(f.t.app, viewer.username, 'cat-dep-pass');
    const as = (method: 'GET' | 'PUT') =>
      f.t.app.inject({
        method,
        url: `/api/product-categories/${category.id}/departments`,
        headers: { cookie },
        payload: method === 'PUT' ? { departmentIds: [] } : undefined,
      });
    expect((await as('GET')).statusCode).toBe(200);
    expect((await as('PUT')).statusCode).toBe(403);
  });
});
