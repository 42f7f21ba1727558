// The bank matching settings of the gear dialog on /payments (domain README §10): the auto-post rule switch
// (`autoPostExactMatches`, default on) and the saved column profiles of CSV/XLSX statements. One `settings` row per
// key; every change is audited with the values before and after.
import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { settings } from '@/server/kernel/platform.table.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import {
  statementProfileSchema,
  type PaymentSettings,
  type PaymentSettingsPatch,
  type StatementProfile,
} from '../payments.contract.ts';

export const paymentSettingKeys = {
  autoPostExactMatches: 'payments.autoPostExactMatches',
  statementProfiles: 'payments.statementProfiles',
} as const;

export async function getPaymentSettings(db: DbOrTx): Promise<PaymentSettings> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, Object.values(paymentSettingKeys)));
  const byKey = new Map(rows.map((r) => [r.key, r.value]));
  const autoPost = byKey.get(paymentSettingKeys.autoPostExactMatches);
  const profiles = byKey.get(paymentSettingKeys.statementProfiles);
  const parsed: StatementProfile[] = Array.isArray(profiles)
    ? profiles.flatMap((p) => {
        const one = statementProfileSchema.safeParse(p);
        return one.success ? [one.data] : [];
      })
    : [];
  return { autoPostExactMatches: typeof autoPost === 'boolean' ? autoPost : true, statementProfiles: parsed };
}

export async function updatePaymentSettings(
  db: DbOrTx,
  ctx: AuditContext,
  patch: PaymentSettingsPatch,
): Promise<PaymentSettings> {
  return db.transaction(async (tx) => {
    const before = await getPaymentSettings(tx);
    const changes: Array<[string, unknown]> = [];
    if (patch.autoPostExactMatches !== undefined) {
      changes.push([paymentSettingKeys.autoPostExactMatches, patch.autoPostExactMatches]);
    }
    if (patch.statementProfiles !== undefined) {
      changes.push([paymentSettingKeys.statementProfiles, patch.statementProfiles]);
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
    const after = await getPaymentSettings(tx);
    if (JSON.stringify(before) !== JSON.stringify(after)) {
      await audit(tx, ctx, { action: 'setting_change', entityType: 'settings', entityId: 'payments', before, after });
    }
    return after;
  });
}
