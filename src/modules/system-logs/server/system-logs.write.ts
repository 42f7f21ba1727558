// The changes the logs allow (reports-admin.md §16): 'Очистити старші за N днів' (system events only, N ≥ 30,
// audited), the retention settings (events 90 days, audit 3 years and never under 1), and the retention run that
// the daily job calls. Audit records are never changed; only the retention run removes those past their term.
import { inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { settings } from '@/server/kernel/platform.table.ts';
import type { LogSettings, LogSettingsPatch } from '../system-logs.contract.ts';
import { MIN_AUDIT_RETENTION_YEARS, MIN_CLEANUP_DAYS, systemLogsMessages } from '../system-logs.messages.ts';
import { audit, type AuditContext } from './audit.ts';
import { auditLog } from './audit.table.ts';
import { systemEvents } from './system-events.table.ts';

export const logSettingKeys = {
  eventRetentionDays: 'systemLogs.eventRetentionDays',
  auditRetentionYears: 'systemLogs.auditRetentionYears',
} as const;

export const DEFAULT_LOG_SETTINGS: LogSettings = { eventRetentionDays: 90, auditRetentionYears: 3 };

export async function getLogSettings(db: DbOrTx): Promise<LogSettings> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, Object.values(logSettingKeys)));
  const byKey = new Map(rows.map((r) => [r.key, r.value]));
  const whole = (key: string, fallback: number, min: number) => {
    const v = byKey.get(key);
    return typeof v === 'number' && Number.isInteger(v) ? Math.max(v, min) : fallback;
  };
  return {
    eventRetentionDays: whole(
      logSettingKeys.eventRetentionDays,
      DEFAULT_LOG_SETTINGS.eventRetentionDays,
      MIN_CLEANUP_DAYS,
    ),
    auditRetentionYears: whole(
      logSettingKeys.auditRetentionYears,
      DEFAULT_LOG_SETTINGS.auditRetentionYears,
      MIN_AUDIT_RETENTION_YEARS,
    ),
  };
}

export async function updateLogSettings(db: DbOrTx, ctx: AuditContext, patch: LogSettingsPatch): Promise<LogSettings> {
  return db.transaction(async (tx) => {
    const before = await getLogSettings(tx);
    for (const key of ['eventRetentionDays', 'auditRetentionYears'] as const) {
      const value = patch[key];
      if (value === undefined) continue;
      await tx
        .insert(settings)
        .values({ key: logSettingKeys[key], value, updatedBy: ctx.userId })
        .onConflictDoUpdate({
          target: settings.key,
          set: { value: sql`excluded.value`, updatedBy: ctx.userId, updatedAt: sql`now()` },
        });
    }
    const after = await getLogSettings(tx);
    if (JSON.stringify(before) !== JSON.stringify(after)) {
      await audit(tx, ctx, {
        action: 'setting_change',
        entityType: 'settings',
        entityId: 'system-logs',
        before,
        after,
      });
    }
    return after;
  });
}

/** Deletes system events older than `days` days (never audit records), audited with the count. */
export async function cleanupEvents(
  db: DbOrTx,
  ctx: AuditContext,
  days: number,
): Promise<{ deleted: number; message: string }> {
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(systemEvents)
      .where(lt(systemEvents.at, sql`now() - make_interval(days => ${days})`))
      .returning({ id: systemEvents.id });
    await audit(tx, ctx, {
      action: 'delete',
      entityType: 'system_events',
      after: { olderThanDays: days, deleted: gone.length },
    });
    return { deleted: gone.length, message: systemLogsMessages.deleted(gone.length) };
  });
}

/** The retention run: events past their days and audit records past their years, by the settings. */
export async function applyRetention(tx: DbOrTx): Promise<{ events: number; audit: number }> {
  const s = await getLogSettings(tx);
  const events = await tx
    .delete(systemEvents)
    .where(lt(systemEvents.at, sql`now() - make_interval(days => ${s.eventRetentionDays})`))
    .returning({ id: systemEvents.id });
  const years = Math.max(s.auditRetentionYears, MIN_AUDIT_RETENTION_YEARS);
  const audits = await tx
    .delete(auditLog)
    .where(lt(auditLog.at, sql`now() - make_interval(years => ${years})`))
    .returning({ id: auditLog.id });
  return { events: events.length, audit: audits.length };
}
