// Background jobs run once across processes (issue 26): two "processes" — two holders of the lease, and on
// PostgreSQL two separate connection pools to one database — tick the same job at the same moment and exactly one
// runs it; the holder keeps it on later ticks; when its lease has run out (the process stopped) the other takes over.
// A failing run is logged and leaves the job to its holder's next tick.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '../testing/test-db.ts';
import { openDatabase, type Database } from './db.ts';
import { claimJobLease, startJob, type StartedJob } from './jobs.ts';

let database: TestDatabase;
let second: Database;
const started: StartedJob[] = [];
const quiet = { info() {}, error() {} };

beforeAll(async () => {
  database = await createTestDatabase();
  // A second process's own pool on PostgreSQL; PGlite is one process, so the same database serves both holders.
  second = database.url ? await openDatabase({ databaseUrl: database.url, migrate: false }) : database;
});
afterAll(async () => {
  for (const job of started) job.stop();
  if (second !== database) await second.close();
  await database.close();
});

function twoProcesses(name: string, run: (holder: string) => Promise<void>) {
  const make = (db: Database['db'], holder: string) => {
    const job = startJob({
      db,
      name,
      everyMs: 3_600_000,
      firstDelayMs: 3_600_000,
      log: quiet,
      holder,
      run: () => run(holder),
    });
    started.push(job);
    return job;
  };
  return { a: make(database.db, 'process-a'), b: make(second.db, 'process-b') };
}

describe('background jobs, once across processes', () => {
  it('runs a job in one process when two tick at once, and keeps it with that process', async () => {
    const runs: string[] = [];
    const { a, b } = twoProcesses('test.once', async (holder) => {
      runs.push(holder);
    });
    const [ranA, ranB] = await Promise.all([a.tick(), b.tick()]);
    expect([ranA, ranB].filter(Boolean)).toHaveLength(1);
    expect(runs).toHaveLength(1);
    const leader = runs[0]!;
    for (let i = 0; i < 3; i++) await Promise.all([a.tick(), b.tick()]);
    expect(runs).toEqual([leader, leader, leader, leader]);
  });

  it('lets the other process take over once the holder’s lease has run out', async () => {
    const runs: string[] = [];
    const { a, b } = twoProcesses('test.takeover', async (holder) => {
      runs.push(holder);
    });
    expect(await a.tick()).toBe(true);
    expect(await b.tick()).toBe(false);
    // Process A stopped: its lease runs out.
    await database.db.execute(
      sql`update job_leases set lease_until = now() - interval '1 second' where name = 'test.takeover'`,
    );
    expect(await b.tick()).toBe(true);
    expect(await a.tick()).toBe(false);
    expect(runs).toEqual(['process-a', 'process-b']);
  });

  it('claims in one statement: of twenty parallel claims for different holders one wins', async () => {
    const claims = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        claimJobLease(i % 2 ? second.db : database.db, 'test.race', 60_000, `p${i}`),
      ),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
  });

  it('logs a failing run and keeps the job with its holder', async () => {
    const errors: unknown[] = [];
    const job = startJob({
      db: database.db,
      name: 'test.failing',
      everyMs: 3_600_000,
      firstDelayMs: 3_600_000,
      log: { info() {}, error: (obj: unknown) => errors.push(obj) },
      holder: 'process-a',
      run: () => Promise.reject(new Error('NBU недоступний')),
    });
    started.push(job);
    expect(await job.tick()).toBe(false);
    expect(errors).toHaveLength(1);
    expect(await claimJobLease(database.db, 'test.failing', 60_000, 'process-b')).toBe(false);
  });
});
