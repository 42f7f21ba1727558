// /api/system-logs (reports-admin.md §16 'Done means') through the real app on the sales fixture: a price edit, a
// posted receipt, a failed login (with the IP and never the password), an order's whole life by its entity id, the
// events' cleanup (N ≥ 30, audit untouched) and the retention run, the stats, exports, no-store and the 403.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '@/server/testing/test-app.ts';
import { createSalesFixture, type SalesFixture } from '@/server/testing/sales-fixture.ts';
import type { AuditDetail, AuditRow, EventRow, LogStats } from '../system-logs.contract.ts';
import { auditLog } from './audit.table.ts';
import { recordSystemEvent } from './system-events.ts';
import { systemEvents } from './system-events.table.ts';
import { runLogRetention } from './system-logs.jobs.ts';

let f: SalesFixture;
beforeAll(async () => {
  f = await createSalesFixture();
});
afterAll(() => f.t.close());

async function ok<T>(res: { statusCode: number; body: string; json: () => T }, status = 200): Promise<T> {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
}
const auditList = async (query: string) => ok<AuditRow[]>(await f.api('GET', `/api/system-logs/audit?${query}`));

describe('the audit journal', () => {
  it('shows a price edit as one update with the old and new price', async () => {
    const id = await f.product({ price: '100.00' });
    await ok(await f.api('PATCH', `/api/products/${id}`, { retailPrice: '150.00' }));
    const rows = await auditList(`action=update&entityId=${id}&search=retailPrice`);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.userName).toBe('Олена Коваленко');
    const detail = await ok<AuditDetail>(await f.api('GET', `/api/system-logs/audit/${rows[0]!.id}`));
    expect(detail.changedKeys).toContain('retailPrice');
    expect(detail.before).toMatchObject({ retailPrice: expect.stringMatching(/^100\.0+$/) });
    expect(detail.after).toMatchObject({ retailPrice: expect.stringMatching(/^150\.0+$/) });
  });

  it('shows a posted receipt as post with the user and its number', async () => {
    await f.product({ stock: '3', cost: '10.00' });
    const rows = await auditList('action=post&entityType=supplier_receipts');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]).toMatchObject({ action: 'post', userId: f.adminId, userName: 'Олена Коваленко' });
    const detail = await ok<AuditDetail>(await f.api('GET', `/api/system-logs/audit/${rows[0]!.id}`));
    const number = (detail.after as { number: string }).number;
    expect(number).toMatch(/\S/);
    expect(detail.changedKeys).toContain('status');
    // Searching by the number finds it.
    expect((await auditList(`search=${encodeURIComponent(number)}&action=post`)).map((r) => r.id)).toContain(
      rows[0]!.id,
    );
  });

  it('records a failed login with the IP and without the password', async () => {
    const password = 'Zz-very-secret-typo-42';
    const failed = await f.t.app.inject({
      method: 'POST',
      url: '/api/auth/simple-login',
      payload: { username: 'nobody-here', password, rememberMe: false },
      remoteAddress: '203.0.113.7',
    });
    expect(failed.statusCode).toBe(401);
    const res = await f.api('GET', '/api/system-logs/audit?action=login_failed&search=nobody-here');
    const rows = await ok<AuditRow[]>(res);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'login_failed', ip: '203.0.113.7', userId: null });
    const detail = await f.api('GET', `/api/system-logs/audit/${rows[0]!.id}`);
    const stored = await f.t.db.select().from(auditLog).where(eq(auditLog.id, rows[0]!.id));
    for (const text of [res.body, detail.body, JSON.stringify(stored)]) expect(text).not.toContain(password);
    // It is also a system event of the 'auth' category.
    const events = await ok<EventRow[]>(await f.api('GET', '/api/system-logs/events?category=auth&search=nobody-here'));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ level: 'warn', message: 'Невдалий вхід' });
    const storedEvents = await f.t.db.select().from(systemEvents);
    expect(JSON.stringify(storedEvents)).not.toContain(password);
  });

  it("shows an order's whole life by its entity id", async () => {
    const item = await f.product({ stock: '5', cost: '10.00' });
    const orderId = await f.order([{ itemId: item, qty: '1', unitPrice: '100' }], { confirm: true });
    const shipment = await ok<{ id: number }>(await f.api('POST', '/api/shipments', { orderId }), 201);
    await ok(await f.api('POST', `/api/shipments/${shipment.id}/post`, {}));
    const order = await ok<{ totalGross: string }>(await f.api('GET', `/api/orders/${orderId}`));
    await ok(
      await f.api('POST', '/api/payments', {
        paymentDate: '2026-11-27',
        amount: order.totalGross,
        method: 'cash',
        clientId: f.clientId,
        allocations: [{ orderId, amount: order.totalGross }],
      }),
      201,
    );
    const life = await auditList(`entityType=orders&entityId=${orderId}&sort=at`);
    expect(life[0]!.action).toBe('create');
    const statuses = await Promise.all(
      life
        .filter((r) => r.action === 'status_change')
        .map(async (r) => {
          const d = await ok<AuditDetail>(await f.api('GET', `/api/system-logs/audit/${r.id}`));
          return (d.after as { status: string }).status;
        }),
    );
    expect(statuses).toEqual(['confirmed', 'shipped', 'completed']);
    // Newest first by default.
    const newest = await auditList(`entityType=orders&entityId=${orderId}`);
    expect(newest.map((r) => r.id)).toEqual(life.map((r) => r.id).reverse());
  });

  it('pages with the total and exports CSV, every answer no-store', async () => {
    const res = await f.api('GET', '/api/system-logs/audit?limit=2&page=1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toHaveLength(2);
    expect(Number(res.headers['x-total-count'])).toBeGreaterThan(2);
    const csv = await f.api('GET', '/api/system-logs/audit/export?format=csv&action=login_failed');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['cache-control']).toBe('no-store');
    expect(csv.body).toContain('Невдалий вхід');
    expect(csv.body).toContain('203.0.113.7');
    // The list itself answers the same file with ?format=.
    const listCsv = await f.api('GET', '/api/system-logs/audit?format=csv&action=login_failed');
    expect(listCsv.headers['content-type']).toContain('text/csv');
    expect(listCsv.body).toBe(csv.body);
    const xlsx = await f.api('GET', '/api/system-logs/events/export?format=xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheet');
  });

  it('offers no way to change or delete an audit record', async () => {
    const [row] = await auditList('limit=1');
    for (const method of ['PATCH', 'PUT', 'DELETE'] as const) {
      expect((await f.api(method, `/api/system-logs/audit/${row!.id}`, {})).statusCode).toBe(404);
    }
    expect(await f.t.db.select().from(auditLog).where(eq(auditLog.id, row!.id))).toHaveLength(1);
  });
});

describe('system events', () => {
  const ago = (days: number) => sql`now() - make_interval(days => ${days})`;

  it('counts by level for 24 hours and 7 days', async () => {
    const before = await ok<LogStats>(await f.api('GET', '/api/system-logs/stats'));
    await recordSystemEvent(f.t.db, {
      level: 'error',
      category: 'job',
      message: 'Збій задачі',
      details: { token: 'x1' },
    });
    await f.t.db.insert(systemEvents).values({ level: 'error', category: 'job', message: 'Старий збій', at: ago(3) });
    const after = await ok<LogStats>(await f.api('GET', '/api/system-logs/stats'));
    expect(after.day.error).toBe(before.day.error + 1);
    expect(after.week.error).toBe(before.week.error + 2);
    const [stored] = await ok<EventRow[]>(await f.api('GET', '/api/system-logs/events?level=error&search=Збій задачі'));
    // Secrets are masked as in the audit.
    expect(stored!.details).toEqual({ token: '***' });
  });

  it('cleans up events older than N ≥ 30 days only, audited, never audit rows', async () => {
    const refused = await f.api('POST', '/api/system-logs/events/cleanup', { olderThanDays: 29 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toContain('не менше 30');
    await f.t.db.insert(systemEvents).values([
      { level: 'info', category: 'email', message: 'Давня подія', at: ago(45) },
      { level: 'info', category: 'email', message: 'Свіжа подія', at: ago(10) },
    ]);
    await f.t.db.insert(auditLog).values({ action: 'update', entityType: 'items', entityId: '1', at: ago(400) });
    const auditBefore = (await f.t.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n;
    const done = await ok<{ deleted: number; message: string }>(
      await f.api('POST', '/api/system-logs/events/cleanup', { olderThanDays: 30 }),
    );
    expect(done).toEqual({ deleted: 1, message: 'Видалено 1 подію' });
    const left = (await f.t.db.select().from(systemEvents)).map((e) => e.message);
    expect(left).toContain('Свіжа подія');
    expect(left).not.toContain('Давня подія');
    const auditAfter = (await f.t.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n;
    expect(Number(auditAfter)).toBe(Number(auditBefore) + 1);
    const [cleanup] = await auditList('entityType=system_events&action=delete');
    expect(cleanup).toMatchObject({ userId: f.adminId });
  });

  it('keeps audit at least a year and events their days, once across processes', async () => {
    const tooShort = await f.api('PATCH', '/api/system-logs/settings', { auditRetentionYears: 0 });
    expect(tooShort.statusCode).toBe(400);
    expect(await ok(await f.api('GET', '/api/system-logs/settings'))).toEqual({
      eventRetentionDays: 90,
      auditRetentionYears: 3,
    });
    await f.t.db.insert(systemEvents).values([
      { level: 'warn', category: 'http', message: 'Подія 100 днів', at: ago(100) },
      { level: 'warn', category: 'http', message: 'Подія 80 днів', at: ago(80) },
    ]);
    await f.t.db.insert(auditLog).values([
      { action: 'update', entityType: 'items', entityId: 'old', at: ago(4 * 366) },
      { action: 'update', entityType: 'items', entityId: 'kept', at: ago(2 * 365) },
    ]);
    expect(await runLogRetention(f.t.db)).toMatchObject({ events: 1, audit: 1 });
    const events = (await f.t.db.select().from(systemEvents)).map((e) => e.message);
    expect(events).toContain('Подія 80 днів');
    expect(events).not.toContain('Подія 100 днів');
    const audits = (await f.t.db.select().from(auditLog)).map((a) => a.entityId);
    expect(audits).toContain('kept');
    expect(audits).not.toContain('old');
  });
});

describe('access', () => {
  it('refuses a user without /system-logs', async () => {
    const user = await createUser(f.t.db, { password: 'plain-pass' });
    const { cookie } = await signIn(f.t.app, user.username, 'plain-pass');
    for (const url of ['/api/system-logs/audit', '/api/system-logs/events', '/api/system-logs/stats']) {
      expect((await f.api('GET', url, undefined, cookie)).statusCode).toBe(403);
    }
    const cleanup = await f.api('POST', '/api/system-logs/events/cleanup', { olderThanDays: 30 }, cookie);
    expect(cleanup.statusCode).toBe(403);
  });
});
