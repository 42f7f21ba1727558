// The inbound webhooks' settings (reports-admin.md §15): one `settings` row, 'integrations.webhooks', holding per
// system whether it is enabled and its shared secret sealed with the app key (src/server/kernel/secrets.ts). The
// secret is typed by a person (the same one is set in BAS or Bitrix24) and never answered.
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { settings } from '@/server/kernel/platform.table.ts';
import { openSecret, sealSecret } from '@/server/kernel/secrets.ts';
import { isoStamp, rowsOf } from '@/server/kernel/rows.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import type { WebhookSystemSettings } from '../integrations.contract.ts';
import { webhookSystemLabels, webhookSystems, type WebhookSystem } from '../integrations.messages.ts';
import { integrationsEndpoints } from '../integrations.endpoints.ts';
import { integrationWebhookEvents } from './webhooks.table.ts';
import type { z } from '@/shared/zod-uk.ts';
import type { webhookSettingsBodySchema } from '../integrations.contract.ts';

export const WEBHOOK_SETTINGS_KEY = 'integrations.webhooks';

interface StoredSystem {
  enabled: boolean;
  secretSealed: string | null;
}
type Stored = Record<WebhookSystem, StoredSystem>;

const defaults = (): Stored => ({
  bas: { enabled: false, secretSealed: null },
  bitrix24: { enabled: false, secretSealed: null },
});

async function readStored(db: DbOrTx, lock = false): Promise<Stored> {
  const query = db.select({ value: settings.value }).from(settings).where(eq(settings.key, WEBHOOK_SETTINGS_KEY));
  const [row] = lock ? await query.for('update') : await query;
  const value = (row?.value ?? {}) as Partial<Stored>;
  const result = defaults();
  for (const system of webhookSystems) result[system] = { ...result[system], ...(value[system] ?? {}) };
  return result;
}

/** The secret of an enabled system, opened; null when the system is off or has none (the webhook then says 401). */
export async function webhookSecret(db: DbOrTx, appSecret: string, system: WebhookSystem): Promise<string | null> {
  const stored = (await readStored(db))[system];
  if (!stored.enabled || !stored.secretSealed) return null;
  return openSecret(appSecret, stored.secretSealed);
}

export async function presentWebhookSettings(db: DbOrTx): Promise<WebhookSystemSettings[]> {
  const stored = await readStored(db);
  const counts = new Map(
    rowsOf<{ system: string; n: number; last: unknown }>(
      await db.execute(sql`select system, count(*)::int as n, max(received_at) as last
        from ${integrationWebhookEvents} group by system`),
    ).map((r) => [r.system, r]),
  );
  return webhookSystems.map((system) => {
    const c = counts.get(system);
    return {
      system,
      label: webhookSystemLabels[system],
      enabled: stored[system].enabled,
      hasSecret: stored[system].secretSealed != null,
      path: integrationsEndpoints.webhook.path.replace(':system', system),
      lastEventAt: isoStamp(c?.last),
      events: c?.n ?? 0,
    };
  });
}

export async function saveWebhookSettings(
  db: DbOrTx,
  ctx: AuditContext,
  appSecret: string,
  system: WebhookSystem,
  body: z.output<typeof webhookSettingsBodySchema>,
): Promise<WebhookSystemSettings> {
  await db.transaction(async (tx) => {
    const stored = await readStored(tx, true);
    const before = stored[system];
    const next: StoredSystem = {
      enabled: body.enabled ?? before.enabled,
      secretSealed:
        body.secret === undefined
          ? before.secretSealed
          : body.secret === null
            ? null
            : sealSecret(appSecret, body.secret),
    };
    stored[system] = next;
    await tx
      .insert(settings)
      .values({ key: WEBHOOK_SETTINGS_KEY, value: stored })
      .onConflictDoUpdate({ target: settings.key, set: { value: stored } });
    // The audit keeps whether a secret is set and whether it changed, never the secret (sealed or not).
    await audit(tx, ctx, {
      action: 'update',
      entityType: 'integration_webhooks',
      entityId: system,
      before: { enabled: before.enabled, hasSecret: before.secretSealed != null },
      after: {
        enabled: next.enabled,
        hasSecret: next.secretSealed != null,
        secretChanged: body.secret !== undefined,
      },
    });
  });
  return (await presentWebhookSettings(db)).find((s) => s.system === system)!;
}
