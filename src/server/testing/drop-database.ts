// Drops a PostgreSQL database the tests (or the bench) made, even while PostgreSQL's autovacuum is working in it.
// `WITH (FORCE)` ends the sessions still open on it (a pool's backends outlive its close by a moment), but on
// PostgreSQL 15 a role without pg_signal_backend may not end an autovacuum worker: the drop then fails with
// "must be a member of the role whose process is being terminated" (SQLSTATE 42501) — that failed a CI run's
// afterAll. A plain DROP stops autovacuum by itself but refuses while other sessions remain (55006). So the two are
// tried in turn, a quarter of a second apart, for up to ten seconds.
import pg from 'pg';

const RETRYABLE = new Set(['42501', '55006']);

/** The retry policy over any way of running a statement (a pg client below; a stub in its test). */
export async function dropDatabaseRetrying(
  run: (statement: string) => Promise<unknown>,
  name: string,
  { attempts = 40, waitMs = 250 } = {},
): Promise<void> {
  const quoted = `"${name.replaceAll('"', '""')}"`;
  for (let attempt = 1; ; attempt += 1) {
    try {
      await run(`drop database if exists ${quoted}${attempt % 2 === 1 ? ' with (force)' : ''}`);
      return;
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      if (attempt >= attempts || typeof code !== 'string' || !RETRYABLE.has(code)) throw err;
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await dropDatabaseRetrying((statement) => client.query(statement), name);
  } finally {
    await client.end().catch(() => {});
  }
}
