// The bench harness in CI (issue 10: "CI runs a small-scale bench so the harness cannot rot"): the real
// `runBench` at the small scale with the shortest loads, writing its report to a temporary directory (never over
// bench/report.*), and the pure parts it is built from. Nothing here asserts a timing: a figure is only checked
// to exist and be sane (requests served, no errors), never to be fast.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_DB_PREFIX, TMP_DIR } from '@/server/testing/test-paths.ts';
import { ArgsError, parseBenchArgs } from './lib/args.ts';
import { evaluateBudgets, LOGIN_JS_BUDGET } from './lib/budgets.ts';
import { dropDatabase } from '@/server/testing/drop-database.ts';
import { scaleSlug } from './lib/dataset.ts';
import { deepPage } from './lib/endpoints.ts';
import { runBench, type BenchReport } from './lib/harness.ts';
import { requestWaterfall } from './lib/lighthouse.ts';
import { SECTIONS, writeReport } from './lib/report.ts';
import { readPlan } from './lib/sql-baseline.ts';
import { percentile } from './lib/stats.ts';

describe('command line', () => {
  it('defaults to the full scale on both databases for 10 s with 10 connections', () => {
    const args = parseBenchArgs([]);
    expect(args).toMatchObject({ scale: 'full', databases: ['pglite', 'postgres'], seconds: 10, connections: 10 });
    expect(args.skipLighthouse).toBe(false);
  });

  it('reads the scale, one database, the duration and --skip-lighthouse', () => {
    const args = parseBenchArgs(['--scale', 'small', '--db', 'pg', '--duration', '1', '--skip-lighthouse']);
    expect(args).toMatchObject({ scale: 'small', databases: ['postgres'], seconds: 1, skipLighthouse: true });
  });

  it('refuses an unknown scale, database or duration in Ukrainian', () => {
    expect(() => parseBenchArgs(['--scale', 'huge'])).toThrow(/Невідомий масштаб «huge»/);
    expect(() => parseBenchArgs(['--db', 'mysql'])).toThrow(ArgsError);
    expect(() => parseBenchArgs(['--db', 'mysql'])).toThrow(/Невідома база «mysql»/);
    expect(() => parseBenchArgs(['--duration', '-3'])).toThrow(/--duration/);
  });
});

describe('figures', () => {
  it('takes nearest-rank percentiles', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 99)).toBe(99);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBe(0);
  });

  it('asks for page 2000 of a large list and the last page of a small one', () => {
    expect(deepPage(200_000)).toBe(2000);
    expect(deepPage(501)).toBe(11);
    expect(deepPage(0)).toBe(1);
  });

  it('gives each scale its own database name', () => {
    expect(scaleSlug('full')).toBe('full');
    expect(scaleSlug('0.1')).toBe('0_1');
  });
});

describe('EXPLAIN ANALYZE plans', () => {
  const plan = [
    'Limit  (cost=18898.24..20990.67 rows=50 width=360) (actual time=26.501..28.444 rows=50.00 loops=1)',
    '  ->  Sort  (cost=66.32..67.57 rows=500 width=260) (actual time=2.234..2.422 rows=120000.00 loops=1)',
    '        ->  Seq Scan on orders  (cost=0.00..17.00 rows=500 width=121) (actual time=0.005..0.148 rows=20000 loops=1)',
    "              Filter: (status = ANY ('{confirmed}'::text[]))",
    '              Rows Removed by Filter: 100000',
    '        ->  Index Scan using order_lines_order_id_idx on order_lines l  (cost=0.28..8.31 rows=2 width=9) (actual time=0.002..0.003 rows=2.42 loops=500)',
    '        ->  Seq Scan on payments p  (cost=0.00..0.00 rows=1 width=36) (never executed)',
    'Planning Time: 1.989 ms',
    'Execution Time: 28.657 ms',
  ].join('\n');

  it('finds the execution time, the largest read and the large scans', () => {
    const read = readPlan(plan);
    expect(read.executionMs).toBe(28.657);
    expect(read.maxRowsRead).toBe(120_000);
    // The sequential scan read its 20 000 matches and the 100 000 its filter threw away; the index scan 1 210.
    expect(read.largeScans).toEqual(['Seq Scan on orders: 120000 рядків']);
  });
});

describe('request waterfall', () => {
  const origin = 'http://127.0.0.1:5000';
  const sent = (id: string, t: number, type: string, url: string, initiator: object) => ({
    method: 'Network.requestWillBeSent',
    params: { requestId: id, timestamp: t, type, request: { url: origin + url }, initiator },
  });
  const done = (id: string, t: number) => ({
    method: 'Network.loadingFinished',
    params: { requestId: id, timestamp: t },
  });

  it('chains document → entry → data → the chunk the data unlocked, and leaves the icon at the first level', () => {
    const events = [
      sent('1', 0, 'Document', '/orders', { type: 'other' }),
      done('1', 0.01),
      sent('2', 0.02, 'Script', '/assets/index.js', { type: 'parser', url: origin + '/orders' }),
      done('2', 0.05),
      sent('3', 0.06, 'Fetch', '/api/auth/user', {
        type: 'script',
        stack: { callFrames: [{ url: origin + '/assets/index.js' }] },
      }),
      sent('4', 0.07, 'Other', '/favicon.svg', { type: 'other' }),
      done('4', 0.08),
      done('3', 0.1),
      sent('5', 0.11, 'Script', '/assets/authenticated-app.js', { type: 'script', url: 'about:client' }),
      done('5', 0.15),
    ];
    expect(requestWaterfall(events, origin)).toEqual({
      depth: 4,
      chain: ['/orders', '/assets/index.js', '/api/auth/user', '/assets/authenticated-app.js'],
    });
  });
});

describe('budgets', () => {
  it('marks the login bundle over 90 KiB and leaves what was not measured open', () => {
    const report = {
      bundle: {
        routes: [
          { route: '/login', signedIn: false, js: { raw: 1, br: LOGIN_JS_BUDGET + 1, gzip: 1 }, css: {}, files: 1 },
        ],
      },
      lighthouse: { database: null, runs: [], skipped: 'вимкнено' },
      databases: [],
    } as unknown as BenchReport;
    const lines = evaluateBudgets(report);
    expect(lines.find((l) => l.area === 'Пакет')).toMatchObject({ ok: false });
    expect(lines.filter((l) => l.area === 'Lighthouse').every((l) => l.ok === null)).toBe(true);
  });
});

// The real harness, once per CI pass. The server suite runs twice (PGlite, then PostgreSQL with DATABASE_URL):
// the first pass measures the embedded database with Lighthouse on the login page, the second measures
// PostgreSQL only (its own bench database beside the test databases, dropped afterwards) without Lighthouse —
// so both databases' paths of the harness (generation, server, pg/PGlite replay) are kept working.
describe('npm run bench at the small scale', () => {
  const onPostgres = !!process.env.DATABASE_URL;
  const workDir = mkdtempSync(path.join(TMP_DIR, 'bench-test-'));
  const pgPrefix = `${TEST_DB_PREFIX}bench_`;

  afterAll(async () => {
    if (onPostgres) await dropDatabase(process.env.DATABASE_URL!, `${pgPrefix}${scaleSlug('small')}`);
    rmSync(workDir, { recursive: true, force: true });
  });

  it('measures every part and writes a report with every section and sane figures', { timeout: 300_000 }, async () => {
    const report = await runBench({
      scale: 'small',
      databases: [onPostgres ? 'postgres' : 'pglite'],
      // A quarter second: the figures are only checked to exist (autocannon still loads for a whole second, and
      // counts no answer still in flight when it stops). Two connections, not ten: PGlite answers one query at a time
      // and interleaves the requests, so ten requests all end near ten times one's latency — past that second on a
      // busy CI machine (the products list once had no answer at all).
      seconds: 0.25,
      connections: 2,
      lighthouse: onPostgres ? 'none' : 'login',
      formFactors: ['mobile'],
      workDir,
      pgAdminUrl: process.env.DATABASE_URL ?? '',
      pgPrefix,
      fresh: true,
      command: 'vitest bench/bench.test.ts',
      log: () => {},
    });
    const file = writeReport(report, path.join(workDir, 'out'));

    expect(report.errors).toEqual([]);
    expect(report.skippedDatabases).toEqual([]);

    const markdown = readFileSync(file, 'utf8');
    for (const title of Object.values(SECTIONS)) expect(markdown).toContain(title);
    expect(markdown).toContain('**Масштаб даних:** small');
    const json = JSON.parse(readFileSync(path.join(workDir, 'out', 'report.json'), 'utf8')) as BenchReport;
    expect(json.meta.scaleName).toBe('small');

    const login = report.bundle!.routes.find((r) => r.route === '/login')!;
    expect(login.js.br).toBeGreaterThan(0);
    expect(login.js.gzip).toBeGreaterThan(login.js.br);
    expect(report.bundle!.routes.find((r) => r.route === '/orders')!.js.br).toBeGreaterThan(login.js.br);
    expect(report.bundle!.total.js.br).toBeGreaterThan(0);

    expect(report.databases).toHaveLength(1);
    const db = report.databases[0]!;
    expect(db.kind).toBe(onPostgres ? 'postgres' : 'pglite');
    expect(db.version).toMatch(onPostgres ? /^\d+\.\d+/ : /^PGlite /);
    expect(db.dataset.reused).toBe(false);
    expect(db.dataset.summary.counts.orders).toBeGreaterThan(0);
    expect(db.coldStart.emptyMs).toBeGreaterThan(0);
    expect(db.coldStart.largeMs).toBeGreaterThan(0);
    expect(db.memoryAfterLoad!.rss).toBeGreaterThan(0);
    // PostgreSQL on several cores: the quick endpoints again with one process per core (decision 0030).
    if (onPostgres && availableParallelism() > 1) {
      expect(db.processes!.workers).toBe(availableParallelism());
      expect(db.processes!.rows.map((r) => r.key)).toContain('auth-user');
      for (const row of db.processes!.rows) expect(row.many.completed, row.path).toBeGreaterThan(0);
      expect(db.processes!.rssAfterLoad).toBeGreaterThan(db.memoryAfterLoad!.rss);
      expect(markdown).toContain('ERP_WORKERS');
    } else {
      expect(db.processes).toBeNull();
    }
    // The year's XLSX export measured: a real file, the server's memory sampled while it streamed.
    expect(db.exportMemory!.bytes).toBeGreaterThan(1000);
    expect(db.exportMemory!.rssPeakDuring).toBeGreaterThanOrEqual(db.exportMemory!.rssBefore);

    expect(db.endpoints.map((e) => e.key)).toEqual([
      'auth-user',
      'dashboard-stats',
      'orders-first',
      'orders-deep',
      'products-first',
      'products-deep',
      'notifications',
      'component-movement',
      'costing',
      'production-stats-year',
      'production-stats-days',
      'production-stats-items',
      'production-analytics-workers',
      'production-analytics-departments',
      'production-planning',
      'profitability-month',
      'profitability-year-items',
      'product-profitability-month',
      'components-analysis-month',
      'advanced-stock-turnover',
      'advanced-sales-register-year',
      'advanced-receivables',
      'analytics-overview-month',
      'analytics-trends',
      'sales-analytics-summary-year',
      'sales-analytics-clients-month',
      'sales-products-year',
      'search-number',
      'search-name',
      'search-sku',
    ]);
    for (const e of db.endpoints) {
      expect(e.http!.rps, e.path).toBeGreaterThan(0);
      expect(e.http!.non2xx, e.path).toBe(0);
      expect(e.http!.errors, e.path).toBe(0);
      expect(e.http!.p99, e.path).toBeGreaterThanOrEqual(e.http!.p50);
      expect(e.statements.length, e.path).toBeGreaterThan(0);
      expect(e.sql!.rps, e.path).toBeGreaterThan(0);
      expect(e.sql!.errors, e.path).toBe(0);
      expect(e.overheadP50, e.path).toBeGreaterThan(0);
      expect(e.explain.length, e.path).toBeGreaterThan(0);
    }
    expect(db.endpoints.find((e) => e.key === 'orders-first')!.total).toBe(db.dataset.summary.counts.orders);

    if (onPostgres) {
      expect(report.lighthouse.runs).toEqual([]);
    } else {
      expect(report.lighthouse.runs).toHaveLength(1);
      const run = report.lighthouse.runs[0]!;
      expect(run.runtimeError).toBeNull();
      expect(run.performance).toBeGreaterThanOrEqual(0);
      expect(run.accessibility).toBeGreaterThan(0);
      expect(run.transferBytes).toBeGreaterThan(0);
      expect(run.waterfallChain[0]).toBe('/');
    }

    const budget = report.budgets.find((b) => b.area === 'Пакет')!;
    expect(budget.ok).toBe(login.js.br <= LOGIN_JS_BUDGET);
    expect(report.budgets.filter((b) => b.area.startsWith('API')).length).toBeGreaterThanOrEqual(db.endpoints.length);
  });
});
