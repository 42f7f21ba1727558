// The Nova Poshta jobs (sales.md §3, README §10): tracking every `trackingIntervalHours` (2 h) and the directory
// refresh once a day at `directoryRefreshTime` (03:00 Kyiv). A tick every few minutes claims a due run by updating
// its timestamp under a row lock first, so several server processes never run the same job twice; the calls to
// Nova Poshta then run outside any transaction. Without our key the directory is skipped quietly (waybills made
// under a client's own contract are still tracked with that client's key). A failing run raises one 'integration
// failed' notification for /integrations, resolved by the next good run.
import { recordRun, trimRuns } from '@/server/kernel/integration-runs.ts';
import { sql } from 'drizzle-orm';
import { kyivToday } from '@/shared/kyiv-date.ts';
import type { Db } from '@/server/kernel/db.ts';
import type { AppConfig } from '@/server/kernel/config.ts';
import { settings } from '@/server/kernel/platform.table.ts';
import { notify, resolveByKey } from '@/modules/notifications/server/index.ts';
import {
  NP_INTEGRATION,
  NP_JOBS_KEY,
  openNpKey,
  readNpJobs,
  readNpSettings,
  refreshDirectory,
  writeNpJobs,
} from '@/modules/nova-poshta/server/index.ts';
import { markStaleCreating, trackShipments } from './shipments-np.tracking.ts';

export interface JobLog {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

export interface ShipmentJobDeps {
  db: Db;
  config: AppConfig;
  log: JobLog;
}

const TICK_MS = 5 * 60_000;
const FIRST_TICK_MS = 60_000;
const HOUR = 3600_000;
const FAILURE_KEY = 'integration-failed:nova-poshta';
const ctx = { userId: null, actor: 'nova-poshta-job' } as const;

/** The Kyiv wall-clock time 'HH:MM' of a moment. */
function kyivTime(now: Date): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Kyiv',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  })
    .format(now)
    .replace(/^24/, '00');
}

/** Claims the due runs: their timestamps are moved on under the jobs row's lock, so only one process runs each. */
async function claim(db: Db, now: Date, hasKey: boolean): Promise<{ tracking: boolean; directory: boolean }> {
  return db.transaction(async (tx) => {
    await tx
      .insert(settings)
      .values({ key: NP_JOBS_KEY, value: { lastTrackingAt: null, lastDirectoryRefreshAt: null } })
      .onConflictDoNothing();
    const jobs = await readNpJobs(tx, true);
    const s = await readNpSettings(tx);
    const last = jobs.lastTrackingAt ? new Date(jobs.lastTrackingAt).getTime() : 0;
    const tracking = now.getTime() - last >= s.trackingIntervalHours * HOUR - TICK_MS / 2;
    const today = kyivToday(now);
    const directory = hasKey && jobs.lastDirectoryRefreshOn !== today && kyivTime(now) >= s.directoryRefreshTime;
    if (tracking || directory) {
      await writeNpJobs(tx, {
        ...(tracking ? { lastTrackingAt: now.toISOString() } : {}),
        ...(directory ? { lastDirectoryRefreshOn: today } : {}),
      });
    }
    return { tracking, directory };
  });
}

async function reportFailure(db: Db, job: string, error: string) {
  await db.transaction(async (tx) => {
    await notify(tx, {
      type: 'error',
      priority: 'high',
      title: 'Помилка інтеграції: Нова пошта',
      message: `${job}: ${error}`,
      actionRequired: true,
      actionUrl: '/integrations',
      related: { type: 'integration', id: 'nova-poshta', label: 'Інтеграція «Нова пошта»' },
      route: '/integrations',
      dedupeKey: FAILURE_KEY,
    });
  });
}

const npRunMessages = {
  tracked: (n: number) => `Трекінг: перевірено відправлень — ${n}`,
  directory: 'Довідник населених пунктів і відділень оновлено',
} as const;

/** A run of the Nova Poshta jobs in the integrations' run log (the card's 'Журнал запусків'). */
async function logNpRun(db: ShipmentJobDeps['db'], startedAt: Date, ok: boolean, message: string) {
  await recordRun(db, { integration: NP_INTEGRATION, trigger: 'schedule', ok, message, startedAt });
  await trimRuns(db, NP_INTEGRATION);
}

/** One tick: the due jobs, each failure logged and notified, never thrown. */
export async function runShipmentJobsOnce(deps: ShipmentJobDeps, now = new Date()): Promise<void> {
  const { db, config, log } = deps;
  const stored = await readNpSettings(db);
  const apiKey = openNpKey(config.sessionSecret, stored);
  const due = await claim(db, now, apiKey !== null);
  const np = { db, apiUrl: config.novaPoshtaApiUrl, appSecret: config.sessionSecret };
  let failed = false;
  if (due.tracking) {
    const startedAt = new Date();
    await markStaleCreating(db);
    const run = await trackShipments(np, ctx);
    if (run.checked || run.failed) log.info({ job: 'nova-poshta-tracking', ...run }, 'Трекінг Нової пошти');
    // No key of ours and nothing to track under it is not a failure: Nova Poshta is simply not configured.
    const realErrors = run.errors.filter((e) => apiKey !== null || !/не налаштовано/i.test(e));
    if (run.failed && realErrors.length) {
      failed = true;
      await reportFailure(db, 'Трекінг відправлень', realErrors[0]!);
    }
    // The card's run log (reports-admin §15): a run that asked Nova Poshta anything, or failed.
    if (run.checked || realErrors.length) {
      await logNpRun(db, startedAt, realErrors.length === 0, realErrors[0] ?? npRunMessages.tracked(run.checked));
    }
  }
  if (due.directory && apiKey) {
    const startedAt = new Date();
    try {
      const result = await refreshDirectory(db, config.novaPoshtaApiUrl, apiKey);
      log.info({ job: 'nova-poshta-directory', ...result }, 'Довідник Нової пошти оновлено');
      await logNpRun(db, startedAt, true, npRunMessages.directory);
    } catch (err) {
      failed = true;
      const message = err instanceof Error ? err.message : String(err);
      log.error({ err, job: 'nova-poshta-directory' }, 'Довідник Нової пошти не оновлено');
      await reportFailure(db, 'Оновлення довідника', message);
      await logNpRun(db, startedAt, false, message);
    }
  }
  if (!failed && (due.tracking || due.directory)) {
    await db.transaction((tx) => resolveByKey(tx, FAILURE_KEY));
  }
}

/** Starts the scheduler (the caller wires it into the server); timers are unref'd so they never hold the process. */
export function startShipmentJobs(deps: ShipmentJobDeps): { stop(): void } {
  let running = false;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = true;
    runShipmentJobsOnce(deps)
      .catch((err: unknown) => deps.log.error({ err }, 'Nova Poshta jobs failed'))
      .finally(() => {
        running = false;
      });
  };
  const first = setTimeout(tick, FIRST_TICK_MS);
  first.unref();
  const timer = setInterval(tick, TICK_MS);
  timer.unref();
  return {
    stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}

/** For tests: forget the jobs' last runs. */
export async function resetShipmentJobs(db: Db): Promise<void> {
  await db.execute(sql`delete from settings where key = ${NP_JOBS_KEY}`);
}
