// Migrates one template database per test run; every test file then starts from a copy of it
// (DESIGN §8: one migrated template, loaded per file — not a fresh initdb each time).
import { mkdirSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import { openDatabase } from '../kernel/db.ts';
import { openPglite } from '../kernel/pglite.ts';
import { dropDatabase } from './drop-database.ts';
import { ensureRoles } from '@/modules/roles/server/index.ts';
import { PGLITE_TEMPLATE_FILE, TEMPLATE_DB_NAME, TEST_DB_PREFIX, TMP_DIR, withDatabaseName } from './test-paths.ts';

export default async function setup() {
  mkdirSync(TMP_DIR, { recursive: true });
  const url = process.env.DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      // Databases left by a crashed run are dropped first.
      const stale = await admin.query<{ datname: string }>(
        'select datname from pg_database where starts_with(datname, $1)',
        [TEST_DB_PREFIX],
      );
      for (const { datname } of stale.rows) await dropDatabase(url, datname);
      await admin.query(`create database "${TEMPLATE_DB_NAME}"`);
    } finally {
      await admin.end();
    }
    const database = await openDatabase({ databaseUrl: withDatabaseName(url, TEMPLATE_DB_NAME), poolSize: 1 });
    await ensureRoles(database.db);
    await database.close();
    return;
  }
  const client = await openPglite();
  const database = await openDatabase({ databaseUrl: null, pglite: client });
  // Every test database starts with the roles a new installation has.
  await ensureRoles(database.db);
  const dump = await client.dumpDataDir('none');
  writeFileSync(PGLITE_TEMPLATE_FILE, Buffer.from(await dump.arrayBuffer()));
  await database.close();
}
