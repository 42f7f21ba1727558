// `npm test`: every level of DESIGN §8, in order — static checks, unit + server + web on the embedded
// database, the server suite again on PostgreSQL 15, then the browser journeys in Chromium on PostgreSQL.
// Prints one closing line "N passed, N failed" summed over every suite; above it, for every step that failed, why —
// the failed tests, files that failed outside a test (a hook, an import) and vitest's unhandled errors — so that the
// tail of a long CI log, often all one sees of it, says what broke.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters as stripAnsi } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const reports = path.join(root, '.tmp', 'test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

let passed = 0;
let failed = 0;
const failures: string[] = [];
const reasons: { title: string; lines: string[] }[] = [];

/** Runs a step with its output shown live and kept (the last 4 MB) for the closing summary. */
async function run(title: string, cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<string> {
  console.log(`\n━━ ${title} ━━`);
  const started = Date.now();
  const child = spawn(cmd, args, { cwd: root, stdio: ['inherit', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  let output = '';
  const keep = (chunk: Buffer, to: NodeJS.WriteStream) => {
    to.write(chunk);
    output = (output + chunk.toString('utf8')).slice(-4_000_000);
  };
  child.stdout.on('data', (chunk: Buffer) => keep(chunk, process.stdout));
  child.stderr.on('data', (chunk: Buffer) => keep(chunk, process.stderr));
  const status = await new Promise<number | null>((resolve) => {
    child.on('error', (err) => {
      output += String(err);
      resolve(null);
    });
    child.on('close', (code) => resolve(code));
  });
  const ok = status === 0;
  console.log(`━━ ${title}: ${ok ? 'OK' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  if (!ok) {
    failures.push(title);
    const outputTail = stripAnsi(output).trimEnd().split('\n').slice(-15).join('\n');
    reasons.push({ title, lines: [`exit code ${status ?? 'none'}; the end of its output:`, outputTail] });
  }
  return output;
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  testResults: {
    name: string;
    status: string;
    message?: string;
    assertionResults: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
}

/** What vitest says went wrong: failed tests, files failed outside any test, and its unhandled errors. */
function vitestReasons(report: VitestReport | null, output: string): string[] {
  const lines: string[] = [];
  const firstLine = (text: string) =>
    stripAnsi(text)
      .split('\n')
      .find((l) => l.trim()) ?? '';
  for (const file of report?.testResults ?? []) {
    const name = path.relative(root, file.name);
    for (const test of file.assertionResults) {
      if (test.status === 'failed')
        lines.push(`✗ ${name} > ${test.fullName}: ${firstLine(test.failureMessages?.[0] ?? '')}`);
    }
    if (file.status === 'failed' && file.message) lines.push(`✗ ${name}: ${firstLine(file.message)}`);
  }
  const plain = stripAnsi(output);
  const unhandled = plain.search(/⎯+ Unhandled (Errors?|Rejections?) ⎯+/);
  if (unhandled >= 0) {
    const section = plain.slice(unhandled).split('\n');
    lines.push(...section.filter((l) => l.trim() && !l.includes('node_modules/')).slice(0, 25));
  }
  return lines;
}

async function vitest(title: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const file = path.join(reports, `${title.replace(/\W+/g, '-')}.json`);
  const failedBefore = failures.length;
  const output = await run(
    title,
    bin('vitest'),
    ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`],
    env,
  );
  const report = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as VitestReport) : null;
  if (report) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
  }
  if (failures.length > failedBefore) {
    const reason = vitestReasons(report, output);
    if (reason.length) reasons[reasons.length - 1] = { title, lines: reason };
  }
}

const only = process.argv[2];
if (!only || only === 'static') {
  await run('typecheck', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']);
  // The browser's code alone, without Node's types (decision 0017).
  await run('typecheck (browser)', bin('tsc'), ['-p', 'tsconfig.web.json', '--noEmit']);
  await run('lint', bin('eslint'), ['.']);
  // Dependencies run one way (decision 0017): no cycle, no server code in the browser, no module's internals.
  await run('dependencies', bin('depcruise'), ['src', '--config', '.dependency-cruiser.cjs', '--output-type', 'err']);
  await run('format', bin('prettier'), ['--check', '.']);
}

if (!only || only !== 'static') {
  const env = spawnSync('bash', [path.join(root, 'scripts', 'test-env.sh')], { cwd: root, encoding: 'utf8' });
  process.stderr.write(env.stderr);
  const databaseUrl = env.status === 0 ? env.stdout.trim() : '';
  if (!databaseUrl) failures.push('test environment (Chromium, PostgreSQL)');

  // The embedded database must be used here even when the caller has DATABASE_URL set.
  await vitest('unit, server and web on PGlite', [], { DATABASE_URL: '' });
  if (databaseUrl) {
    await vitest('server on PostgreSQL', ['--project', 'server'], { DATABASE_URL: databaseUrl });
    await vitest('browser journeys in Chromium on PostgreSQL', ['--config', 'vitest.e2e.config.ts'], {
      DATABASE_URL: databaseUrl,
    });
  }
}

console.log('');
for (const { title, lines } of reasons) console.log(`Why ${title} failed:\n${lines.map((l) => `  ${l}`).join('\n')}`);
if (failures.length) console.log(`Failed steps: ${failures.join('; ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failures.length || failed ? 1 : 0);
