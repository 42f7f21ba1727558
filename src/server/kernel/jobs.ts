// Background jobs, once (issue 26: every job runs once across several app processes on one database). A job is a
// function run every `everyMs` (first after `firstDelayMs`); before each run the process claims the job's lease row
// in `job_leases` — an upsert that succeeds only when the lease has run out or this process already holds it — so of
// several processes exactly one runs the job, and another takes over within one lease when it stops. The runner
// also keeps one run at a time in the process, logs what a run reports and any failure, and stops cleanly.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from './db.ts';
import { rowsOf } from './rows.ts';
import { jobLeases } from './platform.table.ts';

/** This process's name in the leases. */
export const PROCESS_ID: string = randomUUID();

export interface JobLog {
  info(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

/**
 * Claims the job `name` for `holder` until `leaseMs` from now: true when the lease was free, had run out, or is
 * already this holder's (then it is extended). One statement, so two processes cannot both win.
 */
export async function claimJobLease(db: Db, name: string, leaseMs: number, holder = PROCESS_ID): Promise<boolean> {
  const rows = rowsOf<{ name: string }>(
    await db.execute(sql`insert into ${jobLeases} (name, holder, lease_until, last_run_at)
      values (${name}, ${holder}, now() + make_interval(secs => ${leaseMs / 1000}), now())
      on conflict (name) do update set holder = excluded.holder, lease_until = excluded.lease_until,
        last_run_at = excluded.last_run_at
      where ${jobLeases.leaseUntil} < now() or ${jobLeases.holder} = excluded.holder
      returning name`),
  );
  return rows.length > 0;
}

export interface JobOptions<R> {
  db: Db;
  /** The lease's name: one per job, e.g. 'orders.notices'. */
  name: string;
  everyMs: number;
  firstDelayMs: number;
  log: JobLog;
  run: () => Promise<R>;
  /** What to log of a run's answer (null: nothing worth a line). */
  report?: (result: R) => { message: string; details?: object } | null;
  /** How long a claim holds (default 90 % of the period, so the holder renews it on its next tick). */
  leaseMs?: number;
  /** The process's name in the lease (tests start two "processes" in one). */
  holder?: string;
}

export interface StartedJob {
  /** One tick now (a claim, then a run if it is ours); answers whether this process ran it. */
  tick(): Promise<boolean>;
  stop(): void;
}

/** Starts a job's timers (unref'd: they never keep the process alive); the caller stops it on shutdown. */
export function startJob<R>(options: JobOptions<R>): StartedJob {
  const { db, name, everyMs, firstDelayMs, log, run, report } = options;
  const leaseMs = options.leaseMs ?? Math.max(1000, Math.floor(everyMs * 0.9));
  let running: Promise<boolean> | null = null;
  let stopped = false;

  const tick = (): Promise<boolean> => {
    if (stopped) return Promise.resolve(false);
    if (running) return running;
    running = (async () => {
      try {
        if (!(await claimJobLease(db, name, leaseMs, options.holder))) return false;
        const result = await run();
        const line = report?.(result);
        if (line) log.info({ job: name, ...line.details }, line.message);
        return true;
      } catch (err) {
        log.error({ err, job: name }, `Фонова задача ${name} не вдалася`);
        return false;
      } finally {
        running = null;
      }
    })();
    return running;
  };

  const first = setTimeout(() => void tick(), firstDelayMs);
  first.unref();
  const timer = setInterval(() => void tick(), everyMs);
  timer.unref();
  return {
    tick,
    stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}
