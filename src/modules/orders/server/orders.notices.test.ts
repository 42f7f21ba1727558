// The order notices of reports-admin §9: an overdue order and an overdue payment (raised from 08:00 Kyiv time, once,
// resolved when the condition ends), a cancelled order that had payments, and an audit that cut an order's
// reservation ('Резерв зменшено') — and the 90-day purge of read notifications that are resolved or never needed action.
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, purgeOldNotifications } from '@/modules/notifications/server/index.ts';
import { checkLedger } from '@/modules/stock/server/index.ts';
import { createSalesFixture, type SalesFixture } from '@/server/testing/sales-fixture.ts';
import { runOrderNoticesOnce } from './orders.notices.ts';

let f: SalesFixture;
beforeAll(async () => {
  f = await createSalesFixture();
});
afterAll(() => f.t.close());

/** 2026-12-01 at 07:00 and 09:00 Kyiv time (UTC+2 in winter). */
const early = new Date('2026-12-01T05:00:00Z');
const morning = new Date('2026-12-01T07:00:00Z');

const noticesOf = (key: string) =>
  f.t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, f.adminId), eq(notifications.dedupeKey, key)));

describe('order notices', () => {
  it('raises an overdue order from 08:00 once, and resolves it when the order is cancelled', async () => {
    const item = await f.product({ stock: '5', cost: '10.00' });
    const id = await f.order([{ itemId: item, qty: '1', unitPrice: '20' }], { confirm: true, dueDate: '2026-11-20' });
    const key = `order-overdue:${id}`;

    await runOrderNoticesOnce(f.t.db, early);
    expect(await noticesOf(key)).toEqual([]);

    const first = await runOrderNoticesOnce(f.t.db, morning);
    expect(first.overdueRaised).toBeGreaterThanOrEqual(1);
    const [notice] = await noticesOf(key);
    expect(notice).toMatchObject({
      type: 'warning',
      priority: 'high',
      title: 'Прострочене замовлення',
      actionRequired: true,
      relatedEntityType: 'order',
      relatedEntityId: String(id),
      isResolved: false,
    });
    expect(notice!.message).toMatch(/мало бути виконане до 20\.11\.2026/);
    expect(notice!.actionUrl).toMatch(/^\/orders\?search=/);

    await f.t.db.update(notifications).set({ isRead: true }).where(eq(notifications.id, notice!.id));
    await runOrderNoticesOnce(f.t.db, morning);
    const again = await noticesOf(key);
    expect(again).toHaveLength(1);
    expect(again[0]!.isRead).toBe(true);

    expect((await f.api('POST', `/api/orders/${id}/cancel`, { reason: 'Клієнт передумав' })).statusCode).toBe(200);
    const after = await runOrderNoticesOnce(f.t.db, early);
    expect(after.resolved).toBeGreaterThanOrEqual(1);
    expect((await noticesOf(key))[0]!.isResolved).toBe(true);
  });

  it('raises an overdue payment and resolves it once the order is paid', async () => {
    const item = await f.product({ stock: '5', cost: '10.00' });
    const id = await f.order([{ itemId: item, qty: '1', unitPrice: '100' }], {
      confirm: true,
      paymentDueDate: '2026-11-25',
    });
    const key = `order-payment-overdue:${id}`;
    await runOrderNoticesOnce(f.t.db, morning);
    const [notice] = await noticesOf(key);
    expect(notice).toMatchObject({ type: 'warning', priority: 'medium', title: 'Прострочена оплата' });
    const order = (await f.api('GET', `/api/orders/${id}`)).json();
    expect(notice!.message).toContain(`термін оплати 25.11.2026 минув, до сплати`);

    const paid = await f.api('POST', '/api/payments', {
      paymentDate: '2026-11-27',
      amount: order.totalGross,
      method: 'cash',
      clientId: f.clientId,
      allocations: [{ orderId: id, amount: order.totalGross }],
    });
    expect(paid.statusCode, paid.body).toBe(201);
    await runOrderNoticesOnce(f.t.db, morning);
    expect((await noticesOf(key))[0]!.isResolved).toBe(true);
  });

  it('tells the manager that a cancelled order had payments, which became the client’s advance', async () => {
    const item = await f.product({ stock: '5', cost: '10.00' });
    const id = await f.order([{ itemId: item, qty: '1', unitPrice: '50' }], { confirm: true });
    const payment = await f.api('POST', '/api/payments', {
      paymentDate: '2026-11-27',
      amount: '20.00',
      method: 'cash',
      clientId: f.clientId,
      allocations: [{ orderId: id, amount: '20.00' }],
    });
    expect(payment.statusCode, payment.body).toBe(201);
    expect((await f.api('POST', `/api/orders/${id}/cancel`, { reason: 'Скасовано клієнтом' })).statusCode).toBe(200);
    const [notice] = await noticesOf(`order-cancelled-paid:${id}`);
    expect(notice).toMatchObject({
      type: 'payment',
      priority: 'high',
      title: 'Скасоване замовлення мало оплати',
      actionRequired: true,
      actionUrl: '/payments',
      relatedEntityType: 'order',
    });
    expect(notice!.message).toContain(payment.json().number);

    // An order cancelled without payments raises nothing.
    const quiet = await f.order([{ itemId: item, qty: '1', unitPrice: '50' }], { confirm: true });
    await f.api('POST', `/api/orders/${quiet}/cancel`, { reason: 'Помилка' });
    expect(await noticesOf(`order-cancelled-paid:${quiet}`)).toEqual([]);
  });

  it('says «Резерв зменшено» when an inventory audit cuts an order’s reservation', async () => {
    const item = await f.product({ stock: '5', cost: '10.00' });
    const id = await f.order([{ itemId: item, qty: '4', unitPrice: '50' }], { confirm: true });
    const created = await f.api('POST', '/api/inventory-audits', {
      warehouseId: f.warehouseId,
      scope: 'items',
      itemIds: [item],
    });
    expect(created.statusCode, created.body).toBe(201);
    const started = await f.api('POST', `/api/inventory-audits/${created.json().id}/start`, {});
    expect(started.statusCode, started.body).toBe(200);
    const lines = (await f.api('GET', `/api/inventory-audits/${created.json().id}/lines`)).json() as Array<{
      id: number;
      itemId: number;
    }>;
    const line = lines.find((l) => l.itemId === item)!;
    await f.api('PATCH', `/api/inventory-audits/${created.json().id}/lines/${line.id}`, { countedQty: '1' });
    const posted = await f.api('POST', `/api/inventory-audits/${created.json().id}/post`, { uncounted: 'ignore' });
    expect(posted.statusCode, posted.body).toBe(200);
    const [notice] = await f.t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, f.adminId), like(notifications.dedupeKey, `reservation-cut:${id}:%`)));
    expect(notice).toMatchObject({ type: 'warning', priority: 'high', title: 'Резерв зменшено', actionRequired: true });
    expect(notice!.message).toMatch(
      new RegExp(`Інвентаризація ${created.json().number} зменшила резерв .*: .* 4 → 1$`),
    );
    expect(await checkLedger(f.t.db)).toEqual({ ok: true, problems: [] });
  });
});

describe('notification retention', () => {
  it('purges read notifications older than 90 days that are resolved or never needed action, and nothing else', async () => {
    const old = new Date(Date.now() - 91 * 86_400_000);
    const recent = new Date(Date.now() - 89 * 86_400_000);
    const base = { userId: f.adminId, type: 'info' as const, priority: 'low' as const, message: 'м' };
    const rows = await f.t.db
      .insert(notifications)
      .values([
        { ...base, title: 'purge-1', isRead: true, createdAt: old },
        { ...base, title: 'purge-2', isRead: true, actionRequired: true, isResolved: true, createdAt: old },
        { ...base, title: 'keep-unread', isRead: false, createdAt: old },
        { ...base, title: 'keep-open', isRead: true, actionRequired: true, createdAt: old },
        { ...base, title: 'keep-recent', isRead: true, createdAt: recent },
      ])
      .returning({ id: notifications.id, title: notifications.title });
    expect(await purgeOldNotifications(f.t.db)).toBe(2);
    const left = await f.t.db.select({ title: notifications.title }).from(notifications);
    const titles = left.map((r) => r.title);
    expect(titles).toEqual(expect.arrayContaining(['keep-unread', 'keep-open', 'keep-recent']));
    expect(titles).not.toContain('purge-1');
    expect(titles).not.toContain('purge-2');
    expect(rows).toHaveLength(5);
  });
});
