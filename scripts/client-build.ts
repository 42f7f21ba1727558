// Builds the web client when dist/client is missing or older than its sources. Staleness is judged by a
// hash of every file the build reads, so a fresh clone, a pull or an edit all rebuild, and nothing else does.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { hashFiles, sourceFiles } from './source-hash.ts';

const root = path.resolve(import.meta.dirname, '..');
const stampFile = path.join(root, 'dist', '.client-build-hash');

export function clientSourceHash(): string {
  // Server halves and tests never reach the browser bundle.
  const files = sourceFiles(path.join(root, 'src'), ['server']);
  for (const f of ['vite.config.ts', 'scripts/route-chunks.ts', 'package-lock.json', 'tsconfig.json']) {
    files.push(path.join(root, f));
  }
  return hashFiles(root, files);
}

export function ensureClientBuild(log: (msg: string) => void = console.log): void {
  const hash = clientSourceHash();
  const built = existsSync(path.join(root, 'dist', 'client', 'index.html')) && existsSync(stampFile);
  if (built && readFileSync(stampFile, 'utf8').trim() === hash) return;
  log(built ? 'Клієнт застарів — перебудовую...' : 'Збираю клієнт (перший запуск)...');
  const started = Date.now();
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
      // Whoever asks (vitest sets NODE_ENV=test), the build is a production one: no development React.
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  if (result.status !== 0) {
    throw new Error('Не вдалося зібрати клієнт (vite build завершився з помилкою)');
  }
  writeFileSync(stampFile, hash + '\n');
  log(`Клієнт зібрано за ${((Date.now() - started) / 1000).toFixed(1)} с`);
}

if (import.meta.url === `file://${process.argv[1]}`) ensureClientBuild();
