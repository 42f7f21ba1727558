// index.html as the server sends it: signed out, exactly the built file; with a session cookie, the signed-in
// shell's and the page's chunks preloaded (the map the build writes beside Vite's manifest).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@/modules/auth/server/index.ts';
import { ROUTE_PRELOADS_FILE, type RoutePreloads } from '../../../scripts/route-chunks.ts';
import type { AppInstance } from '../kernel/endpoint.ts';
import { registerStatic, routePattern, spellsApiPath, withPreloads } from './static.ts';

const INDEX = `<!doctype html>
<html lang="uk">
  <head>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;
const MAP: RoutePreloads = {
  shell: ['assets/authenticated-app-1.js', 'assets/sidebar-1.js'],
  routes: {
    '/': ['assets/home-page-1.js'],
    '/orders': ['assets/orders-page-1.js', 'assets/orders-1.css'],
    '/inventory-audits': ['assets/inventory-audits-page-1.js'],
    '/inventory-audits/:id': ['assets/inventory-audit-page-1.js'],
  },
};

let dir: string;
let app: ReturnType<typeof Fastify>;
let cookie: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'erp-static-'));
  writeFileSync(path.join(dir, 'index.html'), INDEX);
  mkdirSync(path.join(dir, '.vite'));
  writeFileSync(path.join(dir, ROUTE_PRELOADS_FILE), JSON.stringify(MAP));
  app = Fastify();
  await app.register(fastifyCookie, { secret: 'a-test-secret-of-enough-length-0123456789' });
  await registerStatic(app as unknown as AppInstance, dir);
  await app.ready();
  cookie = `${SESSION_COOKIE}=${app.signCookie('session-token')}`;
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

const page = async (url: string, headers: Record<string, string> = {}) => {
  const res = await app.inject({ method: 'GET', url, headers });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store, max-age=0');
  return res.body;
};
const preloaded = (html: string) =>
  [...html.matchAll(/<link rel="(?:modulepreload|preload)[^>]* href="\/([^"]+)">/g)].map((m) => m[1]);

describe('index.html', () => {
  it('is the built file, without preloads, for a visitor who is not signed in', async () => {
    expect(await page('/orders')).toBe(INDEX);
    expect(await page('/', { cookie: `${SESSION_COOKIE}=not-signed` })).toBe(INDEX);
  });

  it("lists the shell's and the page's chunks for a signed-in request, before </head>", async () => {
    const html = await page('/orders?status=new', { cookie });
    expect(preloaded(html)).toEqual([...MAP.shell, 'assets/orders-page-1.js', 'assets/orders-1.css']);
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/orders-page-1.js">');
    expect(html).toContain('<link rel="preload" as="style" crossorigin href="/assets/orders-1.css">');
    expect(html.indexOf('orders-page-1.js')).toBeLessThan(html.indexOf('</head>'));
    // Nothing else changes: without the added lines it is the built file.
    expect(html.replace(/\n {4}<link rel="(?:modulepreload|preload)[^>]*>/g, '')).toBe(INDEX);
  });

  it('matches a detail route by its pattern, the home page exactly, and gives any other path the shell only', async () => {
    expect(preloaded(await page('/inventory-audits/42', { cookie }))).toEqual([
      ...MAP.shell,
      'assets/inventory-audit-page-1.js',
    ]);
    expect(preloaded(await page('/inventory-audits/', { cookie }))).toEqual([
      ...MAP.shell,
      'assets/inventory-audits-page-1.js',
    ]);
    expect(preloaded(await page('/', { cookie }))).toEqual([...MAP.shell, 'assets/home-page-1.js']);
    expect(preloaded(await page('/no/such/page', { cookie }))).toEqual(MAP.shell);
  });

  it('still answers unknown API paths with a JSON 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nothing', headers: { cookie } });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatch(/[А-Яа-яІіЇїЄєҐґ]/);
  });
});

describe('the pieces', () => {
  it('turns a route into a matcher of its paths only', () => {
    const audit = routePattern('/inventory-audits/:id');
    expect(audit.test('/inventory-audits/7')).toBe(true);
    expect(audit.test('/inventory-audits/7/')).toBe(true);
    expect(audit.test('/inventory-audits')).toBe(false);
    expect(audit.test('/inventory-audits/7/lines')).toBe(false);
    expect(routePattern('/').test('/')).toBe(true);
    expect(routePattern('/').test('/orders')).toBe(false);
    expect(routePattern('/a.b').test('/aXb')).toBe(false);
  });

  it('writes only plain asset paths into the page', () => {
    expect(preloaded(withPreloads(INDEX, ['assets/ok-1.js', 'assets/"><script>x</script>.js', '../x.js']))).toEqual([
      'assets/ok-1.js',
    ]);
    expect(withPreloads(INDEX, [])).toBe(INDEX);
  });
});

describe('paths that spell the API (decision 0014)', () => {
  it('answers 404 JSON, never the app, to any spelling of an API path no route matched', async () => {
    for (const url of [
      '/api/nothing',
      '/API/orders',
      '/Api/Orders',
      '/%61pi/orders',
      '/%2561pi/orders',
      '//api/orders',
      '/./api/orders',
      '/x/../api/orders',
      '/api;x=1/orders',
      '/%2e/api/orders',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ error: 'Не знайдено' });
    }
  });

  it('serves the app for its own pages, whatever their case', async () => {
    expect(await page('/orders')).toBe(INDEX);
    expect(await page('/apiary')).toBe(INDEX);
    expect(await page('/clients/12/nova-poshta-settings')).toBe(INDEX);
  });

  it('declares every client file public, so the access guard serves it', () => {
    const routes = app.printRoutes({ commonPrefix: false });
    expect(routes).toContain('index.html');
  });
});

describe('spellsApiPath', () => {
  it('reads every spelling of /api and nothing else', () => {
    for (const url of ['/api', '/api/', '/API/x', '/%61pi', '/%2561pi/x', '//api', '/a/../api/x', '/api;p', '\\api\\x'])
      expect(spellsApiPath(url), url).toBe(true);
    for (const url of ['/', '/orders', '/apiary', '/x/api', '/ap', '/api-docs', '/%ZZ'])
      expect(spellsApiPath(url), url).toBe(false);
  });
});
