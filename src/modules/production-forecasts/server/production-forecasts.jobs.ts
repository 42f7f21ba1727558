// The nightly forecast job (production.md §12): for every calculated (not archived) forecast, each line whose period
// has ended gets actualQty = Σ qty of the item's posted shipment lines in the period — refreshed for a few months, so
// a shipment cancelled later no longer counts. Set-based reads, chunked writes. Realised accuracy is computed on read.
import { startJob, type StartedJob } from '@/server/kernel/jobs.ts';
import { sql } from 'drizzle-orm';
import { kyivToday } from '@/shared/kyiv-date.ts';
import type { Db, DbOrTx } from '@/server/kernel/db.ts';
import { rowsOf } from '@/server/kernel/rows.ts';
import { dec, fixed } from '@/shared/decimal.ts';
import type { ForecastGranularity } from '../production-forecasts.contract.ts';
import { shippedByPeriod } from './forecast-history.ts';

export interface ForecastJobDeps {
  db: Db;
  log: { info(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };
}

const TICK_MS = 60 * 60_000;
const FIRST_TICK_MS = 120_000;

/** How long after its period ended a line's actual is still refreshed (a late cancellation is caught). */
const REFRESH_DAYS = 92;
const UPDATE_CHUNK = 1000;

/**
 * One run: the actuals of ended periods — lines still empty, and those ended within REFRESH_DAYS — from one grouped
 * read of the posted shipments per granularity (shippedByPeriod over the span of those periods); only the lines whose
 * actual changed are written. Answers how many lines changed.
 */
export async function runForecastJobsOnce(db: DbOrTx, now: Date = new Date()): Promise<{ filled: number }> {
  const today = kyivToday(now);
  const due = rowsOf<{
    id: number;
    item_id: number;
    period_start: string;
    period_end: string;
    granularity: ForecastGranularity;
    actual: string | null;
  }>(
    await db.execute(sql`select * from (
        select fl.id, fl.item_id, fl.period_start::text as period_start, fl.actual_qty::text as actual, f.granularity,
          (case when f.granularity = 'week' then fl.period_start + 7
            else (fl.period_start + interval '1 month')::date end)::text as period_end
        from forecast_lines fl join production_forecasts f on f.id = fl.forecast_id
        where f.status = 'calculated'
      ) l
      where l.period_end::date <= ${today}::date
        and (l.actual is null or l.period_end::date > ${today}::date - ${REFRESH_DAYS}::int)`),
  );
  const changes: Array<{ id: number; qty: string }> = [];
  for (const granularity of ['month', 'week'] as const) {
    const lines = due.filter((l) => l.granularity === granularity);
    if (!lines.length) continue;
    const from = lines.reduce((a, l) => (l.period_start < a ? l.period_start : a), lines[0]!.period_start);
    const toEnd = lines.reduce((a, l) => (l.period_end > a ? l.period_end : a), lines[0]!.period_end);
    const itemIds = [...new Set(lines.map((l) => Number(l.item_id)))];
    const shipped = await shippedByPeriod(db, itemIds, granularity, from, toEnd);
    for (const l of lines) {
      const qty = fixed(shipped.get(Number(l.item_id))?.get(l.period_start) ?? dec(0), 4);
      if (l.actual !== qty) changes.push({ id: Number(l.id), qty });
    }
  }
  for (let i = 0; i < changes.length; i += UPDATE_CHUNK) {
    const values = sql.join(
      changes.slice(i, i + UPDATE_CHUNK).map((c) => sql`(${c.id}::int, ${c.qty}::numeric)`),
      sql`, `,
    );
    await db.execute(sql`update forecast_lines fl set actual_qty = v.qty
      from (values ${values}) as v(id, qty) where fl.id = v.id`);
  }
  return { filled: changes.length };
}

/** Starts the job: hourly ticks, one run per Kyiv day (the first a couple of minutes after start). */
export function startForecastJobs(deps: ForecastJobDeps): StartedJob {
  // Ticks hourly and runs once a Kyiv day (the lease keeps it to one process; its holder keeps the day it ran).
  let lastDay: string | null = null;
  return startJob({
    db: deps.db,
    name: 'forecasts.actuals',
    everyMs: TICK_MS,
    firstDelayMs: FIRST_TICK_MS,
    log: deps.log,
    run: async () => {
      const day = kyivToday();
      if (day === lastDay) return { filled: 0 };
      const result = await runForecastJobsOnce(deps.db);
      lastDay = day;
      return result;
    },
    report: (r) => (r.filled ? { message: 'Прогнози: заповнено фактичні продажі', details: r } : null),
  });
}
