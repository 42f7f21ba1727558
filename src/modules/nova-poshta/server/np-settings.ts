// Our Nova Poshta settings (reports-admin.md §15): one row of `settings` under 'integrations.novaPoshta' — the API key
// sealed with the app key (src/server/kernel/secrets.ts, as the clients' own keys are), the sender profile and the defaults.
// The key is used on the server only and never answered (`hasApiKey`). The jobs keep their last runs in a second row.
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { recentRuns } from '@/server/kernel/integration-runs.ts';
import { settings } from '@/server/kernel/platform.table.ts';
import { openSecret, sealSecret } from '@/server/kernel/secrets.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import type {
  NpSettings,
  npSettingsBodySchema,
  PayerType,
  PaymentMethod,
  ServiceType,
} from '../nova-poshta.contract.ts';
import type { z } from '@/shared/zod-uk.ts';
import { npSettlements, npWarehouses } from './np-directory.table.ts';

/** The Nova Poshta jobs' name in the integrations' run log. */
export const NP_INTEGRATION = 'nova-poshta';

export const NP_SETTINGS_KEY = 'integrations.novaPoshta';
export const NP_JOBS_KEY = 'integrations.novaPoshta.jobs';

export interface StoredNpSettings {
  apiKeySealed: string | null;
  senderCounterpartyRef: string | null;
  senderCounterpartyName: string | null;
  senderContactRef: string | null;
  senderContactName: string | null;
  senderCityRef: string | null;
  senderCityName: string | null;
  senderWarehouseRef: string | null;
  senderWarehouseName: string | null;
  senderPhone: string | null;
  defaultServiceType: ServiceType;
  defaultPayerType: PayerType;
  defaultPaymentMethod: PaymentMethod;
  defaultCargoDescription: string;
  trackingIntervalHours: number;
  directoryRefreshTime: string;
}

export interface NpJobsState {
  lastTrackingAt: string | null;
  lastDirectoryRefreshAt: string | null;
  /** Kyiv date of the last directory refresh. */
  lastDirectoryRefreshOn: string | null;
}

export const npSettingsDefaults: StoredNpSettings = {
  apiKeySealed: null,
  senderCounterpartyRef: null,
  senderCounterpartyName: null,
  senderContactRef: null,
  senderContactName: null,
  senderCityRef: null,
  senderCityName: null,
  senderWarehouseRef: null,
  senderWarehouseName: null,
  senderPhone: null,
  defaultServiceType: 'WarehouseWarehouse',
  defaultPayerType: 'Recipient',
  defaultPaymentMethod: 'Cash',
  defaultCargoDescription: 'Електронні прилади',
  trackingIntervalHours: 2,
  directoryRefreshTime: '03:00',
};

async function readRow<T>(db: DbOrTx, key: string, lock = false): Promise<Partial<T> | null> {
  const query = db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  const [row] = lock ? await query.for('update') : await query;
  return row && typeof row.value === 'object' && row.value !== null ? (row.value as Partial<T>) : null;
}

export async function readNpSettings(db: DbOrTx, lock = false): Promise<StoredNpSettings> {
  return { ...npSettingsDefaults, ...((await readRow<StoredNpSettings>(db, NP_SETTINGS_KEY, lock)) ?? {}) };
}

export async function readNpJobs(db: DbOrTx, lock = false): Promise<NpJobsState> {
  return {
    lastTrackingAt: null,
    lastDirectoryRefreshAt: null,
    lastDirectoryRefreshOn: null,
    ...((await readRow<NpJobsState>(db, NP_JOBS_KEY, lock)) ?? {}),
  };
}

export async function writeNpJobs(db: DbOrTx, change: Partial<NpJobsState>): Promise<void> {
  const value = { ...(await readNpJobs(db)), ...change };
  await db
    .insert(settings)
    .values({ key: NP_JOBS_KEY, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
}

/** Our sender profile is complete: a waybill can be made under our own contract. */
export function senderReady(s: StoredNpSettings): boolean {
  return Boolean(
    s.apiKeySealed &&
    s.senderCounterpartyRef &&
    s.senderContactRef &&
    s.senderCityRef &&
    s.senderWarehouseRef &&
    s.senderPhone,
  );
}

export async function presentNpSettings(db: DbOrTx, stored?: StoredNpSettings): Promise<NpSettings> {
  const s = stored ?? (await readNpSettings(db));
  const jobs = await readNpJobs(db);
  const [counts] = (
    (await db.execute(sql`select
        (select count(*)::int from ${npSettlements} where ${npSettlements.isActive}) as settlements,
        (select count(*)::int from ${npWarehouses} where ${npWarehouses.isActive}) as warehouses`)) as unknown as {
      rows: Array<{ settlements: number; warehouses: number }>;
    }
  ).rows;
  const { apiKeySealed, ...rest } = s;
  return {
    ...rest,
    hasApiKey: Boolean(apiKeySealed),
    senderReady: senderReady(s),
    lastDirectoryRefreshAt: jobs.lastDirectoryRefreshAt,
    lastTrackingAt: jobs.lastTrackingAt,
    runs: (await recentRuns(db, NP_INTEGRATION, 10)).map(({ startedAt: _s, ...run }) => run),
    settlementCount: Number(counts?.settlements ?? 0),
    warehouseCount: Number(counts?.warehouses ?? 0),
  };
}

/** Saves the settings (a setting_change in the audit log; the key never appears there). */
export async function saveNpSettings(
  db: DbOrTx,
  ctx: AuditContext,
  appSecret: string,
  body: z.output<typeof npSettingsBodySchema>,
): Promise<NpSettings> {
  return db.transaction(async (tx) => {
    const before = await readNpSettings(tx, true);
    const { apiKey, ...rest } = body;
    const next: StoredNpSettings = { ...before };
    for (const [k, v] of Object.entries(rest)) {
      if (v !== undefined) (next as unknown as Record<string, unknown>)[k] = v;
    }
    if (apiKey === null) next.apiKeySealed = null;
    else if (apiKey !== undefined) next.apiKeySealed = sealSecret(appSecret, apiKey);
    await tx
      .insert(settings)
      .values({ key: NP_SETTINGS_KEY, value: next, updatedBy: ctx.userId })
      .onConflictDoUpdate({
        target: settings.key,
        set: { value: next, updatedBy: ctx.userId, updatedAt: sql`now()` },
      });
    const hide = ({ apiKeySealed, ...visible }: StoredNpSettings) => ({ ...visible, hasApiKey: Boolean(apiKeySealed) });
    await audit(tx, ctx, {
      action: 'setting_change',
      entityType: 'settings',
      entityId: NP_SETTINGS_KEY,
      before: hide(before),
      after: { ...hide(next), apiKeyChanged: apiKey !== undefined },
    });
    return presentNpSettings(tx, next);
  });
}

/** The plain key of our own contract, or null when none is stored (or it was sealed under another app key). */
export function openNpKey(appSecret: string, s: StoredNpSettings): string | null {
  return s.apiKeySealed ? openSecret(appSecret, s.apiKeySealed) : null;
}
