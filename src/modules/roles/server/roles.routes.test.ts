import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeCatalog } from '@/shared/route-catalog.ts';
import { auditLog } from '@/modules/system-logs/server/index.ts';
import { createTestApp, createUser, signIn, type TestApp } from '@/server/testing/test-app.ts';
import { adminRoleId, replaceUserRoles } from './roles.service.ts';

let t: TestApp;
let cookie: string;
let adminRole: number;

beforeAll(async () => {
  t = await createTestApp();
  adminRole = await adminRoleId(t.db);
  const admin = await createUser(t.db, { password: 'admin-pass' });
  await replaceUserRoles(t.db, admin.id, [adminRole]);
  cookie = (await signIn(t.app, admin.username, 'admin-pass')).cookie;
});
afterAll(() => t.close());

const api = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object, c = cookie) =>
  t.app.inject({ method, url, payload, headers: { cookie: c } });

describe('roles', () => {
  it('starts with the administrator and the editable seed roles, with user counts', async () => {
    const res = await api('GET', '/api/roles');
    expect(res.statusCode).toBe(200);
    const list = res.json() as Array<{ id: number; name: string; isSystem: boolean; userCount: number }>;
    expect(list[0]).toMatchObject({ name: 'Адміністратор', isSystem: true, userCount: 1 });
    expect(list.map((r) => r.name)).toEqual(
      expect.arrayContaining([
        'Менеджер з продажу',
        'Комірник',
        'Майстер виробництва',
        'Оператор цеху',
        'Бухгалтер',
        'Лише перегляд',
      ]),
    );
    const operator = list.find((r) => r.name === 'Оператор цеху')!;
    const detail = await api('GET', `/api/roles/${operator.id}`);
    expect(detail.json().permissions).toEqual([{ route: '/mes', canView: true, canAccess: true }]);
    expect((await api('GET', '/api/roles/routes')).json()).toHaveLength(routeCatalog.length);
  });

  it('creates, renames, sets the matrix (canAccess implies canView), copies and deletes a role', async () => {
    const created = await api('POST', '/api/roles', { name: 'Логіст', description: 'Доставка' });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    expect((await api('POST', '/api/roles', { name: 'логіст' })).statusCode).toBe(409);
    const renamed = await api('PATCH', `/api/roles/${id}`, { name: 'Логіст-експедитор' });
    expect(renamed.json().name).toBe('Логіст-експедитор');

    const put = await api('PUT', `/api/roles/${id}/permissions`, {
      permissions: [
        { route: '/shipments', canView: false, canAccess: true },
        { route: '/carriers', canView: true, canAccess: false },
        { route: '/nowhere', canView: true, canAccess: true },
      ],
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().permissions).toEqual([
      { route: '/carriers', canView: true, canAccess: false },
      { route: '/shipments', canView: true, canAccess: true },
    ]);
    const [change] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'permission_change'), eq(auditLog.entityId, String(id))));
    expect(change!.after).toEqual([
      { route: '/shipments', canView: true, canAccess: true },
      { route: '/carriers', canView: true, canAccess: false },
    ]);

    const copy = await api('POST', `/api/roles/${id}/copy`);
    expect(copy.statusCode).toBe(201);
    expect(copy.json().name).toBe('Логіст-експедитор (копія)');
    expect(copy.json().permissions).toHaveLength(2);

    const holder = await createUser(t.db);
    await replaceUserRoles(t.db, holder.id, [id]);
    const refused = await api('DELETE', `/api/roles/${id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('Роль не можна видалити: її мають 1 користувач. Спершу змініть їм роль.');
    expect((await api('DELETE', `/api/roles/${copy.json().id}`)).statusCode).toBe(204);
  });

  it('keeps the administrator role read-only', async () => {
    for (const [method, url, payload] of [
      ['PATCH', `/api/roles/${adminRole}`, { name: 'Бос' }],
      ['PUT', `/api/roles/${adminRole}/permissions`, { permissions: [] }],
      ['DELETE', `/api/roles/${adminRole}`, undefined],
    ] as const) {
      const res = await api(method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(409);
      expect(res.json().error).toMatch(/Адміністратор/);
    }
  });
});

describe('endpoint matrix: anonymous, no right, view only, full', () => {
  it('answers 401, 403, reads-only and everything by the role the caller holds', async () => {
    const viewRole = (await api('POST', '/api/roles', { name: 'Перегляд ролей' })).json().id as number;
    await api('PUT', `/api/roles/${viewRole}/permissions`, {
      permissions: [{ route: '/roles', canView: true, canAccess: false }],
    });
    const fullRole = (await api('POST', '/api/roles', { name: 'Керування ролями' })).json().id as number;
    await api('PUT', `/api/roles/${fullRole}/permissions`, {
      permissions: [{ route: '/roles', canView: false, canAccess: true }],
    });
    const noneRole = (await api('POST', '/api/roles', { name: 'Без прав' })).json().id as number;

    const as = async (roleId: number) => {
      const u = await createUser(t.db, { password: 'matrix-pass' });
      await replaceUserRoles(t.db, u.id, [roleId]);
      return (await signIn(t.app, u.username, 'matrix-pass')).cookie;
    };
    const none = await as(noneRole);
    const view = await as(viewRole);
    const full = await as(fullRole);

    const read = (c?: string) => t.app.inject({ method: 'GET', url: '/api/roles', headers: c ? { cookie: c } : {} });
    const write = (c?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/roles',
        payload: { name: `Нова ${Math.floor(performance.now())}` },
        headers: c ? { cookie: c } : {},
      });

    expect((await read()).statusCode).toBe(401);
    expect((await write()).statusCode).toBe(401);
    expect((await read(none)).statusCode).toBe(403);
    expect((await read(none)).json()).toEqual({ error: 'Недостатньо прав' });
    expect((await write(none)).statusCode).toBe(403);
    expect((await read(view)).statusCode).toBe(200);
    expect((await write(view)).statusCode).toBe(403);
    expect((await read(full)).statusCode).toBe(200);
    expect((await write(full)).statusCode).toBe(201);

    // A change of permissions applies to the next request (the server cache is dropped on change).
    await api('PUT', `/api/roles/${viewRole}/permissions`, { permissions: [] });
    expect((await read(view)).statusCode).toBe(403);
    // Session-only endpoints are open to every signed-in user whatever his role.
    expect((await api('GET', '/api/profile/sessions', undefined, none)).statusCode).toBe(200);
  });
});
