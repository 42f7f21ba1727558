// The BAS / 1C HTTP-service pull (reports-admin.md §15 'BAS / 1C' 2.): settings in one `settings` row (the password
// sealed with the app key, never answered); each run asks `GET {baseUrl}/documents?from=&to=` (Basic auth, TLS with
// certificate checks; http only to a local server) for the date window ending today, and turns outgoing invoices into
// draft orders (the webhook's own service: the same idempotency and mappings) and incoming ones into draft supplier
// receipts. A document that waits (an unmapped code, an unknown counterparty) is counted, not an error: the run is a
// failure only when the service cannot be read. Every run goes to the card's run log (afterIntegrationRun).
import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '@/server/kernel/db.ts';
import { recentRuns } from '@/server/kernel/integration-runs.ts';
import { settings } from '@/server/kernel/platform.table.ts';
import { openSecret, sealSecret } from '@/server/kernel/secrets.ts';
import { DomainError } from '@/shared/api-error.ts';
import { addDays, kyivToday } from '@/shared/kyiv-date.ts';
import { z } from '@/shared/zod-uk.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { afterIntegrationRun } from '@/modules/email-notifications/server/index.ts';
import { rateOn } from '@/modules/currency-rates/server/index.ts';
import {
  basDocumentSchema,
  basPullMessages as m,
  type BasDocument,
  type BasPullSettings,
  type basPullBodySchema,
} from '../bas-pull.contract.ts';
import { receiveSupplierInvoice } from './bas-receipts.ts';
import { receiveWebhook } from './webhooks.service.ts';

export const BAS_PULL_KEY = 'integrations.basPull';
export const BAS_PULL_INTEGRATION = 'bas-pull';
const EVERY_MINUTES = 30;
const TIMEOUT_MS = 20_000;

interface Stored {
  enabled: boolean;
  baseUrl: string | null;
  username: string | null;
  passwordSealed: string | null;
  windowDays: number;
}
const defaults: Stored = { enabled: false, baseUrl: null, username: null, passwordSealed: null, windowDays: 7 };

async function readStored(db: DbOrTx, lock = false): Promise<Stored> {
  const query = db.select({ value: settings.value }).from(settings).where(eq(settings.key, BAS_PULL_KEY));
  const [row] = lock ? await query.for('update') : await query;
  return { ...defaults, ...((row?.value ?? {}) as Partial<Stored>) };
}

export async function presentBasPull(db: DbOrTx): Promise<BasPullSettings> {
  const s = await readStored(db);
  const runs = await recentRuns(db, BAS_PULL_INTEGRATION, 10);
  return {
    enabled: s.enabled,
    baseUrl: s.baseUrl,
    username: s.username,
    hasPassword: s.passwordSealed !== null,
    windowDays: s.windowDays,
    everyMinutes: EVERY_MINUTES,
    lastRunAt: runs[0]?.finishedAt ?? null,
    lastError: runs[0] && !runs[0].ok ? runs[0].message : null,
    runs: runs.map(({ startedAt: _s, ...run }) => run),
  };
}

export async function saveBasPull(
  db: Db,
  ctx: AuditContext,
  appSecret: string,
  body: z.output<typeof basPullBodySchema>,
): Promise<BasPullSettings> {
  await db.transaction(async (tx) => {
    const before = await readStored(tx, true);
    const next: Stored = {
      enabled: body.enabled ?? before.enabled,
      baseUrl: body.baseUrl === undefined ? before.baseUrl : body.baseUrl,
      username: body.username === undefined ? before.username : body.username,
      passwordSealed:
        body.password === undefined
          ? before.passwordSealed
          : body.password === null || body.password === ''
            ? null
            : sealSecret(appSecret, body.password),
      windowDays: body.windowDays ?? before.windowDays,
    };
    if (next.enabled && (!next.baseUrl || !next.username || !next.passwordSealed)) {
      throw new DomainError(400, m.incomplete, { enabled: m.incomplete });
    }
    await tx
      .insert(settings)
      .values({ key: BAS_PULL_KEY, value: next, updatedBy: ctx.userId })
      .onConflictDoUpdate({ target: settings.key, set: { value: next, updatedBy: ctx.userId } });
    // The audit keeps whether a password is set and whether it changed, never the password.
    const visible = ({ passwordSealed, ...rest }: Stored) => ({ ...rest, hasPassword: passwordSealed !== null });
    await audit(tx, ctx, {
      action: 'setting_change',
      entityType: 'settings',
      entityId: BAS_PULL_KEY,
      before: visible(before),
      after: { ...visible(next), passwordChanged: body.password !== undefined },
    });
  });
  return presentBasPull(db);
}

const answerSchema = z.object({ documents: z.array(z.unknown()) });

/** The documents of the window, each checked on its own (a malformed one is skipped with its reason). */
async function fetchDocuments(s: Stored, appSecret: string, from: string, to: string) {
  if (!s.baseUrl || !s.username || !s.passwordSealed) throw new DomainError(409, m.notConfigured);
  const url = new URL(`${s.baseUrl.replace(/\/+$/, '')}/documents`);
  url.searchParams.set('from', from);
  url.searchParams.set('to', to);
  const auth = Buffer.from(`${s.username}:${openSecret(appSecret, s.passwordSealed)}`).toString('base64');
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { authorization: `Basic ${auth}`, accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    const detail =
      error instanceof Error && error.name === 'TimeoutError' ? 'час очікування вичерпано' : 'немає з’єднання';
    throw new DomainError(502, m.unreachable(detail));
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    throw new DomainError(502, m.refused(response.status));
  }
  const parsed = answerSchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new DomainError(502, m.badAnswer);
  const documents: BasDocument[] = [];
  let malformed = 0;
  for (const raw of parsed.data.documents) {
    const doc = basDocumentSchema.safeParse(raw);
    if (doc.success) documents.push(doc.data);
    else malformed += 1;
  }
  return { documents, malformed };
}

/** 'Перевірити з'єднання': reads the window, changes nothing. */
export async function testBasPull(db: DbOrTx, appSecret: string): Promise<{ ok: boolean; message: string }> {
  const s = await readStored(db);
  const today = kyivToday();
  try {
    const { documents } = await fetchDocuments(s, appSecret, addDays(today, -s.windowDays), today);
    return { ok: true, message: m.testOk(documents.length) };
  } catch (error) {
    if (error instanceof DomainError && error.status === 502) return { ok: false, message: error.message };
    throw error;
  }
}

export interface BasPullDeps {
  db: Db;
  appSecret: string;
  nbuApiUrl: string;
}

/** One run: every document of the window into its draft; the run logged on the card. */
export async function runBasPull(
  deps: BasPullDeps,
  trigger: 'schedule' | 'manual',
): Promise<{ ok: boolean; message: string }> {
  const { db } = deps;
  const startedAt = new Date();
  const s = await readStored(db);
  const ctx: AuditContext = { userId: null, actor: 'bas-pull' };
  const today = kyivToday();
  let counts = { created: 0, updated: 0, waiting: 0 };
  const waiting: string[] = [];
  try {
    const { documents, malformed } = await fetchDocuments(s, deps.appSecret, addDays(today, -s.windowDays), today);
    counts.waiting += malformed;
    const fx = async (currency: string, date: string) =>
      currency === 'UAH' ? '1' : (await rateOn(db, deps.nbuApiUrl, currency, date)).rate;
    for (const doc of documents) {
      try {
        const outcome =
          doc.kind === 'incoming'
            ? await receiveSupplierInvoice(db, ctx, doc, fx)
            : (
                await receiveWebhook(db, ctx, 'bas', {
                  event: 'order',
                  externalId: doc.externalId,
                  version: doc.version,
                  order: {
                    date: doc.date,
                    number: doc.number,
                    client: doc.counterparty,
                    currency: doc.currency,
                    pricesIncludeVat: doc.pricesIncludeVat,
                    notes: doc.notes,
                    lines: doc.lines.map(({ vatRate: _v, ...l }) => l),
                  },
                })
              ).answer.status;
        if (outcome === 'created') counts.created += 1;
        if (outcome === 'updated') counts.updated += 1;
      } catch (error) {
        // A document that cannot become a draft yet waits for a person; the others go on.
        if (!(error instanceof DomainError) || error.status >= 500) throw error;
        counts.waiting += 1;
        waiting.push(`${doc.number ?? doc.externalId}: ${error.message}`);
      }
    }
    const message = m.ran(counts.created, counts.updated, counts.waiting);
    await afterIntegrationRun(db, {
      integration: BAS_PULL_INTEGRATION,
      label: m.label,
      trigger,
      ok: true,
      message,
      details: { ...counts, waiting: waiting.slice(0, 20) },
      startedAt,
    });
    return { ok: true, message: waiting.length ? `${message}. ${waiting.slice(0, 3).join('; ')}` : message };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    counts = { created: counts.created, updated: counts.updated, waiting: counts.waiting };
    await afterIntegrationRun(db, {
      integration: BAS_PULL_INTEGRATION,
      label: m.label,
      trigger,
      ok: false,
      message,
      details: counts,
      startedAt,
    });
    if (error instanceof DomainError && (error.status === 502 || error.status === 409)) return { ok: false, message };
    throw error;
  }
}

/** The schedule: every 30 minutes while enabled (once across processes by the kernel job runner). */
export async function basPullDue(db: DbOrTx, now = Date.now()): Promise<boolean> {
  const s = await readStored(db);
  if (!s.enabled) return false;
  const [last] = await recentRuns(db, BAS_PULL_INTEGRATION, 1);
  return !last || now - Date.parse(last.finishedAt) >= EVERY_MINUTES * 60_000 - 5_000;
}
