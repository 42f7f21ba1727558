// Every endpoint is defined once (decision 0016) and declares who may call it. The registry of the built app is held
// against the definitions: each `*.endpoints.ts` endpoint is registered with the same method, path and access, and
// every registered /api route is either one of them or built by the resources engine from a declaration (decision
// 0006). Only sign-in, recovery and the health check are public. A later endpoint that forgets its declaration, or a
// route written by hand beside the definitions, fails here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '@/shared/endpoint.ts';
import { resourceEngine } from '@/resources/index.ts';
import { createTestApp, type TestApp } from './testing/test-app.ts';

const PUBLIC = [
  'GET /healthz',
  'GET /api/logout',
  'POST /api/auth/simple-login',
  'POST /api/auth/forgot-password',
  'GET /api/auth/validate-reset-token',
  'POST /api/auth/reset-password',
].sort();

/** Every endpoint map exported by a `*.endpoints.ts` file of a module. */
const definitionFiles = import.meta.glob<Record<string, unknown>>('../modules/*/*.endpoints.ts', { eager: true });
const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'access' in value;
const definitions = Object.entries(definitionFiles).flatMap(([file, exports]) =>
  Object.values(exports)
    .filter((value): value is Record<string, unknown> => typeof value === 'object' && value !== null)
    .flatMap((map) => Object.entries(map))
    .filter((entry): entry is [string, Endpoint] => isEndpoint(entry[1]))
    .map(([name, e]) => ({ file, name, key: `${e.method} ${e.path}`, access: e.access })),
);

/** The routes the resources engine builds from each declaration (resource.routes.ts). */
function engineRoutes(): Set<string> {
  const keys = new Set<string>();
  for (const r of resourceEngine.resources) {
    const base = `/api${r.def.route}`;
    keys.add(`GET /api/lookups${r.def.route}`);
    if (r.lookupOnly) continue;
    for (const key of [
      `GET ${base}`,
      `GET ${base}/export`,
      `POST ${base}/import`,
      `GET ${base}/:id`,
      `POST ${base}`,
      `PATCH ${base}/:id`,
      `DELETE ${base}/:id`,
    ])
      keys.add(key);
  }
  return keys;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('endpoint registry', () => {
  it('has a declared access on every API endpoint', () => {
    const api = t.app.endpoints.filter((e) => e.url.startsWith('/api') || e.url === '/healthz');
    expect(api.length).toBeGreaterThanOrEqual(PUBLIC.length + 1);
    const undeclared = api.filter((e) => !e.access).map((e) => `${e.method} ${e.url}`);
    expect(undeclared).toEqual([]);
  });

  it('registers every defined endpoint once, with its declared access', () => {
    expect(Object.keys(definitionFiles).length).toBeGreaterThan(25);
    const names = definitions.map((d) => d.key);
    expect(names.filter((key, i) => names.indexOf(key) !== i)).toEqual([]);
    const registered = new Map(t.app.endpoints.map((e) => [`${e.method} ${e.url}`, e]));
    const missing = definitions.filter((d) => !registered.has(d.key)).map((d) => `${d.file} ${d.name}: ${d.key}`);
    expect(missing).toEqual([]);
    const wrongAccess = definitions
      .filter((d) => JSON.stringify(registered.get(d.key)!.access) !== JSON.stringify(d.access))
      .map((d) => d.key);
    expect(wrongAccess).toEqual([]);
  });

  it('serves no /api route that is not defined in an endpoints file or built from a resource declaration', () => {
    const defined = new Set(definitions.map((d) => d.key));
    const engine = engineRoutes();
    const stray = t.app.endpoints
      .filter((e) => e.url.startsWith('/api/'))
      .map((e) => `${e.method} ${e.url}`)
      .filter((key) => !defined.has(key) && !engine.has(key));
    expect(stray).toEqual([]);
  });

  it('exposes exactly the documented public endpoints', () => {
    const publicOnes = t.app.endpoints
      .filter((e) => e.access?.kind === 'public')
      .map((e) => `${e.method} ${e.url}`)
      .sort();
    expect(publicOnes).toEqual(PUBLIC);
  });

  it('lets only the inbound webhook and 1C’s exchange authenticate in their handlers (reports-admin.md §15)', () => {
    const signed = t.app.endpoints
      .filter((e) => e.access?.kind === 'handler')
      .map((e) => `${e.method} ${e.url}`)
      .sort();
    expect(signed).toEqual(
      [
        'GET /api/integrations/commerceml/exchange',
        'POST /api/integrations/commerceml/exchange',
        'POST /api/integrations/webhooks/:system',
      ].sort(),
    );
  });

  it('refuses an undeclared route instead of serving it', async () => {
    const guarded = await createTestApp(
      {},
      {
        extraRoutes(app) {
          app.get('/api/forgotten', async () => ({ leaked: true }));
        },
      },
    );
    try {
      const res = await guarded.app.inject({ method: 'GET', url: '/api/forgotten' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'Недостатньо прав' });
    } finally {
      await guarded.close();
    }
  });
});
