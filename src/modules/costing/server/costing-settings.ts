// The costing page's gear settings (production.md §9): the default markup (20 % unless set; a category's own markup
// wins) and the working hours per day — the production setting itself (production-settings.ts), not a copy of it.
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { settings } from '@/server/kernel/platform.table.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { getProductionSettings, updateProductionSettings } from '@/modules/production/server/index.ts';
import { dec, fixed } from '@/shared/decimal.ts';
import { COSTING_DEFAULT_MARKUP, type CostingSettings, type CostingSettingsPatch } from '../costing.contract.ts';

export const DEFAULT_MARKUP_KEY = 'costing.defaultMarkupPercent';

export async function getCostingSettings(db: DbOrTx): Promise<CostingSettings> {
  const [[row], production] = await Promise.all([
    db.select({ value: settings.value }).from(settings).where(eq(settings.key, DEFAULT_MARKUP_KEY)),
    getProductionSettings(db),
  ]);
  // Saved as text; a driver may hand jsonb back as a number.
  const value = typeof row?.value === 'number' ? String(row.value) : row?.value;
  const markup = typeof value === 'string' && /^\d{1,5}(\.\d{1,2})?$/.test(value) ? value : COSTING_DEFAULT_MARKUP;
  return { defaultMarkupPercent: fixed(dec(markup), 2), hoursPerDay: production.hoursPerDay };
}

/** Saves the changed values in the caller's transaction; the markup is audited here, the hours by production's. */
export async function updateCostingSettings(
  tx: DbOrTx,
  ctx: AuditContext,
  patch: CostingSettingsPatch,
): Promise<CostingSettings> {
  const before = await getCostingSettings(tx);
  if (patch.defaultMarkupPercent !== undefined) {
    const value = fixed(dec(patch.defaultMarkupPercent), 2);
    if (value !== before.defaultMarkupPercent) {
      await tx
        .insert(settings)
        .values({ key: DEFAULT_MARKUP_KEY, value, updatedBy: ctx.userId })
        .onConflictDoUpdate({
          target: settings.key,
          set: { value: sql`excluded.value`, updatedBy: ctx.userId, updatedAt: sql`now()` },
        });
      await audit(tx, ctx, {
        action: 'setting_change',
        entityType: 'settings',
        entityId: 'costing',
        before: { defaultMarkupPercent: before.defaultMarkupPercent },
        after: { defaultMarkupPercent: value },
      });
    }
  }
  if (patch.hoursPerDay !== undefined && patch.hoursPerDay !== before.hoursPerDay) {
    await updateProductionSettings(tx, ctx, { hoursPerDay: patch.hoursPerDay });
  }
  return getCostingSettings(tx);
}
