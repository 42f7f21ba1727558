// The embedded database after an upgrade: openDatabase applies the new migrations and, PGlite having no autovacuum,
// analyzes once, so the planner sees the rows the database already held; a first start or a start with nothing new
// does not.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { appliedMigrations, openDatabase } from './db.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'erp-upgrade-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

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
      const first = await openDatabase({ databaseUrl: null, dataDir: dir });
      const all = await appliedMigrations(first.db);
      expect(all).toBeGreaterThan(5);
      await first.db.execute(
        sql`insert into settings (key, value) select 'test.upgrade.' || g, to_jsonb(g) from generate_series(1, 300) g`,
      );
      // Pretend the last migration is new: forget it and undo what it made (an index).
      const [last] = (
        (await first.db.execute(
          sql`select id, hash from drizzle.__drizzle_migrations order by id desc limit 1`,
        )) as unknown as {
          rows: Array<{ id: number }>;
        }
      ).rows;
      await first.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last!.id}`);
      await first.db.execute(sql`drop index stock_movements_item_id_id_idx`);
      await first.close();
      expect(await analyzedRows(dir)).toBeNull(); // never analyzed: the first start had nothing to analyze

      const upgraded = await openDatabase({ databaseUrl: null, dataDir: dir });
      expect(await appliedMigrations(upgraded.db)).toBe(all);
      await upgraded.close();
      expect(await analyzedRows(dir)).toBeGreaterThanOrEqual(300);
    },
  );
});
