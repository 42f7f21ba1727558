// `npm run bench`: one run on this machine — bundle, the large dataset, the server's cold start, the API under
// load on each database with the same statements replayed straight in SQL, memory, Lighthouse — gathered into one
// report object that report.ts renders and budgets.ts judges against DESIGN §9.
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { addDays, kyivToday } from '@/shared/kyiv-date.ts';
import os from 'node:os';
import path from 'node:path';
import { pluralUk } from '@/shared/plural.ts';
import { evaluateBudgets, type BudgetLine } from './budgets.ts';
import { isRegisteredRoute, measureBundle, type BundleReport } from './bundle.ts';
import { ensureServerBuild } from '../../scripts/server-build.ts';
import { migrationsFolder } from '@/server/kernel/db.ts';
import { ensureImage } from '@/server/kernel/pglite-image.ts';
import { postgresVersion, prepareDataset, prepareEmpty, type DbKind, type PreparedDataset } from './dataset.ts';
import { benchEndpoints, type Endpoint } from './endpoints.ts';
import { runLighthouse, type LighthousePage, type LighthouseRun } from './lighthouse.ts';
import { httpLoad, type HttpLoadResult } from './load.ts';
import { memoryOf, signIn, startServer, treeRss, waitIdle, type Memory, type RunningServer } from './server.ts';
import { openSqlSession, type ExplainResult } from './sql-baseline.ts';
import type { LoadFigures } from './stats.ts';

export interface BenchOptions {
  scale: string;
  databases: DbKind[];
  seconds: number;
  connections: number;
  /** Pages for Lighthouse ('all' = login, dashboard and orders), or none. */
  lighthouse: 'all' | 'login' | 'none';
  formFactors: Array<'mobile' | 'desktop'>;
  workDir: string;
  pgAdminUrl: string;
  pgPrefix: string;
  fresh: boolean;
  command: string;
  log: (line: string) => void;
}

export interface EndpointResult {
  key: string;
  label: string;
  path: string;
  list: boolean;
  /** X-Total-Count of the answer (list endpoints). */
  total: number | null;
  http: HttpLoadResult | null;
  sql: LoadFigures | null;
  /** Statements one request runs (session, permission and the endpoint's own), captured from the app. */
  statements: string[];
  /** API ÷ SQL: how much slower the whole request is than its statements alone (p50) and its throughput ratio. */
  overheadP50: number | null;
  overheadRps: number | null;
  explain: ExplainResult[];
}

export interface DatabaseResult {
  kind: DbKind;
  version: string | null;
  dataset: Omit<PreparedDataset, 'target'>;
  coldStart: { emptyMs: number | null; largeMs: number | null; settleMs: number | null; notes: string[] };
  memoryAfterLoad: Memory | null;
  /** The year's sales register downloaded as XLSX after the load (issue 25: exports stream in constant memory). */
  exportMemory: ExportMemory | null;
  endpoints: EndpointResult[];
  /** PostgreSQL on a machine with several cores: the quick endpoints again with one process per core. */
  processes: ProcessesResult | null;
}

export interface ProcessesResult {
  workers: number;
  /** The primary's and the workers' resident sets after the load, bytes. */
  rssAfterLoad: number;
  rows: { key: string; label: string; path: string; one: HttpLoadResult | null; many: HttpLoadResult }[];
}

export interface ExportMemory {
  path: string;
  bytes: number;
  seconds: number;
  /** The server's RSS just before the download and the largest seen while it ran (sampled every 50 ms), bytes. */
  rssBefore: number;
  rssPeakDuring: number;
}

export interface BenchReport {
  meta: {
    date: string;
    command: string;
    machine: { cpu: string; cores: number; ramBytes: number; os: string; node: string };
    loadAverage: { start: number[]; end: number[] };
    scaleName: string;
    seconds: number;
    connections: number;
    benchSeconds: number;
  };
  bundle: BundleReport | null;
  databases: DatabaseResult[];
  skippedDatabases: Array<{ kind: DbKind; reason: string }>;
  lighthouse: { database: DbKind | null; runs: LighthouseRun[]; skipped: string | null };
  budgets: BudgetLine[];
  /** Everything that went wrong, said loudly at the top of the report. */
  errors: string[];
}

const LIGHTHOUSE_PAGES: LighthousePage[] = [
  { path: '/', label: 'Вхід', signedIn: false },
  { path: '/dashboard', label: 'Дашборд', signedIn: true },
  { path: '/orders', label: 'Замовлення клієнтів', signedIn: true },
];

const WARM_UP_SECONDS = 2;
const kindName = (kind: DbKind) => (kind === 'pglite' ? 'PGlite' : 'PostgreSQL');

async function getJsonTotal(url: string, cookie: string): Promise<{ status: number; total: number | null }> {
  const res = await fetch(url, { headers: { cookie } });
  await res.arrayBuffer();
  const total = res.headers.get('x-total-count');
  return { status: res.status, total: total === null ? null : Number(total) };
}

/** Starts the server; when the client had to be rebuilt inside it (sources changed meanwhile), measures again. */
async function coldStart(
  target: { databaseUrl: string | null; dataDir: string },
  logFile: string,
  notes: string[],
): Promise<RunningServer> {
  for (let attempt = 1; ; attempt++) {
    mkdirSync(target.dataDir, { recursive: true });
    const before = (() => {
      try {
        return statSync(logFile).size;
      } catch {
        return 0;
      }
    })();
    const server = await startServer({ databaseUrl: target.databaseUrl, dataDir: target.dataDir, logFile });
    const logged = readFileSync(logFile, 'utf8').slice(before);
    if (!/Клієнт застарів|Збираю клієнт/.test(logged)) return server;
    if (attempt === 2) {
      notes.push('холодний старт включає збирання клієнта (його джерела змінилися під час вимірювання)');
      return server;
    }
    await server.stop();
  }
}

export async function runBench(options: BenchOptions): Promise<BenchReport> {
  const started = performance.now();
  const { log } = options;
  mkdirSync(options.workDir, { recursive: true });
  const logFile = path.join(options.workDir, 'server.log');
  const errors: string[] = [];
  const cpus = os.cpus();
  const report: BenchReport = {
    meta: {
      date: new Date().toISOString(),
      command: options.command,
      machine: {
        cpu: cpus[0]?.model.trim() ?? 'невідомо',
        cores: cpus.length,
        ramBytes: os.totalmem(),
        os: `${os.type()} ${os.release()}`,
        node: process.version,
      },
      loadAverage: { start: os.loadavg(), end: [] },
      scaleName: options.scale,
      seconds: options.seconds,
      connections: options.connections,
      benchSeconds: 0,
    },
    bundle: null,
    databases: [],
    skippedDatabases: [],
    lighthouse: {
      database: null,
      runs: [],
      skipped: options.lighthouse === 'none' ? 'вимкнено (--skip-lighthouse)' : null,
    },
    budgets: [],
    errors,
  };

  log('1. Пакет клієнта: збирання і розміри');
  try {
    report.bundle = measureBundle(log);
    if (!report.bundle.identicalToServed) {
      errors.push('Копія клієнта з маніфестом відрізняється від зібраної для сервера — розміри можуть не збігатися');
    }
  } catch (err) {
    errors.push(`Пакет клієнта не виміряно: ${(err as Error).message}`);
  }
  // The server's bundle and the embedded database's image too (decisions 0032, 0033), as the first `npm start` makes
  // them, so that no cold start below includes making them.
  try {
    ensureServerBuild(undefined, log);
    if (!(await ensureImage(migrationsFolder))) errors.push('Образ нової вбудованої бази не створено');
  } catch (err) {
    errors.push(`Пакет сервера не зібрано: ${(err as Error).message}`);
  }

  const datasetOptions = {
    workDir: options.workDir,
    pgAdminUrl: options.pgAdminUrl,
    pgPrefix: options.pgPrefix,
    fresh: options.fresh,
    log,
  };
  let step = 2;
  for (const kind of options.databases) {
    log(`${step++}. ${kindName(kind)}`);
    let version: string | null = null;
    if (kind === 'postgres') {
      version = await postgresVersion(options.pgAdminUrl);
      if (!version) {
        const reason = `сервер PostgreSQL не відповідає (${options.pgAdminUrl.replace(/\/\/[^@]*@/, '//')})`;
        log(`  Пропускаю PostgreSQL: ${reason}`);
        report.skippedDatabases.push({ kind, reason });
        continue;
      }
    }
    try {
      report.databases.push(await benchDatabase(kind, version, options, datasetOptions, logFile, report, errors));
    } catch (err) {
      errors.push(`${kindName(kind)}: вимірювання перервано — ${(err as Error).message}`);
      log(`  ПОМИЛКА: ${(err as Error).message}`);
    }
  }

  report.meta.loadAverage.end = os.loadavg();
  report.meta.benchSeconds = (performance.now() - started) / 1000;
  report.budgets = evaluateBudgets(report);
  return report;
}

async function benchDatabase(
  kind: DbKind,
  version: string | null,
  options: BenchOptions,
  datasetOptions: Parameters<typeof prepareDataset>[2],
  logFile: string,
  report: BenchReport,
  errors: string[],
): Promise<DatabaseResult> {
  const { log } = options;
  const dataset = await prepareDataset(kind, options.scale, datasetOptions);
  const result: DatabaseResult = {
    kind,
    version,
    dataset: {
      summary: dataset.summary,
      reused: dataset.reused,
      generatedAt: dataset.generatedAt,
      location: dataset.location,
    },
    coldStart: { emptyMs: null, largeMs: null, settleMs: null, notes: [] },
    memoryAfterLoad: null,
    exportMemory: null,
    endpoints: [],
    processes: null,
  };

  log('  Холодний старт на порожній базі ...');
  const empty = await prepareEmpty(kind, datasetOptions);
  try {
    const server = await coldStart(empty, logFile, result.coldStart.notes);
    result.coldStart.emptyMs = server.coldStartMs;
    await server.stop();
  } finally {
    await empty.drop();
  }

  log('  Холодний старт на великій базі ...');
  const server = await coldStart(dataset.target, logFile, result.coldStart.notes);
  let endpoints: Endpoint[] = [];
  try {
    result.coldStart.largeMs = server.coldStartMs;
    log(`    перша відповідь за ${(server.coldStartMs / 1000).toFixed(1)} с; чекаю, поки сервер затихне ...`);
    result.coldStart.settleMs = await waitIdle(server.pid);
    if (result.coldStart.settleMs === null) result.coldStart.notes.push('сервер не затих за 2 хв після старту');
    const cookie = await signIn(server.url);

    const orders = await getJsonTotal(`${server.url}/api/orders?limit=1`, cookie);
    const products = await getJsonTotal(`${server.url}/api/products?limit=1`, cookie);
    endpoints = benchEndpoints(dataset.summary.sample, { orders: orders.total ?? 0, products: products.total ?? 0 });

    log(`  API під навантаженням (${options.seconds} с, ${options.connections} з'єднань):`);
    for (const endpoint of endpoints) {
      const url = server.url + endpoint.path;
      const probe = await getJsonTotal(url, cookie);
      if (probe.status !== 200)
        errors.push(`${kindName(kind)} ${endpoint.path}: відповідь ${probe.status} замість 200`);
      // A short warm-up so the first JIT and the first plans do not land in the figures (no longer than the load).
      const warmUntil = performance.now() + Math.min(WARM_UP_SECONDS, options.seconds) * 1000;
      for (let i = 0; i < 20 && performance.now() < warmUntil; i++) await getJsonTotal(url, cookie);
      const http = await httpLoad({
        url,
        headers: { cookie },
        seconds: options.seconds,
        connections: options.connections,
      });
      if (http.completed === 0) {
        errors.push(
          `${kindName(kind)} ${endpoint.path}: жодна відповідь не надійшла за ${options.seconds} с навантаження`,
        );
      }
      if (http.non2xx > 0 || http.errors > 0) {
        errors.push(
          `${kindName(kind)} ${endpoint.path}: ${http.non2xx} відповідей не 2xx (${JSON.stringify(http.statusCodes)}), ${http.errors} помилок з'єднання`,
        );
      }
      log(
        `    ${endpoint.path}: ${http.rps.toFixed(0)} зап/с, p50 ${http.p50.toFixed(1)} мс, p99 ${http.p99.toFixed(1)} мс` +
          (http.non2xx ? `, НЕ 2xx: ${http.non2xx}` : ''),
      );
      result.endpoints.push({
        ...endpoint,
        total: probe.total,
        http,
        sql: null,
        statements: [],
        overheadP50: null,
        overheadRps: null,
        explain: [],
      });
    }
    result.memoryAfterLoad = memoryOf(server.pid);
    log(`  Пам'ять після навантаження: ${(result.memoryAfterLoad.rss / 2 ** 20).toFixed(0)} МіБ`);
    result.exportMemory = await measureExport(server.url, server.pid, cookie, exportPath(), errors);
    if (result.exportMemory) {
      const e = result.exportMemory;
      log(
        `  XLSX за рік: ${(e.bytes / 2 ** 20).toFixed(1)} МіБ за ${e.seconds.toFixed(1)} с; RSS ${(e.rssBefore / 2 ** 20).toFixed(0)} → пік ${(e.rssPeakDuring / 2 ** 20).toFixed(0)} МіБ`,
      );
    }

    if (options.lighthouse !== 'none' && report.lighthouse.database === null) {
      log('  Lighthouse:');
      const pages = options.lighthouse === 'login' ? LIGHTHOUSE_PAGES.slice(0, 1) : LIGHTHOUSE_PAGES;
      for (const p of pages) {
        if (p.signedIn && !isRegisteredRoute(p.path)) {
          errors.push(
            `Сторінка ${p.path} не зареєстрована в src/web/app/routes.tsx — Lighthouse вимірює «не знайдено»`,
          );
        }
      }
      report.lighthouse.database = kind;
      report.lighthouse.runs = await runLighthouse(server.url, pages, cookie, options.formFactors, log);
      for (const run of report.lighthouse.runs) {
        if (run.runtimeError) errors.push(`Lighthouse ${run.path} (${run.formFactor}): ${run.runtimeError}`);
      }
    }
  } finally {
    await server.stop();
  }

  if (kind === 'postgres' && os.availableParallelism() > 1) {
    result.processes = await loadWithWorkers(dataset.target, logFile, result.endpoints, options, errors);
  }

  log(`  Ті самі запити напряму в SQL (${options.seconds} с, ${options.connections} з'єднань):`);
  const session = await openSqlSession(dataset.target, options.workDir, options.connections);
  try {
    if (kind === 'pglite') result.version = await session.version();
    const captures = [];
    for (const row of result.endpoints) {
      const captured = await session.capture(row.path);
      if (captured.status !== 200)
        errors.push(`${kindName(kind)} ${row.path} у вбудованому застосунку: ${captured.status}`);
      row.statements = captured.statements.map((s) => s.sql);
      captures.push(captured);
    }
    for (const [i, row] of result.endpoints.entries()) {
      const captured = captures[i]!;
      // The server was warm from the load before each figure; the database opened here gets an unmeasured run of
      // the same statements first (PGlite's WebAssembly runs slowly until the engine has optimised it).
      await session.replay(captured.statements, Math.min(options.seconds, WARM_UP_SECONDS), options.connections);
      row.sql = await session.replay(captured.statements, options.seconds, options.connections);
      if (row.sql.errors) errors.push(`${kindName(kind)} ${row.path}: ${row.sql.errors} помилок SQL під час повтору`);
      row.explain = await session.explain(captured.statements);
      if (row.http && row.sql.p50 > 0) row.overheadP50 = row.http.p50 / row.sql.p50;
      if (row.http && row.http.rps > 0) row.overheadRps = row.sql.rps / row.http.rps;
      log(
        `    ${row.path}: ${captured.statements.length} ${pluralUk(captured.statements.length, ['оператор', 'оператори', 'операторів'])} SQL, ${row.sql.rps.toFixed(0)} зап/с, p50 ${row.sql.p50.toFixed(2)} мс` +
          (row.overheadP50 ? `; API повільніший у ${row.overheadP50.toFixed(1)}×` : ''),
      );
    }
  } finally {
    await session.close();
  }
  return result;
}

/**
 * The second pass with several processes: the signed-in user (always: every page asks for it), and the dashboard,
 * the lists and the search — the requests every page makes — when one process answers them at least 50 times a
 * second (a report that takes seconds is its SQL, which more processes do not shorten). The signed-in user does not
 * depend on the threshold, so a busy machine still measures at least one row.
 */
const QUICK = (e: EndpointResult) =>
  e.key === 'auth-user' ||
  ((e.list || e.key === 'dashboard-stats' || e.key.startsWith('search')) && (e.http?.rps ?? 0) >= 50);

/**
 * `npm start` as it runs on PostgreSQL by default (decision 0030): one process per core. The same load on the
 * quick endpoints, so the report sets req/s with one process beside req/s with all of them.
 */
async function loadWithWorkers(
  target: { databaseUrl: string | null; dataDir: string },
  logFile: string,
  single: EndpointResult[],
  options: BenchOptions,
  errors: string[],
): Promise<ProcessesResult> {
  const workers = os.availableParallelism();
  options.log(`  Швидкі кінцеві точки ще раз з ERP_WORKERS=${workers}:`);
  const server = await startServer({ ...target, logFile, workers });
  try {
    const cookie = await signIn(server.url);
    const rows: ProcessesResult['rows'] = [];
    for (const endpoint of single.filter(QUICK)) {
      const url = server.url + endpoint.path;
      for (let i = 0; i < 20; i++) await getJsonTotal(url, cookie);
      const many = await httpLoad({
        url,
        headers: { cookie },
        seconds: options.seconds,
        connections: options.connections,
      });
      if (many.non2xx > 0 || many.errors > 0) {
        errors.push(
          `PostgreSQL, ERP_WORKERS=${workers}, ${endpoint.path}: ${many.non2xx} не 2xx, ${many.errors} помилок`,
        );
      }
      options.log(`    ${endpoint.path}: ${many.rps.toFixed(0)} зап/с (один процес: ${endpoint.http?.rps.toFixed(0)})`);
      rows.push({ key: endpoint.key, label: endpoint.label, path: endpoint.path, one: endpoint.http, many });
    }
    return { workers, rssAfterLoad: treeRss(server.pid), rows };
  } finally {
    await server.stop();
  }
}

/** The year's sales register as XLSX: the largest export a user can ask for. */
function exportPath(): string {
  const today = kyivToday();
  return `/api/advanced-reports/sales-register?from=${addDays(today, -364)}&to=${today}&format=xlsx`;
}

/** Downloads one export while sampling the server's RSS: constant memory means the peak stays near the start. */
async function measureExport(
  base: string,
  pid: number,
  cookie: string,
  path: string,
  errors: string[],
): Promise<ExportMemory | null> {
  const rssBefore = memoryOf(pid).rss;
  let peak = rssBefore;
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, memoryOf(pid).rss);
    } catch {
      /* the process may be gone: the download's failure says so */
    }
  }, 50);
  const started = performance.now();
  try {
    const response = await fetch(base + path, { headers: { cookie } });
    if (!response.ok || !response.body) {
      errors.push(`Експорт ${path}: відповідь ${response.status}`);
      return null;
    }
    let bytes = 0;
    const reader = response.body.getReader();
    for (let next = await reader.read(); !next.done; next = await reader.read()) bytes += next.value.byteLength;
    return { path, bytes, seconds: (performance.now() - started) / 1000, rssBefore, rssPeakDuring: peak };
  } finally {
    clearInterval(timer);
  }
}
