// The NBU card (reports-admin.md §15 'NBU rates'): enabled, the run times (16:30 Kyiv for the next day's official
// rate, 09:00 the catch-up for today), the currencies marked for auto rates, the run log (`integration_runs`), and
// three failed runs in a row raising one 'integration failed' notification for the people of /integrations, ended
// by the next successful run.
import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '@/server/kernel/db.ts';
import { failuresInARow, recentRuns } from '@/server/kernel/integration-runs.ts';
import { settings } from '@/server/kernel/platform.table.ts';
import { addDays, kyivToday } from '@/shared/kyiv-date.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { afterIntegrationRun } from '@/modules/email-notifications/server/index.ts';
import type { NbuSettings, RateFetchResult } from '../currency-rates.contract.ts';
import { currencyRatesMessages as m } from '../currency-rates.messages.ts';
import { autoRateCodes, fetchRates } from './currency-rates.service.ts';
import { fetchNbuDay } from './nbu-client.ts';

export const NBU_INTEGRATION = 'nbu';
export const NBU_SETTINGS_KEY = 'integrations.nbu';
/** Kyiv times of the daily runs: the next day's rate is published in the afternoon; the morning catches up. */
export const NBU_RUN_TIMES = ['16:30', '09:00'] as const;

export async function readNbuEnabled(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, NBU_SETTINGS_KEY));
  const value = (row?.value ?? {}) as { enabled?: boolean };
  // On by default: the official rate is what every foreign-currency document needs.
  return value.enabled ?? true;
}

export async function presentNbu(db: DbOrTx): Promise<NbuSettings> {
  const runs = await recentRuns(db, NBU_INTEGRATION, 10);
  const last = runs[0] ?? null;
  return {
    enabled: await readNbuEnabled(db),
    runTimes: [...NBU_RUN_TIMES],
    currencies: await autoRateCodes(db),
    lastRunAt: last?.finishedAt ?? null,
    lastError: last && !last.ok ? last.message : null,
    failuresInARow: await failuresInARow(db, NBU_INTEGRATION),
    runs: runs.map((r) => ({ id: r.id, trigger: r.trigger, ok: r.ok, message: r.message, finishedAt: r.finishedAt })),
  };
}

export async function saveNbu(db: Db, ctx: AuditContext, enabled: boolean): Promise<NbuSettings> {
  await db.transaction(async (tx) => {
    const before = { enabled: await readNbuEnabled(tx) };
    await tx
      .insert(settings)
      .values({ key: NBU_SETTINGS_KEY, value: { enabled }, updatedBy: ctx.userId })
      .onConflictDoUpdate({ target: settings.key, set: { value: { enabled }, updatedBy: ctx.userId } });
    await audit(tx, ctx, { action: 'setting_change', entityType: 'settings', entityId: 0, before, after: { enabled } });
  });
  return presentNbu(db);
}

/** 'Перевірити з'єднання': asks NBU for today's rates and stores nothing. */
export async function testNbu(apiUrl: string): Promise<{ ok: boolean; message: string }> {
  const answer = await fetchNbuDay(apiUrl, kyivToday());
  return answer.ok ? { ok: true, message: m.testOk(answer.rates.length) } : { ok: false, message: answer.error };
}

/**
 * One run of the integration: fetches `from`–`to`, writes the run to the log; the third failure in a row raises
 * 'integration failed' once, a success ends it (notifications' afterIntegrationRun).
 */
export async function runNbu(
  db: Db,
  apiUrl: string,
  trigger: 'schedule' | 'manual',
  period: { from: string; to: string },
  ctx: AuditContext | null,
): Promise<RateFetchResult> {
  const startedAt = new Date();
  const result = await fetchRates(db, apiUrl, { ...period, overwriteManual: false }, ctx);
  await afterIntegrationRun(db, {
    integration: NBU_INTEGRATION,
    label: m.integrationLabel,
    trigger,
    ok: result.ok,
    message: result.message,
    details: { ...period, stored: result.stored, failedDays: result.failedDays },
    startedAt,
  });
  return result;
}

/** 'HH:MM' on a Kyiv clock. */
export const kyivTime = (now: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Kyiv',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(now);

/** 'Запустити зараз' and the schedule: today's rate and, from the afternoon, tomorrow's. */
export function nbuRunPeriod(now = new Date()): { from: string; to: string } {
  const today = kyivToday(now);
  return { from: today, to: kyivTime(now) >= NBU_RUN_TIMES[0] ? addDays(today, 1) : today };
}
