// A fresh, migrated database for one test file: a PGlite loaded from the template tarball, or, when
// DATABASE_URL is set, a PostgreSQL database created from the template database.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { openDatabase, type Database } from '../kernel/db.ts';
import { openPglite } from '../kernel/pglite.ts';
import { dropDatabase } from './drop-database.ts';
import { PGLITE_TEMPLATE_FILE, TEMPLATE_DB_NAME, TEST_DB_PREFIX, withDatabaseName } from './test-paths.ts';

export interface TestDatabase extends Database {
  /** The connection string of this file's PostgreSQL database (null on PGlite). */
  url: string | null;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `${TEST_DB_PREFIX}${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database "${name}" template "${TEMPLATE_DB_NAME}"`);
    await admin.end();
    const dbUrl = withDatabaseName(url, name);
    const database = await openDatabase({ databaseUrl: dbUrl, migrate: false });
    return {
      ...database,
      url: dbUrl,
      async close() {
        await database.close();
        await dropDatabase(url, name);
      },
    };
  }
  const client = await openPglite({ loadDataDir: new Blob([readFileSync(PGLITE_TEMPLATE_FILE)]) });
  const database = await openDatabase({ databaseUrl: null, pglite: client, migrate: false });
  return { ...database, url: null };
}
