// The settings of the shortage page's gear dialog (warehouse.md §4 API, domain README §10): the lead time used when
// neither the preferred supplier nor the item gives one (default 7 days), and whether planned MOs count as needs
// (default on). One `settings` row per key; every change is audited with the values before and after.
import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { settings } from '@/server/kernel/platform.table.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { SHORTAGE_LEAD_TIME_DEFAULT, type ShortageSettings, type ShortageSettingsPatch } from '../shortage.contract.ts';

export const shortageSettingKeys = {
  defaultLeadTimeDays: 'shortage.defaultLeadTimeDays',
  includePlannedMOs: 'shortage.includePlannedMOs',
} as const;

export const shortageSettingDefaults: ShortageSettings = {
  defaultLeadTimeDays: SHORTAGE_LEAD_TIME_DEFAULT,
  includePlannedMOs: true,
};

export async function getShortageSettings(db: DbOrTx): Promise<ShortageSettings> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, Object.values(shortageSettingKeys)));
  const byKey = new Map(rows.map((r) => [r.key, r.value]));
  const days = byKey.get(shortageSettingKeys.defaultLeadTimeDays);
  const planned = byKey.get(shortageSettingKeys.includePlannedMOs);
  return {
    defaultLeadTimeDays:
      typeof days === 'number' && Number.isInteger(days) && days >= 0 && days <= 365
        ? days
        : shortageSettingDefaults.defaultLeadTimeDays,
    includePlannedMOs: typeof planned === 'boolean' ? planned : shortageSettingDefaults.includePlannedMOs,
  };
}

/** Saves the changed values in the caller's transaction and audits them as one `setting_change`. */
export async function updateShortageSettings(
  tx: DbOrTx,
  ctx: AuditContext,
  patch: ShortageSettingsPatch,
): Promise<ShortageSettings> {
  const before = await getShortageSettings(tx);
  const changes: Array<[string, unknown]> = [];
  if (patch.defaultLeadTimeDays !== undefined) {
    changes.push([shortageSettingKeys.defaultLeadTimeDays, patch.defaultLeadTimeDays]);
  }
  if (patch.includePlannedMOs !== undefined)
    changes.push([shortageSettingKeys.includePlannedMOs, patch.includePlannedMOs]);
  for (const [key, value] of changes) {
    await tx
      .insert(settings)
      .values({ key, value, updatedBy: ctx.userId })
      .onConflictDoUpdate({
        target: settings.key,
        set: { value: sql`excluded.value`, updatedBy: ctx.userId, updatedAt: sql`now()` },
      });
  }
  const after = await getShortageSettings(tx);
  if (JSON.stringify(before) !== JSON.stringify(after)) {
    await audit(tx, ctx, { action: 'setting_change', entityType: 'settings', entityId: 'shortage', before, after });
  }
  return after;
}
