// Issue 19 §4: state changes only from the app's own pages. A page on another port of the same host is the same
// *site*, so SameSite=Lax sent the session cookie with its auto-submitted form (text/plain) or no-cors fetch, and a
// user was deactivated and a role copied. Every state-changing endpoint, with an administrator's session, is sent
// what another site can make a browser send; each is refused and no row changes. Sign-out by a link from another
// site ends nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import type { FuzzFixture } from '../fuzz/fixture.ts';
import { dbFingerprint } from '../testing/db-fingerprint.ts';
import { injectAsIs } from '../testing/test-app.ts';
import type { RegisteredEndpoint } from '../kernel/endpoint.ts';

/** Registered by security.test.ts on its one demo-data fixture. */
export function crossSiteSuite(fixture: () => FuzzFixture) {
  let f: FuzzFixture;
  let origin: string;
  beforeAll(async () => {
    f = fixture();
    origin = new URL(f.t.config.appUrl).origin;
  });

  const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
  /** Bodies an HTML form or a no-cors fetch can send without a preflight. */
  const FORM_TYPES = ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'];

  function stateChanging(): RegisteredEndpoint[] {
    return [...new Map(f.t.app.endpoints.map((e) => [`${e.method} ${e.url}`, e])).values()].filter(
      (e) => e.url.startsWith('/api/') && STATE_CHANGING.has(e.method),
    );
  }

  const firstIds = new Map<string, string>();
  /** The path with each parameter set to the first id of its collection (so a request that got through would act). */
  async function realPath(url: string): Promise<string> {
    let out = url;
    for (const [, name] of url.matchAll(/:(\w+)/g)) {
      const collection = out.slice(0, out.indexOf(`:${name}`)).replace(/\/$/, '');
      let id = firstIds.get(collection);
      if (id === undefined) {
        const res = await f.t.app.inject({ method: 'GET', url: collection, headers: { cookie: f.admin.cookie } });
        const body: unknown = res.statusCode === 200 ? res.json() : null;
        const first = Array.isArray(body) ? (body[0] as { id?: unknown } | undefined) : undefined;
        id = typeof first?.id === 'number' ? String(first.id) : '1';
        firstIds.set(collection, id);
      }
      out = out.replace(`:${name}`, id);
    }
    return out;
  }

  describe('cross-site requests (issue 19 §4)', () => {
    it('refuses every state change another site could send, and changes nothing', async () => {
      const endpoints = stateChanging();
      expect(endpoints.length).toBeGreaterThan(200);
      const paths = new Map<RegisteredEndpoint, string>();
      for (const e of endpoints) paths.set(e, await realPath(e.url));
      const before = await dbFingerprint(f.t.db, ['sessions']);
      const attacks: Array<{ name: string; headers: Record<string, string>; payload?: string }> = [
        {
          name: 'a form from another site',
          headers: { origin: 'http://evil.example', 'content-type': 'text/plain' },
          payload: '{}',
        },
        {
          name: 'a page on another port of the same host',
          headers: { origin: 'http://localhost:6001', 'content-type': 'text/plain' },
          payload: '{"password":"x"}',
        },
        {
          name: 'JSON from another origin',
          headers: { origin: 'http://evil.example', 'content-type': 'application/json' },
          payload: '{}',
        },
        { name: 'a sandboxed frame', headers: { origin: 'null' } },
        { name: 'no-cors fetch, cross-site', headers: { 'sec-fetch-site': 'cross-site' } },
        {
          name: 'no-cors fetch, same site',
          headers: { 'sec-fetch-site': 'same-site', 'content-type': 'text/plain' },
          payload: 'x',
        },
        { name: 'neither Origin nor Sec-Fetch-Site', headers: {} },
      ];
      const wrong: string[] = [];
      for (const e of endpoints) {
        for (const attack of attacks) {
          const res = await injectAsIs(f.t.app, {
            method: e.method as 'POST',
            url: paths.get(e)!,
            headers: { cookie: f.admin.cookie, ...attack.headers },
            ...(attack.payload !== undefined ? { payload: attack.payload } : {}),
          });
          if (e.access?.kind === 'handler') {
            // Called by other servers without an Origin and blind to the session cookie: the missing signature or
            // exchange login refuses it (401), or its body type (415) — never the session cookie that came along.
            if (res.statusCode !== 401 && res.statusCode !== 415) {
              wrong.push(`${e.method} ${e.url} — ${attack.name}: ${res.statusCode}`);
            }
          } else if (res.statusCode !== 403) wrong.push(`${e.method} ${e.url} — ${attack.name}: ${res.statusCode}`);
          else if (
            res.json<{ error: string }>().error !==
            'Запит надіслано з іншого сайту — його відхилено. Відкрийте систему за її власною адресою.'
          )
            wrong.push(`${e.method} ${e.url} — ${attack.name}: ${res.body}`);
        }
      }
      expect(wrong).toEqual([]);
      expect(await dbFingerprint(f.t.db, ['sessions'])).toEqual(before);
    });

    it('takes from the app itself only JSON bodies and the uploads a route declares', async () => {
      const endpoints = stateChanging();
      const before = await dbFingerprint(f.t.db, ['sessions']);
      const wrong: string[] = [];
      let declaredUploads = 0;
      for (const e of endpoints) {
        const declared = e.bodyTypes;
        if (declared?.length) declaredUploads += 1;
        for (const type of FORM_TYPES) {
          if (declared?.includes(type.split(';')[0]!)) continue;
          const res = await f.t.app.inject({
            method: e.method as 'POST',
            url: await realPath(e.url),
            headers: { cookie: f.admin.cookie, origin, 'content-type': type },
            payload: type.startsWith('multipart')
              ? '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--'
              : 'a=1',
          });
          if (res.statusCode !== 415) wrong.push(`${e.method} ${e.url} — ${type}: ${res.statusCode}`);
        }
      }
      expect(wrong).toEqual([]);
      expect(declaredUploads).toBeGreaterThanOrEqual(9);
      expect(await dbFingerprint(f.t.db, ['sessions'])).toEqual(before);
    });

    it('takes a JSON change from the app’s own origin, by Origin or by Sec-Fetch-Site', async () => {
      const byOrigin = await f.t.app.inject({
        method: 'POST',
        url: '/api/positions',
        headers: { cookie: f.admin.cookie, origin },
        payload: { name: 'Посада з власного сайту' },
      });
      expect(byOrigin.statusCode, byOrigin.body).toBe(201);
      const byFetchSite = await f.t.app.inject({
        method: 'POST',
        url: '/api/positions',
        headers: { cookie: f.admin.cookie, 'sec-fetch-site': 'same-origin' },
        payload: { name: 'Посада без Origin' },
      });
      expect(byFetchSite.statusCode, byFetchSite.body).toBe(201);
      // The origin the request was sent to counts as the app's own too (a server reached by its IP address).
      const byHost = await f.t.app.inject({
        method: 'POST',
        url: '/api/positions',
        headers: { cookie: f.admin.cookie, host: '192.168.1.10:5000', origin: 'http://192.168.1.10:5000' },
        payload: { name: 'Посада з адреси IP' },
      });
      expect(byHost.statusCode, byHost.body).toBe(201);
    });

    it('signs out only on a navigation from the app or a typed address', async () => {
      const { app } = f.t;
      const stillSignedIn = async () =>
        (await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: f.spare.cookie } })).statusCode;
      for (const site of ['cross-site', 'same-site']) {
        const res = await app.inject({
          method: 'GET',
          url: '/api/logout',
          headers: { cookie: f.spare.cookie, 'sec-fetch-site': site },
        });
        expect(res.statusCode).toBe(302);
        expect(res.headers['set-cookie']).toBeUndefined();
        expect(await stillSignedIn(), site).toBe(200);
      }
      const own = await app.inject({
        method: 'GET',
        url: '/api/logout',
        headers: { cookie: f.spare.cookie, 'sec-fetch-site': 'same-origin' },
      });
      expect(own.statusCode).toBe(302);
      expect(await stillSignedIn()).toBe(401);
      await f.resignIn(f.spare);
      await app.inject({
        method: 'GET',
        url: '/api/logout',
        headers: { cookie: f.spare.cookie, 'sec-fetch-site': 'none' },
      });
      expect(await stillSignedIn()).toBe(401);
    });
  });
}
