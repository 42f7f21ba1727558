// `serve` registers a module's endpoints as the contract says: access from the endpoint, validation and serialisation
// from its schemas, a list with X-Total-Count, a create with 201 (decision 0016).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { access, defineEndpoints } from '@/shared/endpoint.ts';
import { idParams } from '@/shared/contract.ts';
import { z } from '@/shared/zod-uk.ts';
import { createTestApp, createUser, signIn, type TestApp } from '../testing/test-app.ts';
import { serve } from './serve.ts';

const thing = z.object({ id: z.number().int(), name: z.string() });
const schemas = {
  list: { query: z.strictObject({ page: z.coerce.number().int().min(1).optional() }), response: z.array(thing) },
  get: { params: idParams, response: thing },
  create: { body: z.strictObject({ name: z.string().trim().min(1, 'Вкажіть назву') }), response: thing },
};
const endpoints = defineEndpoints<typeof schemas>()({
  list: { method: 'GET', path: '/api/serve-test', access: access.session, list: true },
  get: { method: 'GET', path: '/api/serve-test/:id', access: access.route('/users') },
  create: { method: 'POST', path: '/api/serve-test', access: access.session, status: 201 },
});

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      extraRoutes(app) {
        serve(app, endpoints, schemas, {
          list: async (request) => ({ rows: [{ id: request.query.page ?? 1, name: 'Перша', secret: 'x' }], total: 41 }),
          get: async (request) => ({ id: request.params.id, name: 'Одна' }),
          create: async (request) => ({ id: 7, name: request.body.name }),
        });
      },
    },
  );
  const user = await createUser(t.db, { password: 'serve-pass' });
  cookie = (await signIn(t.app, user.username, 'serve-pass')).cookie;
});
afterAll(() => t.close());

describe('serve', () => {
  it('registers each endpoint with its declared access', async () => {
    const registered = t.app.endpoints.filter((e) => e.url.startsWith('/api/serve-test'));
    expect(registered.map((e) => [e.method, e.url, e.access])).toEqual([
      ['GET', '/api/serve-test', access.session],
      ['GET', '/api/serve-test/:id', access.route('/users')],
      ['POST', '/api/serve-test', access.session],
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/api/serve-test' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/serve-test/3', headers: { cookie } })).statusCode).toBe(403);
  });

  it('answers a list as a bare array with X-Total-Count, serialised by the response schema', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/serve-test?page=2', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ id: 2, name: 'Перша' }]);
    expect(res.headers['x-total-count']).toBe('41');
  });

  it('validates by the schemas in Ukrainian and answers a create with 201', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/serve-test',
      headers: { cookie },
      payload: { name: ' ' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ name: 'Вкажіть назву' });
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/serve-test',
      headers: { cookie },
      payload: { name: 'Нова' },
    });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toEqual({ id: 7, name: 'Нова' });
    const query = await t.app.inject({ method: 'GET', url: '/api/serve-test?page=0', headers: { cookie } });
    expect(query.statusCode).toBe(400);
  });
});
