import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestApp } from '@/server/testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

describe('profile', () => {
  it('changes own names and e-mail, refusing an e-mail another user has', async () => {
    const u = await createUser(t.db, { password: 'p-secret' });
    const other = await createUser(t.db);
    const { cookie } = await signIn(t.app, u.username, 'p-secret');
    // A new e-mail needs the current password: it signs in and receives password links (issue 19 §6).
    for (const [currentPassword, error] of [
      [undefined, 'Щоб змінити e-mail, вкажіть поточний пароль'],
      ['wrong', 'Поточний пароль невірний'],
    ] as const) {
      const refused = await t.app.inject({
        method: 'PATCH',
        url: '/api/profile',
        payload: { firstName: 'Богдан', lastName: 'Левченко', email: 'Bohdan@Firma.ua', currentPassword },
        headers: { cookie },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ error, fields: { currentPassword: error } });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).json().email).toBe(
      u.email,
    );
    // Names alone (and the same e-mail in another case) need no password.
    const names = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      payload: { firstName: 'Б', lastName: 'Л', email: u.email.toUpperCase() },
      headers: { cookie },
    });
    expect(names.statusCode).toBe(200);
    const ok = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      payload: { firstName: 'Богдан', lastName: 'Левченко', email: 'Bohdan@Firma.ua', currentPassword: 'p-secret' },
      headers: { cookie },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ firstName: 'Богдан', lastName: 'Левченко', email: 'bohdan@firma.ua' });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(me.json().firstName).toBe('Богдан');
    const clash = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      payload: { firstName: 'Богдан', lastName: 'Левченко', email: other.email, currentPassword: 'p-secret' },
      headers: { cookie },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().fields.email).toBe('Користувач з таким e-mail вже існує');
  });

  it('changes the password only with the right current one and ends the other sessions', async () => {
    const u = await createUser(t.db, { password: 'old-one' });
    const here = await signIn(t.app, u.username, 'old-one');
    const there = await signIn(t.app, u.username, 'old-one');
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/profile/password',
      payload: { currentPassword: 'nope', newPassword: 'new-one' },
      headers: { cookie: here.cookie },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('Поточний пароль невірний');
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/profile/password',
      payload: { currentPassword: 'old-one', newPassword: 'new-one' },
      headers: { cookie: here.cookie },
    });
    expect(ok.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: here.cookie } })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: there.cookie } })).statusCode,
    ).toBe(401);
  });

  it('stores a photo of an allowed type, serves it with its type, and refuses other bytes', async () => {
    const u = await createUser(t.db, { password: 'photo-pass' });
    const { cookie } = await signIn(t.app, u.username, 'photo-pass');
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/profile/photo',
      payload: PNG,
      headers: { cookie, 'content-type': 'image/png' },
    });
    expect(up.statusCode).toBe(200);
    const url = up.json().profileImageUrl as string;
    expect(url).toMatch(new RegExp(`^/api/users/${u.id}/photo\\?v=`));
    const got = await t.app.inject({ method: 'GET', url, headers: { cookie } });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(got.rawPayload, PNG)).toBe(0);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);

    const html = await t.app.inject({
      method: 'POST',
      url: '/api/profile/photo',
      payload: Buffer.from('<svg onload="alert(1)"></svg>'),
      headers: { cookie, 'content-type': 'image/png' },
    });
    expect(html.statusCode).toBe(415);
    expect(html.json().error).toBe('Фото має бути у форматі PNG, JPEG або WebP');
    const svg = await t.app.inject({
      method: 'POST',
      url: '/api/profile/photo',
      payload: '<svg/>',
      headers: { cookie, 'content-type': 'image/svg+xml' },
    });
    expect(svg.statusCode).toBe(415);
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/profile/photo',
      payload: Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]),
      headers: { cookie, 'content-type': 'image/png' },
    });
    expect(huge.statusCode).toBe(413);

    const removed = await t.app.inject({ method: 'DELETE', url: '/api/profile/photo', headers: { cookie } });
    expect(removed.json().profileImageUrl).toBeNull();
    expect((await t.app.inject({ method: 'GET', url, headers: { cookie } })).statusCode).toBe(404);
  });

  it('lists own sessions, ends the others, and shows own activity only', async () => {
    const u = await createUser(t.db, { password: 'sess-pass' });
    const other = await createUser(t.db, { password: 'other-pass' });
    await signIn(t.app, other.username, 'other-pass');
    const a = await signIn(t.app, u.username, 'sess-pass');
    const b = await signIn(t.app, u.username, 'sess-pass');
    const list = await t.app.inject({ method: 'GET', url: '/api/profile/sessions', headers: { cookie: a.cookie } });
    const sessions = list.json() as Array<{ id: string; current: boolean }>;
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions[0]!.id).toHaveLength(12);
    const ended = await t.app.inject({
      method: 'DELETE',
      url: '/api/profile/sessions/others',
      headers: { cookie: a.cookie },
    });
    expect(ended.json()).toEqual({ ended: 1 });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: b.cookie } })).statusCode,
    ).toBe(401);
    const activity = await t.app.inject({ method: 'GET', url: '/api/profile/activity', headers: { cookie: a.cookie } });
    const items = activity.json() as Array<{ action: string; entityId: string }>;
    expect(items.map((i) => i.action)).toEqual(['logout', 'login', 'login']);
    expect(items.every((i) => i.entityId === String(u.id))).toBe(true);
  });
});
