// Critical-shortage notifications (warehouse.md §4 'Notification'): one per critical item — type error, priority
// critical, action required, 'Критичний дефіцит: {name}', the shortage, the date and the blocked MOs, related item,
// `/shortage?itemId={id}`, to the viewers of /shortage — kept single by its dedupe key and resolved when the item is
// no longer critical. Checked every 15 min by the job, and after postings through shortageChanged() (debounced,
// after the posting's commit) or checkCriticalShortages(tx) inside a transaction.
import { and, eq, like, sql } from 'drizzle-orm';
import { formatDecimalUk } from '@/shared/decimal-format.ts';
import type { Db, DbOrTx } from '@/server/kernel/db.ts';
import { notifications, notify, resolveByKey } from '@/modules/notifications/server/index.ts';
import { emailEvent } from '@/modules/email-notifications/server/index.ts';
import type { ShortageRow } from '../shortage.contract.ts';
import { computeShortageSnapshot, invalidateShortage } from './shortage.compute.ts';

const KEY_PREFIX = 'shortage-critical:item:';
export const criticalShortageKey = (itemId: number) => `${KEY_PREFIX}${itemId}`;
const ROUTE = '/shortage';

const dateUk = (iso: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : iso;
};

/** The notification's text: the shortage, the date it is needed by and the MOs it blocks. */
export function criticalShortageMessage(row: ShortageRow): string {
  const qty = `${formatDecimalUk(row.shortage, 0)}${row.unitShortName ? ` ${row.unitShortName}` : ''}`;
  const when = row.shortageDate ? `потрібно до ${dateUk(row.shortageDate)}` : 'дата потреби не визначена';
  const mos = row.blockedMos.length
    ? `Заблоковані виробничі замовлення: ${row.blockedMos.map((m) => m.number).join(', ')}.`
    : 'Заблокованих виробничих замовлень немає.';
  return `Бракує ${qty}, ${when}. ${mos}`;
}

export interface CriticalCheck {
  /** Items whose notification was raised or its text refreshed. */
  raised: number[];
  /** Items whose notification was resolved. */
  resolved: number[];
}

/**
 * Raises the notification of every critical item (computed afresh in the caller's transaction, not from the memo)
 * and resolves those of items that are no longer critical. A notification already open with the same text is left
 * alone (not marked unread again); one whose figures changed gets the new text.
 */
export async function checkCriticalShortages(tx: DbOrTx): Promise<CriticalCheck> {
  const snapshot = await computeShortageSnapshot(tx);
  const critical = snapshot.rows.filter((r) => r.critical);
  const open = await tx
    .selectDistinct({ key: notifications.dedupeKey, message: notifications.message })
    .from(notifications)
    .where(and(eq(notifications.isResolved, false), like(notifications.dedupeKey, `${KEY_PREFIX}%`)));
  const openMessages = new Map<string, Set<string>>();
  for (const n of open) {
    if (!n.key) continue;
    openMessages.set(n.key, (openMessages.get(n.key) ?? new Set()).add(n.message));
  }
  const result: CriticalCheck = { raised: [], resolved: [] };
  const keep = new Set<string>();
  for (const row of critical) {
    const key = criticalShortageKey(row.itemId);
    keep.add(key);
    const title = `Критичний дефіцит: ${row.name}`;
    const message = criticalShortageMessage(row);
    const existing = openMessages.get(key);
    if (existing && existing.size === 1 && existing.has(message)) continue;
    if (existing) {
      await tx
        .update(notifications)
        .set({ title, message, updatedAt: sql`now()` })
        .where(and(eq(notifications.dedupeKey, key), eq(notifications.isResolved, false)));
    } else {
      await notify(tx, {
        type: 'error',
        priority: 'critical',
        actionRequired: true,
        title,
        message,
        related: { type: 'item', id: row.itemId, label: `${row.name} (${row.sku})` },
        actionUrl: `${ROUTE}?itemId=${row.itemId}`,
        route: ROUTE,
        dedupeKey: key,
      });
      // The e-mail rule 'Критичний дефіцит' (reports-admin.md §14): once, when the shortage becomes critical.
      await emailEvent(tx, 'critical_shortage', {
        values: {
          itemName: row.name,
          sku: row.sku,
          shortage: `${formatDecimalUk(row.shortage, 0)}${row.unitShortName ? ` ${row.unitShortName}` : ''}`,
          link: `${ROUTE}?itemId=${row.itemId}`,
        },
      });
    }
    result.raised.push(row.itemId);
  }
  for (const key of openMessages.keys()) {
    if (keep.has(key)) continue;
    await resolveByKey(tx, key);
    result.resolved.push(Number(key.slice(KEY_PREFIX.length)));
  }
  return result;
}

// ---- the job ----------------------------------------------------------------------------------------------------

export interface JobLog {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

export interface ShortageJobDeps {
  db: Db;
  log: JobLog;
}

const INTERVAL_MS = 15 * 60_000;
const FIRST_TICK_MS = 60_000;
/** After a change, wait this long for more (a burst of postings is checked once). */
const DEBOUNCE_MS = 5_000;
const LOCK_KEY = 7263540031;

/**
 * One run of the check: in its own transaction, under a transaction-level advisory lock so several server
 * processes never run it at the same time (a process that does not get the lock skips; null).
 */
export async function runShortageCheck(db: Db): Promise<CriticalCheck | null> {
  return db.transaction(async (tx) => {
    const [lock] = (
      (await tx.execute(sql`select pg_try_advisory_xact_lock(${LOCK_KEY}) as ok`)) as unknown as {
        rows: Array<{ ok: boolean | string }>;
      }
    ).rows;
    if (!(lock?.ok === true || lock?.ok === 't')) return null;
    return checkCriticalShortages(tx);
  });
}

let running: ShortageJobDeps | null = null;
let pending: ReturnType<typeof setTimeout> | null = null;
let busy = false;

function tick(deps: ShortageJobDeps) {
  if (busy) return;
  busy = true;
  runShortageCheck(deps.db)
    .then((r) => {
      if (r && (r.raised.length || r.resolved.length)) deps.log.info({ job: 'shortage', ...r }, 'Критичний дефіцит');
    })
    .catch((err: unknown) => deps.log.error({ err, job: 'shortage' }, 'Перевірка дефіциту не вдалася'))
    .finally(() => {
      busy = false;
    });
}

/**
 * The cheap hook for whoever changes the shortage's inputs (postings, orders, MOs, supplier orders): drops the
 * memo at once and, when the job runs, checks the critical notifications a few seconds later — after the
 * caller's commit, once for a burst of changes. Safe to call inside a transaction (it only sets a timer).
 */
export function shortageChanged(): void {
  invalidateShortage();
  const deps = running;
  if (!deps) return;
  if (pending) clearTimeout(pending);
  pending = setTimeout(() => {
    pending = null;
    tick(deps);
  }, DEBOUNCE_MS);
  pending.unref();
}

/** Starts the 15-minute check (the caller wires it into the server); timers are unref'd. */
export function startShortageJobs(deps: ShortageJobDeps): { stop(): void } {
  running = deps;
  const first = setTimeout(() => tick(deps), FIRST_TICK_MS);
  first.unref();
  const timer = setInterval(() => tick(deps), INTERVAL_MS);
  timer.unref();
  return {
    stop() {
      if (running === deps) running = null;
      if (pending) clearTimeout(pending);
      pending = null;
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}
