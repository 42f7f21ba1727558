import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRoleId, replaceUserRoles, roles } from '@/modules/roles/server/index.ts';
import { createTestApp, createUser, signIn, type TestApp } from '@/server/testing/test-app.ts';
import { notify, resolveByKey } from './notifications.service.ts';
import { notifications } from './notifications.table.ts';

let t: TestApp;
let admin: { id: number; cookie: string };
let storekeeper: { id: number; cookie: string };
let accountant: { id: number; cookie: string };

async function person(roleName: string | null) {
  const u = await createUser(t.db, { password: 'notif-pass' });
  if (roleName) {
    const [role] =
      roleName === 'admin'
        ? [{ id: await adminRoleId(t.db) }]
        : await t.db.select().from(roles).where(eq(roles.name, roleName));
    await replaceUserRoles(t.db, u.id, [role!.id]);
  }
  return { id: u.id, cookie: (await signIn(t.app, u.username, 'notif-pass')).cookie };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await person('admin');
  storekeeper = await person('Комірник');
  accountant = await person('Бухгалтер');
});
afterAll(() => t.close());

const api = (who: { cookie: string }, method: 'GET' | 'PATCH' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: who.cookie } });

describe('notify', () => {
  it('goes to the active users who may view its route, and repeats of an open event update it', async () => {
    const lowStock = {
      type: 'warning' as const,
      priority: 'medium' as const,
      title: 'Закінчується: Резистор 10 кОм',
      message: 'Залишок 7 шт при мінімумі 10',
      route: '/component-stock',
      related: { type: 'item' as const, id: 42, label: 'Блок живлення 12 В (PSU-12)' },
      actionUrl: '/component-stock?search=R-10K',
      dedupeKey: 'low_stock:42',
    };
    expect(await t.db.transaction((tx) => notify(tx, lowStock))).toBeGreaterThanOrEqual(2);
    const mine = async (who: { cookie: string }) =>
      (await api(who, 'GET', '/api/notifications')).json() as Array<{ title: string; message: string }>;
    expect((await mine(storekeeper)).map((n) => n.title)).toEqual(['Закінчується: Резистор 10 кОм']);
    expect((await mine(admin)).map((n) => n.title)).toEqual(['Закінчується: Резистор 10 кОм']);
    expect(await mine(accountant)).toEqual([]);

    await t.db.transaction((tx) =>
      notify(tx, { ...lowStock, message: 'Залишок 3 шт при мінімумі 10', priority: 'high' }),
    );
    const again = await mine(storekeeper);
    expect(again).toHaveLength(1);
    expect(again[0]!.message).toBe('Залишок 3 шт при мінімумі 10');

    expect(await t.db.transaction((tx) => resolveByKey(tx, 'low_stock:42'))).toBeGreaterThanOrEqual(2);
    await t.db.transaction((tx) => notify(tx, lowStock));
    expect(await mine(storekeeper)).toHaveLength(2);
  });
});

describe('notification endpoints', () => {
  let ids: Record<string, number>;

  beforeAll(async () => {
    const person = storekeeper.id;
    const rows = await t.db
      .insert(notifications)
      .values([
        {
          userId: person,
          type: 'payment',
          priority: 'high',
          title: 'Платіж потребує зіставлення',
          message: 'Надійшло 1 250,00 грн від ТОВ «Світанок»',
          actionRequired: true,
          actionUrl: '/unprocessed-payments/7',
        },
        {
          userId: person,
          type: 'error',
          priority: 'critical',
          title: 'Критичний дефіцит',
          message: 'Мікроконтролер STM32',
          actionRequired: true,
        },
        {
          userId: person,
          type: 'info',
          priority: 'low',
          title: 'Відвантаження доставлено',
          message: 'SHP-2026-00012',
          isRead: true,
        },
        {
          userId: accountant.id,
          type: 'info',
          priority: 'low',
          title: 'Чуже',
          message: 'Не для комірника',
        },
      ])
      .returning({ id: notifications.id, title: notifications.title });
    ids = Object.fromEntries(rows.map((r) => [r.title, r.id]));
  });

  it('lists own notifications newest first with the total, filters and a Ukrainian case-insensitive search', async () => {
    const all = await api(storekeeper, 'GET', '/api/notifications?page=1&limit=2');
    expect(all.statusCode).toBe(200);
    const total = Number(all.headers['x-total-count']);
    expect(total).toBeGreaterThanOrEqual(3);
    expect(all.json()).toHaveLength(2);
    const titles = async (query: string) =>
      ((await api(storekeeper, 'GET', `/api/notifications?${query}`)).json() as Array<{ title: string }>).map(
        (n) => n.title,
      );
    expect(await titles('type=payment&priority=all&status=')).toEqual(['Платіж потребує зіставлення']);
    expect(await titles('priority=critical')).toEqual(['Критичний дефіцит']);
    expect(await titles('status=read')).toEqual(['Відвантаження доставлено']);
    expect(await titles('status=unresolved')).toEqual(['Критичний дефіцит', 'Платіж потребує зіставлення']);
    expect(await titles('searchQuery=СВІТАНОК')).toEqual(['Платіж потребує зіставлення']);
    expect(await titles('searchQuery=stm32')).toEqual(['Критичний дефіцит']);
    expect(await titles('searchQuery=100%25')).toEqual([]);
    expect((await api(storekeeper, 'GET', '/api/notifications?type=nonsense')).statusCode).toBe(400);
  });

  it('answers the stats the page and the badge read', async () => {
    const res = await api(storekeeper, 'GET', '/api/notifications/stats');
    const stats = res.json();
    expect(stats.unreadNotifications).toBe(stats.unreadCount);
    expect(stats.criticalCount).toBe(1);
    expect(stats.unresolvedCount).toBe(2);
  });

  it('marks read, resolves only what needs action, and never touches another user’s rows', async () => {
    const payment = ids['Платіж потребує зіставлення']!;
    expect((await api(storekeeper, 'PATCH', `/api/notifications/${payment}/read`)).statusCode).toBe(200);
    const info = ids['Відвантаження доставлено']!;
    const refused = await api(storekeeper, 'PATCH', `/api/notifications/${info}/resolve`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('Це повідомлення не потребує вирішення або вже вирішене');
    expect((await api(storekeeper, 'PATCH', `/api/notifications/${payment}/resolve`)).statusCode).toBe(200);
    expect((await api(storekeeper, 'PATCH', `/api/notifications/${payment}/resolve`)).statusCode).toBe(409);

    const foreign = ids['Чуже']!;
    for (const [method, url] of [
      ['PATCH', `/api/notifications/${foreign}/read`],
      ['PATCH', `/api/notifications/${foreign}/resolve`],
      ['DELETE', `/api/notifications/${foreign}`],
    ] as const) {
      const res = await api(storekeeper, method, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ error: 'Повідомлення не знайдено' });
    }
    expect((await api(storekeeper, 'PATCH', '/api/notifications/abc/read')).statusCode).toBe(400);
    const [untouched] = await t.db.select().from(notifications).where(eq(notifications.id, foreign));
    expect(untouched!.isRead).toBe(false);
  });

  it('resets badges for own notifications only', async () => {
    const res = await api(storekeeper, 'POST', '/api/notifications/reset-badges');
    expect(res.statusCode).toBe(200);
    expect((await api(storekeeper, 'GET', '/api/notifications/stats')).json().unreadCount).toBe(0);
    expect((await api(accountant, 'GET', '/api/notifications/stats')).json().unreadCount).toBe(1);
  });

  it('bulk-deletes own ids only, reports the exact count, and refuses bad lists', async () => {
    const critical = ids['Критичний дефіцит']!;
    const foreign = ids['Чуже']!;
    const res = await api(storekeeper, 'DELETE', '/api/notifications/bulk-delete', {
      ids: [critical, foreign, critical],
    });
    expect(res.json()).toEqual({ deletedCount: 1 });
    expect(await t.db.select().from(notifications).where(eq(notifications.id, foreign))).toHaveLength(1);
    const empty = await api(storekeeper, 'DELETE', '/api/notifications/bulk-delete', { ids: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toContain('Не вибрано жодного повідомлення');
    const tooMany = await api(storekeeper, 'DELETE', '/api/notifications/bulk-delete', {
      ids: Array.from({ length: 501 }, (_, i) => i + 1),
    });
    expect(tooMany.statusCode).toBe(400);
    expect((await api(storekeeper, 'DELETE', '/api/notifications/bulk-delete', { ids: ['x'] })).statusCode).toBe(400);
    expect((await api(storekeeper, 'DELETE', '/api/notifications/bulk-delete', {})).statusCode).toBe(400);
  });

  it('sends a test notification to the caller only, through the same service', async () => {
    const res = await api(admin, 'POST', '/api/notifications/test');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ created: 1 });
    const [row] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, admin.id), eq(notifications.title, 'Тест')));
    expect(row).toMatchObject({ type: 'info', priority: 'low', actionUrl: '/notifications', isRead: false });
    const others = await t.db.select().from(notifications).where(eq(notifications.title, 'Тест'));
    expect(others).toHaveLength(1);
  });
});
