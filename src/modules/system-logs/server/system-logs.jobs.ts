// The daily retention of the logs (reports-admin.md §16): once a day, by the kernel's job runner, so of several
// server processes only the lease holder deletes (src/server/kernel/jobs.ts).
import type { Db } from '@/server/kernel/db.ts';
import { startJob, type StartedJob } from '@/server/kernel/jobs.ts';
import type { EventLog } from './system-events.ts';
import { applyRetention } from './system-logs.write.ts';

const DAY_MS = 24 * 3600_000;
const FIRST_RUN_MS = 5 * 60_000;

/** One run: system events past their days and audit records past their years are deleted. */
export async function runLogRetention(db: Db): Promise<{ events: number; audit: number }> {
  return db.transaction(async (tx) => applyRetention(tx));
}

/** Starts the daily run (the first a few minutes after start); the caller stops it on shutdown. */
export function startSystemLogJobs(deps: { db: Db; log: EventLog }): StartedJob {
  return startJob({
    db: deps.db,
    name: 'system-logs.retention',
    everyMs: DAY_MS,
    firstDelayMs: FIRST_RUN_MS,
    log: deps.log,
    run: () => runLogRetention(deps.db),
    report: (r) => (r.events || r.audit ? { message: 'Старі журнали видалено', details: r } : null),
  });
}
