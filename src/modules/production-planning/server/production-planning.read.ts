// The heatmap and a cell of /production-planning (production.md §11): departments × ISO weeks of capacity, load and
// unplanned hours and their utilisation; a cell's MOs with their operations and its unplanned items. Both read the
// same placed work (production-planning.work.ts), so a cell always lists what its figures add up.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { DomainError } from '@/shared/api-error.ts';
import { rowsOf } from '@/server/kernel/rows.ts';
import { compareUk } from '@/shared/collation.ts';
import { add, dec, div, fixed, isZero, mul, type Dec } from '@/shared/decimal.ts';
import { addDays } from '@/shared/kyiv-date.ts';
import type {
  CellAnswer,
  CellQuery,
  PlanningAnswer,
  PlanningDepartment,
  PlanningQuery,
} from '../production-planning.contract.ts';
import { productionPlanningMessages as m } from '../production-planning.messages.ts';
import {
  capacityHours,
  departmentWorkers,
  moOperationsIn,
  moWorks,
  planningContext,
  unplannedWorks,
  type PlanningContext,
} from './production-planning.work.ts';

const ZERO = dec(0);
const SIXTY = dec(60);
const hours = (minutes: Dec) => fixed(div(minutes, SIXTY, 6), 2);

/** (load + unplanned) ÷ capacity × 100, 1 decimal; null without capacity. */
function utilisation(minutes: Dec, capacity: Dec): string | null {
  if (isZero(capacity)) return null;
  return fixed(div(mul(minutes, dec(100)), mul(capacity, SIXTY), 1), 1);
}

interface Acc {
  load: Dec;
  unplanned: Dec;
}
const bump = (map: Map<string, Acc>, key: string, field: keyof Acc, minutes: Dec) => {
  const acc = map.get(key) ?? { load: ZERO, unplanned: ZERO };
  acc[field] = add(acc[field], minutes);
  map.set(key, acc);
};

async function departmentNames(db: DbOrTx, departmentId?: number) {
  return rowsOf<{ id: number; name: string; is_production: boolean; is_active: boolean }>(
    await db.execute(sql`select d.id, d.name, d.is_production, d.is_active from departments d
      ${departmentId ? sql`where d.id = ${departmentId}` : sql``}`),
  );
}

/** `GET /api/production-planning`: the heatmap for the current week and the next `weeks − 1`. */
export async function planningGrid(db: DbOrTx, q: PlanningQuery, ctx?: PlanningContext): Promise<PlanningAnswer> {
  const c = ctx ?? (await planningContext(db));
  const weeks = Array.from({ length: q.weeks }, (_, i) => addDays(c.currentWeek, 7 * i));
  const shown = new Set(weeks);
  const mos = await moWorks(db, c);
  const unplanned = await unplannedWorks(db, c);
  const workers = await departmentWorkers(db);
  const departments = await departmentNames(db, q.departmentId);

  const cells = new Map<string, Acc>();
  const overdue = new Map<number, { load: Dec; unplanned: Dec; mos: number }>();
  const overdueOf = (id: number) => {
    const o = overdue.get(id) ?? { load: ZERO, unplanned: ZERO, mos: 0 };
    overdue.set(id, o);
    return o;
  };
  const busy = new Set<number>();
  for (const mo of mos) {
    for (const [departmentId, minutes] of mo.minutes) {
      busy.add(departmentId);
      if (shown.has(mo.week)) bump(cells, `${departmentId}|${mo.week}`, 'load', minutes);
      if (mo.overdue) {
        const o = overdueOf(departmentId);
        o.load = add(o.load, minutes);
        o.mos += 1;
      }
    }
  }
  for (const item of unplanned) {
    for (const [departmentId, minutes] of item.minutes) {
      busy.add(departmentId);
      if (shown.has(item.week)) bump(cells, `${departmentId}|${item.week}`, 'unplanned', minutes);
      if (item.overdue) overdueOf(departmentId).unplanned = add(overdueOf(departmentId).unplanned, minutes);
    }
  }
  const staff = new Map<number, typeof workers>();
  for (const w of workers) staff.set(Number(w.department_id), [...(staff.get(Number(w.department_id)) ?? []), w]);

  const rows: PlanningDepartment[] = departments
    .filter((d) => q.departmentId || busy.has(Number(d.id)) || (d.is_active && (d.is_production || staff.has(d.id))))
    .map((d) => {
      const id = Number(d.id);
      const people = staff.get(id) ?? [];
      const o = overdue.get(id) ?? { load: ZERO, unplanned: ZERO, mos: 0 };
      return {
        id,
        name: d.name,
        workers: people.length,
        cells: weeks.map((week) => {
          const acc = cells.get(`${id}|${week}`) ?? { load: ZERO, unplanned: ZERO };
          const capacity = capacityHours(people, week, c);
          return {
            week,
            capacityHours: fixed(capacity, 2),
            loadHours: hours(acc.load),
            unplannedHours: hours(acc.unplanned),
            utilisation: utilisation(add(acc.load, acc.unplanned), capacity),
          };
        }),
        overdue: { loadHours: hours(o.load), unplannedHours: hours(o.unplanned), mos: o.mos },
      };
    })
    .sort((a, b) => compareUk(a.name, b.name));
  return {
    weeks,
    currentWeek: c.currentWeek,
    plannedUtilisation: c.utilisation,
    departments: rows,
    unplannedItems: unplanned.filter((u) => u.minutes.size > 0).length,
  };
}

/** `GET /api/production-planning/cell`: the MOs (with their operations in the department) and unplanned items. */
export async function planningCell(db: DbOrTx, q: CellQuery, ctx?: PlanningContext): Promise<CellAnswer> {
  const [department] = await departmentNames(db, q.departmentId);
  if (!department) throw new DomainError(404, m.departmentNotFound);
  const c = ctx ?? (await planningContext(db));
  const mos = (await moWorks(db, c)).filter((mo) => mo.week === q.week && mo.minutes.has(q.departmentId));
  const unplanned = (await unplannedWorks(db, c)).filter((u) => u.week === q.week && u.minutes.has(q.departmentId));
  const operationsOf = await moOperationsIn(db, mos, q.departmentId);
  const list = [];
  for (const mo of mos.sort((a, b) => a.number.localeCompare(b.number))) {
    const operations = operationsOf.get(mo.id) ?? [];
    list.push({
      id: mo.id,
      number: mo.number,
      itemName: mo.itemName,
      qty: mo.qty,
      status: mo.status,
      plannedStart: mo.plannedStart,
      dueDate: mo.dueDate,
      weekSource: mo.weekSource,
      overdue: mo.overdue,
      version: mo.version,
      hours: hours(mo.minutes.get(q.departmentId)!),
      operations: operations.map((op) => ({ ...op, minutes: fixed(op.minutes, 2) })),
    });
  }
  return {
    departmentId: Number(department.id),
    departmentName: department.name,
    week: q.week,
    mos: list,
    unplanned: unplanned.map((u) => ({
      itemId: u.itemId,
      sku: u.sku,
      itemName: u.itemName,
      toProduce: u.toProduce,
      earliestDue: u.earliestDue,
      hours: hours(u.minutes.get(q.departmentId)!),
    })),
  };
}
