// Workload analytics (production.md §14) read from the time entries in SQL: the sums per worker, per department and
// ISO week, per operation and per pause reason are aggregated by the database; Node only adds the available hours
// (weekly hours × working days ÷ 5, which need the holidays setting and each worker's employment dates) and the
// ratios, in exact decimals. An entry belongs to the period by its start, in Kyiv dates; open entries are not counted
// until they close. Workers are matched by id, never by name.
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { ukOrder } from '@/server/kernel/collation.ts';
import { rowsOf } from '@/server/kernel/rows.ts';
import { add, cmp, dec, div, fixed, isZero, mul, sub, type Dec } from '@/shared/decimal.ts';
import { earlierDate, laterDate, workingDays } from '@/shared/working-days.ts';
import { getProductionSettings } from '@/modules/production/server/index.ts';
import { SWITCH_PAUSE_REASON } from '@/modules/mes/mes.contract.ts';
import {
  OPERATIONS_LIMIT,
  type DepartmentsAnswer,
  type DepartmentsQuery,
  type OperationDeviation,
  type OperationsQuery,
  type PauseRow,
  type PausesQuery,
  type WorkerLoad,
  type WorkersQuery,
} from '../production-analytics.contract.ts';
import { productionAnalyticsMessages as m } from '../production-analytics.messages.ts';

interface Period {
  from: string;
  to: string;
}

/** The closed time entries started within the period (Kyiv dates, both ends included). */
const periodEntries = ({ from, to }: Period) => sql`select e.id, e.worker_id, e.mo_operation_id, e.started_at,
    e.ended_at, e.minutes, e.good_qty, e.scrap_qty, e.pause_reason
  from time_entries e
  where e.minutes is not null
    and e.started_at >= (${from}::date)::timestamp at time zone 'Europe/Kyiv'
    and e.started_at < (${to}::date + 1)::timestamp at time zone 'Europe/Kyiv'`;

const ZERO = dec(0);
const HUNDRED = dec(100);
const SIXTY = dec(60);
const FIVE = dec(5);

/** a ÷ b × 100 to 1 decimal, or null when b is 0. */
const percent = (a: Dec, b: Dec) => (isZero(b) ? null : fixed(div(mul(a, HUNDRED), b, 1), 1));
const hours = (minutes: Dec) => fixed(div(minutes, SIXTY, 2), 2);

interface Sums {
  worked: Dec;
  available: Dec;
  earned: Dec;
  operation: Dec;
  good: Dec;
  scrap: Dec;
}
const emptySums = (): Sums => ({
  worked: ZERO,
  available: ZERO,
  earned: ZERO,
  operation: ZERO,
  good: ZERO,
  scrap: ZERO,
});

const addSums = (a: Sums, b: Sums): Sums => ({
  worked: add(a.worked, b.worked),
  available: add(a.available, b.available),
  earned: add(a.earned, b.earned),
  operation: add(a.operation, b.operation),
  good: add(a.good, b.good),
  scrap: add(a.scrap, b.scrap),
});

/** The figures of a row from its sums (minutes; available in hours). */
function figures(s: Sums) {
  const workedHours = div(s.worked, SIXTY, 4);
  return {
    workedHours: hours(s.worked),
    availableHours: fixed(s.available, 2),
    utilisationPercent: percent(workedHours, s.available),
    earnedMinutes: fixed(s.earned, 2),
    operationMinutes: fixed(s.operation, 2),
    efficiencyPercent: percent(s.earned, s.operation),
    goodQty: fixed(s.good, 4),
    scrapQty: fixed(s.scrap, 4),
    scrapRatePercent: percent(s.scrap, add(s.good, s.scrap)),
  };
}

interface WorkerSumsRow {
  id: number;
  last_name: string;
  first_name: string;
  department_id: number | null;
  department_name: string | null;
  weekly_hours: number;
  hire_date: string | null;
  termination_date: string | null;
  worked: string | null;
  operation: string | null;
  earned: string | null;
  good: string | null;
  scrap: string | null;
}

async function workerSums(db: DbOrTx, q: Period & { departmentId?: number; workerId?: number }) {
  const filters: SQL[] = [];
  if (q.departmentId) filters.push(sql`and w.department_id = ${q.departmentId}`);
  if (q.workerId) filters.push(sql`and w.id = ${q.workerId}`);
  return rowsOf<WorkerSumsRow>(
    await db.execute(sql`with e as (${periodEntries(q)}),
      first_entry as (
        select distinct on (t.mo_operation_id) t.mo_operation_id, t.id from time_entries t
        where t.mo_operation_id in (select mo_operation_id from e where mo_operation_id is not null)
        order by t.mo_operation_id, t.started_at, t.id),
      per_worker as (
        select e.worker_id,
          sum(e.minutes) as worked,
          coalesce(sum(e.minutes) filter (where e.mo_operation_id is not null), 0) as operation,
          coalesce(sum(e.good_qty * o.run_minutes_per_unit) filter (where o.id is not null), 0)
            + coalesce(sum(o.setup_minutes) filter (where f.id = e.id), 0) as earned,
          coalesce(sum(e.good_qty) filter (where o.id is not null), 0) as good,
          coalesce(sum(e.scrap_qty) filter (where o.id is not null), 0) as scrap
        from e
        left join mo_operations o on o.id = e.mo_operation_id
        left join first_entry f on f.mo_operation_id = e.mo_operation_id
        group by e.worker_id)
      select w.id, w.last_name, w.first_name, w.department_id, d.name as department_name, w.weekly_hours,
        w.hire_date::text as hire_date, w.termination_date::text as termination_date,
        p.worked::text as worked, p.operation::text as operation, p.earned::text as earned, p.good::text as good,
        p.scrap::text as scrap
      from workers w
      left join departments d on d.id = w.department_id
      left join per_worker p on p.worker_id = w.id
      where (p.worker_id is not null or (w.is_active
          and (w.hire_date is null or w.hire_date <= ${q.to}::date)
          and (w.termination_date is null or w.termination_date >= ${q.from}::date)))
        ${sql.join(filters, sql` `)}
      order by ${ukOrder(sql`w.last_name`)}, ${ukOrder(sql`w.first_name`)}, w.id`),
  );
}

/** weeklyHours × working days of the period within the worker's employment ÷ 5, in hours. */
function availableHours(row: WorkerSumsRow, q: Period, holidays: ReadonlySet<string>): Dec {
  const from = laterDate(q.from, row.hire_date);
  const to = earlierDate(q.to, row.termination_date);
  return div(mul(dec(row.weekly_hours), dec(workingDays(from, to, holidays))), FIVE, 4);
}

const sumsOf = (row: WorkerSumsRow, available: Dec): Sums => ({
  worked: dec(row.worked ?? '0'),
  available,
  earned: dec(row.earned ?? '0'),
  operation: dec(row.operation ?? '0'),
  good: dec(row.good ?? '0'),
  scrap: dec(row.scrap ?? '0'),
});

async function holidaySet(db: DbOrTx) {
  return new Set((await getProductionSettings(db)).holidays);
}

/** `GET /api/production-analytics/workers`: one row per worker, in Ukrainian order of last and first name. */
export async function workerLoads(db: DbOrTx, q: WorkersQuery): Promise<WorkerLoad[]> {
  const [rows, holidays] = await Promise.all([workerSums(db, q), holidaySet(db)]);
  return rows.map((row) => ({
    workerId: row.id,
    name: `${row.last_name} ${row.first_name}`,
    departmentId: row.department_id,
    departmentName: row.department_name,
    weeklyHours: row.weekly_hours,
    ...figures(sumsOf(row, availableHours(row, q, holidays))),
  }));
}

/** The Mondays of the ISO weeks the period touches. */
function mondays({ from, to }: Period): string[] {
  const start = new Date(`${from}T00:00:00Z`);
  start.setUTCDate(start.getUTCDate() - ((start.getUTCDay() + 6) % 7));
  const out: string[] = [];
  for (const day = start; day.toISOString().slice(0, 10) <= to; day.setUTCDate(day.getUTCDate() + 7)) {
    out.push(day.toISOString().slice(0, 10));
  }
  return out;
}

/** `GET /api/production-analytics/departments`: the workers' figures summed by their department, with weekly hours. */
export async function departmentLoads(db: DbOrTx, q: DepartmentsQuery): Promise<DepartmentsAnswer> {
  const [rows, holidays, weekly] = await Promise.all([
    workerSums(db, q),
    holidaySet(db),
    db.execute(sql`with e as (${periodEntries(q)})
      select w.department_id, date_trunc('week', e.started_at at time zone 'Europe/Kyiv')::date::text as week,
        sum(e.minutes)::text as minutes
      from e join workers w on w.id = e.worker_id
      group by 1, 2`),
  ]);
  const weeks = mondays(q);
  const byDepartment = new Map<number | null, { name: string; workers: number; sums: Sums }>();
  let total = emptySums();
  for (const row of rows) {
    const key = row.department_id;
    const entry = byDepartment.get(key) ?? {
      name: row.department_name ?? m.noDepartment,
      workers: 0,
      sums: emptySums(),
    };
    const s = sumsOf(row, availableHours(row, q, holidays));
    entry.workers += 1;
    entry.sums = addSums(entry.sums, s);
    byDepartment.set(key, entry);
    total = addSums(total, s);
  }
  const minutesByWeek = new Map<string, string>();
  for (const r of rowsOf<{ department_id: number | null; week: string; minutes: string }>(weekly)) {
    minutesByWeek.set(`${r.department_id ?? ''}|${r.week}`, r.minutes);
  }
  const collator = new Intl.Collator('uk');
  const departments = [...byDepartment.entries()]
    .sort(([ka, a], [kb, b]) => (ka === null ? 1 : kb === null ? -1 : collator.compare(a.name, b.name)))
    .map(([departmentId, d]) => ({
      departmentId,
      name: d.name,
      workers: d.workers,
      ...figures(d.sums),
      weeks: weeks.map((week) => ({
        week,
        hours: hours(dec(minutesByWeek.get(`${departmentId ?? ''}|${week}`) ?? '0')),
      })),
    }));
  return { weeks, departments, total: { workers: rows.length, ...figures(total) } };
}

/**
 * `GET /api/production-analytics/operations`: the operations with time booked in the period (by their department),
 * their planned and actual minutes (all their closed entries) and the deviation, the largest first.
 */
export async function operationDeviations(
  db: DbOrTx,
  q: OperationsQuery,
): Promise<{ total: number; operations: OperationDeviation[] }> {
  const department = q.departmentId ? sql`and o.department_id = ${q.departmentId}` : sql``;
  const rows = rowsOf<{
    id: number;
    mo_id: number;
    number: string;
    seq: number;
    name: string;
    department_name: string | null;
    status: string;
    planned: string;
    actual: string;
  }>(
    await db.execute(sql`with e as (${periodEntries(q)}),
      ops as (select distinct mo_operation_id as id from e where mo_operation_id is not null)
      select o.id, o.mo_id, mo.number, o.seq, o.name, d.name as department_name, o.status,
        o.planned_minutes::text as planned,
        coalesce((select sum(t.minutes) from time_entries t where t.mo_operation_id = o.id and t.minutes is not null), 0)::text
          as actual
      from ops join mo_operations o on o.id = ops.id
      join manufacturing_orders mo on mo.id = o.mo_id
      left join departments d on d.id = o.department_id
      where true ${department}`),
  );
  const operations = rows.map((r) => {
    const planned = dec(r.planned);
    const actual = dec(r.actual);
    return {
      operationId: r.id,
      moId: r.mo_id,
      moNumber: r.number,
      seq: r.seq,
      name: r.name,
      departmentName: r.department_name,
      status: r.status,
      plannedMinutes: fixed(planned, 2),
      actualMinutes: fixed(actual, 2),
      deviationPercent: percent(sub(actual, planned), planned),
    };
  });
  const size = (p: string | null) => (p === null ? dec(-1) : dec(p.replace('-', '')));
  operations.sort((a, b) => cmp(size(b.deviationPercent), size(a.deviationPercent)) || a.operationId - b.operationId);
  return { total: operations.length, operations: operations.slice(0, OPERATIONS_LIMIT) };
}

/**
 * `GET /api/production-analytics/pauses`: pauses by reason — an entry closed with a reason, lasting until the same
 * worker's next start that day. Switching to another operation (the terminal's automatic 'Інше') is not a pause.
 */
export async function pausesByReason(db: DbOrTx, q: PausesQuery): Promise<PauseRow[]> {
  const filters: SQL[] = [];
  if (q.departmentId) filters.push(sql`and w.department_id = ${q.departmentId}`);
  if (q.workerId) filters.push(sql`and w.id = ${q.workerId}`);
  const rows = rowsOf<{ reason: string; count: number; minutes: string }>(
    await db.execute(sql`with e as (${periodEntries(q)}),
      p as (
        select e.pause_reason as reason, e.ended_at,
          (select min(n.started_at) from time_entries n
            where n.worker_id = e.worker_id and n.id <> e.id and n.started_at >= e.ended_at
              and (n.started_at at time zone 'Europe/Kyiv')::date = (e.ended_at at time zone 'Europe/Kyiv')::date)
            as resumed_at
        from e join workers w on w.id = e.worker_id
        where e.pause_reason is not null
          and not (e.pause_reason = ${SWITCH_PAUSE_REASON} and exists (select 1 from time_entries s
            where s.worker_id = e.worker_id and s.id <> e.id and s.started_at = e.ended_at))
          ${sql.join(filters, sql` `)})
      select reason, count(*)::int as count,
        coalesce(round(sum(extract(epoch from resumed_at - ended_at) / 60)::numeric, 2), 0)::text as minutes
      from p group by reason`),
  );
  const collator = new Intl.Collator('uk');
  return rows
    .map((r) => ({ reason: r.reason, count: r.count, minutes: fixed(dec(r.minutes), 2) }))
    .sort((a, b) => cmp(dec(b.minutes), dec(a.minutes)) || collator.compare(a.reason, b.reason));
}
