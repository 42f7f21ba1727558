// The work capacity planning places in ISO weeks (production.md §11). Released and running MOs: their snapshot
// operations' remaining minutes, aggregated per MO and department in SQL (not started: setup + run × qty; started:
// run × (qty − good − scrap); done or skipped: 0). Planned MOs have no snapshot yet: their spec's effective operations
// × qty (the MO's recipe, else the item's default spec). Each MO's week: its planned start, else its due date less the
// lead time (the remaining minutes of its sequential operations ÷ hoursPerDay, in working days), else the current
// week; a week that has passed is carried into the current one (overdue). Unplanned: toProduce demand with no MO
// (sales.md §7) × the run minutes of the item's default spec, plus one setup, in the week of the earliest due order.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { intArray } from '@/server/kernel/sql-arrays.ts';
import { rowsOf } from '@/server/kernel/rows.ts';
import { add, cmp, dec, div, isZero, mul, type Dec } from '@/shared/decimal.ts';
import { addDays, kyivToday } from '@/shared/kyiv-date.ts';
import { workingDays } from '@/shared/working-days.ts';
import {
  effectiveOperationsOf,
  getProductionSettings,
  resolveProductionSpec,
  resolveProductionSpecs,
  type EffectiveOperation,
} from '@/modules/production/server/index.ts';
import { orderedProducts } from '@/modules/ordered-products/server/index.ts';
import type { WeekSource } from '../production-planning.contract.ts';

/** The MOs whose operations are load (production.md §11). */
export const LOADED_STATUSES = ['planned', 'released', 'in_progress'] as const;

const ZERO = dec(0);

/** The Monday of the ISO week of a date. */
export function mondayOf(iso: string): string {
  const weekday = new Date(`${iso}T00:00:00Z`).getUTCDay();
  return addDays(iso, -((weekday + 6) % 7));
}

/** The date `days` working days before `date` (weekends and holidays skipped); `date` itself for 0. */
export function workingDaysBefore(date: string, days: number, holidays: ReadonlySet<string>): string {
  let day = date;
  for (let left = days; left > 0;) {
    day = addDays(day, -1);
    if (workingDays(day, day, holidays) === 1) left -= 1;
  }
  return day;
}

/** ceil(minutes ÷ (60 × hoursPerDay)): the lead time in working days (production.md §2). */
export function leadDays(minutes: Dec, hoursPerDay: number): number {
  const perDay = mul(dec(60), dec(String(hoursPerDay)));
  const whole = Number(div(minutes, perDay, 0).units);
  return cmp(mul(dec(whole), perDay), minutes) < 0 ? whole + 1 : whole;
}

export interface PlanningContext {
  today: string;
  currentWeek: string;
  holidays: ReadonlySet<string>;
  hoursPerDay: number;
  /** plannedUtilisation as a decimal ('0.85'). */
  utilisation: string;
}

export async function planningContext(db: DbOrTx, today = kyivToday()): Promise<PlanningContext> {
  const settings = await getProductionSettings(db);
  return {
    today,
    currentWeek: mondayOf(today),
    holidays: new Set(settings.holidays),
    hoursPerDay: settings.hoursPerDay,
    utilisation: settings.plannedUtilisation,
  };
}

export interface MoWork {
  id: number;
  number: string;
  itemName: string;
  qty: string;
  status: string;
  plannedStart: string | null;
  dueDate: string | null;
  version: number;
  week: string;
  weekSource: WeekSource;
  overdue: boolean;
  /** Remaining minutes per department (only departments with work). */
  minutes: Map<number, Dec>;
}

/** Places work in its week: the week of `start` (or the current week), the current week when it has passed. */
function placed(ctx: PlanningContext, start: string | null) {
  const week = start ? mondayOf(start) : ctx.currentWeek;
  return week < ctx.currentWeek ? { week: ctx.currentWeek, overdue: true } : { week, overdue: false };
}

interface MoHead {
  id: number;
  number: string;
  item_id: number;
  item_name: string;
  recipe_id: number | null;
  qty: string;
  status: string;
  planned_start: string | null;
  due_date: string | null;
  version: number;
}

const headColumns = sql`m.id, m.number, m.item_id, i.name as item_name, m.recipe_id, m.qty::text as qty, m.status,
  m.planned_start::text as planned_start, m.due_date::text as due_date, m.version`;

function moWork(ctx: PlanningContext, head: MoHead, minutes: Map<number, Dec>, sequential: Dec): MoWork {
  let source: WeekSource = 'none';
  let start: string | null = null;
  if (head.planned_start) {
    source = 'plannedStart';
    start = head.planned_start;
  } else if (head.due_date) {
    source = 'dueDate';
    start = workingDaysBefore(head.due_date, leadDays(sequential, ctx.hoursPerDay), ctx.holidays);
  }
  return {
    id: Number(head.id),
    number: head.number,
    itemName: head.item_name,
    qty: head.qty,
    status: head.status,
    plannedStart: head.planned_start,
    dueDate: head.due_date,
    version: Number(head.version),
    weekSource: source,
    ...placed(ctx, start),
    minutes,
  };
}

/** Released and running MOs from their snapshot: one SQL aggregate per MO and department. */
async function snapshotWork(db: DbOrTx, ctx: PlanningContext, moId?: number): Promise<MoWork[]> {
  const rows = rowsOf<MoHead & { department_id: number | null; minutes: string; sequential: string }>(
    await db.execute(sql`with ops as (
        select o.mo_id, o.department_id, o.can_run_parallel,
          case when o.status in ('done', 'skipped') then 0
            when o.started_at is not null or o.status in ('in_progress', 'paused')
              then o.run_minutes_per_unit * greatest(m.qty - o.good_qty - o.scrap_qty, 0)
            else o.setup_minutes + o.run_minutes_per_unit * m.qty end as remaining
        from mo_operations o join manufacturing_orders m on m.id = o.mo_id
        where m.status in ('released', 'in_progress') ${moId ? sql`and m.id = ${moId}` : sql``}),
      per_department as (
        select mo_id, department_id, sum(remaining) as minutes,
          sum(sum(remaining) filter (where not can_run_parallel)) over (partition by mo_id) as sequential
        from ops group by mo_id, department_id)
      select ${headColumns}, p.department_id, p.minutes::text as minutes, coalesce(p.sequential, 0)::text as sequential
      from per_department p join manufacturing_orders m on m.id = p.mo_id join items i on i.id = m.item_id
      order by m.id`),
  );
  const byMo = new Map<number, { head: MoHead; minutes: Map<number, Dec>; sequential: Dec }>();
  for (const row of rows) {
    const id = Number(row.id);
    const entry = byMo.get(id) ?? { head: row, minutes: new Map<number, Dec>(), sequential: dec(row.sequential) };
    byMo.set(id, entry);
    const minutes = dec(row.minutes);
    if (row.department_id !== null && !isZero(minutes)) entry.minutes.set(Number(row.department_id), minutes);
  }
  return [...byMo.values()].map((e) => moWork(ctx, e.head, e.minutes, e.sequential));
}

/** The effective operations an item's MO would run: its recipe's tech card, else the item's default spec. */
async function operationsOf(db: DbOrTx, pairs: ReadonlyArray<{ itemId: number; recipeId: number | null }>) {
  const defaults = await resolveProductionSpecs(
    db,
    pairs.filter((p) => p.recipeId === null).map((p) => p.itemId),
  );
  const cardOf = new Map<string, number | null>();
  for (const [itemId, spec] of defaults) cardOf.set(`${itemId}|`, spec?.techCard?.id ?? null);
  for (const { itemId, recipeId } of pairs) {
    if (recipeId === null || cardOf.has(`${itemId}|${recipeId}`)) continue;
    const spec = await resolveProductionSpec(db, itemId, recipeId).catch(() => null);
    cardOf.set(`${itemId}|${recipeId}`, spec?.techCard?.id ?? null);
  }
  const cards = await effectiveOperationsOf(
    db,
    [...cardOf.values()].filter((id): id is number => id !== null),
  );
  return (itemId: number, recipeId: number | null): EffectiveOperation[] => {
    const card = cardOf.get(`${itemId}|${recipeId ?? ''}`);
    return card == null ? [] : (cards.get(card) ?? []);
  };
}

/** Minutes per department of operations for qty: Σ setup × setups + run × qty. */
function minutesByDepartment(ops: readonly EffectiveOperation[], qty: Dec, setups = 1) {
  const minutes = new Map<number, Dec>();
  let sequential = ZERO;
  for (const op of ops) {
    const m = add(mul(dec(op.setupMinutes), dec(setups)), mul(dec(op.runMinutesPerUnit), qty));
    if (!op.canRunParallel) sequential = add(sequential, m);
    if (op.departmentId === null || isZero(m)) continue;
    minutes.set(op.departmentId, add(minutes.get(op.departmentId) ?? ZERO, m));
  }
  return { minutes, sequential };
}

/** Planned MOs: no snapshot yet, so their spec's effective operations × qty, all not started. */
async function plannedWork(db: DbOrTx, ctx: PlanningContext, moId?: number): Promise<MoWork[]> {
  const heads = rowsOf<MoHead>(
    await db.execute(sql`select ${headColumns} from manufacturing_orders m join items i on i.id = m.item_id
      where m.status = 'planned' ${moId ? sql`and m.id = ${moId}` : sql``} order by m.id`),
  );
  if (!heads.length) return [];
  const pairs = new Map<string, { itemId: number; recipeId: number | null }>();
  for (const h of heads) {
    const recipeId = h.recipe_id === null ? null : Number(h.recipe_id);
    pairs.set(`${h.item_id}|${recipeId ?? ''}`, { itemId: Number(h.item_id), recipeId });
  }
  const ops = await operationsOf(db, [...pairs.values()]);
  return heads.map((h) => {
    const { minutes, sequential } = minutesByDepartment(
      ops(Number(h.item_id), h.recipe_id === null ? null : Number(h.recipe_id)),
      dec(h.qty),
    );
    return moWork(ctx, h, minutes, sequential);
  });
}

/** Every MO that is load (planned, released, in progress), each placed in its week. */
export async function moWorks(db: DbOrTx, ctx: PlanningContext): Promise<MoWork[]> {
  const snapshot = await snapshotWork(db, ctx);
  const planned = await plannedWork(db, ctx);
  return [...snapshot, ...planned];
}

export interface CellOperation {
  seq: number;
  name: string;
  status: string | null;
  minutes: Dec;
}

/**
 * The cell's MOs' operations (remaining minutes) in a department, by MO: one query for the running ones and one
 * resolution of specs for the planned ones, whatever the number of MOs in the cell.
 */
export async function moOperationsIn(
  db: DbOrTx,
  mos: readonly MoWork[],
  departmentId: number,
): Promise<Map<number, CellOperation[]>> {
  const byMo = new Map<number, CellOperation[]>(mos.map((mo) => [mo.id, []]));
  const planned = mos.filter((mo) => mo.status === 'planned');
  const running = mos.filter((mo) => mo.status !== 'planned').map((mo) => mo.id);
  if (planned.length) {
    const heads = rowsOf<{ id: number; item_id: number; recipe_id: number | null; qty: string }>(
      await db.execute(sql`select id, item_id, recipe_id, qty::text as qty from manufacturing_orders
        where id = any(${intArray(planned.map((mo) => mo.id))})`),
    );
    const key = (h: (typeof heads)[number]) => ({
      itemId: Number(h.item_id),
      recipeId: h.recipe_id === null ? null : Number(h.recipe_id),
    });
    const ops = await operationsOf(db, heads.map(key));
    for (const head of heads) {
      const { itemId, recipeId } = key(head);
      byMo.set(
        Number(head.id),
        ops(itemId, recipeId)
          .filter((op) => op.departmentId === departmentId)
          .map((op) => ({
            seq: op.seq,
            name: op.name,
            status: null,
            minutes: add(dec(op.setupMinutes), mul(dec(op.runMinutesPerUnit), dec(head.qty))),
          })),
      );
    }
  }
  if (running.length) {
    const rows = rowsOf<{ mo_id: number; seq: number; name: string; status: string; minutes: string }>(
      await db.execute(sql`select o.mo_id, o.seq, o.name, o.status,
          (case when o.status in ('done', 'skipped') then 0
            when o.started_at is not null or o.status in ('in_progress', 'paused')
              then o.run_minutes_per_unit * greatest(m.qty - o.good_qty - o.scrap_qty, 0)
            else o.setup_minutes + o.run_minutes_per_unit * m.qty end)::text as minutes
        from mo_operations o join manufacturing_orders m on m.id = o.mo_id
        where o.mo_id = any(${intArray(running)}) and o.department_id = ${departmentId}
        order by o.mo_id, o.seq`),
    );
    for (const r of rows) {
      byMo.get(Number(r.mo_id))!.push({ seq: Number(r.seq), name: r.name, status: r.status, minutes: dec(r.minutes) });
    }
  }
  return byMo;
}

export interface UnplannedWork {
  itemId: number;
  sku: string;
  itemName: string;
  toProduce: string;
  earliestDue: string | null;
  week: string;
  overdue: boolean;
  minutes: Map<number, Dec>;
}

/** toProduce demand with no MO yet (approved orders, as /ordered-products shows by default). */
export async function unplannedWorks(db: DbOrTx, ctx: PlanningContext): Promise<UnplannedWork[]> {
  const rows = (await orderedProducts(db)).filter((r) => r.made && cmp(dec(r.toProduce), ZERO) > 0);
  if (!rows.length) return [];
  const ops = await operationsOf(
    db,
    rows.map((r) => ({ itemId: r.itemId, recipeId: null })),
  );
  return rows.map((r) => ({
    itemId: r.itemId,
    sku: r.sku,
    itemName: r.itemName,
    toProduce: r.toProduce,
    earliestDue: r.earliestDue,
    ...placed(ctx, r.earliestDue),
    minutes: minutesByDepartment(ops(r.itemId, null), dec(r.toProduce)).minutes,
  }));
}

export interface WorkerHours {
  department_id: number;
  weekly_hours: number;
  hire_date: string | null;
  termination_date: string | null;
}

/** Active workers of the departments (capacity). */
export async function departmentWorkers(db: DbOrTx): Promise<WorkerHours[]> {
  return rowsOf<WorkerHours>(
    await db.execute(sql`select w.department_id, w.weekly_hours, w.hire_date::text as hire_date,
        w.termination_date::text as termination_date
      from workers w where w.is_active and w.department_id is not null`),
  );
}

/** Σ weeklyHours × working days of the week (within each worker's employment) ÷ 5 × plannedUtilisation, in hours. */
export function capacityHours(workers: readonly WorkerHours[], week: string, ctx: PlanningContext): Dec {
  const sunday = addDays(week, 6);
  let total = ZERO;
  for (const w of workers) {
    const from = w.hire_date && w.hire_date > week ? w.hire_date : week;
    const to = w.termination_date && w.termination_date < sunday ? w.termination_date : sunday;
    total = add(total, mul(dec(w.weekly_hours), dec(workingDays(from, to, ctx.holidays))));
  }
  return div(mul(total, dec(ctx.utilisation)), dec(5), 6);
}

export const hoursOf = (minutes: Dec) => div(minutes, dec(60), 6);
