// Which built files each page of the route table needs, from Vite's manifest (source module → file, its static
// imports, its CSS) and from the route table's own `import()` calls (src/web/app/routes.tsx). Two readers: the build
// (vite.config.ts) writes the signed-in preload map the server puts into index.html (src/server/plugins/static.ts),
// and the bench (bench/lib/bundle.ts) sums the bytes each route downloads before it renders.
import path from 'node:path';
import { projectRoot as ROOT } from '../src/server/kernel/project-root.ts';

export const WEB_ROOT = path.join(ROOT, 'src', 'web');
export const ROUTES_FILE = path.join(WEB_ROOT, 'app', 'routes.tsx');
const ENGINE_PAGE = '@/resources/_engine/web/resource-page.tsx';
/** The signed-in shell's manifest key: app.tsx loads it lazily once somebody is signed in. */
export const SIGNED_IN_SHELL = 'app/authenticated-app.tsx';
/** Where the build writes the preload map, inside the client's output directory. */
export const ROUTE_PRELOADS_FILE = path.join('.vite', 'route-preloads.json');

export interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** What a signed-in page needs beyond index.html's own scripts: the shell's files and each route's own. */
export interface RoutePreloads {
  shell: string[];
  routes: Record<string, string[]>;
}

/** Every module key a chunk needs before it runs: itself and its static imports, transitively. */
export function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...keys];
  while (stack.length) {
    const key = stack.pop()!;
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`У маніфесті Vite немає модуля ${key}`);
    seen.add(key);
    stack.push(...(chunk.imports ?? []));
  }
  return seen;
}

/** A route's lazily loaded modules as the route table names them: `import('@/…')` inside its definePage/resourcePage. */
export function routeModules(source: string): Array<{ route: string; modules: string[] }> {
  // The file's header comment shows a definePage call as an example; only code counts.
  const routesSource = source.replace(/^\s*\/\/.*$/gm, '');
  const calls = [...routesSource.matchAll(/\b(definePage|resourcePage)\(\s*'([^']+)'/g)];
  return calls.map((call, i) => {
    const end = calls[i + 1]?.index ?? routesSource.indexOf('];', call.index);
    const body = routesSource.slice(call.index, end);
    const modules = [...body.matchAll(/import\('([^']+)'\)/g)].map((m) => m[1]!);
    if (call[1] === 'resourcePage') modules.unshift(ENGINE_PAGE);
    return { route: call[2]!, modules };
  });
}

/**
 * `@/modules/x.tsx` or `./home-page.tsx` (relative to routes.tsx) → its manifest key (relative to src/web). A module
 * that other chunks also import statically has no chunk of its own: the bundler puts it into a shared chunk named
 * after it (`_counterparties.resource-….js`), which the manifest lists by that name only.
 */
export function manifestKey(manifest: Manifest, specifier: string): string {
  const abs = specifier.startsWith('@/')
    ? path.join(ROOT, 'src', specifier.slice(2))
    : path.resolve(path.dirname(ROUTES_FILE), specifier);
  const key = path.relative(WEB_ROOT, abs).split(path.sep).join('/');
  if (manifest[key]) return key;
  const name = path.basename(abs).replace(/\.[^.]+$/, '');
  const shared = Object.keys(manifest).filter((k) => k.startsWith('_') && manifest[k]!.name === name);
  if (shared.length !== 1) throw new Error(`Не знайдено фрагмент пакета для ${specifier} у маніфесті Vite`);
  return shared[0]!;
}

/** The files (JS and CSS) of these modules and everything they import statically, in a stable order. */
function filesOf(manifest: Manifest, keys: string[]): string[] {
  const files = new Set<string>();
  for (const key of staticClosure(manifest, keys)) {
    const chunk = manifest[key]!;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
  }
  return [...files].sort();
}

/**
 * The preload map: the shell's files and each route's, both without what index.html already loads, a route's
 * also without the shell's. A signed-in page can then fetch them beside its first script instead of one level
 * after another (DESIGN §9: no request waterfall deeper than 2).
 */
export function routePreloads(manifest: Manifest, routesSource: string): RoutePreloads {
  const entry = new Set(filesOf(manifest, ['index.html']));
  const shell = filesOf(manifest, [SIGNED_IN_SHELL]).filter((f) => !entry.has(f));
  const before = new Set([...entry, ...shell]);
  const routes: Record<string, string[]> = {};
  for (const { route, modules } of routeModules(routesSource)) {
    const keys = modules.map((m) => manifestKey(manifest, m));
    routes[route] = filesOf(manifest, keys).filter((f) => !before.has(f));
  }
  return { shell, routes };
}
