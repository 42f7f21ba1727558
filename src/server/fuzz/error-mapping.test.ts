// What the bad-input suite found and the shared error handling now answers: PostgreSQL refusing a value that
// validation let through (NUL in text, a number out of its column's range, a dangling reference) is a Ukrainian
// 400/409, not a 500; a URL that is not valid percent-encoding is a Ukrainian 400, not Fastify's English one.
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { access } from '../kernel/endpoint.ts';
import { frameworkErrors, registerErrorHandler } from '../plugins/error-handler.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      extraRoutes(app) {
        const route = (url: string, query: () => Promise<unknown>) =>
          app.route({ method: 'GET', url, config: { access: access.public }, handler: async () => query() });
        route('/api/fuzz-probe/nul', () => t.db.execute(sql`select ${'a\u0000b'}::text as v`));
        route('/api/fuzz-probe/nul-json', () => t.db.execute(sql`select ${'{"a":"\\u0000"}'}::jsonb as v`));
        route('/api/fuzz-probe/numeric', () => t.db.execute(sql`select ${'1e20'}::numeric(18, 6) as v`));
        route('/api/fuzz-probe/int', () => t.db.execute(sql`select ${'2147483648'}::int as v`));
        route('/api/fuzz-probe/fk', () => t.db.execute(sql`insert into user_roles (user_id, role_id) values (-1, -1)`));
      },
    },
  );
});
afterAll(() => t.close());

describe('database refusals of bad input', () => {
  it.each([
    ['nul', 400, 'Некоректні дані запиту: текст містить недопустимий символ'],
    ['nul-json', 400, 'Некоректні дані запиту: текст містить недопустимий символ'],
    ['numeric', 400, 'Некоректні дані запиту: число поза допустимим діапазоном'],
    ['int', 400, 'Некоректні дані запиту: число поза допустимим діапазоном'],
    ['fk', 409, 'Повʼязаний запис не знайдено або він ще використовується'],
  ])('%s answers %i in Ukrainian', async (probe, status, error) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/fuzz-probe/${probe}` });
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toEqual({ error });
  });
});

describe('errors Fastify raises before any route', () => {
  it('answers a URL that is not valid percent-encoding and an over-long parameter in Ukrainian', async () => {
    const app = Fastify({ frameworkErrors, routerOptions: { maxParamLength: 20 } });
    registerErrorHandler(app as never);
    app.get('/api/things/:id', async () => ({ ok: true }));
    const bad = await app.inject({ method: 'GET', url: '/api/things/%ED%A0%80' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'Некоректні дані запиту' });
    const long = await app.inject({ method: 'GET', url: `/api/things/${'1'.repeat(50)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ error: 'Некоректні дані запиту' });
    await app.close();
  });
});
