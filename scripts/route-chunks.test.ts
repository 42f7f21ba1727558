// The route → chunk mapping shared by the build's preload map and the bench's bundle section: the route table read
// from its source, static imports followed in Vite's manifest, shared chunks found by name.
import { describe, expect, it } from 'vitest';
import { manifestKey, routeModules, routePreloads, staticClosure, type Manifest } from './route-chunks.ts';

describe('bundle analysis', () => {
  const routesSource = [
    '// Adding a module is one line:',
    "//   definePage('/orders', () => import('@/modules/orders/web/orders-page.tsx').then((m) => m.OrdersPage)),",
    'export const pages = [',
    "  definePage('/', () => import('./home-page.tsx').then((m) => m.HomePage)),",
    '  resourcePage(',
    "    '/clients',",
    "    () => import('@/resources/counterparties/counterparties.resource.ts').then((m) => m.clientsResource),",
    "    () => import('@/modules/clients/web/client-extensions.tsx').then((m) => m.clientExtensions),",
    '  ),',
    "  definePage('/orders', () => import('@/modules/orders/web/orders-page.tsx').then((m) => m.OrdersPage)),",
    '];',
  ].join('\n');

  it('reads each route and the modules it loads from the route table, ignoring the example in a comment', () => {
    expect(routeModules(routesSource)).toEqual([
      { route: '/', modules: ['./home-page.tsx'] },
      {
        route: '/clients',
        modules: [
          '@/resources/_engine/web/resource-page.tsx',
          '@/resources/counterparties/counterparties.resource.ts',
          '@/modules/clients/web/client-extensions.tsx',
        ],
      },
      { route: '/orders', modules: ['@/modules/orders/web/orders-page.tsx'] },
    ]);
  });

  const manifest: Manifest = {
    'index.html': { file: 'assets/index.js', imports: ['_api.js'], css: ['assets/index.css'] },
    '_api.js': { file: 'assets/api.js', imports: ['_runtime.js'] },
    '_runtime.js': { file: 'assets/runtime.js' },
    'app/home-page.tsx': { file: 'assets/home.js', imports: ['_api.js', 'index.html'] },
    '_counterparties.resource-X.js': { file: 'assets/counterparties.resource-X.js', name: 'counterparties.resource' },
  };

  it('follows static imports once each, cycles included', () => {
    expect([...staticClosure(manifest, ['app/home-page.tsx'])].sort()).toEqual(
      ['_api.js', '_runtime.js', 'app/home-page.tsx', 'index.html'].sort(),
    );
    expect(() => staticClosure(manifest, ['nope.tsx'])).toThrow(/немає модуля nope.tsx/);
  });

  it('maps a route module to its chunk, or to the shared chunk named after it', () => {
    expect(manifestKey(manifest, './home-page.tsx')).toBe('app/home-page.tsx');
    expect(manifestKey(manifest, '@/resources/counterparties/counterparties.resource.ts')).toBe(
      '_counterparties.resource-X.js',
    );
    expect(() => manifestKey(manifest, '@/modules/missing/web/page.tsx')).toThrow(/Не знайдено фрагмент/);
  });
  it('preloads for a signed-in page what index.html does not load: the shell once, then each route beyond it', () => {
    const full: Manifest = {
      ...manifest,
      'app/authenticated-app.tsx': {
        file: 'assets/shell.js',
        imports: ['_api.js', '_sidebar.js'],
        css: ['assets/shell.css'],
      },
      '_sidebar.js': { file: 'assets/sidebar.js', imports: ['_runtime.js'] },
      '_resource-page.js': { file: 'assets/resource-page.js', name: 'resource-page', imports: ['_sidebar.js'] },
      '_client-extensions.js': { file: 'assets/client-extensions.js', name: 'client-extensions' },
      '../modules/orders/web/orders-page.tsx': { file: 'assets/orders.js', imports: ['_sidebar.js', '_table.js'] },
      '_table.js': { file: 'assets/table.js' },
    };
    expect(routePreloads(full, routesSource)).toEqual({
      shell: ['assets/shell.css', 'assets/shell.js', 'assets/sidebar.js'],
      routes: {
        '/': ['assets/home.js'],
        '/clients': ['assets/client-extensions.js', 'assets/counterparties.resource-X.js', 'assets/resource-page.js'],
        '/orders': ['assets/orders.js', 'assets/table.js'],
      },
    });
  });
});
