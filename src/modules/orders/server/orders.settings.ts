// The order settings (sales.md §1): the production prepayment share, the invoice validity and the status names.
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { settings } from '@/server/kernel/platform.table.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import {
  orderStatuses,
  orderStatusLabels,
  type OrderSettings,
  type OrderSettingsPatch,
  type OrderStatus,
} from '../orders.contract.ts';
import { numberSetting, orderSettingDefaults, orderSettingKeys } from './order-effects.ts';

// ---- settings --------------------------------------------------------------------------------------------------

export async function getOrderSettings(db: DbOrTx): Promise<OrderSettings> {
  const [labels] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, orderSettingKeys.statusLabels));
  const stored = (labels?.value ?? {}) as Record<string, unknown>;
  return {
    productionPrepaymentPercent: await numberSetting(
      db,
      orderSettingKeys.productionPrepaymentPercent,
      orderSettingDefaults.productionPrepaymentPercent,
    ),
    invoiceValidityDays: await numberSetting(
      db,
      orderSettingKeys.invoiceValidityDays,
      orderSettingDefaults.invoiceValidityDays,
    ),
    statusLabels: Object.fromEntries(
      orderStatuses.map((s) => [
        s,
        typeof stored[s] === 'string' && stored[s] ? (stored[s] as string) : orderStatusLabels[s],
      ]),
    ) as OrderSettings['statusLabels'],
  };
}

export async function updateOrderSettings(
  db: DbOrTx,
  ctx: AuditContext,
  patch: OrderSettingsPatch,
): Promise<OrderSettings> {
  return db.transaction(async (tx) => {
    const before = await getOrderSettings(tx);
    const changes: Array<[string, unknown]> = [];
    if (patch.productionPrepaymentPercent !== undefined) {
      changes.push([orderSettingKeys.productionPrepaymentPercent, patch.productionPrepaymentPercent]);
    }
    if (patch.invoiceValidityDays !== undefined) {
      changes.push([orderSettingKeys.invoiceValidityDays, patch.invoiceValidityDays]);
    }
    if (patch.statusLabels !== undefined) {
      // Only renamed statuses are stored; a default name is not kept as an override.
      const merged = { ...before.statusLabels, ...patch.statusLabels };
      const overrides = Object.fromEntries(
        Object.entries(merged).filter(([s, v]) => v !== orderStatusLabels[s as OrderStatus]),
      );
      changes.push([orderSettingKeys.statusLabels, overrides]);
    }
    for (const [key, value] of changes) {
      await tx
        .insert(settings)
        .values({ key, value, updatedBy: ctx.userId })
        .onConflictDoUpdate({
          target: settings.key,
          set: { value: sql`excluded.value`, updatedBy: ctx.userId, updatedAt: sql`now()` },
        });
    }
    const after = await getOrderSettings(tx);
    if (JSON.stringify(before) !== JSON.stringify(after)) {
      await audit(tx, ctx, { action: 'setting_change', entityType: 'settings', entityId: 'orders', before, after });
    }
    return after;
  });
}
