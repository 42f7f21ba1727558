// What the terminal reads (production.md §6): the queue of a department, its workers, identification by badge, and
// one operation with its instructions and materials. Nothing here changes data.
import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { ukOrder } from '@/server/kernel/collation.ts';
import { DomainError } from '@/shared/api-error.ts';
import { dec, fixed } from '@/shared/decimal.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { departments } from '@/resources/departments/departments.table.ts';
import { items } from '@/resources/items/items.table.ts';
import { positions } from '@/resources/positions/positions.table.ts';
import { units } from '@/resources/units/units.table.ts';
import { workers } from '@/resources/workers/workers.table.ts';
import { getProductionSettings } from '@/modules/production/server/index.ts';
import { recipes } from '@/modules/recipes/server/recipes.table.ts';
import { techCards } from '@/modules/tech-cards/server/tech-cards.table.ts';
import { materialAvailability } from '@/modules/manufacturing/server/index.ts';
import {
  manufacturingOrders,
  moMaterials,
  moOperations,
  timeEntries,
} from '@/modules/manufacturing/server/manufacturing.table.ts';
import {
  mesMessages,
  type MesContext,
  type MesDepartment,
  type MesEntry,
  type MesMaterial,
  type MesOperationDetail,
  type MesQueueRow,
  type MesWorker,
} from '../mes.contract.ts';

/** MOs whose operations the terminal shows (§6 'Queue'). */
export const OPEN_MO_STATUSES = ['released', 'in_progress'] as const;
/** Operations the queue lists as workable; `pending` ones show greyed under 'Наступні'. */
const WORKABLE = ['ready', 'in_progress', 'paused'] as const;

const iso = (value: Date | string | null): string | null =>
  value === null ? null : value instanceof Date ? value.toISOString() : new Date(value).toISOString();
const qty = (value: string | null | undefined) => fixed(dec(value ?? '0'), 4);

/** 'Прізвище Ім'я' of a worker. */
export const workerName = sql<string>`${workers.lastName} || ' ' || ${workers.firstName}`;

const priorityRank = sql`case ${manufacturingOrders.priority} when 'urgent' then 0 when 'high' then 1 when 'normal' then 2 else 3 end`;

const queueColumns = {
  id: moOperations.id,
  moId: moOperations.moId,
  moNumber: manufacturingOrders.number,
  moStatus: manufacturingOrders.status,
  priority: manufacturingOrders.priority,
  dueDate: manufacturingOrders.dueDate,
  itemId: items.id,
  sku: items.sku,
  itemName: items.name,
  unitShortName: units.shortName,
  moQty: manufacturingOrders.qty,
  seq: moOperations.seq,
  name: moOperations.name,
  departmentId: moOperations.departmentId,
  departmentName: departments.name,
  positionName: positions.name,
  equipment: moOperations.equipment,
  status: moOperations.status,
  goodQty: moOperations.goodQty,
  scrapQty: moOperations.scrapQty,
  plannedMinutes: moOperations.plannedMinutes,
  canRunParallel: moOperations.canRunParallel,
  qualityCheck: moOperations.qualityCheck,
  // The last operation: no later one that is not skipped.
  isLast: sql<boolean>`not exists (select 1 from mo_operations n where n.mo_id = ${moOperations.moId}
    and n.seq > ${moOperations.seq} and n.status <> 'skipped')`,
  // The flow check's limit (§6): the previous non-parallel operation's good minus this one's good + scrap.
  available: sql<string | null>`case when ${moOperations.canRunParallel} then null else (
    select greatest(p.good_qty - ${moOperations.goodQty} - ${moOperations.scrapQty}, 0)::text from mo_operations p
    where p.mo_id = ${moOperations.moId} and p.seq < ${moOperations.seq} and p.status <> 'skipped'
      and not p.can_run_parallel
    order by p.seq desc limit 1) end`,
};

type QueueDbRow = Omit<MesQueueRow, 'workers' | 'materialsShort'>;

async function selectOperations(db: DbOrTx, where: SQL | undefined, limit = 500): Promise<MesQueueRow[]> {
  const rows = (await db
    .select(queueColumns)
    .from(moOperations)
    .innerJoin(manufacturingOrders, eq(manufacturingOrders.id, moOperations.moId))
    .innerJoin(items, eq(items.id, manufacturingOrders.itemId))
    .leftJoin(units, eq(units.id, items.unitId))
    .leftJoin(departments, eq(departments.id, moOperations.departmentId))
    .leftJoin(positions, eq(positions.id, moOperations.positionId))
    .where(where)
    .orderBy(
      sql`case when ${moOperations.status} = 'pending' then 1 else 0 end`,
      priorityRank,
      sql`${manufacturingOrders.dueDate} asc nulls last`,
      asc(manufacturingOrders.number),
      asc(moOperations.seq),
    )
    .limit(limit)) as QueueDbRow[];
  const onIt = await workersOn(
    db,
    rows.map((r) => r.id),
  );
  const short = await materialAvailability(
    db,
    rows.map((r) => r.moId),
  );
  return rows.map((r) => ({
    ...r,
    moQty: qty(r.moQty),
    goodQty: qty(r.goodQty),
    scrapQty: qty(r.scrapQty),
    plannedMinutes: fixed(dec(r.plannedMinutes), 2),
    isLast: Boolean(r.isLast),
    available: r.available === null ? null : qty(r.available),
    workers: onIt.get(r.id) ?? [],
    materialsShort: short.get(r.moId) ?? [],
  }));
}

/** Who has an open time entry on each of the operations. */
async function workersOn(db: DbOrTx, operationIds: number[]) {
  const byOperation = new Map<number, MesQueueRow['workers']>();
  if (!operationIds.length) return byOperation;
  const rows = await db
    .select({
      operationId: timeEntries.moOperationId,
      workerId: timeEntries.workerId,
      name: workerName,
      startedAt: timeEntries.startedAt,
    })
    .from(timeEntries)
    .innerJoin(workers, eq(workers.id, timeEntries.workerId))
    .where(and(inArray(timeEntries.moOperationId, operationIds), isNull(timeEntries.endedAt)))
    .orderBy(asc(timeEntries.startedAt), asc(timeEntries.id));
  for (const r of rows) {
    const list = byOperation.get(r.operationId!) ?? [];
    list.push({ workerId: r.workerId, name: r.name, startedAt: iso(r.startedAt)! });
    byOperation.set(r.operationId!, list);
  }
  return byOperation;
}

/**
 * The queue of a department (all departments when none is given): operations of released and in-progress MOs whose
 * status is ready, in progress or paused, by MO priority (urgent first), due date, MO number and seq; then the
 * pending ones, which the page shows greyed under 'Наступні'.
 */
export async function mesQueue(db: DbOrTx, departmentId?: number): Promise<MesQueueRow[]> {
  return selectOperations(
    db,
    and(
      inArray(manufacturingOrders.status, [...OPEN_MO_STATUSES]),
      inArray(moOperations.status, [...WORKABLE, 'pending']),
      departmentId ? eq(moOperations.departmentId, departmentId) : undefined,
    ),
  );
}

/** One operation as a queue row (any status). */
export async function mesOperationRow(db: DbOrTx, operationId: number): Promise<MesQueueRow> {
  const [row] = await selectOperations(db, eq(moOperations.id, operationId), 1);
  if (!row) throw new DomainError(404, mesMessages.operationUnknown);
  return row;
}

const entryColumns = {
  id: timeEntries.id,
  workerId: timeEntries.workerId,
  workerName,
  startedAt: timeEntries.startedAt,
  endedAt: timeEntries.endedAt,
  minutes: timeEntries.minutes,
  goodQty: timeEntries.goodQty,
  scrapQty: timeEntries.scrapQty,
  scrapReason: timeEntries.scrapReason,
  pauseReason: timeEntries.pauseReason,
  qcPassed: timeEntries.qcPassed,
  autoClosed: timeEntries.autoClosed,
};

type EntryDbRow = { startedAt: Date; endedAt: Date | null } & Omit<MesEntry, 'startedAt' | 'endedAt'>;

const toEntry = (r: EntryDbRow): MesEntry => ({
  ...r,
  startedAt: iso(r.startedAt)!,
  endedAt: iso(r.endedAt),
  minutes: r.minutes === null ? null : fixed(dec(r.minutes), 2),
  goodQty: qty(r.goodQty),
  scrapQty: qty(r.scrapQty),
});

export async function mesEntry(db: DbOrTx, entryId: number): Promise<MesEntry | null> {
  const [row] = await db
    .select(entryColumns)
    .from(timeEntries)
    .innerJoin(workers, eq(workers.id, timeEntries.workerId))
    .where(eq(timeEntries.id, entryId));
  return row ? toEntry(row as EntryDbRow) : null;
}

/** The operation screen: the queue row plus instructions (operation, recipe, tech card), materials and time. */
export async function mesOperationDetail(db: DbOrTx, operationId: number): Promise<MesOperationDetail> {
  const row = await mesOperationRow(db, operationId);
  const [mo] = await db
    .select({
      notes: manufacturingOrders.notes,
      recipeId: manufacturingOrders.recipeId,
      techCardId: manufacturingOrders.techCardId,
      serialTracking: items.serialTracking,
    })
    .from(manufacturingOrders)
    .innerJoin(items, eq(items.id, manufacturingOrders.itemId))
    .where(eq(manufacturingOrders.id, row.moId));
  const [op] = await db
    .select({ instructions: moOperations.instructions })
    .from(moOperations)
    .where(eq(moOperations.id, operationId));
  const [recipe] = mo?.recipeId
    ? await db
        .select({ name: recipes.name, instructions: recipes.instructions })
        .from(recipes)
        .where(eq(recipes.id, mo.recipeId))
    : [];
  const [techCard] = mo?.techCardId
    ? await db
        .select({ name: techCards.name, notes: techCards.notes })
        .from(techCards)
        .where(eq(techCards.id, mo.techCardId))
    : [];
  const materials = await db
    .select({
      id: moMaterials.id,
      itemId: moMaterials.itemId,
      sku: items.sku,
      name: items.name,
      unitShortName: units.shortName,
      perUnitQty: moMaterials.perUnitQty,
      requiredQty: moMaterials.requiredQty,
      issuedQty: sql<string>`coalesce((select sum(l.qty) from mo_posting_lines l
        join mo_postings p on p.id = l.posting_id
        where l.mo_material_id = ${moMaterials.id} and p.kind = 'issue' and p.status = 'posted'), 0)::text`,
    })
    .from(moMaterials)
    .innerJoin(items, eq(items.id, moMaterials.itemId))
    .leftJoin(units, eq(units.id, items.unitId))
    .where(eq(moMaterials.moId, row.moId))
    .orderBy(asc(moMaterials.lineNo), asc(moMaterials.id));
  const entries = await db
    .select(entryColumns)
    .from(timeEntries)
    .innerJoin(workers, eq(workers.id, timeEntries.workerId))
    .where(eq(timeEntries.moOperationId, operationId))
    .orderBy(desc(timeEntries.startedAt), desc(timeEntries.id))
    .limit(50);
  const settings = await getProductionSettings(db);
  return {
    ...row,
    moNotes: mo?.notes ?? null,
    serialTracking: mo?.serialTracking ?? false,
    autoOutput: row.isLast && settings.autoOutputOnLastOperation,
    instructions: {
      operation: op?.instructions ?? null,
      recipe: recipe ?? null,
      techCard: techCard ?? null,
    },
    materials: materials.map((m): MesMaterial => ({
      ...m,
      perUnitQty: fixed(dec(m.perUnitQty), 6),
      requiredQty: qty(m.requiredQty),
      issuedQty: qty(m.issuedQty),
    })),
    entries: entries.map((e) => toEntry(e as EntryDbRow)),
  };
}

// ---- workers and identity ----------------------------------------------------------------------------------------

/** Active and not dismissed (a termination date in the future still works). */
export const activeWorker = and(
  eq(workers.isActive, true),
  or(isNull(workers.terminationDate), sql`${workers.terminationDate} > current_date`),
)!;

async function selectWorkers(db: DbOrTx, where: SQL | undefined): Promise<MesWorker[]> {
  const current = db
    .select({
      workerId: timeEntries.workerId,
      operationId: timeEntries.moOperationId,
      moNumber: manufacturingOrders.number,
    })
    .from(timeEntries)
    .leftJoin(moOperations, eq(moOperations.id, timeEntries.moOperationId))
    .leftJoin(manufacturingOrders, eq(manufacturingOrders.id, moOperations.moId))
    .where(isNull(timeEntries.endedAt))
    .as('current');
  const rows = await db
    .select({
      id: workers.id,
      name: workerName,
      positionName: positions.name,
      departmentId: workers.departmentId,
      departmentName: departments.name,
      hasBadge: sql<boolean>`coalesce(btrim(${workers.badgeCode}), '') <> ''`,
      currentOperationId: current.operationId,
      currentMoNumber: current.moNumber,
    })
    .from(workers)
    .leftJoin(positions, eq(positions.id, workers.positionId))
    .leftJoin(departments, eq(departments.id, workers.departmentId))
    .leftJoin(current, eq(current.workerId, workers.id))
    .where(and(activeWorker, where))
    .orderBy(ukOrder(workers.lastName), ukOrder(workers.firstName), asc(workers.id));
  return rows.map((r) => ({ ...r, hasBadge: Boolean(r.hasBadge) }));
}

/** The active workers of a department (all when none is given), with what each is working on. */
export async function mesWorkers(db: DbOrTx, departmentId?: number): Promise<MesWorker[]> {
  return selectWorkers(db, departmentId ? eq(workers.departmentId, departmentId) : undefined);
}

/** 'Відскануйте бейдж': the active worker with this badge (trimmed, case-insensitive), else 404. */
export async function identifyByBadge(db: DbOrTx, badgeCode: string): Promise<MesWorker> {
  const [worker] = await selectWorkers(db, sql`lower(btrim(${workers.badgeCode})) = lower(btrim(${badgeCode}))`);
  if (!worker) throw new DomainError(404, mesMessages.badgeUnknown);
  return worker;
}

export async function mesWorker(db: DbOrTx, workerId: number): Promise<MesWorker | null> {
  const [worker] = await selectWorkers(db, eq(workers.id, workerId));
  return worker ?? null;
}

/** The terminal's start-up: the badge setting, the signed-in user's own worker and the production departments. */
export async function mesContext(db: DbOrTx, linkedWorkerId: number | null): Promise<MesContext> {
  const settings = await getProductionSettings(db);
  const list: MesDepartment[] = await db
    .select({ id: departments.id, name: departments.name, code: departments.code })
    .from(departments)
    .where(
      and(
        eq(departments.isActive, true),
        or(
          eq(departments.isProduction, true),
          sql`exists (select 1 from mo_operations o where o.department_id = ${departments.id})`,
        ),
      ),
    )
    .orderBy(ukOrder(departments.name));
  return {
    requireBadge: settings.requireBadge,
    autoOutputOnLastOperation: settings.autoOutputOnLastOperation,
    worker: linkedWorkerId ? await mesWorker(db, linkedWorkerId) : null,
    departments: list,
  };
}
