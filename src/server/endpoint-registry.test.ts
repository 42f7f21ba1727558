// Every endpoint must declare who may call it; only sign-in, recovery and the health check are public.
// A later endpoint that forgets its declaration fails here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './testing/test-app.ts';

const PUBLIC = [
  'GET /healthz',
  'GET /api/logout',
  'POST /api/auth/simple-login',
  'POST /api/auth/forgot-password',
  'GET /api/auth/validate-reset-token',
  'POST /api/auth/reset-password',
].sort();

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

  it('exposes exactly the documented public endpoints', () => {
    const publicOnes = t.app.endpoints
      .filter((e) => e.access?.kind === 'public')
      .map((e) => `${e.method} ${e.url}`)
      .sort();
    expect(publicOnes).toEqual(PUBLIC);
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
