// The database's share of each endpoint: the statements a request really runs are captured from the app itself
// (built in this process on the same database, with a Drizzle query logger), then replayed straight through the
// driver (pg / PGlite) with the same concurrency for the same time. API ÷ SQL is the overhead of HTTP, Fastify,
// validation and serialisation over the database. EXPLAIN ANALYZE of every captured read shows why a slow one is
// slow (a scan of the whole table instead of a page).
import { COUNT_BOUND } from '@/shared/list.ts';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { buildApp } from '@/server/app.ts';
import { loadConfig } from '@/server/kernel/config.ts';
import { PG_SESSION_OPTIONS, type Database, type Db } from '@/server/kernel/db.ts';
import { openPglite } from '@/server/kernel/pglite.ts';
import type { AppInstance } from '@/server/kernel/endpoint.ts';
import { createMailer } from '@/modules/email-settings/server/index.ts';
import { ROOT } from './bundle.ts';
import { BENCH_ADMIN } from './server.ts';
import { figures, type LoadFigures } from './stats.ts';

export interface Statement {
  sql: string;
  params: unknown[];
}

/** A driver connection without Drizzle: what "straight in SQL" means here. */
export interface RawClient {
  query(sql: string, params: unknown[]): Promise<{ rows: unknown[] }>;
  close(): Promise<void>;
}

export interface DatabaseTarget {
  kind: 'pglite' | 'postgres';
  /** PostgreSQL connection string, or the PGlite data directory (the server's ERP_DATA_DIR). */
  databaseUrl: string | null;
  dataDir: string;
}

interface LoggedDatabase extends Database {
  log: Statement[];
  raw: RawClient;
}

/** Opens the bench database twice over one connection set: a logging Drizzle for the app, a raw client for replay. */
async function openLogged(target: DatabaseTarget, connections: number): Promise<LoggedDatabase> {
  const log: Statement[] = [];
  const logger: Logger = { logQuery: (sql, params) => void log.push({ sql, params: [...params] }) };
  if (target.databaseUrl) {
    // The same session settings as the application's pool, so that the SQL baseline measures the same plans.
    const appPool = new pg.Pool({ connectionString: target.databaseUrl, max: 10, options: PG_SESSION_OPTIONS });
    const rawPool = new pg.Pool({
      connectionString: target.databaseUrl,
      max: connections,
      options: PG_SESSION_OPTIONS,
    });
    appPool.on('error', () => {});
    rawPool.on('error', () => {});
    const db = drizzlePg({ client: appPool, logger }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      log,
      raw: { query: (sql, params) => rawPool.query(sql, params), close: () => rawPool.end() },
      close: () => appPool.end(),
    };
  }
  const dir = path.join(target.dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  // One PGlite per data directory and process: the app and the replay share it, as a real server's requests do.
  const client = await openPglite(dir);
  const db = drizzlePglite({ client, logger }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    log,
    raw: { query: (sql, params) => client.query(sql, params), close: async () => {} },
    close: () => client.close(),
  };
}

export interface SqlSession {
  /** The database's own version ('PGlite 0.5.16 (PostgreSQL 17.5)' or '15.18'). */
  version(): Promise<string>;
  capture(url: string): Promise<{ status: number; statements: Statement[] }>;
  replay(statements: Statement[], seconds: number, connections: number): Promise<LoadFigures>;
  explain(statements: Statement[]): Promise<ExplainResult[]>;
  close(): Promise<void>;
}

const PGLITE_VERSION = (
  JSON.parse(readFileSync(path.join(ROOT, 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8')) as {
    version: string;
  }
).version;

const silentLog = { info() {}, warn() {}, error() {} };

export async function openSqlSession(
  target: DatabaseTarget,
  workDir: string,
  connections: number,
): Promise<SqlSession> {
  const database = await openLogged(target, connections);
  const configDir = path.join(workDir, 'in-process');
  mkdirSync(configDir, { recursive: true });
  let app: AppInstance | null = null;
  let mailer: ReturnType<typeof createMailer> | null = null;
  try {
    const config = loadConfig({ ERP_DATA_DIR: configDir, PORT: '5999', ERP_ADMIN_PASSWORD: BENCH_ADMIN.password });
    mailer = createMailer({ db: database.db, smtpUrl: null, from: config.mailFrom, log: silentLog });
    app = await buildApp({ config, database, mailer });
    await app.ready();
  } catch (err) {
    await database.close();
    throw err;
  }
  const signedIn = await app.inject({
    method: 'POST',
    url: '/api/auth/simple-login',
    headers: { origin: 'http://localhost:5999' }, // APP_URL of the config above (decision 0014)
    payload: { username: BENCH_ADMIN.username, password: BENCH_ADMIN.password, rememberMe: true },
  });
  const sid = signedIn.cookies.find((c) => c.name === 'sid');
  if (signedIn.statusCode !== 200 || !sid) {
    throw new Error(`Вхід у вбудованому застосунку не вдався: ${signedIn.statusCode} ${signedIn.body}`);
  }
  const cookie = `sid=${sid.value}`;
  const theApp = app;
  const theMailer = mailer;

  return {
    async version() {
      const res = await database.raw.query('show server_version', []);
      const server = (res.rows[0] as { server_version: string }).server_version;
      return database.kind === 'pglite' ? `PGlite ${PGLITE_VERSION} (PostgreSQL ${server})` : server;
    },
    async capture(url) {
      // The first request may do one-off work (a session touch, a warm cache); the second is the steady state.
      await theApp.inject({ method: 'GET', url, headers: { cookie } });
      database.log.length = 0;
      const res = await theApp.inject({ method: 'GET', url, headers: { cookie } });
      return { status: res.statusCode, statements: database.log.splice(0) };
    },
    replay: (statements, seconds, conns) => replay(database.raw, statements, seconds, conns),
    explain: (statements) => explainAll(database.raw, statements),
    async close() {
      await theApp.close();
      await theMailer.stop();
      await database.raw.close();
      await database.close();
    },
  };
}

/** Runs one request's statements in order, on `connections` workers at once, for `seconds`. */
async function replay(raw: RawClient, statements: Statement[], seconds: number, connections: number) {
  const latencies: number[] = [];
  let errors = 0;
  let requests = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const t0 = performance.now();
      try {
        for (const s of statements) await raw.query(s.sql, s.params);
        latencies.push(performance.now() - t0);
      } catch {
        errors += 1;
      }
      requests += 1;
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  return figures(latencies, { requests, non2xx: 0, errors }, (performance.now() - started) / 1000);
}

export interface ExplainResult {
  sql: string;
  executionMs: number;
  /** The most rows one plan node read (output plus those its filter removed, times its loops). */
  maxRowsRead: number;
  /** Plan nodes that read more than LARGE_SCAN rows: the O(table) part of a query meant to be O(page). */
  largeScans: string[];
  plan: string;
}

/**
 * DESIGN §9's 10 000 rows for one page, plus the one row a bounded count (src/server/kernel/count.ts, decision 0031)
 * reads past its bound to know there are more than 10 000.
 */
export const LARGE_SCAN = COUNT_BOUND + 1;

/** Reads a text EXPLAIN ANALYZE plan: execution time and the nodes that read many rows. */
export function readPlan(plan: string): Pick<ExplainResult, 'executionMs' | 'maxRowsRead' | 'largeScans'> {
  const lines = plan.split('\n');
  const largeScans: string[] = [];
  let maxRowsRead = 0;
  lines.forEach((line, i) => {
    const node =
      /^\s*(?:->\s*)?([A-Z][^(]*?)\s+\(cost=[^)]*\)\s+\(actual time=[\d.]+\.\.[\d.]+ rows=([\d.]+) loops=(\d+)\)/.exec(
        line,
      );
    if (!node) return;
    let removed = 0;
    for (let j = i + 1; j < lines.length && !/\(cost=/.test(lines[j]!); j++) {
      const m = /Rows Removed by (?:Filter|Index Recheck|Join Filter): ([\d.]+)/.exec(lines[j]!);
      if (m) removed += Number(m[1]);
    }
    const read = Math.round((Number(node[2]) + removed) * Number(node[3]));
    maxRowsRead = Math.max(maxRowsRead, read);
    if (read > LARGE_SCAN && /Scan/.test(node[1]!)) largeScans.push(`${node[1]!.trim()}: ${read} рядків`);
  });
  const executionMs = Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? 0);
  return { executionMs, maxRowsRead, largeScans };
}

async function explainAll(raw: RawClient, statements: Statement[]): Promise<ExplainResult[]> {
  const out: ExplainResult[] = [];
  for (const s of statements) {
    if (!/^\s*(?:select|with)\b/i.test(s.sql)) continue;
    const res = await raw.query(`explain (analyze, buffers) ${s.sql}`, s.params);
    const plan = (res.rows as Array<Record<string, string>>).map((r) => r['QUERY PLAN']).join('\n');
    out.push({ sql: s.sql, ...readPlan(plan), plan });
  }
  return out;
}
