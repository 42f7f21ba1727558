// The kanban of production tasks (production.md §5). A task is a manufacturing order seen as a card: every read
// comes from the MO tables and every change goes through the MO services (which lock, audit and post), so the
// board cannot drift from /manufacturing. The board only adds its column rules and an audit of each move.
import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { ukOrder } from '@/server/kernel/collation.ts';
import { DomainError } from '@/shared/api-error.ts';
import { add, cmp, dec, div, fixed, isZero, mul, round, sub } from '@/shared/decimal.ts';
import { kyivToday } from '@/shared/kyiv-date.ts';
import type { z } from '@/shared/zod-uk.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { items } from '@/resources/items/items.table.ts';
import { units } from '@/resources/units/units.table.ts';
import { workers } from '@/resources/workers/workers.table.ts';
import { recipes } from '@/modules/recipes/server/recipes.table.ts';
import { orderLines } from '@/modules/orders/server/orders.table.ts';
import { manufacturingOrders } from '@/modules/manufacturing/server/manufacturing.table.ts';
import {
  completeManufacturingOrder,
  createManufacturingOrder,
  MO_ENTITY,
  isReadyToComplete,
  materialAvailability,
  moProducedQty,
  postMoOutput,
  releaseManufacturingOrder,
  startManufacturingOrder,
  updateManufacturingOrder,
} from '@/modules/manufacturing/server/index.ts';
import { demandLines } from '@/modules/ordered-products/server/index.ts';
import {
  DEFAULT_COMPLETED_DAYS,
  taskMessages,
  taskStatusOf,
  type fromOrdersCreateSchema,
  type FromOrdersLine,
  type MoPriority,
  type MoStatus,
  type ProductionTask,
  type ProductionTaskDetail,
  type taskCompleteSchema,
  type taskCreateSchema,
  type TaskListQuery,
  type TaskOption,
  type TaskStatus,
  type taskUpdateSchema,
} from '../production-tasks.contract.ts';
import { containsPattern } from '@/server/kernel/like.ts';
import { withPostingRetry } from '@/server/kernel/posting-retry.ts';

const MADE_KINDS = ['product', 'semi_finished'] as const;

// ---- reading -----------------------------------------------------------------------------------------------------

const mo = manufacturingOrders;

/** The tech card whose operations a not-yet-released MO will run (its snapshot does not exist before release). */
const plannedTechCard = sql`case
  when ${mo.techCardId} is not null then ${mo.techCardId}
  when ${mo.recipeId} is not null then (select r.tech_card_id from recipes r where r.id = ${mo.recipeId})
  when exists (select 1 from recipes r where r.item_id = ${mo.itemId} and r.is_default and r.status = 'active')
    then (select r.tech_card_id from recipes r where r.item_id = ${mo.itemId} and r.is_default and r.status = 'active')
  else (select tc.id from tech_cards tc where tc.item_id = ${mo.itemId} and tc.is_default and tc.status = 'active')
end`;

/** MOs with operations in the department: the snapshot once released, else the tech card (and its base) to be used. */
function inDepartment(departmentId: number): SQL {
  return sql`(exists (select 1 from mo_operations o where o.mo_id = ${mo.id} and o.department_id = ${departmentId})
    or (not exists (select 1 from mo_operations o where o.mo_id = ${mo.id})
      and exists (select 1 from tech_card_operations tco join tech_cards tc on tc.id = ${plannedTechCard}
        where (tco.tech_card_id = tc.id or tco.tech_card_id = tc.base_tech_card_id)
          and tco.department_id = ${departmentId} and tco.action is distinct from 'remove')))`;
}

const ORDER_SEPARATOR = '\u001f';

const cardColumns = {
  id: mo.id,
  moNumber: mo.number,
  title: items.name,
  itemId: mo.itemId,
  sku: items.sku,
  quantity: mo.qty,
  unit: units.shortName,
  moStatus: mo.status,
  priority: mo.priority,
  dueDate: mo.dueDate,
  notes: mo.notes,
  workerId: workers.id,
  workerLastName: workers.lastName,
  workerFirstName: workers.firstName,
  recipeId: mo.recipeId,
  version: mo.version,
  /** Operations that count for the progress (skipped ones are not to be done). */
  opsTotal: sql<number>`(select count(*)::int from mo_operations o where o.mo_id = ${mo.id} and o.status <> 'skipped')`,
  opsDone: sql<number>`(select count(*)::int from mo_operations o where o.mo_id = ${mo.id} and o.status = 'done')`,
  orderNumbers: sql<
    string | null
  >`(select string_agg(distinct o.order_number, ${ORDER_SEPARATOR} order by o.order_number)
    from mo_demands d join order_lines l on l.id = d.order_line_id join orders o on o.id = l.order_id
    where d.mo_id = ${mo.id})`,
};

type CardRow = {
  id: number;
  moNumber: string;
  title: string;
  itemId: number;
  sku: string;
  quantity: string;
  unit: string | null;
  moStatus: MoStatus;
  priority: MoPriority;
  dueDate: string | null;
  notes: string | null;
  workerId: number | null;
  workerLastName: string | null;
  workerFirstName: string | null;
  recipeId: number | null;
  version: number;
  opsTotal: number | string;
  opsDone: number | string;
  orderNumbers: string | null;
};

/** progress 0–100: produced ÷ quantity; while nothing is produced, the share of operations done. */
export function taskProgress(quantity: string, produced: string, opsDone: number, opsTotal: number): number {
  const qty = dec(quantity);
  const made = dec(produced);
  let percent;
  if (!isZero(made) && !isZero(qty)) percent = round(div(mul(made, dec(100)), qty, 4), 0);
  else if (opsTotal > 0) percent = round(div(dec(opsDone * 100), dec(opsTotal), 4), 0);
  else return 0;
  const value = Number(fixed(percent, 0));
  return Math.max(0, Math.min(100, value));
}

function toTask(
  row: CardRow,
  produced: string,
  today: string,
  materialsShort: ProductionTask['materialsShort'],
): ProductionTask {
  const status = taskStatusOf(row.moStatus)!;
  return {
    id: row.id,
    moNumber: row.moNumber,
    title: row.title,
    itemId: row.itemId,
    sku: row.sku,
    quantity: row.quantity,
    producedQuantity: produced,
    unit: row.unit,
    status,
    moStatus: row.moStatus,
    priority: row.priority,
    dueDate: row.dueDate,
    isOverdue: status !== 'completed' && row.dueDate !== null && row.dueDate < today,
    progress: taskProgress(row.quantity, produced, Number(row.opsDone), Number(row.opsTotal)),
    orderNumbers: row.orderNumbers ? row.orderNumbers.split(ORDER_SEPARATOR) : [],
    assignee:
      row.workerId === null
        ? null
        : { workerId: row.workerId, name: [row.workerLastName, row.workerFirstName].filter(Boolean).join(' ') },
    notes: row.notes,
    readyToComplete: isReadyToComplete(row.moStatus, produced, row.quantity),
    materialsShort,
  };
}

const priorityOrder = sql`case ${mo.priority} when 'urgent' then 0 when 'high' then 1 when 'normal' then 2 else 3 end`;

async function selectCards(db: DbOrTx, where: SQL | undefined): Promise<CardRow[]> {
  return (await db
    .select(cardColumns)
    .from(mo)
    .innerJoin(items, eq(items.id, mo.itemId))
    .innerJoin(units, eq(units.id, items.unitId))
    .leftJoin(workers, eq(workers.id, mo.responsibleWorkerId))
    .where(where)
    .orderBy(priorityOrder, sql`${mo.dueDate} asc nulls last`, asc(mo.id))) as CardRow[];
}

/** Cards from rows, with the produced quantities of all of them read at once (posted outputs, production.md §4). */
async function cardsOf(db: DbOrTx, rows: CardRow[]): Promise<ProductionTask[]> {
  if (!rows.length) return [];
  const produced = await moProducedQty(
    db,
    rows.map((r) => r.id),
  );
  const short = await materialAvailability(
    db,
    rows.map((r) => r.id),
  );
  const today = kyivToday();
  return rows.map((row) =>
    toTask(row, fixed(dec(produced.get(row.id)?.produced ?? '0'), 4), today, short.get(row.id) ?? null),
  );
}

/**
 * The board (production.md §5): planned, released and in-progress MOs plus those completed in the last
 * `completedDays` (30) days; never cancelled ones. Ordered by priority (urgent first), then due date.
 * Two queries: the cards and the produced quantities.
 */
export async function listTasks(db: DbOrTx, q: TaskListQuery = {}): Promise<ProductionTask[]> {
  const days = q.completedDays ?? DEFAULT_COMPLETED_DAYS;
  const where: SQL[] = [
    or(
      inArray(mo.status, ['planned', 'released', 'in_progress']),
      sql`(${mo.status} = 'completed' and ${mo.completedAt} >= now() - make_interval(days => ${days}::int))`,
    )!,
  ];
  if (q.assigneeWorkerId) where.push(eq(mo.responsibleWorkerId, q.assigneeWorkerId));
  if (q.itemId) where.push(eq(mo.itemId, q.itemId));
  if (q.priority) where.push(eq(mo.priority, q.priority));
  if (q.departmentId) where.push(inDepartment(q.departmentId));
  if (q.search) {
    const like = containsPattern(q.search);
    where.push(or(ilike(mo.number, like), ilike(items.name, like), ilike(items.sku, like))!);
  }
  return cardsOf(db, await selectCards(db, and(...where)));
}

/** Some cards by MO id, whatever their column window (a task just created, moved or finished). */
async function cardsByIds(db: DbOrTx, ids: number[]): Promise<ProductionTask[]> {
  if (!ids.length) return [];
  const cards = await cardsOf(db, await selectCards(db, and(inArray(mo.id, ids), sql`${mo.status} <> 'cancelled'`)));
  return ids.map((id) => cards.find((c) => c.id === id)).filter((c): c is ProductionTask => c !== undefined);
}

export async function getTask(db: DbOrTx, id: number): Promise<ProductionTask> {
  const [card] = await cardsByIds(db, [id]);
  if (!card) throw new DomainError(404, taskMessages.notFound);
  return card;
}

/** One card for the edit dialog: the card plus its recipe and version. */
export async function getTaskDetail(db: DbOrTx, id: number): Promise<ProductionTaskDetail> {
  const rows = await selectCards(db, and(eq(mo.id, id), sql`${mo.status} <> 'cancelled'`));
  const row = rows[0];
  if (!row) throw new DomainError(404, taskMessages.notFound);
  const [card] = await cardsOf(db, rows);
  let recipeName: string | null = null;
  if (row.recipeId !== null) {
    const [recipe] = await db.select({ name: recipes.name }).from(recipes).where(eq(recipes.id, row.recipeId));
    recipeName = recipe?.name ?? null;
  }
  return { ...card!, recipeId: row.recipeId, recipeName, version: row.version };
}

// ---- changes -----------------------------------------------------------------------------------------------------

async function lockMo(tx: DbOrTx, id: number) {
  const [row] = await tx
    .select({ id: mo.id, number: mo.number, status: mo.status })
    .from(mo)
    .where(eq(mo.id, id))
    .for('update');
  if (!row) throw new DomainError(404, taskMessages.notFound);
  const column = taskStatusOf(row.status);
  if (!column) throw new DomainError(409, taskMessages.cancelled);
  return { ...row, column };
}

async function requireMadeItem(tx: DbOrTx, itemId: number) {
  const [item] = await tx.select({ kind: items.kind }).from(items).where(eq(items.id, itemId));
  if (!item || !(MADE_KINDS as readonly string[]).includes(item.kind)) {
    throw new DomainError(400, taskMessages.item, { itemId: taskMessages.item });
  }
}

/** 'Нове завдання': a planned MO (production.md §5). */
export async function createTask(
  db: DbOrTx,
  ctx: AuditContext,
  input: z.output<typeof taskCreateSchema>,
): Promise<ProductionTask> {
  const id = await db.transaction(async (tx) => {
    await requireMadeItem(tx, input.itemId);
    const created = await createManufacturingOrder(tx, ctx, {
      itemId: input.itemId,
      qty: input.qty,
      recipeId: input.recipeId ?? null,
      dueDate: input.dueDate ?? null,
      priority: input.priority,
      responsibleWorkerId: input.assigneeWorkerId ?? null,
      notes: input.notes ?? null,
    });
    return created.id;
  });
  return getTask(db, id);
}

/** Editing a card: the same fields, by the MO's rules (qty ≥ produced once released, recipe only while planned). */
export async function updateTask(
  db: DbOrTx,
  ctx: AuditContext,
  id: number,
  input: z.output<typeof taskUpdateSchema>,
): Promise<ProductionTaskDetail> {
  await db.transaction(async (tx) => {
    await lockMo(tx, id);
    const patch: Parameters<typeof updateManufacturingOrder>[3] = {};
    if (input.qty !== undefined) patch.qty = input.qty;
    if (input.dueDate !== undefined) patch.dueDate = input.dueDate;
    if (input.priority !== undefined) patch.priority = input.priority;
    if (input.assigneeWorkerId !== undefined) patch.responsibleWorkerId = input.assigneeWorkerId;
    if (input.notes !== undefined) patch.notes = input.notes;
    if (input.recipeId !== undefined) patch.recipeId = input.recipeId;
    await updateManufacturingOrder(tx, ctx, id, patch, input.version);
  });
  return getTaskDetail(db, id);
}

/** Why a move other than planned → in-progress is refused (production.md §5 "Moves"). */
function refusal(status: MoStatus, to: TaskStatus): string {
  if (status === 'completed') return taskMessages.alreadyCompleted;
  if (to === 'planned') return status === 'in_progress' ? taskMessages.alreadyInProgress : taskMessages.alreadyPlanned;
  if (to === 'completed')
    return status === 'in_progress' ? taskMessages.completeThroughDialog : taskMessages.startFirst;
  return taskMessages.alreadyInProgress;
}

/**
 * A drag between columns. Only planned → in-progress is a move: release the MO if still planned, then start it.
 * Everything else is refused with 409 (in-progress → completed goes through the completion dialog).
 */
export async function moveTask(db: DbOrTx, ctx: AuditContext, id: number, to: TaskStatus): Promise<ProductionTask> {
  await db.transaction(async (tx) => {
    const before = await lockMo(tx, id);
    if (to !== 'in-progress' || (before.status !== 'planned' && before.status !== 'released')) {
      throw new DomainError(409, refusal(before.status, to));
    }
    if (before.status === 'planned') await releaseManufacturingOrder(tx, ctx, id);
    await startManufacturingOrder(tx, ctx, id);
    await audit(tx, ctx, {
      action: 'status_change',
      entityType: MO_ENTITY,
      entityId: id,
      before: { number: before.number, status: before.status, column: before.column },
      after: { number: before.number, status: 'in_progress', column: 'in-progress', via: 'kanban' },
    });
  });
  return getTask(db, id);
}

/**
 * The completion dialog (in-progress → completed): posts the output of goodQty when it is above zero, then completes
 * the MO with the short confirmation and the excess choice — one transaction, so a refused completion posts nothing.
 */
export async function completeTask(
  db: DbOrTx,
  ctx: AuditContext,
  id: number,
  input: z.output<typeof taskCompleteSchema>,
): Promise<ProductionTask> {
  await withPostingRetry(db, async (tx) => {
    const before = await lockMo(tx, id);
    if (before.status !== 'in_progress') throw new DomainError(409, refusal(before.status, 'completed'));
    let output: { id: number; number: string; completed?: boolean } | null = null;
    if (input.goodQty !== undefined && !isZero(dec(input.goodQty))) {
      output = await postMoOutput(tx, ctx, id, { goodQty: input.goodQty });
    }
    // The output may have finished the MO, which then completed by itself (decision 0020).
    if (!output?.completed) {
      await completeManufacturingOrder(tx, ctx, id, { excess: input.excess, confirmShort: input.confirmShort });
    }
    await audit(tx, ctx, {
      action: 'status_change',
      entityType: MO_ENTITY,
      entityId: id,
      before: { number: before.number, status: before.status, column: before.column },
      after: {
        number: before.number,
        status: 'completed',
        column: 'completed',
        via: 'kanban',
        output: output?.number ?? null,
        goodQty: input.goodQty ?? null,
        confirmShort: input.confirmShort ?? false,
        excess: input.excess ?? null,
      },
    });
  });
  return getTask(db, id);
}

// ---- 'З замовлень' -------------------------------------------------------------------------------------------------

const ZERO = dec(0);

/** Open order lines of made items still to cover by a new task: max(0, uncovered − covered by open MOs) > 0. */
export async function fromOrderLines(
  db: DbOrTx,
  q: { approvedOnly?: boolean; itemId?: number },
): Promise<FromOrdersLine[]> {
  const lines = await demandLines(db, {
    approvedOnly: q.approvedOnly ?? true,
    ...(q.itemId ? { itemIds: [q.itemId] } : {}),
  });
  const result: FromOrdersLine[] = [];
  for (const line of lines) {
    if (!(MADE_KINDS as readonly string[]).includes(line.kind)) continue;
    const rest = sub(dec(line.uncovered), dec(line.coveredByMo));
    if (cmp(rest, ZERO) <= 0) continue;
    result.push({
      orderLineId: line.orderLineId,
      orderId: line.orderId,
      orderNumber: line.orderNumber,
      clientName: line.clientName,
      itemId: line.itemId,
      sku: line.sku,
      itemName: line.itemName,
      remaining: line.remaining,
      reserved: line.reserved,
      uncovered: line.uncovered,
      coveredByMo: line.coveredByMo,
      toCover: fixed(rest, 4),
      dueDate: line.dueDate,
      approved: line.approved,
    });
  }
  return result.sort(
    (a, b) =>
      (a.dueDate ?? '9999-12-31').localeCompare(b.dueDate ?? '9999-12-31') ||
      a.orderNumber.localeCompare(b.orderNumber) ||
      a.orderLineId - b.orderLineId,
  );
}

/** Turns chosen order lines into planned MOs, one per item, linked to the lines through mo_demands. */
export async function createFromOrders(
  db: DbOrTx,
  ctx: AuditContext,
  input: z.output<typeof fromOrdersCreateSchema>,
): Promise<ProductionTask[]> {
  const lineIds = input.lines.map((l) => l.orderLineId);
  if (new Set(lineIds).size !== lineIds.length) throw new DomainError(400, taskMessages.duplicateLine);
  const createdIds = await db.transaction(async (tx) => {
    // Serialise creators on these lines, so two users cannot cover the same demand twice.
    await tx
      .select({ id: orderLines.id })
      .from(orderLines)
      .where(inArray(orderLines.id, lineIds))
      .orderBy(asc(orderLines.id))
      .for('update');
    const open = new Map(
      (await demandLines(tx, { approvedOnly: false })).map((line) => [line.orderLineId, line] as const),
    );
    const groups = new Map<
      number,
      { qty: ReturnType<typeof dec>; due: string | null; demands: Array<{ orderLineId: number; qty: string }> }
    >();
    for (const wanted of input.lines) {
      const line = open.get(wanted.orderLineId);
      if (!line) throw new DomainError(409, taskMessages.lineGone);
      if (!(MADE_KINDS as readonly string[]).includes(line.kind)) {
        throw new DomainError(409, taskMessages.lineNotMade(line.sku));
      }
      const rest = sub(dec(line.uncovered), dec(line.coveredByMo));
      if (cmp(dec(wanted.qty), rest) > 0) {
        throw new DomainError(
          409,
          cmp(rest, ZERO) <= 0
            ? taskMessages.lineNotOpen(line.orderNumber)
            : taskMessages.lineTooMuch(line.orderNumber, fixed(rest, 4)),
        );
      }
      const group = groups.get(line.itemId) ?? { qty: ZERO, due: null, demands: [] };
      group.qty = add(group.qty, dec(wanted.qty));
      if (line.dueDate && (group.due === null || line.dueDate < group.due)) group.due = line.dueDate;
      group.demands.push({ orderLineId: line.orderLineId, qty: fixed(dec(wanted.qty), 4) });
      groups.set(line.itemId, group);
    }
    const ids: number[] = [];
    for (const [itemId, group] of groups) {
      const created = await createManufacturingOrder(tx, ctx, {
        itemId,
        qty: fixed(group.qty, 4),
        dueDate: input.dueDate ?? group.due,
        priority: input.priority ?? 'normal',
        demands: group.demands,
      });
      ids.push(created.id);
    }
    return ids;
  });
  return cardsByIds(db, createdIds);
}

// ---- pickers -------------------------------------------------------------------------------------------------------

/** Made items (products and semi-finished), active, for the 'Нове завдання' picker and the item filter. */
export async function madeItemOptions(db: DbOrTx, search?: string): Promise<TaskOption[]> {
  const where: SQL[] = [inArray(items.kind, [...MADE_KINDS]), eq(items.isActive, true)];
  if (search) where.push(or(ilike(items.name, containsPattern(search)), ilike(items.sku, containsPattern(search)))!);
  const rows = await db
    .select({ id: items.id, label: items.name, hint: items.sku })
    .from(items)
    .where(and(...where))
    .orderBy(ukOrder(items.name))
    .limit(30);
  return rows;
}

/** Active workers, 'Прізвище Ім'я', for the assignee picker and filter. */
export async function workerOptions(db: DbOrTx, search?: string): Promise<TaskOption[]> {
  const where: SQL[] = [eq(workers.isActive, true)];
  if (search) {
    where.push(
      or(
        ilike(workers.lastName, containsPattern(search)),
        ilike(workers.firstName, containsPattern(search)),
        ilike(workers.personnelNumber, containsPattern(search)),
      )!,
    );
  }
  const rows = await db
    .select({
      id: workers.id,
      lastName: workers.lastName,
      firstName: workers.firstName,
      hint: workers.personnelNumber,
    })
    .from(workers)
    .where(and(...where))
    .orderBy(ukOrder(workers.lastName), ukOrder(workers.firstName))
    .limit(30);
  return rows.map((r) => ({ id: r.id, label: `${r.lastName} ${r.firstName}`, hint: r.hint }));
}

/** The item's active recipes (the default one marked), for the recipe choice of a task. */
export async function recipeOptions(db: DbOrTx, itemId: number): Promise<TaskOption[]> {
  const rows = await db
    .select({ id: recipes.id, label: recipes.name, isDefault: recipes.isDefault })
    .from(recipes)
    .where(and(eq(recipes.itemId, itemId), eq(recipes.status, 'active')))
    .orderBy(sql`${recipes.isDefault} desc`, ukOrder(recipes.name));
  return rows.map((r) => ({ id: r.id, label: r.label, hint: r.isDefault ? 'default' : null }));
}
