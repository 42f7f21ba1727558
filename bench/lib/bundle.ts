// The bundle a browser downloads before each route can render (DESIGN §9: login initial JS ≤ 90 KB compressed).
// The route → chunk mapping comes from Vite's manifest and the route table (scripts/route-chunks.ts); sizes are
// those the server sends: the pre-compressed .br/.gz the build writes beside every asset over 1 KB (vite.config.ts
// precompress), the raw file otherwise (src/server/plugins/static.ts, preCompressed).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { clientSourceHash, ensureClientBuild } from '../../scripts/client-build.ts';
import {
  manifestKey,
  routeModules,
  ROUTES_FILE,
  SIGNED_IN_SHELL,
  staticClosure,
  type Manifest,
} from '../../scripts/route-chunks.ts';

export const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVED_DIR = path.join(ROOT, 'dist', 'client');

export interface Sizes {
  raw: number;
  br: number;
  gzip: number;
}
export interface FileSizes extends Sizes {
  file: string;
}
export interface RouteBundle {
  route: string;
  signedIn: boolean;
  js: Sizes;
  css: Sizes;
  files: number;
}
export interface BundleReport {
  /** Where the manifest came from: the served build's own, or an identical build made for the bench. */
  manifestSource: 'served' | 'bench-build';
  identicalToServed: boolean;
  entryFile: string;
  routes: RouteBundle[];
  total: { js: Sizes; css: Sizes; other: Sizes; files: number };
  largestChunks: FileSizes[];
  buildSeconds: number;
}

const zero = (): Sizes => ({ raw: 0, br: 0, gzip: 0 });
const add = (a: Sizes, b: Sizes) => {
  a.raw += b.raw;
  a.br += b.br;
  a.gzip += b.gzip;
};

/** The bytes the server sends for one built file: its .br/.gz beside it when the build wrote one, else the file. */
export function servedSizes(dir: string, file: string): Sizes {
  const full = path.join(dir, file);
  const content = readFileSync(full);
  const beside = (ext: string, make: () => Buffer) => {
    if (existsSync(`${full}.${ext}`)) return statSync(`${full}.${ext}`).size;
    // The build compresses only text assets over 1 KB; smaller ones go out as they are.
    return /\.(?:js|mjs|css|html|svg|json)$/.test(file) && content.length > 1024 ? make().length : content.length;
  };
  return {
    raw: content.length,
    br: beside('br', () =>
      brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } }),
    ),
    gzip: beside('gz', () => gzipSync(content, { level: zlib.Z_BEST_COMPRESSION })),
  };
}

function buildWithManifest(outDir: string, log: (line: string) => void): number {
  const stamp = path.join(outDir, '.bench-build-hash');
  const hash = clientSourceHash();
  if (existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === hash) return 0;
  log('  Збираю копію клієнта з маніфестом Vite для аналізу пакета...');
  const started = performance.now();
  rmSync(outDir, { recursive: true, force: true });
  const result = spawnSync(
    process.execPath,
    [path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--manifest', '--outDir', outDir],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, NODE_ENV: 'production' } },
  );
  if (result.status !== 0) throw new Error('Не вдалося зібрати клієнт з маніфестом (vite build --manifest)');
  writeFileSync(stamp, hash + '\n');
  return (performance.now() - started) / 1000;
}

function listAssets(dir: string): string[] {
  const out: string[] = [];
  const walk = (sub: string) => {
    for (const entry of readdirSync(path.join(dir, sub), { withFileTypes: true })) {
      const rel = sub ? `${sub}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (entry.name !== '.vite') walk(rel);
      } else if (!/\.(?:br|gz)$/.test(entry.name) && !entry.name.startsWith('.')) {
        out.push(rel);
      }
    }
  };
  walk('');
  return out;
}

/**
 * Builds the client when stale (as `npm start` does), then measures it. Without `build.manifest` in
 * vite.config.ts the served build has no manifest, so an identical one (the build is deterministic) is made in
 * .tmp/bench/client with `vite build --manifest`, and its entry is checked against the served index.html.
 */
export function measureBundle(log: (line: string) => void): BundleReport {
  let buildSeconds = 0;
  const started = performance.now();
  ensureClientBuild(log);
  buildSeconds += (performance.now() - started) / 1000;

  let dir = SERVED_DIR;
  let manifestSource: BundleReport['manifestSource'] = 'served';
  if (!existsSync(path.join(SERVED_DIR, '.vite', 'manifest.json'))) {
    // Shared by every run (keyed by the sources' hash), so a test's temporary work directory does not rebuild it.
    dir = path.join(ROOT, '.tmp', 'bench', 'client');
    manifestSource = 'bench-build';
    buildSeconds += buildWithManifest(dir, log);
  }
  const manifest = JSON.parse(readFileSync(path.join(dir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const entry = manifest['index.html'];
  if (!entry) throw new Error('У маніфесті Vite немає точки входу index.html');
  const servedHtml = readFileSync(path.join(SERVED_DIR, 'index.html'), 'utf8');
  const identicalToServed = servedHtml.includes(`/${entry.file}"`);

  const sizeCache = new Map<string, Sizes>();
  const sizeOf = (file: string) => {
    let s = sizeCache.get(file);
    if (!s) sizeCache.set(file, (s = servedSizes(dir, file)));
    return s;
  };
  // Scripts index.html loads besides the module graph (the theme script that runs before the first paint).
  const htmlScripts = [...readFileSync(path.join(dir, 'index.html'), 'utf8').matchAll(/<script src="\/([^"]+)"/g)].map(
    (m) => m[1]!,
  );

  const measure = (route: string, signedIn: boolean, keys: string[]): RouteBundle => {
    const js = zero();
    const css = zero();
    const files = new Set<string>(htmlScripts);
    for (const key of staticClosure(manifest, keys)) {
      const chunk = manifest[key]!;
      files.add(chunk.file);
      for (const c of chunk.css ?? []) files.add(c);
    }
    for (const file of files) add(file.endsWith('.css') ? css : js, sizeOf(file));
    return { route, signedIn, js, css, files: files.size };
  };

  // Signed out, every path shows the login page (src/web/app/app.tsx), which is in the entry chunk.
  const routes: RouteBundle[] = [measure('/login', false, ['index.html'])];
  const table = routeModules(readFileSync(ROUTES_FILE, 'utf8'));
  for (const { route, modules } of table) {
    routes.push(measure(route, true, ['index.html', SIGNED_IN_SHELL, ...modules.map((m) => manifestKey(manifest, m))]));
  }

  const total = { js: zero(), css: zero(), other: zero(), files: 0 };
  const all: FileSizes[] = [];
  for (const file of listAssets(dir)) {
    const s = sizeOf(file);
    all.push({ file, ...s });
    add(file.endsWith('.js') ? total.js : file.endsWith('.css') ? total.css : total.other, s);
    total.files += 1;
  }
  const largestChunks = all
    .filter((f) => f.file.endsWith('.js'))
    .sort((a, b) => b.br - a.br)
    .slice(0, 8);
  return { manifestSource, identicalToServed, entryFile: entry.file, routes, total, largestChunks, buildSeconds };
}

/** Whether the route table registers a page (a path the signed-in app would otherwise answer with «не знайдено»). */
export function isRegisteredRoute(route: string): boolean {
  return routeModules(readFileSync(ROUTES_FILE, 'utf8')).some((r) => r.route === route);
}
