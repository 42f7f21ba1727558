// The server's production bundle (issue 27, decision 0032): `npm start` runs the server from one ES module built by
// Vite from src/server/main.ts, not from ~1 500 TypeScript files that Node would resolve, strip and compile one by one
// (1,7 s of a 2,1 s cold start). Packages stay in node_modules, except the ones whose many small files cost more to
// load than to parse (drizzle-orm, zod). The bundle is named by the fingerprint of its sources, so a fresh clone, a
// pull or an edit builds a new one (≈ 1 s) and anything else reuses it; an older bundle is removed once a newer one
// is in place. Tests and `npm run demo` run the sources directly.
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { hashFiles, sourceFiles } from './source-hash.ts';

const root = path.resolve(import.meta.dirname, '..');
const ENTRY = 'src/server/main.ts';
/** Packages bundled into the server rather than loaded from node_modules at start (see the header). */
const INLINED_PACKAGES = ['drizzle-orm', 'zod', 'fastify-type-provider-zod'];

export function serverSourceHash(): string {
  // The browser's halves never reach the server (the layer rules of .dependency-cruiser.cjs).
  const files = sourceFiles(path.join(root, 'src'), ['web']);
  for (const f of ['scripts/route-chunks.ts', 'scripts/server-build.ts', 'package-lock.json', 'tsconfig.json']) {
    files.push(path.join(root, f));
  }
  return hashFiles(root, files);
}

export const bundleName = (hash: string) => `main-${hash.slice(0, 16)}.mjs`;

/**
 * The bundle of the current sources in `outDir` (default dist/server), built first when it is missing. Returns its
 * absolute path. The build runs in a child process (as the client's does), so the server that calls this never
 * carries Vite and its native bundler in its memory. Concurrent callers are safe: each builds in a directory of its
 * own and renames the finished file into place (the source map first, so the module is never there without it).
 */
export function ensureServerBuild(
  outDir = path.join(root, 'dist', 'server'),
  log: (msg: string) => void = console.log,
): string {
  const name = bundleName(serverSourceHash());
  const file = path.join(outDir, name);
  if (existsSync(file)) return file;
  log('Збираю сервер...');
  const started = Date.now();
  const result = spawnSync(process.execPath, [import.meta.filename, outDir, name], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0 || !existsSync(file)) {
    throw new Error('Не вдалося зібрати сервер (vite build завершився з помилкою)');
  }
  log(`Сервер зібрано за ${((Date.now() - started) / 1000).toFixed(1)} с`);
  return file;
}

/** The build itself, in the child process ensureServerBuild starts: `node scripts/server-build.ts <outDir> <name>`. */
async function buildServer(outDir: string, name: string): Promise<void> {
  const file = path.join(outDir, name);
  const temp = path.join(outDir, `.build-${process.pid}-${Date.now()}`);
  mkdirSync(temp, { recursive: true });
  try {
    const { build } = await import('vite');
    await build({
      configFile: false,
      root,
      logLevel: 'warn',
      resolve: { alias: { '@': path.join(root, 'src') } },
      ssr: { noExternal: INLINED_PACKAGES },
      build: {
        ssr: path.join(root, ENTRY),
        outDir: temp,
        emptyOutDir: false,
        sourcemap: true,
        minify: false,
        target: 'node24',
        reportCompressedSize: false,
        rolldownOptions: { output: { codeSplitting: false, entryFileNames: name } },
      },
    });
    renameSync(path.join(temp, `${name}.map`), `${file}.map`);
    renameSync(path.join(temp, name), file);
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
  for (const old of readdirSync(outDir)) {
    if (/^main-[0-9a-f]+\.mjs(\.map)?$/.test(old) && !old.startsWith(name)) {
      rmSync(path.join(outDir, old), { force: true });
    }
  }
}

if (import.meta.filename === process.argv[1]) {
  const [outDir, name] = process.argv.slice(2);
  if (outDir && name) await buildServer(outDir, name);
  else ensureServerBuild();
}
