// The bench's databases: the large dataset (bench/data/generate.ts) in its own PGlite directory and its own
// PostgreSQL database, generated once per scale and reused while the generator is unchanged (new migrations apply to it),
// and an empty database for the first-start measurement.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '@/server/kernel/db.ts';
import { resourceEngine } from '@/resources/index.ts';
import { ensureAdmin } from '@/modules/users/server/index.ts';
import { dropDatabase } from '@/server/testing/drop-database.ts';
import { generateDataset, scaleOf, type DatasetScale, type DatasetSummary } from '../data/generate.ts';
import { ROOT } from './bundle.ts';
import { BENCH_ADMIN } from './server.ts';
import type { DatabaseTarget } from './sql-baseline.ts';

export type DbKind = 'pglite' | 'postgres';

export interface PreparedDataset {
  target: DatabaseTarget;
  summary: DatasetSummary;
  /** True when an earlier run's database was reused (same scale and generator). */
  reused: boolean;
  generatedAt: string;
  /** Where it lives: a directory or a database name. */
  location: string;
}

export interface DatasetOptions {
  workDir: string;
  /** PostgreSQL connection string of a role that may create databases (its database is only used to connect). */
  pgAdminUrl: string;
  /** Prefix of the databases the bench creates. */
  pgPrefix: string;
  /** Regenerate even when a matching dataset exists. */
  fresh: boolean;
  log: (line: string) => void;
}

export const scaleSlug = (name: string) => name.replace(/[^a-z0-9]/gi, '_').toLowerCase();

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = '/' + name;
  return u.href;
}

/**
 * What the data depends on: the generator's sources (bench/data and its subfolders). A change there regenerates. A new
 * migration does not: the server the bench starts applies it to the reused database, as an upgrade applies it to a
 * customer's year of data (an index added to fix a slow page is measured on the same rows it was added for).
 */
function fingerprint(): string {
  const hash = createHash('sha256');
  const dataDir = path.join(ROOT, 'bench', 'data');
  for (const f of readdirSync(dataDir, { recursive: true, encoding: 'utf8' })
    .map((f) => f.split(path.sep).join('/'))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .sort()) {
    hash.update(f).update(readFileSync(path.join(dataDir, f)));
  }
  return hash.digest('hex');
}

async function withAdminClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/** The PostgreSQL server's version, or null when none answers (the PostgreSQL column is then skipped). */
export async function postgresVersion(url: string): Promise<string | null> {
  try {
    return await withAdminClient(url, async (c) => {
      const res = await c.query<{ server_version: string }>('show server_version');
      return res.rows[0]?.server_version ?? null;
    });
  } catch {
    return null;
  }
}

const databaseExists = (url: string, name: string) =>
  withAdminClient(
    url,
    async (c) => (await c.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1,
  );

async function recreateDatabase(url: string, name: string) {
  await dropDatabase(url, name);
  await withAdminClient(url, (c) => c.query(`create database "${name}"`));
}

function targetOf(kind: DbKind, name: string, options: DatasetOptions): DatabaseTarget & { location: string } {
  if (kind === 'pglite') {
    const dataDir = path.join(options.workDir, `pglite-${name}`);
    return { kind, databaseUrl: null, dataDir, location: path.relative(ROOT, dataDir) };
  }
  const dbName = `${options.pgPrefix}${name}`;
  return {
    kind,
    databaseUrl: withDatabase(options.pgAdminUrl, dbName),
    dataDir: path.join(options.workDir, `pg-${name}`),
    location: dbName,
  };
}

/** The large dataset for one database kind: reused when an earlier run made it with the same inputs, else made. */
export async function prepareDataset(
  kind: DbKind,
  scaleName: string,
  options: DatasetOptions,
): Promise<PreparedDataset> {
  const scale: DatasetScale = scaleOf(scaleName);
  const slug = scaleSlug(scaleName);
  const target = targetOf(kind, slug, options);
  const markerFile = path.join(options.workDir, `dataset-${kind}-${slug}.json`);
  const print = fingerprint();
  const present =
    kind === 'pglite'
      ? existsSync(path.join(target.dataDir, 'pglite', 'PG_VERSION'))
      : await databaseExists(options.pgAdminUrl, target.location);
  if (!options.fresh && present && existsSync(markerFile)) {
    const marker = JSON.parse(readFileSync(markerFile, 'utf8')) as {
      fingerprint: string;
      summary: DatasetSummary;
      generatedAt: string;
    };
    if (marker.fingerprint === print && JSON.stringify(marker.summary.scale) === JSON.stringify(scale)) {
      options.log(`  Набір даних уже згенеровано ${marker.generatedAt} (${target.location}) — використовую його`);
      return {
        target,
        summary: marker.summary,
        reused: true,
        generatedAt: marker.generatedAt,
        location: target.location,
      };
    }
  }

  rmSync(markerFile, { force: true });
  if (kind === 'pglite') rmSync(target.dataDir, { recursive: true, force: true });
  else await recreateDatabase(options.pgAdminUrl, target.location);
  options.log(`  Генерую набір даних у ${target.location} ...`);
  const database = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
  let summary: DatasetSummary;
  try {
    // The bench's administrator first, with a known password: the generator keeps an existing one, and the server
    // started later creates none while users exist.
    await ensureAdmin(database.db, { email: BENCH_ADMIN.email, password: BENCH_ADMIN.password });
    await resourceEngine.ensureSeeds(database.db);
    summary = await generateDataset(database.db, scale, (line) => options.log(`    ${line}`));
  } finally {
    await database.close();
  }
  const generatedAt = new Date().toISOString();
  writeFileSync(markerFile, JSON.stringify({ fingerprint: print, summary, generatedAt }, null, 2) + '\n');
  return { target, summary, reused: false, generatedAt, location: target.location };
}

/** A new empty database (nothing migrated yet): what the very first `npm start` meets. */
export async function prepareEmpty(
  kind: DbKind,
  options: DatasetOptions,
): Promise<DatabaseTarget & { drop(): Promise<void> }> {
  const target = targetOf(kind, 'empty', options);
  if (kind === 'pglite') {
    rmSync(target.dataDir, { recursive: true, force: true });
    return { ...target, drop: async () => rmSync(target.dataDir, { recursive: true, force: true }) };
  }
  await recreateDatabase(options.pgAdminUrl, target.location);
  rmSync(target.dataDir, { recursive: true, force: true });
  return { ...target, drop: () => dropDatabase(options.pgAdminUrl, target.location) };
}
