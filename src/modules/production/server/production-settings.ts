// The production settings (production.md §2, §4, §6): one `settings` row per key, defaults when unset.
// backflush (default on), automatic output on the last operation (default on), badge required on /mes
// (default off), the working hours per day used for lead times (default 8) and whether the terminal refuses to start
// an MO whose materials are short (default off: it asks for confirmation), and the holidays — dates that are not
// working days for capacity and available hours (§11, §14; weekends never are), and the planned utilisation — the
// share of the workers' hours capacity planning counts on (§11; an exact decimal 0.10–1.00 kept as a string).
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
  plannedUtilisation: 'production.plannedUtilisation',
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
  /** '0.85': the share of the workers' hours capacity planning counts on, 2 decimals, 0.10–1.00. */
  plannedUtilisation: string;
}

export const productionSettingDefaults: ProductionSettings = {
  backflush: true,
  autoOutputOnLastOperation: true,
  requireBadge: false,
  hoursPerDay: 8,
  refuseStartWhenShort: false,
  holidays: [],
  plannedUtilisation: '0.85',
};

/**
 * A stored utilisation as '0.85', or null when it is not a decimal 0.10–1.00. The drivers may hand a jsonb string of
 * digits back as a JSON number (0.9): a jsonb number is an exact numeric and its shortest text is exact at 2 decimals.
 */
export function normaliseUtilisation(value: unknown): string | null {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !/^(0(\.\d{1,2})?|1(\.0{1,2})?)$/.test(text)) return null;
  const [whole, fraction = ''] = text.split('.');
  const normal = `${whole}.${fraction.padEnd(2, '0')}`;
  return normal >= '0.10' && normal <= '1.00' ? normal : null;
}

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
  const utilisation = normaliseUtilisation(byKey.get(productionSettingKeys.plannedUtilisation));
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
    plannedUtilisation: utilisation ?? productionSettingDefaults.plannedUtilisation,
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
      const stored =
        name === 'holidays'
          ? normaliseHolidays(value as string[])
          : name === 'plannedUtilisation'
            ? (normaliseUtilisation(value) ?? productionSettingDefaults.plannedUtilisation)
            : value;
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
