// The stock settings of the gear dialog on /inventory (domain README §10, warehouse.md §0 and README §3): negative
// stock allowed or not, and the global low-stock threshold used where an item has no minStock. One row per key in
// `settings`; every change is audited with the values before and after.
import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { settings } from '@/server/kernel/platform.table.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import type { StockSettings, StockSettingsPatch } from '../adjustments.contract.ts';
import { LOW_STOCK_DEFAULT } from '../stock.contract.ts';
import { ALLOW_NEGATIVE_STOCK, LOW_STOCK_THRESHOLD } from './stock-settings-keys.ts';

export { LOW_STOCK_THRESHOLD };

/** The global threshold as SQL (a numeric), for queries that compare stock with it. */
export const lowStockThresholdSql = sql`coalesce((select (s.value #>> '{}')::numeric from settings s where s.key = ${LOW_STOCK_THRESHOLD}), ${LOW_STOCK_DEFAULT})`;

export async function getStockSettings(db: DbOrTx): Promise<StockSettings> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, [ALLOW_NEGATIVE_STOCK, LOW_STOCK_THRESHOLD]));
  const byKey = new Map(rows.map((r) => [r.key, r.value]));
  const threshold = byKey.get(LOW_STOCK_THRESHOLD);
  return {
    allowNegativeStock: byKey.get(ALLOW_NEGATIVE_STOCK) === true,
    lowStockThreshold:
      typeof threshold === 'number' && Number.isInteger(threshold) && threshold >= 0 ? threshold : LOW_STOCK_DEFAULT,
  };
}

export async function updateStockSettings(
  db: DbOrTx,
  ctx: AuditContext,
  patch: StockSettingsPatch,
): Promise<StockSettings> {
  return db.transaction(async (tx) => {
    const before = await getStockSettings(tx);
    const changes: Array<[string, unknown]> = [];
    if (patch.allowNegativeStock !== undefined) changes.push([ALLOW_NEGATIVE_STOCK, patch.allowNegativeStock]);
    if (patch.lowStockThreshold !== undefined) changes.push([LOW_STOCK_THRESHOLD, patch.lowStockThreshold]);
    for (const [key, value] of changes) {
      await tx
        .insert(settings)
        .values({ key, value, updatedBy: ctx.userId })
        .onConflictDoUpdate({
          target: settings.key,
          set: { value: sql`excluded.value`, updatedBy: ctx.userId, updatedAt: sql`now()` },
        });
    }
    const after = await getStockSettings(tx);
    if (JSON.stringify(before) !== JSON.stringify(after)) {
      await audit(tx, ctx, { action: 'setting_change', entityType: 'settings', entityId: 'stock', before, after });
    }
    return after;
  });
}
