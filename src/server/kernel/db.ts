// One Drizzle database over either embedded PGlite (default) or a PostgreSQL server (DATABASE_URL).
// Both speak the same SQL and run the same committed migrations (docs/decisions/0003).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { openPglite } from './pglite.ts';
import { projectRoot } from './project-root.ts';
import { copyImage, isNewDataDir } from './pglite-image.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- both drivers' schema generics differ; the query API is the same
export type Db = PgDatabase<PgQueryResultHKT, any>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export const migrationsFolder = path.join(projectRoot, 'src', 'server', 'db', 'migrations');

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export interface OpenOptions {
  databaseUrl: string | null;
  dataDir?: string;
  /** An already-open PGlite (tests load one from a migrated template). */
  pglite?: PGlite;
  migrate?: boolean;
  /** Where the migrations are read from (a test applies all but the newest, then all). */
  migrationsFolder?: string;
  /** Where a new embedded database's image is looked for and kept (decision 0033); tests use a folder of their own. */
  imageDir?: string;
  poolSize?: number;
}

/**
 * Session settings of every application connection to PostgreSQL (decision 0027). JIT off: the planner compiles any
 * statement whose estimate passes jit_above_cost, and on a year of data a page's count spent 470 ms compiling a
 * query that then ran for 150 ms (bench, /api/costing). Our statements are short page reads that never repay it.
 */
export const PG_SESSION_OPTIONS = '-c jit=off';

export async function openDatabase(options: OpenOptions): Promise<Database> {
  let database: Database;
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      options: PG_SESSION_OPTIONS,
    });
    // A pool error on an idle client must not crash the process; the next query reports it.
    pool.on('error', () => {});
    const db = drizzlePg({ client: pool }) as unknown as Db;
    database = { db, kind: 'postgres', close: () => pool.end() };
    if (options.migrate !== false) await migratePostgres(options.databaseUrl, db);
  } else {
    const folder = options.migrationsFolder ?? migrationsFolder;
    let client = options.pglite;
    if (!client) {
      const dir = path.join(options.dataDir ?? './data', 'pglite');
      // A new data directory starts as a copy of the migrated image of these migrations (decision 0033).
      if (options.migrate !== false && isNewDataDir(dir)) await copyImage(dir, folder, options.imageDir);
      mkdirSync(dir, { recursive: true });
      client = await openPglite(dir);
    }
    const db = drizzlePglite({ client }) as unknown as Db;
    const owned = client;
    database = { db, kind: 'pglite', close: () => owned.close() };
    if (options.migrate !== false) {
      const before = await appliedMigrations(db);
      await migratePglite(db as never, { migrationsFolder: folder });
      // The embedded database runs no autovacuum: after an upgrade changed tables (new ones, indexes, states
      // refilled), refresh the planner's statistics once, or it plans a year of data as if the tables were empty.
      if (before > 0 && (await appliedMigrations(db)) > before) await db.execute(sql`analyze`);
    }
  }
  return database;
}

/** How many migrations the database has applied (0 before the first). */
export async function appliedMigrations(db: Db): Promise<number> {
  try {
    const result = (await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as {
      rows: Array<{ n: number }>;
    };
    return Number(result.rows[0]?.n ?? 0);
  } catch {
    return 0;
  }
}

// Several processes may start against one server at once (tests, a restart during a deploy):
// an advisory lock makes the migration run once.
// The lock is held on a connection of its own, outside the pool the migrator uses.
async function migratePostgres(url: string, db: Db) {
  const lockClient = new pg.Client({ connectionString: url });
  await lockClient.connect();
  try {
    await lockClient.query('select pg_advisory_lock(7263540021)');
    await migratePg(db as never, { migrationsFolder });
  } finally {
    await lockClient.end().catch(() => {});
  }
}

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
