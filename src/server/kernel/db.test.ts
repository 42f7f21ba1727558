// The embedded database after an upgrade: openDatabase applies the new migrations and, PGlite having no autovacuum,
// analyzes once, so the planner sees the rows the database already held; a first start or a start with nothing new
// does not.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { appliedMigrations, migrationsFolder, openDatabase } from './db.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'erp-upgrade-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The migrations as they were before the newest one: a copy whose journal leaves the last entry out. */
function migrationsBeforeTheNewest(): string {
  const folder = path.join(dir, 'migrations-before');
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: unknown[] };
  journal.entries.pop();
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

async function analyzedRows(dataDir: string): Promise<number | null> {
  const database = await openDatabase({ databaseUrl: null, dataDir, migrate: false });
  try {
    const result = (await database.db.execute(
      sql`select reltuples::int as n from pg_class where relname = 'settings' and relkind = 'r'`,
    )) as unknown as { rows: Array<{ n: number }> };
    const n = result.rows[0]?.n;
    return n === undefined || n < 0 ? null : n;
  } finally {
    await database.close();
  }
}

describe.skipIf(Boolean(process.env.DATABASE_URL))('openDatabase on PGlite', () => {
  it(
    'analyzes after applying new migrations to a database that had some, and not otherwise',
    { timeout: 120_000 },
    async () => {
      const first = await openDatabase({
        databaseUrl: null,
        dataDir: dir,
        migrationsFolder: migrationsBeforeTheNewest(),
        // The image of these older migrations (decision 0033) stays here, not among the app's.
        imageDir: path.join(dir, 'images'),
      });
      const before = await appliedMigrations(first.db);
      expect(before).toBeGreaterThan(5);
      await first.db.execute(
        sql`insert into settings (key, value) select 'test.upgrade.' || g, to_jsonb(g) from generate_series(1, 300) g`,
      );
      await first.close();
      expect(await analyzedRows(dir)).toBeNull(); // never analyzed: the first start had nothing to analyze

      const upgraded = await openDatabase({ databaseUrl: null, dataDir: dir });
      expect(await appliedMigrations(upgraded.db)).toBe(before + 1);
      await upgraded.close();
      expect(await analyzedRows(dir)).toBeGreaterThanOrEqual(300);
    },
  );
});

describe.skipIf(!process.env.DATABASE_URL)('openDatabase on PostgreSQL', () => {
  it('opens every pooled connection with JIT off (decision 0027), whichever connection serves a query', async () => {
    const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL!, migrate: false, poolSize: 3 });
    try {
      // Three at once take three connections of the pool.
      const answers = await Promise.all(
        [1, 2, 3].map(async () => {
          const result = (await database.db.execute(
            sql`select current_setting('jit') as jit, pg_backend_pid() as pid, pg_sleep(0.05)::text`,
          )) as unknown as { rows: Array<{ jit: string; pid: number }> };
          return result.rows[0]!;
        }),
      );
      expect(new Set(answers.map((a) => a.pid)).size).toBe(3);
      expect(answers.map((a) => a.jit)).toEqual(['off', 'off', 'off']);
    } finally {
      await database.close();
    }
  });
});
