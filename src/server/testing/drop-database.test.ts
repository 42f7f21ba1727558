// Dropping a test database: the real drop on PostgreSQL with a session still open on it, and the retry policy for
// the two refusals PostgreSQL 15 gives while autovacuum works in it (which no test can summon at will).
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { dropDatabase, dropDatabaseRetrying } from './drop-database.ts';
import { TEST_DB_PREFIX, withDatabaseName } from './test-paths.ts';

const refusal = (code: string) => Object.assign(new Error(`refused ${code}`), { code });

describe('the retry policy', () => {
  it('tries FORCE, then a plain drop, in turn, while PostgreSQL refuses for autovacuum or open sessions', async () => {
    const tried: string[] = [];
    const answers = [refusal('42501'), refusal('55006'), refusal('42501')];
    await dropDatabaseRetrying(
      async (statement) => {
        tried.push(statement);
        const answer = answers.shift();
        if (answer) throw answer;
      },
      'erp_test_x"y',
      { waitMs: 1 },
    );
    expect(tried).toEqual([
      'drop database if exists "erp_test_x""y" with (force)',
      'drop database if exists "erp_test_x""y"',
      'drop database if exists "erp_test_x""y" with (force)',
      'drop database if exists "erp_test_x""y"',
    ]);
  });

  it('gives up after the attempts, and at once on any other error', async () => {
    let calls = 0;
    const always = (error: Error) => async () => {
      calls += 1;
      throw error;
    };
    await expect(dropDatabaseRetrying(always(refusal('42501')), 'd', { attempts: 3, waitMs: 1 })).rejects.toThrow(
      'refused 42501',
    );
    expect(calls).toBe(3);
    calls = 0;
    await expect(dropDatabaseRetrying(always(refusal('3D000')), 'd', { waitMs: 1 })).rejects.toThrow('refused 3D000');
    expect(calls).toBe(1);
  });
});

const url = process.env.DATABASE_URL;
describe.runIf(url)('on PostgreSQL', () => {
  it('drops a database while a session is still open on it', async () => {
    const name = `${TEST_DB_PREFIX}drop_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    const session = new pg.Client({ connectionString: withDatabaseName(url!, name) });
    session.on('error', () => {}); // FORCE ends it
    await session.connect();
    await dropDatabase(url!, name);
    const left = await admin.query('select 1 from pg_database where datname = $1', [name]);
    await admin.end();
    await session.end().catch(() => {});
    expect(left.rowCount).toBe(0);
  });
});
