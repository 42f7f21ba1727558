// The manufacturing jobs (production.md §4, §6), every 15 minutes: an overdue MO (dueDate before today, not
// completed or cancelled) raises one warning per MO for /manufacturing and its responsible worker's user, resolved
// once it is done, cancelled or its due date moves; time entries open longer than 12 h are closed and flagged
// 'Автозакриття' for the foreman.
import { startJob, type StartedJob } from '@/server/kernel/jobs.ts';
import { sql } from 'drizzle-orm';
import { kyivToday } from '@/shared/kyiv-date.ts';
import type { Db } from '@/server/kernel/db.ts';
import { keyedId, notify, resolveByKey } from '@/modules/notifications/server/index.ts';
import { moMessages } from '../manufacturing.contract.ts';
import { rowsOf } from '@/server/kernel/rows.ts';
import { overdueKey } from './manufacturing.common.ts';
import { closeOpenTimeEntries } from './manufacturing.time.ts';

export interface ManufacturingJobDeps {
  db: Db;
  log: { info(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };
}

const TICK_MS = 15 * 60_000;
const FIRST_TICK_MS = 90_000;
export const AUTO_CLOSE_HOURS = 12;
const ctx = { userId: null, actor: 'manufacturing-job' } as const;

/** One run of the jobs; answers what it did (tested directly). */
export async function runManufacturingJobsOnce(
  db: Db,
  now = new Date(),
): Promise<{ overdueRaised: number; overdueResolved: number; closedEntries: number }> {
  const today = kyivToday(now);
  return db.transaction(async (tx) => {
    const overdue = rowsOf<{
      id: number;
      number: string;
      due_date: string;
      item_name: string;
      user_id: number | null;
      notified: boolean | string;
    }>(
      await tx.execute(sql`select mo.id, mo.number, mo.due_date::text as due_date, i.name as item_name,
          (select u.id from users u where u.worker_id = mo.responsible_worker_id and u.is_active limit 1) as user_id,
          exists (select 1 from notifications n where n.dedupe_key = 'mo-overdue:' || mo.id and not n.is_resolved) as notified
        from manufacturing_orders mo join items i on i.id = mo.item_id
        where mo.status in ('planned', 'released', 'in_progress') and mo.due_date < ${today}::date
        order by mo.id`),
    );
    let raised = 0;
    for (const mo of overdue) {
      if (mo.notified === true || mo.notified === 't') continue;
      await notify(tx, {
        type: 'warning',
        priority: 'high',
        title: 'Прострочене виробниче замовлення',
        message: `${moMessages.overdue(mo.number, mo.item_name)} (термін ${mo.due_date.split('-').reverse().join('.')})`,
        actionRequired: true,
        actionUrl: `/manufacturing?search=${encodeURIComponent(mo.number)}`,
        related: { type: 'manufacturing_order', id: Number(mo.id), label: `Виробниче замовлення ${mo.number}` },
        route: '/manufacturing',
        ...(mo.user_id != null ? { userIds: [Number(mo.user_id)] } : {}),
        dedupeKey: overdueKey(Number(mo.id)),
      });
      raised += 1;
    }
    // Open overdue notifications whose MO is no longer overdue (done, cancelled, deleted or re-dated).
    const stale = rowsOf<{ key: string }>(
      await tx.execute(sql`select distinct n.dedupe_key as key from notifications n
        where not n.is_resolved and n.dedupe_key like 'mo-overdue:%'
          and not exists (select 1 from manufacturing_orders mo where mo.id = ${keyedId('mo-overdue:')}
            and mo.status in ('planned', 'released', 'in_progress') and mo.due_date < ${today}::date)`),
    );
    for (const row of stale) await resolveByKey(tx, row.key);
    const closedEntries = await closeOpenTimeEntries(tx, ctx, { olderThanHours: AUTO_CLOSE_HOURS, auto: true });
    return { overdueRaised: raised, overdueResolved: stale.length, closedEntries };
  });
}

/** Starts the 15-minute job (once across processes, src/server/kernel/jobs.ts); the caller stops it on shutdown. */
export function startManufacturingJobs(deps: ManufacturingJobDeps): StartedJob {
  return startJob({
    db: deps.db,
    name: 'manufacturing.overdue',
    everyMs: TICK_MS,
    firstDelayMs: FIRST_TICK_MS,
    log: deps.log,
    run: () => runManufacturingJobsOnce(deps.db),
    report: (r) =>
      r.overdueRaised || r.overdueResolved || r.closedEntries
        ? { message: 'Виробництво: прострочення та автозакриття часу', details: r }
        : null,
  });
}
