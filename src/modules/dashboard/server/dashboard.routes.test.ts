// Dashboard figures (reports-admin.md §1 "Done means", warehouse.md §11): all 0 on a database without business
// data; one confirmed order, one MO started from the kanban and one product with 3 available give 1, 1 and 1; each
// figure equals the count of its list page filtered the same way; only /dashboard viewers may read them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bomLines, boms } from '@/modules/bom/server/bom.table.ts';
import { replaceUserRoles } from '@/modules/roles/server/index.ts';
import { createSalesFixture, type SalesFixture } from '@/server/testing/sales-fixture.ts';
import { createUser, signIn } from '@/server/testing/test-app.ts';
import { dashboardPageCounts } from '@/server/testing/dashboard-counts.ts';
import type { DashboardStats } from '../dashboard.contract.ts';

let f: SalesFixture;
type Res = Awaited<ReturnType<SalesFixture['api']>>;
const ok = async (res: Res, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};
const stats = async (): Promise<DashboardStats> => ok(await f.api('GET', '/api/dashboard/stats'));

const pageCounts = () => dashboardPageCounts((url) => f.api('GET', url));

beforeAll(async () => {
  f = await createSalesFixture();
});
afterAll(() => f.t.close());

describe('dashboard stats', () => {
  it('are all 0 without business data, then count exactly what the pages show', async () => {
    expect(await stats()).toEqual({
      totalProducts: 0,
      activeOrders: 0,
      productionTasks: 0,
      lowStockCount: 0,
      materialShortages: 0,
      criticalShortages: 0,
    });

    // One product with 3 available (threshold 10) and one well stocked; a service and an inactive product do not
    // count, nor a product without stock control.
    await f.product({ stock: '3' });
    const stocked = await f.product({ stock: '50' });
    await ok(
      await f.api('POST', '/api/products', { sku: 'DS-SRV', name: 'Монтаж', kind: 'service', unitId: f.unitId }),
      201,
    );
    const retired = await ok(
      await f.api('POST', '/api/products', { sku: 'DS-OLD', name: 'Знятий', unitId: f.unitId, isActive: false }),
      201,
    );
    expect(retired.isActive).toBe(false);
    const made = await ok(
      await f.api('POST', '/api/products', {
        sku: 'DS-MADE',
        name: 'Контролер',
        kind: 'semi_finished',
        unitId: f.unitId,
        stockControl: false,
      }),
      201,
    );

    // One confirmed order (a draft is not active).
    await f.order([{ itemId: stocked, qty: '1', unitPrice: '100' }], { confirm: true });
    await f.order([{ itemId: stocked, qty: '1', unitPrice: '100' }]);

    // One MO started from the kanban; its component is stocked, so nothing is short yet.
    const component = await ok(
      await f.api('POST', '/api/components', { sku: 'DS-C', name: 'Мікросхема', unitId: f.unitId }),
      201,
    );
    await ok(
      await f.api('POST', '/api/component-stock/adjustments', {
        warehouseId: f.warehouseId,
        reason: 'opening',
        post: true,
        lines: [{ itemId: component.id, deltaQty: '20', unitCost: '5' }],
      }),
      201,
    );
    const [bom] = await f.t.db
      .insert(boms)
      .values({ itemId: made.id, name: 'Специфікація контролера', isDefault: true, status: 'active' })
      .returning({ id: boms.id });
    await f.t.db.insert(bomLines).values({ bomId: bom!.id, lineNo: 1, componentItemId: component.id, qty: '2' });
    const task = await ok(await f.api('POST', '/api/production-tasks', { itemId: made.id, qty: '5' }), 201);
    const before = await stats();
    await ok(await f.api('POST', `/api/production-tasks/${task.id}/move`, { to: 'in-progress' }));

    const after = await stats();
    expect(after).toEqual({
      totalProducts: 3,
      activeOrders: 1,
      productionTasks: 1,
      lowStockCount: 1,
      materialShortages: 0,
      criticalShortages: 0,
    });
    expect(before.productionTasks).toBe(0);
    expect(after).toEqual(await pageCounts());

    // A second MO started beyond the component's stock makes it short — critical, since an MO in progress needs it.
    const big = await ok(await f.api('POST', '/api/production-tasks', { itemId: made.id, qty: '10' }), 201);
    await ok(await f.api('POST', `/api/production-tasks/${big.id}/move`, { to: 'in-progress' }));
    const short = await stats();
    expect(short).toMatchObject({ productionTasks: 2, materialShortages: 1, criticalShortages: 1 });
    expect(short).toEqual(await pageCounts());
  });

  it('are read with canView of /dashboard only', async () => {
    const user = await createUser(f.t.db, { password: 'dash-pass' });
    const role = await ok(await f.api('POST', '/api/roles', { name: 'Лише дашборд' }), 201);
    await ok(
      await f.api('PUT', `/api/roles/${role.id}/permissions`, {
        permissions: [{ route: '/dashboard', canView: true, canAccess: false }],
      }),
    );
    await replaceUserRoles(f.t.db, user.id, [role.id]);
    const viewer = (await signIn(f.t.app, user.username, 'dash-pass')).cookie;
    expect((await f.api('GET', '/api/dashboard/stats', undefined, viewer)).statusCode).toBe(200);
    // The panels' own calls admit a dashboard viewer too (domain README §9).
    expect((await f.api('GET', '/api/products?limit=4', undefined, viewer)).statusCode).toBe(200);
    expect((await f.api('GET', '/api/production-tasks', undefined, viewer)).statusCode).toBe(200);

    const other = await createUser(f.t.db, { password: 'dash-pass' });
    const ordersOnly = await ok(await f.api('POST', '/api/roles', { name: 'Лише замовлення' }), 201);
    await ok(
      await f.api('PUT', `/api/roles/${ordersOnly.id}/permissions`, {
        permissions: [{ route: '/orders', canView: true, canAccess: true }],
      }),
    );
    await replaceUserRoles(f.t.db, other.id, [ordersOnly.id]);
    const outsider = (await signIn(f.t.app, other.username, 'dash-pass')).cookie;
    const refused = await f.api('GET', '/api/dashboard/stats', undefined, outsider);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('Недостатньо прав');
    expect((await f.t.app.inject({ method: 'GET', url: '/api/dashboard/stats' })).statusCode).toBe(401);
  });
});
