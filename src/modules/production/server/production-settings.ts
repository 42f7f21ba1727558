// The production settings (production.md §2, §4, §6): one `settings` row per key, defaults when unset.
// backflush (default on), automatic output on the last operation (default on), badge required on /mes
// (default off), the working hours per day used for lead times (default 8) and whether the terminal refuses to start
// an MO whose materials are short (default off: it asks for confirmation), and the holidays — dates that are not
// working days for capacity and available hours (§11, §14; weekends never are).
import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { settings } from '@/server/kernel/platform.table.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';

export const productionSettingKeys = {
  backflush: 'manufacturing.backflush',
  autoOutputOnLastOperation: 'manufacturing.autoOutputOnLastOperation',
  requireBadge: 'mes.requireBadge',
  hoursPerDay: 'production.hoursPerDay',
  refuseStartWhenShort: 'mes.refuseStartWhenShort',
  holidays: 'production.holidays',
} as const;

export interface ProductionSettings {
  backflush: boolean;
  autoOutputOnLastOperation: boolean;
  requireBadge: boolean;
  hoursPerDay: number;
  /** Starting an MO on the terminal while materials are short: refused (true) or asked for confirmation (false). */
  refuseStartWhenShort: boolean;
  /** YYYY-MM-DD, ascending, each once. */
  holidays: string[];
}

export const productionSettingDefaults: ProductionSettings = {
  backflush: true,
  autoOutputOnLastOperation: true,
  requireBadge: false,
  hoursPerDay: 8,
  refuseStartWhenShort: false,
  holidays: [],
};

/** Dates ascending, each once (how the setting is stored and answered). */
export const normaliseHolidays = (dates: readonly string[]) => [...new Set(dates)].sort();

export async function getProductionSettings(db: DbOrTx): Promise<ProductionSettings> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, Object.values(productionSettingKeys)));
  const byKey = new Map(rows.map((r) => [r.key, r.value]));
  const bool = (key: string, fallback: boolean) => {
    const v = byKey.get(key);
    return typeof v === 'boolean' ? v : fallback;
  };
  const hours = byKey.get(productionSettingKeys.hoursPerDay);
  const holidays = byKey.get(productionSettingKeys.holidays);
  return {
    backflush: bool(productionSettingKeys.backflush, productionSettingDefaults.backflush),
    autoOutputOnLastOperation: bool(
      productionSettingKeys.autoOutputOnLastOperation,
      productionSettingDefaults.autoOutputOnLastOperation,
    ),
    requireBadge: bool(productionSettingKeys.requireBadge, productionSettingDefaults.requireBadge),
    hoursPerDay: typeof hours === 'number' && hours > 0 && hours <= 24 ? hours : productionSettingDefaults.hoursPerDay,
    refuseStartWhenShort: bool(
      productionSettingKeys.refuseStartWhenShort,
      productionSettingDefaults.refuseStartWhenShort,
    ),
    holidays: Array.isArray(holidays)
      ? normaliseHolidays(holidays.filter((d): d is string => typeof d === 'string'))
      : productionSettingDefaults.holidays,
  };
}

export type ProductionSettingsPatch = Partial<ProductionSettings>;

/** Saves the given settings (one `settings` row per key) and audits the values before and after. */
export async function updateProductionSettings(
  db: DbOrTx,
  ctx: AuditContext,
  patch: ProductionSettingsPatch,
): Promise<ProductionSettings> {
  return db.transaction(async (tx) => {
    const before = await getProductionSettings(tx);
    for (const [name, value] of Object.entries(patch) as Array<[keyof ProductionSettings, unknown]>) {
      if (value === undefined) continue;
      const stored = name === 'holidays' ? normaliseHolidays(value as string[]) : value;
      await tx
        .insert(settings)
        .values({ key: productionSettingKeys[name], value: stored, updatedBy: ctx.userId })
        .onConflictDoUpdate({
          target: settings.key,
          set: { value: sql`excluded.value`, updatedBy: ctx.userId, updatedAt: sql`now()` },
        });
    }
    const after = await getProductionSettings(tx);
    await audit(tx, ctx, { action: 'setting_change', entityType: 'settings', entityId: 'production', before, after });
    return after;
  });
}
