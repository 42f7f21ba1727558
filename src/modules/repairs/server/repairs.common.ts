// What the repair services share: the entity names of the audit log, the setting of overdue days, the service items
// the invoice bills, and the small SQL helpers of the reads.
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { settings } from '@/server/kernel/platform.table.ts';
import { rowsOf } from '@/server/kernel/rows.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';

export const ENTITY = 'repairs';
export const POSTING_ENTITY = 'repair_parts_postings';
export const QTY = 4;
export const MONEY = 2;

/** The setting of the 'Прострочені' card (production.md §7). */
export const REPAIR_OVERDUE_DAYS_KEY = 'repairOverdueDays';
export const REPAIR_OVERDUE_DAYS_DEFAULT = 14;

/** The service items the invoice bills (found by SKU, made on first need). */
export const REPAIR_SERVICE_SKU = 'REPAIR';
export const PARTS_SERVICE_SKU = 'REPAIR-PARTS';

/** Saves repairOverdueDays (audited as a setting change). */
export async function saveOverdueDays(
  db: DbOrTx,
  ctx: AuditContext,
  days: number,
): Promise<{ repairOverdueDays: number }> {
  const before = await overdueDays(db);
  await db
    .insert(settings)
    .values({ key: REPAIR_OVERDUE_DAYS_KEY, value: days })
    .onConflictDoUpdate({ target: settings.key, set: { value: days } });
  await audit(db, ctx, {
    action: 'setting_change',
    entityType: 'settings',
    entityId: REPAIR_OVERDUE_DAYS_KEY,
    before: { repairOverdueDays: before },
    after: { repairOverdueDays: days },
  });
  return { repairOverdueDays: days };
}

export async function overdueDays(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, REPAIR_OVERDUE_DAYS_KEY));
  const v = row?.value;
  return typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : REPAIR_OVERDUE_DAYS_DEFAULT;
}

/** The retail price of the service 'Ремонт' per hour ('0' while it does not exist). */
export async function repairHourPrice(db: DbOrTx): Promise<string> {
  const [row] = rowsOf<{ price: string | null }>(
    await db.execute(sql`select retail_price::text as price from items where sku = ${REPAIR_SERVICE_SKU} limit 1`),
  );
  return row?.price ?? '0';
}

export const workerNameSql = (alias: string) =>
  sql.raw(`case when ${alias}.id is null then null
    else trim(${alias}.last_name || ' ' || ${alias}.first_name || coalesce(' ' || ${alias}.middle_name, '')) end`);
export const userNameSql = (alias: string) =>
  sql.raw(`nullif(btrim(coalesce(${alias}.first_name, '') || ' ' || coalesce(${alias}.last_name, '')), '')`);
export const ts = (column: string) => sql.raw(`(to_json(${column}) #>> '{}')`);
export const isoOf = (v: string | Date | null | undefined) => (v ? new Date(v).toISOString() : null);
