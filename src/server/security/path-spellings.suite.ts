// Issue 19 §1: access is decided by the matched route, never by the URL's text. The router decodes a path before
// matching it, so `/%61pi/users` reached the `/api/users` route while the hooks, reading the raw URL, saw no API call
// and let an anonymous caller create an administrator. This suite sends every registered non-public endpoint
// through many spellings of its path, anonymously, and requires 401/403/404 for each and no change to any row.
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '@/modules/users/server/index.ts';
import type { FuzzFixture } from '../fuzz/fixture.ts';
import { dbFingerprint } from '../testing/db-fingerprint.ts';

/** Registered by security.test.ts on its one demo-data fixture. */
export function pathSpellingsSuite(fixture: () => FuzzFixture) {
  let f: FuzzFixture;
  beforeAll(async () => {
    f = fixture();
  });

  /** The same path spelled as a client, a proxy or an attacker might: each must be refused or unknown. */
  function spellingsOf(path: string): string[] {
    const rest = path.slice('/api'.length);
    const encodeAll = (text: string) =>
      text
        .split('/')
        .map((segment) => [...segment].map((ch) => `%${ch.charCodeAt(0).toString(16).padStart(2, '0')}`).join(''))
        .join('/');
    const segments = rest.split('/').filter(Boolean);
    const encodedLater = segments.length
      ? `/api/%${segments[0]!.charCodeAt(0).toString(16)}${segments[0]!.slice(1)}/${segments.slice(1).join('/')}`.replace(
          /\/$/,
          '',
        )
      : '/api';
    return [
      `/%61pi${rest}`,
      `/a%70i${rest}`,
      `/ap%69${rest}`,
      `/%61%70%69${rest}`,
      `/%41PI${rest}`,
      encodeAll(path),
      encodedLater,
      `/%2561pi${rest}`,
      `/%252561pi${rest}`,
      `/API${rest}`,
      `/Api${rest.toUpperCase()}`,
      `//api${rest}`,
      `/api/${rest}`,
      `/./api${rest}`,
      `/api/.${rest}`,
      `/x/../api${rest}`,
      `/%2e/api${rest}`,
      `/api;x=1${rest}`,
      `/api${rest};x=1`,
      `/api${rest}/`,
      `/api%2f${rest.slice(1)}`,
      `/api%2F${rest.slice(1)}`,
    ];
  }

  describe('access by the matched route (issue 19 §1)', () => {
    it('refuses the reported reproductions and creates nobody', async () => {
      const created = await f.t.app.inject({
        method: 'POST',
        url: '/%61pi/users',
        payload: {
          username: 'pwned',
          email: 'pwned@example.com',
          firstName: 'P',
          lastName: 'W',
          roleIds: [1],
          password: 'Pwned-123456',
        },
      });
      expect(created.statusCode).toBe(401);
      expect(created.json()).toEqual({ error: 'Потрібно увійти в систему' });
      expect(await f.t.db.select().from(users).where(eq(users.username, 'pwned'))).toEqual([]);

      const password = await f.t.app.inject({
        method: 'POST',
        url: '/%61pi/users/1/set-password',
        payload: { password: 'Pwned-123456' },
      });
      expect(password.statusCode).toBe(401);
      for (const url of [
        '/%61pi/users',
        '/%61pi/clients/export',
        '/%61pi/payments/bank-transactions',
        '/a%70i/users',
      ]) {
        const res = await f.t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(401);
      }
    });

    it('answers 401, 403 or 404 to every non-public endpoint through every spelling of its path, changing nothing', async () => {
      const { app, db } = f.t;
      const endpoints = [...new Map(app.endpoints.map((e) => [`${e.method} ${e.url}`, e])).values()].filter(
        (e) => e.url.startsWith('/api/') && e.access?.kind !== 'public',
      );
      expect(endpoints.length).toBeGreaterThan(300);
      const before = await dbFingerprint(db);
      const wrong: string[] = [];
      let sent = 0;
      for (const e of endpoints) {
        const path = e.url.replace(/:(\w+)/g, '1');
        const methods = e.method === 'GET' ? ['GET', 'HEAD'] : [e.method];
        for (const url of spellingsOf(path)) {
          for (const method of methods) {
            const res = await app.inject({
              method: method as 'GET',
              url,
              ...(method === 'GET' || method === 'HEAD' ? {} : { payload: {} }),
            });
            sent += 1;
            if (![401, 403, 404].includes(res.statusCode))
              wrong.push(`${method} ${url} (${e.url}) → ${res.statusCode}`);
            else if (method !== 'HEAD' && !String(res.headers['content-type']).includes('application/json'))
              wrong.push(`${method} ${url} → ${res.statusCode} without a JSON error`);
          }
        }
      }
      expect(wrong).toEqual([]);
      expect(sent).toBeGreaterThan(endpoints.length * 20);
      expect(await dbFingerprint(db)).toEqual(before);
    });

    it('still serves the app for its own pages and 404s any spelling of an unknown API path', async () => {
      const { app } = f.t;
      for (const url of ['/%61pi/nothing-here', '/API/orders', '//api/orders', '/%2561pi/orders', '/api;a/orders']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.json(), url).toEqual({ error: 'Не знайдено' });
      }
    });
  });
}
