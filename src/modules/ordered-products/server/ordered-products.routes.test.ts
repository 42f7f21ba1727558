// /api/ordered-products (production.md §10): the list with its filters (approved only by default), sorting, paging
// and stats; the drill-down per order line; 'Зарезервувати вільне' earliest due first through the ledger; 'Замовити'
// making supplier-order drafts per preferred supplier; permissions (GET canView, actions canAccess).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boms } from '@/modules/bom/server/bom.table.ts';
import { replaceUserRoles } from '@/modules/roles/server/index.ts';
import { checkLedger } from '@/modules/stock/server/index.ts';
import { stockReservations } from '@/modules/stock/server/stock.table.ts';
import { supplierOrderLines, supplierOrders } from '@/modules/supplier-orders/server/supplier-orders.table.ts';
import { auditLog } from '@/modules/system-logs/server/audit.table.ts';
import { createSalesFixture, type SalesFixture } from '@/server/testing/sales-fixture.ts';
import { createUser, signIn } from '@/server/testing/test-app.ts';

let f: SalesFixture;
let n = 0;
beforeAll(async () => {
  f = await createSalesFixture();
});
afterAll(() => f.t.close());

type Injected = Awaited<ReturnType<SalesFixture['api']>>;
const ok = async (res: Injected, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};
const stockIn = async (itemId: number, warehouseId: number, qty: string) =>
  ok(
    await f.api('POST', '/api/inventory/adjustments', {
      warehouseId,
      reason: 'opening',
      post: true,
      lines: [{ itemId, deltaQty: qty, unitCost: '50' }],
    }),
    201,
  );
const makeable = async (itemId: number) => {
  await f.t.db.insert(boms).values({ itemId, name: `BOM ${itemId}`, isDefault: true, status: 'active' });
};
const approve = async (orderId: number) =>
  ok(await f.api('POST', `/api/orders/${orderId}/production-approval`, { approved: true }));
const approvedOrder = async (lines: Array<{ itemId: number; qty: string; unitPrice?: string }>, dueDate: string) => {
  const id = await f.order(
    lines.map((l) => ({ unitPrice: '10', ...l })),
    { confirm: true, dueDate },
  );
  await approve(id);
  return id;
};
const component = async (sku: string) =>
  (await ok(await f.api('POST', '/api/components', { sku, name: `Компонент ${sku}`, unitId: f.unitId }), 201))
    .id as number;
const supplier = async (name: string) =>
  (await ok(await f.api('POST', '/api/suppliers', { legalForm: 'legal_entity', name, fullName: `ТОВ «${name}»` }), 201))
    .id as number;

describe('GET /api/ordered-products', () => {
  it('lists approved demand by default, everything with approvedOnly=false, with filters, sorting, paging and stats', async () => {
    const a = await f.product();
    const b = await f.product();
    await makeable(a);
    const approved = await approvedOrder([{ itemId: a, qty: '3', unitPrice: '100' }], '2027-01-20');
    const unapproved = await f.order([{ itemId: b, qty: '2', unitPrice: '50' }], {
      confirm: true,
      dueDate: '2027-01-10',
    });
    const skuA = (await f.api('GET', `/api/products/${a}`)).json().sku as string;
    const skuB = (await f.api('GET', `/api/products/${b}`)).json().sku as string;

    const onlyApproved = await f.api('GET', '/api/ordered-products?search=SALE-P&limit=500');
    const skus = onlyApproved.json().map((r: { sku: string }) => r.sku);
    expect(skus).toContain(skuA);
    expect(skus).not.toContain(skuB);

    const all = await f.api('GET', `/api/ordered-products?approvedOnly=false&search=${skuB}`);
    expect(all.json()).toMatchObject([{ sku: skuB, demand: '2.0000', toBuy: '2.0000', made: false, orders: 1 }]);

    // Filters: kind, client, due before.
    expect((await f.api('GET', `/api/ordered-products?search=${skuA}&kind=component`)).json()).toEqual([]);
    const other = await f.client('Інший клієнт', 4400);
    expect((await f.api('GET', `/api/ordered-products?search=${skuA}&clientId=${other}`)).json()).toEqual([]);
    expect((await f.api('GET', `/api/ordered-products?search=${skuA}&dueBefore=2027-01-19`)).json()).toEqual([]);
    expect(
      (await f.api('GET', `/api/ordered-products?search=${skuA}&dueBefore=2027-01-20&clientId=${f.clientId}`)).json(),
    ).toMatchObject([{ sku: skuA, toProduce: '3.0000', made: true, earliestDue: '2027-01-20', value: '300.00' }]);

    // Sorting and paging with the total in X-Total-Count.
    const sorted = await f.api('GET', '/api/ordered-products?approvedOnly=false&sort=-demand&limit=1');
    expect(sorted.headers['x-total-count']).toBeDefined();
    expect(Number(sorted.headers['x-total-count'])).toBeGreaterThanOrEqual(2);
    expect(sorted.json()).toHaveLength(1);
    const everything = (await f.api('GET', '/api/ordered-products?approvedOnly=false&sort=-demand&limit=500')).json();
    const demands = everything.map((r: { demand: string }) => Number(r.demand));
    expect(demands).toEqual([...demands].sort((x, y) => y - x));

    const stats = await ok(await f.api('GET', `/api/ordered-products/stats?approvedOnly=false&search=${skuB}`));
    expect(stats).toEqual({ items: 1, toProduceItems: 0, toBuyItems: 1, orders: 1, value: '100.00' });

    const bad = await f.api('GET', '/api/ordered-products?dueBefore=31.12.2026');
    expect(bad.statusCode).toBe(400);
    expect(approved).not.toBe(unapproved);
  });

  it('drills down per order line: order number, client, remaining, reserved, due date, payment status, approval', async () => {
    const item = await f.product({ stock: '1' });
    const first = await approvedOrder([{ itemId: item, qty: '2' }], '2027-02-01');
    const second = await f.order([{ itemId: item, qty: '5', unitPrice: '10' }], {
      confirm: true,
      dueDate: '2027-02-05',
    });
    const detail = await ok(await f.api('GET', `/api/ordered-products/${item}?approvedOnly=false`));
    expect(detail.row).toMatchObject({ demand: '7.0000', reserved: '1.0000', uncovered: '6.0000', orders: 2 });
    expect(
      detail.lines.map((l: Record<string, unknown>) => [
        l.orderId,
        l.clientName,
        l.remaining,
        l.reserved,
        l.dueDate,
        l.paymentStatus,
        l.approved,
      ]),
    ).toEqual([
      [first, 'Енергоплюс', '2.0000', '1.0000', '2027-02-01', 'unpaid', true],
      [second, 'Енергоплюс', '5.0000', '0.0000', '2027-02-05', 'unpaid', false],
    ]);
    expect(detail.lines[0].orderNumber).toMatch(/^ORD-/);
    const approvedOnly = await ok(await f.api('GET', `/api/ordered-products/${item}`));
    expect(approvedOnly.lines).toHaveLength(1);
    expect((await f.api('GET', '/api/ordered-products/999999')).statusCode).toBe(404);
  });
});

describe('POST /api/ordered-products/:itemId/reserve', () => {
  it("reserves free stock for the item's lines, earliest due first, in each order's warehouse", async () => {
    const item = await f.product();
    const later = await approvedOrder([{ itemId: item, qty: '3' }], '2027-03-10');
    const earlier = await approvedOrder([{ itemId: item, qty: '4' }], '2027-03-01');
    await stockIn(item, f.warehouseId, '5');
    const result = await ok(await f.api('POST', `/api/ordered-products/${item}/reserve`));
    expect(result.reserved).toBe('5.0000');
    expect(result.lines.map((l: { qty: string }) => l.qty)).toEqual(['4.0000', '1.0000']);

    const detail = await ok(await f.api('GET', `/api/ordered-products/${item}`));
    expect(detail.lines.map((l: { orderId: number; reserved: string }) => [l.orderId, l.reserved])).toEqual([
      [earlier, '4.0000'],
      [later, '1.0000'],
    ]);
    expect(detail.row).toMatchObject({ reserved: '5.0000', uncovered: '2.0000', free: '0.0000', toBuy: '2.0000' });
    const reservations = await f.t.db
      .select()
      .from(stockReservations)
      .where(and(eq(stockReservations.itemId, item), eq(stockReservations.sourceType, 'order_line')));
    expect(reservations.every((r) => r.warehouseId === f.warehouseId)).toBe(true);
    const audited = await f.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'orders'), eq(auditLog.entityId, String(earlier))));
    expect(audited.some((r) => JSON.stringify(r.after).includes('Зарезервувати вільне'))).toBe(true);

    const again = await f.api('POST', `/api/ordered-products/${item}/reserve`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('Немає вільного залишку для відкритих рядків цієї позиції');
    expect(await checkLedger(f.t.db)).toEqual({ ok: true, problems: [] });
  });
});

describe('POST /api/ordered-products/create-supplier-orders', () => {
  it('makes one draft per supplier (the preferred one) at the last price and refuses items without a supplier', async () => {
    const s1 = await supplier(`Радіомаг ${++n}`);
    const s2 = await supplier(`Імпульс ${++n}`);
    const c1 = await component(`OP-C1-${n}`);
    const c2 = await component(`OP-C2-${n}`);
    const c3 = await component(`OP-C3-${n}`);
    await ok(
      await f.api('PUT', `/api/components/${c1}/suppliers`, {
        suppliers: [
          { supplierId: s2, lastPrice: '9.00', lastPriceCurrency: 'UAH', lastPriceDate: '2026-11-05' },
          { supplierId: s1, lastPrice: '1.50', lastPriceCurrency: 'UAH', isPreferred: true, leadTimeDays: 7 },
        ],
      }),
    );
    await ok(
      await f.api('PUT', `/api/components/${c2}/suppliers`, {
        suppliers: [{ supplierId: s1, lastPrice: '2.25', lastPriceCurrency: 'UAH', isPreferred: true }],
      }),
    );
    await ok(
      await f.api('PUT', `/api/components/${c3}/suppliers`, {
        suppliers: [{ supplierId: s2, lastPrice: '3', lastPriceCurrency: 'UAH' }],
      }),
    );
    const order = await approvedOrder(
      [
        { itemId: c1, qty: '10' },
        { itemId: c2, qty: '20' },
        { itemId: c3, qty: '30' },
      ],
      '2027-04-01',
    );

    const noSupplierItem = await f.product();
    await approvedOrder([{ itemId: noSupplierItem, qty: '1' }], '2027-04-02');
    const refused = await f.api('POST', '/api/ordered-products/create-supplier-orders', {
      items: [{ itemId: c1 }, { itemId: noSupplierItem }],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatch(/^Не вказано постачальника для: SALE-P-\d+\. Додайте постачальника/);

    const made = await f.product();
    await makeable(made);
    await approvedOrder([{ itemId: made, qty: '1' }], '2027-04-02');
    const notBought = await f.api('POST', '/api/ordered-products/create-supplier-orders', {
      items: [{ itemId: made }],
    });
    expect(notBought.statusCode).toBe(409);

    const created = await ok(
      await f.api('POST', '/api/ordered-products/create-supplier-orders', {
        items: [{ itemId: c1 }, { itemId: c2, qty: '25' }, { itemId: c3 }],
      }),
      201,
    );
    expect(created.orders).toHaveLength(2);
    const bySupplier = new Map(created.orders.map((o: { supplierId: number }) => [o.supplierId, o]));
    expect(bySupplier.get(s1)).toMatchObject({ lines: 2 });
    expect(bySupplier.get(s2)).toMatchObject({ lines: 1 });
    const first = bySupplier.get(s1) as { id: number };
    const [header] = await f.t.db.select().from(supplierOrders).where(eq(supplierOrders.id, first.id));
    expect(header).toMatchObject({ status: 'draft', supplierId: s1 });
    expect(header!.notes).toContain('Замовлені товари');
    const lines = await f.t.db
      .select()
      .from(supplierOrderLines)
      .where(eq(supplierOrderLines.orderId, first.id))
      .orderBy(supplierOrderLines.lineNo);
    expect(lines.map((l) => [l.itemId, l.qty, l.unitPrice])).toEqual([
      [c1, '10.0000', '1.500000'],
      [c2, '25.0000', '2.250000'],
    ]);
    expect(lines[0]!.expectedDate).not.toBeNull();
    expect(order).toBeGreaterThan(0);

    const empty = await f.api('POST', '/api/ordered-products/create-supplier-orders', { items: [] });
    expect(empty.statusCode).toBe(400);
  });
});

describe('permissions', () => {
  it('lets a viewer read but not act, and refuses a user without the page', async () => {
    const item = await f.product();
    const role = await ok(await f.api('POST', '/api/roles', { name: `Перегляд ${++n}` }), 201);
    await ok(
      await f.api('PUT', `/api/roles/${role.id}/permissions`, {
        permissions: [{ route: '/ordered-products', canView: true, canAccess: false }],
      }),
    );
    const viewer = await createUser(f.t.db, { password: 'view-pass' });
    await replaceUserRoles(f.t.db, viewer.id, [role.id]);
    const viewerCookie = (await signIn(f.t.app, viewer.username, 'view-pass')).cookie;
    expect((await f.api('GET', '/api/ordered-products', undefined, viewerCookie)).statusCode).toBe(200);
    expect((await f.api('GET', `/api/ordered-products/${item}`, undefined, viewerCookie)).statusCode).toBe(200);
    for (const [url, body] of [
      [`/api/ordered-products/${item}/reserve`, {}],
      ['/api/ordered-products/create-manufacturing-orders', { items: [{ itemId: item }] }],
      ['/api/ordered-products/create-supplier-orders', { items: [{ itemId: item, qty: '1' }] }],
    ] as const) {
      expect((await f.api('POST', url, body, viewerCookie)).statusCode).toBe(403);
    }
    const stranger = await createUser(f.t.db, { password: 'none-pass' });
    const strangerCookie = (await signIn(f.t.app, stranger.username, 'none-pass')).cookie;
    expect((await f.api('GET', '/api/ordered-products', undefined, strangerCookie)).statusCode).toBe(403);
  });
});
