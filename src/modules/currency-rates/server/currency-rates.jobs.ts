// The NBU rates job (reports-admin.md §15): at 16:30 Kyiv for the next day's rate, at 09:00 the catch-up for today;
// a failed slot is tried again every 30 minutes (each try a run in the log, the third failure in a row notifies).
// Once across processes by the kernel job runner (decision 0029).
import { eq } from 'drizzle-orm';
import type { Db } from '@/server/kernel/db.ts';
import { startJob, type JobLog, type StartedJob } from '@/server/kernel/jobs.ts';
import { settings } from '@/server/kernel/platform.table.ts';
import { kyivToday } from '@/shared/kyiv-date.ts';
import { kyivTime, NBU_RUN_TIMES, nbuRunPeriod, readNbuEnabled, runNbu } from './nbu.ts';

const STATE_KEY = 'integrations.nbu.state';
const RETRY_MS = 30 * 60_000;

interface NbuJobState {
  slot: string | null;
  done: boolean;
  lastAttemptAt: string | null;
}

/** The latest run time that has passed, as 'YYYY-MM-DD HH:MM' Kyiv (null before today's first). */
export function currentSlot(now = new Date()): string | null {
  const today = kyivToday(now);
  const hm = kyivTime(now);
  const passed = [...NBU_RUN_TIMES].sort().filter((t) => t <= hm);
  return passed.length ? `${today} ${passed.at(-1)}` : null;
}

/** One tick: runs when a new slot has come, or a failed slot's retry is due. Answers the run, or null. */
export async function nbuTick(db: Db, apiUrl: string, now = new Date()) {
  if (!(await readNbuEnabled(db))) return null;
  const slot = currentSlot(now);
  if (!slot) return null;
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, STATE_KEY));
  const state: NbuJobState = { slot: null, done: false, lastAttemptAt: null, ...((row?.value ?? {}) as object) };
  const due =
    state.slot !== slot ||
    (!state.done && (!state.lastAttemptAt || now.getTime() - Date.parse(state.lastAttemptAt) >= RETRY_MS));
  if (!due) return null;
  const result = await runNbu(db, apiUrl, 'schedule', nbuRunPeriod(now), null);
  const value: NbuJobState = { slot, done: result.ok, lastAttemptAt: now.toISOString() };
  await db
    .insert(settings)
    .values({ key: STATE_KEY, value })
    .onConflictDoUpdate({ target: settings.key, set: { value } });
  return result;
}

export function startCurrencyRateJobs(deps: { db: Db; apiUrl: string; log: JobLog }): StartedJob {
  return startJob({
    db: deps.db,
    name: 'currency-rates.nbu',
    everyMs: 60_000,
    firstDelayMs: 45_000,
    log: deps.log,
    run: () => nbuTick(deps.db, deps.apiUrl),
    report: (r) => (r ? { message: `Курси НБУ: ${r.message}`, details: r } : null),
  });
}
