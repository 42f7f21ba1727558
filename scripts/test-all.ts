// `npm test`: every level of DESIGN §8, in order — static checks, unit + server + web on the embedded
// database, the server suite again on PostgreSQL 15, then the browser journeys in Chromium on PostgreSQL.
// Prints one closing line "N passed, N failed" summed over every suite.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const reports = path.join(root, '.tmp', 'test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

let passed = 0;
let failed = 0;
const failures: string[] = [];

function run(title: string, cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  console.log(`\n━━ ${title} ━━`);
  const started = Date.now();
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = res.status === 0;
  console.log(`━━ ${title}: ${ok ? 'OK' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  if (!ok) failures.push(title);
  return ok;
}

function vitest(title: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const file = path.join(reports, `${title.replace(/\W+/g, '-')}.json`);
  run(
    title,
    bin('vitest'),
    ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`],
    env,
  );
  if (existsSync(file)) {
    const report = JSON.parse(readFileSync(file, 'utf8')) as { numPassedTests: number; numFailedTests: number };
    passed += report.numPassedTests;
    failed += report.numFailedTests;
  }
}

const only = process.argv[2];
if (!only || only === 'static') {
  run('typecheck', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']);
  run('lint', bin('eslint'), ['.']);
  run('format', bin('prettier'), ['--check', '.']);
}

if (!only || only !== 'static') {
  const env = spawnSync('bash', [path.join(root, 'scripts', 'test-env.sh')], { cwd: root, encoding: 'utf8' });
  process.stderr.write(env.stderr);
  const databaseUrl = env.status === 0 ? env.stdout.trim() : '';
  if (!databaseUrl) failures.push('test environment (Chromium, PostgreSQL)');

  // The embedded database must be used here even when the caller has DATABASE_URL set.
  vitest('unit, server and web on PGlite', [], { DATABASE_URL: '' });
  if (databaseUrl) {
    vitest('server on PostgreSQL', ['--project', 'server'], { DATABASE_URL: databaseUrl });
    vitest('browser journeys in Chromium on PostgreSQL', ['--config', 'vitest.e2e.config.ts'], {
      DATABASE_URL: databaseUrl,
    });
  }
}

console.log('');
if (failures.length) console.log(`Failed steps: ${failures.join('; ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failures.length || failed ? 1 : 0);
