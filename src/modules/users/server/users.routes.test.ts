import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '@/modules/system-logs/server/index.ts';
import { emailOutbox } from '@/modules/email-settings/server/index.ts';
import { adminRoleId, replaceUserRoles, roles } from '@/modules/roles/server/index.ts';
import { createTestApp, createUser, signIn, type TestApp } from '@/server/testing/test-app.ts';

let t: TestApp;
let adminCookie: string;
let adminId: number;
let adminRole: number;
let storekeeperRole: number;

beforeAll(async () => {
  t = await createTestApp();
  adminRole = await adminRoleId(t.db);
  const admin = await createUser(t.db, { username: 'chief', email: 'chief@firma.ua', password: 'chief-pass' });
  await replaceUserRoles(t.db, admin.id, [adminRole]);
  adminId = admin.id;
  adminCookie = (await signIn(t.app, 'chief', 'chief-pass')).cookie;
  const [store] = await t.db.select().from(roles).where(eq(roles.name, 'Комірник'));
  storekeeperRole = store!.id;
});
afterAll(() => t.close());

const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, cookie = adminCookie) =>
  t.app.inject({ method, url, payload, headers: { cookie } });

describe('users', () => {
  it('creates a user with roles, lists and finds him, and audits without the password', async () => {
    const res = await api('POST', '/api/users', {
      username: 'Stepan.K',
      email: 'Stepan@Firma.ua',
      firstName: 'Степан',
      lastName: 'Кравчук',
      roleIds: [storekeeperRole],
      password: 'temp-pass-1',
    });
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({ username: 'stepan.k', email: 'stepan@firma.ua', isActive: true });
    expect(user.roles).toEqual([{ id: storekeeperRole, name: 'Комірник' }]);

    const list = await api('GET', '/api/users?search=кравч&status=active');
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total-count']).toBe('1');
    expect(list.json().map((u: { username: string }) => u.username)).toEqual(['stepan.k']);
    const byRole = await api('GET', `/api/users?roleId=${storekeeperRole}`);
    expect(byRole.json().some((u: { id: number }) => u.id === user.id)).toBe(true);

    const [record] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'create'), eq(auditLog.entityType, 'user'), eq(auditLog.entityId, String(user.id))),
      );
    expect(record!.userId).toBe(adminId);
    expect(JSON.stringify(record!.after)).not.toMatch(/temp-pass|scrypt/);
    expect((await signIn(t.app, 'stepan.k', 'temp-pass-1')).body.user.id).toBe(user.id);
  });

  it('refuses a duplicate login or e-mail in any case with 409 naming the field', async () => {
    await createUser(t.db, { username: 'taken.name', email: 'taken@firma.ua' });
    const dupLogin = await api('POST', '/api/users', {
      username: 'TAKEN.NAME',
      email: 'other@firma.ua',
      firstName: 'А',
      lastName: 'Б',
      roleIds: [storekeeperRole],
      password: 'secret1',
    });
    expect(dupLogin.statusCode).toBe(409);
    expect(dupLogin.json().fields).toEqual({ username: 'Користувач з таким логіном вже існує' });
    const dupEmail = await api('POST', '/api/users', {
      username: 'fresh.name',
      email: 'TAKEN@firma.ua',
      firstName: 'А',
      lastName: 'Б',
      roleIds: [storekeeperRole],
      password: 'secret1',
    });
    expect(dupEmail.statusCode).toBe(409);
    expect(dupEmail.json().fields).toEqual({ email: 'Користувач з таким e-mail вже існує' });
  });

  it('validates input in Ukrainian', async () => {
    const res = await api('POST', '/api/users', {
      username: 'x',
      email: 'nope',
      firstName: '',
      lastName: 'Б',
      roleIds: [],
      password: '123',
    });
    expect(res.statusCode).toBe(400);
    const { fields } = res.json();
    expect(fields.username).toMatch(/Логін/);
    expect(fields.email).toBe('Вкажіть коректну адресу e-mail');
    expect(fields.roleIds).toBe('Оберіть щонайменше одну роль');
    expect(fields.password).toBe('Пароль повинен містити мінімум 6 символів');
    const unknownRole = await api('POST', '/api/users', {
      username: 'ghost',
      email: 'ghost@firma.ua',
      firstName: 'А',
      lastName: 'Б',
      roleIds: [999999],
      password: 'secret1',
    });
    expect(unknownRole.statusCode).toBe(400);
  });

  it('sends an invitation link when created without a password', async () => {
    const res = await api('POST', '/api/users', {
      username: 'invited',
      email: 'invited@firma.ua',
      firstName: 'Ігор',
      lastName: 'Савчук',
      roleIds: [storekeeperRole],
      sendInvite: true,
    });
    expect(res.statusCode).toBe(201);
    const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'invited@firma.ua'));
    expect(mail!.subject).toBe('Запрошення до Системи управління виробництвом');
    expect(mail!.text).toContain('/reset-password?token=');
  });

  it('deactivation ends the sessions and blocks sign-in; activation restores it', async () => {
    const u = await createUser(t.db, { password: 'worker-1' });
    await replaceUserRoles(t.db, u.id, [storekeeperRole]);
    const { cookie } = await signIn(t.app, u.username, 'worker-1');
    const res = await api('POST', `/api/users/${u.id}/deactivate`);
    expect(res.statusCode).toBe(200);
    expect(res.json().isActive).toBe(false);
    expect((await api('GET', '/api/auth/user', undefined, cookie)).statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/simple-login',
      payload: { username: u.username, password: 'worker-1' },
    });
    expect(again.statusCode).toBe(401);
    expect((await api('POST', `/api/users/${u.id}/activate`)).json().isActive).toBe(true);
    await signIn(t.app, u.username, 'worker-1');
  });

  it('refuses to deactivate oneself or strip the last active administrator', async () => {
    const self = await api('POST', `/api/users/${adminId}/deactivate`);
    expect(self.statusCode).toBe(409);
    expect(self.json().error).toBe('Не можна деактивувати власний обліковий запис');
    // The seeded test database has no other administrator: removing the role is refused...
    const strip = await api('PATCH', `/api/users/${adminId}`, { roleIds: [storekeeperRole] });
    expect(strip.statusCode).toBe(409);
    expect(strip.json().error).toMatch(/останній активний адміністратор/);
    // ...until a second active administrator exists.
    const second = await createUser(t.db);
    await replaceUserRoles(t.db, second.id, [adminRole]);
    const ok = await api('PATCH', `/api/users/${adminId}`, { roleIds: [adminRole, storekeeperRole] });
    expect(ok.statusCode).toBe(200);
    const lastOne = await api('POST', `/api/users/${second.id}/deactivate`);
    expect(lastOne.statusCode).toBe(200);
    const nowLast = await api('PATCH', `/api/users/${adminId}`, { roleIds: [storekeeperRole] });
    expect(nowLast.statusCode).toBe(409);
  });

  it('sets a password and sends a reset link', async () => {
    const u = await createUser(t.db, { email: 'pw@firma.ua', password: 'first-pass' });
    const { cookie } = await signIn(t.app, u.username, 'first-pass');
    expect((await api('POST', `/api/users/${u.id}/set-password`, { password: 'second-pass' })).statusCode).toBe(200);
    expect((await api('GET', '/api/auth/user', undefined, cookie)).statusCode).toBe(401);
    await signIn(t.app, u.username, 'second-pass');
    const reset = await api('POST', `/api/users/${u.id}/send-reset`);
    expect(reset.statusCode).toBe(200);
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'pw@firma.ua'));
    expect(mails).toHaveLength(1);
  });

  it('deletes only an account that never acted', async () => {
    const unused = await createUser(t.db);
    expect((await api('DELETE', `/api/users/${unused.id}`)).statusCode).toBe(204);
    expect((await api('GET', `/api/users/${unused.id}`)).statusCode).toBe(404);
    const used = await createUser(t.db, { password: 'used-pass' });
    await signIn(t.app, used.username, 'used-pass');
    const res = await api('DELETE', `/api/users/${used.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/деактивуйте/);
  });

  it('answers bad ids with 4xx JSON', async () => {
    expect((await api('GET', '/api/users/abc')).statusCode).toBe(400);
    expect((await api('GET', '/api/users/0')).statusCode).toBe(400);
    expect((await api('GET', '/api/users/99999999999')).statusCode).toBe(400);
    const missing = await api('GET', '/api/users/987654');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Користувача не знайдено' });
  });
});

describe('accessible menu', () => {
  it('answers every catalogue route for oneself, and another user only with view right on /users', async () => {
    const [viewer] = await t.db.insert(roles).values({ name: 'Тільки замовлення' }).returning();
    await t.app.inject({
      method: 'PUT',
      url: `/api/roles/${viewer!.id}/permissions`,
      payload: { permissions: [{ route: '/orders', canView: true, canAccess: false }] },
      headers: { cookie: adminCookie },
    });
    const u = await createUser(t.db, { password: 'orders-only' });
    await replaceUserRoles(t.db, u.id, [viewer!.id]);
    const { cookie } = await signIn(t.app, u.username, 'orders-only');

    const own = await api('GET', `/api/users/${u.id}/accessible-menu`, undefined, cookie);
    expect(own.statusCode).toBe(200);
    const menu = own.json() as Array<{ route: string; canView: boolean; canAccess: boolean }>;
    expect(menu.find((m) => m.route === '/orders')).toEqual({ route: '/orders', canView: true, canAccess: false });
    expect(menu.find((m) => m.route === '/users')).toEqual({ route: '/users', canView: false, canAccess: false });
    expect(menu.find((m) => m.route === '/profile')).toEqual({ route: '/profile', canView: true, canAccess: true });

    expect((await api('GET', `/api/users/${adminId}/accessible-menu`, undefined, cookie)).statusCode).toBe(403);
    const byAdmin = await api('GET', `/api/users/${u.id}/accessible-menu`);
    expect(byAdmin.json()).toEqual(menu);
    expect((await api('GET', '/api/users', undefined, cookie)).statusCode).toBe(403);
  });
});

describe('the login of a worker', () => {
  it('links a user to one worker, shows the name, and refuses a second login for the same worker', async () => {
    const t2 = await createTestApp();
    try {
      const admin = await createUser(t2.db, { password: 'worker-link-pass' });
      await replaceUserRoles(t2.db, admin.id, [await adminRoleId(t2.db)]);
      const { cookie } = await signIn(t2.app, admin.username, 'worker-link-pass');
      const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
        t2.app.inject({ method, url, payload, headers: { cookie } });
      const worker = (await call('POST', '/api/workers', { lastName: 'Шевчук', firstName: 'Андрій' })).json();
      const other = await createUser(t2.db, {});

      const linked = await call('PATCH', `/api/users/${admin.id}`, { workerId: worker.id });
      expect(linked.statusCode, linked.body).toBe(200);
      expect(linked.json()).toMatchObject({ workerId: worker.id, workerName: 'Шевчук Андрій' });
      const me = await call('GET', '/api/auth/user');
      expect(me.json()).toMatchObject({ workerId: worker.id, roleName: 'Адміністратор' });

      const twice = await call('PATCH', `/api/users/${other.id}`, { workerId: worker.id });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().fields).toEqual({ workerId: "Цей працівник уже пов'язаний з іншим користувачем" });
      const unknown = await call('PATCH', `/api/users/${other.id}`, { workerId: 999_999 });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().fields).toEqual({ workerId: 'Оберіть працівника зі списку' });
      // The linked worker cannot be deleted while a login names it.
      expect((await call('GET', `/api/workers/${worker.id}`)).statusCode).toBe(200);
      const del = await t2.app.inject({ method: 'DELETE', url: `/api/workers/${worker.id}`, headers: { cookie } });
      expect(del.json().error).toBe('Запис використовується (Користувачі) — зробіть його неактивним');
    } finally {
      await t2.close();
    }
  });
});
