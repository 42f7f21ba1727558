// Technological cards (production.md §2). A base card owns its operations; a modification stores only its
// differences (replace / remove a base operation by id, add its own) and so sees every later change of its base at
// once. Effective operations, minutes and costs come from the production core — never computed here again.
// Every change is one audited transaction; the card row is locked first and `version` guards against lost updates.
import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { DomainError } from '@/shared/api-error.ts';
import { add, dec, fixed, type Dec } from '@/shared/decimal.ts';
import { pageWindow, parseSort } from '@/shared/list.ts';
import type { z } from '@/shared/zod-uk.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { uniqueViolation } from '@/server/kernel/db-errors.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import {
  applyModification,
  effectiveOperations,
  getProductionSettings,
  leadTimeDays,
  operationCosts,
  plannedMinutes,
  type EffectiveOperation,
} from '@/modules/production/server/index.ts';
import { manufacturingOrders } from '@/modules/manufacturing/server/manufacturing.table.ts';
import { recipes } from '@/modules/recipes/server/recipes.table.ts';
import { departments } from '@/resources/departments/departments.table.ts';
import { items } from '@/resources/items/items.table.ts';
import { positions } from '@/resources/positions/positions.table.ts';
import { units } from '@/resources/units/units.table.ts';
import {
  techCardMessages as m,
  techCardSortFields,
  type EffectiveOperationView,
  type OperationValues,
  type TechCard,
  type TechCardCost,
  type TechCardCreateValues,
  type techCardListQuerySchema,
  type TechCardOperation,
  type TechCardSummary,
  type TechCardUpdateValues,
} from '../tech-cards.contract.ts';
import { techCardOperations, techCards, type TechCardStatus } from './tech-cards.table.ts';

const ENTITY = 'tech_cards';
const MADE_KINDS = ['product', 'semi_finished'];
const baseCard = alias(techCards, 'base_card');
const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v));

// ---- reading ---------------------------------------------------------------------------------------------------

const summaryColumns = {
  id: techCards.id,
  itemId: techCards.itemId,
  itemSku: items.sku,
  itemName: items.name,
  name: techCards.name,
  baseTechCardId: techCards.baseTechCardId,
  baseName: baseCard.name,
  status: techCards.status,
  isDefault: techCards.isDefault,
  updatedAt: techCards.updatedAt,
};

const joined = (db: DbOrTx, columns: Record<string, unknown>) =>
  db
    .select(columns as typeof summaryColumns)
    .from(techCards)
    .innerJoin(items, eq(items.id, techCards.itemId))
    .leftJoin(baseCard, eq(baseCard.id, techCards.baseTechCardId));

type OperationRow = typeof techCardOperations.$inferSelect;

/** Effective operations of many cards at once (one query; the core's applyModification does the merging). */
async function effectiveOfCards(
  db: DbOrTx,
  cards: ReadonlyArray<{ id: number; baseTechCardId: number | null }>,
): Promise<Map<number, EffectiveOperation[]>> {
  const ids = [...new Set(cards.flatMap((c) => (c.baseTechCardId ? [c.id, c.baseTechCardId] : [c.id])))];
  const rows: OperationRow[] = ids.length
    ? await db
        .select()
        .from(techCardOperations)
        .where(inArray(techCardOperations.techCardId, ids))
        .orderBy(asc(techCardOperations.seq), asc(techCardOperations.id))
    : [];
  const byCard = new Map<number, OperationRow[]>();
  for (const row of rows) byCard.set(row.techCardId, [...(byCard.get(row.techCardId) ?? []), row]);
  const result = new Map<number, EffectiveOperation[]>();
  for (const card of cards) {
    const own = byCard.get(card.id) ?? [];
    const base = card.baseTechCardId ? (byCard.get(card.baseTechCardId) ?? []).filter((r) => r.action == null) : [];
    result.set(card.id, applyModification(base, own));
  }
  return result;
}

/** Σ planned minutes of the operations for one unit. */
function minutesForOne(ops: readonly EffectiveOperation[]): string {
  let total: Dec = dec(0);
  for (const op of ops) total = add(total, dec(plannedMinutes(op, '1')));
  return fixed(total, 2);
}

export async function listTechCards(
  db: DbOrTx,
  q: z.output<typeof techCardListQuerySchema>,
): Promise<{ rows: TechCardSummary[]; total: number }> {
  const where: SQL[] = [];
  if (q.itemId) where.push(eq(techCards.itemId, q.itemId));
  if (q.status) where.push(eq(techCards.status, q.status));
  if (q.kind === 'base') where.push(isNull(techCards.baseTechCardId));
  if (q.kind === 'modification') where.push(sql`${techCards.baseTechCardId} is not null`);
  if (q.departmentId) {
    // An effective operation at the department: the card's own (not a removal), or an untouched base operation.
    where.push(sql`exists (
      select 1 from tech_card_operations o
      where o.department_id = ${q.departmentId}
        and ((o.tech_card_id = ${techCards.id} and o.action is distinct from 'remove')
          or (o.tech_card_id = ${techCards.baseTechCardId} and o.action is null
            and not exists (select 1 from tech_card_operations c
              where c.tech_card_id = ${techCards.id} and c.base_operation_id = o.id))))`);
  }
  if (q.search) {
    const like = `%${q.search.replace(/[\\%_]/g, (c) => '\\' + c)}%`;
    where.push(or(ilike(techCards.name, like), ilike(items.name, like), ilike(items.sku, like))!);
  }
  const condition = where.length ? and(...where) : undefined;
  const { field, desc: isDesc } = parseSort(q.sort ?? 'name', techCardSortFields, 'name');
  const sortColumn = {
    name: techCards.name,
    itemName: items.name,
    status: techCards.status,
    updatedAt: techCards.updatedAt,
  }[field];
  const { limit, offset } = pageWindow(q);
  const [rows, [{ total }]] = await Promise.all([
    joined(db, summaryColumns)
      .where(condition)
      .orderBy(isDesc ? desc(sortColumn) : asc(sortColumn), isDesc ? desc(techCards.id) : asc(techCards.id))
      .limit(limit)
      .offset(offset),
    joined(db, { total: count() }).where(condition) as unknown as Promise<[{ total: number }]>,
  ]);
  const effective = await effectiveOfCards(db, rows);
  return {
    rows: rows.map((row) => {
      const ops = effective.get(row.id) ?? [];
      return {
        ...row,
        status: row.status as TechCardStatus,
        operationCount: ops.length,
        totalMinutes: minutesForOne(ops),
        updatedAt: iso(row.updatedAt),
      };
    }),
    total: Number(total),
  };
}

async function namesOf(db: DbOrTx, departmentIds: number[], positionIds: number[]) {
  const depts = departmentIds.length
    ? await db
        .select({ id: departments.id, name: departments.name })
        .from(departments)
        .where(inArray(departments.id, departmentIds))
    : [];
  const poss = positionIds.length
    ? await db
        .select({ id: positions.id, name: positions.name })
        .from(positions)
        .where(inArray(positions.id, positionIds))
    : [];
  return {
    department: (id: number | null) => (id == null ? null : (depts.find((d) => d.id === id)?.name ?? null)),
    position: (id: number | null) => (id == null ? null : (poss.find((p) => p.id === id)?.name ?? null)),
  };
}

/** Effective operations with the names of their departments and positions. */
export async function effectiveOperationViews(db: DbOrTx, techCardId: number): Promise<EffectiveOperationView[]> {
  const ops = await effectiveOperations(db, techCardId);
  return withNames(db, ops);
}

async function withNames(db: DbOrTx, ops: readonly EffectiveOperation[]): Promise<EffectiveOperationView[]> {
  const names = await namesOf(
    db,
    [...new Set(ops.map((o) => o.departmentId).filter((v): v is number => v != null))],
    [...new Set(ops.map((o) => o.positionId).filter((v): v is number => v != null))],
  );
  return ops.map((op) => ({
    seq: op.seq,
    name: op.name,
    instructions: op.instructions,
    departmentId: op.departmentId,
    departmentName: names.department(op.departmentId),
    positionId: op.positionId,
    positionName: names.position(op.positionId),
    setupMinutes: op.setupMinutes,
    runMinutesPerUnit: op.runMinutesPerUnit,
    equipment: op.equipment,
    canRunParallel: op.canRunParallel,
    qualityCheck: op.qualityCheck,
    techCardOperationId: op.techCardOperationId,
    inherited: op.inherited,
    baseOperationId: op.baseOperationId,
  }));
}

async function operationRows(db: DbOrTx, techCardId: number): Promise<TechCardOperation[]> {
  const rows = await db
    .select({
      id: techCardOperations.id,
      seq: techCardOperations.seq,
      name: techCardOperations.name,
      instructions: techCardOperations.instructions,
      departmentId: techCardOperations.departmentId,
      departmentName: departments.name,
      positionId: techCardOperations.positionId,
      positionName: positions.name,
      setupMinutes: techCardOperations.setupMinutes,
      runMinutesPerUnit: techCardOperations.runMinutesPerUnit,
      equipment: techCardOperations.equipment,
      canRunParallel: techCardOperations.canRunParallel,
      qualityCheck: techCardOperations.qualityCheck,
      baseOperationId: techCardOperations.baseOperationId,
      action: techCardOperations.action,
    })
    .from(techCardOperations)
    .leftJoin(departments, eq(departments.id, techCardOperations.departmentId))
    .leftJoin(positions, eq(positions.id, techCardOperations.positionId))
    .where(eq(techCardOperations.techCardId, techCardId))
    .orderBy(asc(techCardOperations.seq), asc(techCardOperations.id));
  return rows as TechCardOperation[];
}

async function lockCard(db: DbOrTx, id: number) {
  const [row] = await db.select().from(techCards).where(eq(techCards.id, id)).for('update');
  if (!row) throw new DomainError(404, m.notFound);
  return row;
}

export async function getTechCard(db: DbOrTx, id: number, lock = false): Promise<TechCard> {
  if (lock) await lockCard(db, id);
  const [header] = await joined(db, {
    ...summaryColumns,
    itemKind: items.kind,
    unitShortName: units.shortName,
    baseItemName: sql<string | null>`(select i.name from items i where i.id = ${baseCard.itemId})`,
    baseStatus: baseCard.status,
    modificationNote: techCards.modificationNote,
    notes: techCards.notes,
    version: techCards.version,
    createdAt: techCards.createdAt,
  })
    .leftJoin(units, eq(units.id, items.unitId))
    .where(eq(techCards.id, id));
  if (!header) throw new DomainError(404, m.notFound);
  const h = header as typeof header & Record<string, unknown>;
  const [operations, baseOperations, effective, modifications, usedBy] = await Promise.all([
    operationRows(db, id),
    header.baseTechCardId ? operationRows(db, header.baseTechCardId) : Promise.resolve([]),
    effectiveOperationViews(db, id),
    db
      .select({
        id: techCards.id,
        name: techCards.name,
        itemId: techCards.itemId,
        itemSku: items.sku,
        itemName: items.name,
        status: techCards.status,
      })
      .from(techCards)
      .innerJoin(items, eq(items.id, techCards.itemId))
      .where(eq(techCards.baseTechCardId, id))
      .orderBy(asc(techCards.name), asc(techCards.id)),
    db
      .select({
        id: recipes.id,
        name: recipes.name,
        itemId: recipes.itemId,
        itemSku: items.sku,
        itemName: items.name,
        status: recipes.status,
      })
      .from(recipes)
      .innerJoin(items, eq(items.id, recipes.itemId))
      .where(eq(recipes.techCardId, id))
      .orderBy(asc(recipes.name), asc(recipes.id)),
  ]);
  return {
    ...(header as unknown as TechCard),
    status: header.status as TechCardStatus,
    baseStatus: (h.baseStatus as TechCardStatus | null) ?? null,
    operationCount: effective.length,
    totalMinutes: minutesForOne(effective),
    updatedAt: iso(header.updatedAt),
    createdAt: iso(h.createdAt),
    operations,
    baseOperations: baseOperations.filter((op) => op.action == null),
    effectiveOperations: effective,
    modifications,
    recipes: usedBy,
  };
}

/** Time and cost of the effective operations for quantity Q: minutes, labour, overhead, lead-time days (§2). */
export async function techCardCost(
  db: DbOrTx,
  id: number,
  qty: string,
  labourRatePerHour: string | null = null,
): Promise<TechCardCost> {
  const [card] = await db.select({ id: techCards.id }).from(techCards).where(eq(techCards.id, id));
  if (!card) throw new DomainError(404, m.notFound);
  const ops = await effectiveOperations(db, id);
  const [costs, settings, views] = await Promise.all([
    operationCosts(db, ops, qty, labourRatePerHour),
    getProductionSettings(db),
    withNames(db, ops),
  ]);
  return {
    techCardId: id,
    qty,
    labourRatePerHour,
    hoursPerDay: settings.hoursPerDay,
    operations: views.map((op, i) => ({
      seq: op.seq,
      name: op.name,
      departmentName: op.departmentName,
      positionName: op.positionName,
      canRunParallel: op.canRunParallel,
      ...costs.operations[i]!,
    })),
    minutes: costs.minutes,
    labour: costs.labour,
    overhead: costs.overhead,
    total: fixed(add(dec(costs.labour), dec(costs.overhead)), 2),
    leadTimeDays: leadTimeDays(ops, qty, settings.hoursPerDay),
  };
}

// ---- writing ---------------------------------------------------------------------------------------------------

function invalid(fields: Record<string, string>): never {
  throw new DomainError(400, Object.values(fields)[0]!, fields);
}

/** The card's item: a product or a semi-finished item. */
async function checkItem(tx: DbOrTx, itemId: number) {
  const [item] = await tx.select({ kind: items.kind }).from(items).where(eq(items.id, itemId));
  if (!item) invalid({ itemId: m.item });
  if (!MADE_KINDS.includes(item.kind)) invalid({ itemId: m.itemKind });
}

/** A modification's base: an existing base card (one level only), not archived. */
async function usableBase(tx: DbOrTx, baseId: number, missing: 'field' | 'route') {
  const [base] = await tx.select().from(techCards).where(eq(techCards.id, baseId));
  if (!base) {
    if (missing === 'route') throw new DomainError(404, m.notFound);
    invalid({ baseTechCardId: m.baseNotFound });
  }
  if (base.baseTechCardId != null) throw new DomainError(409, m.baseNotBase, { baseTechCardId: m.baseNotBase });
  if (base.status === 'archived') throw new DomainError(409, m.baseArchived, { baseTechCardId: m.baseArchived });
  return base;
}

type NewOperation = Omit<typeof techCardOperations.$inferInsert, 'id' | 'techCardId'>;

/**
 * Replaces the card's rows by `ops`, keeping the ids of rows that come back with their id. A modification's rows
 * are checked against its base: each base operation changed at most once, no own seq clashing with an inherited
 * one. A base operation that a modification changes cannot be dropped from the base.
 */
async function writeOperations(
  tx: DbOrTx,
  card: { id: number; baseTechCardId: number | null },
  ops: readonly OperationValues[],
) {
  const fields: Record<string, string> = {};
  const existing = await tx
    .select({ id: techCardOperations.id, seq: techCardOperations.seq })
    .from(techCardOperations)
    .where(eq(techCardOperations.techCardId, card.id));
  const existingIds = new Set(existing.map((r) => r.id));
  const baseRows = card.baseTechCardId
    ? await tx
        .select()
        .from(techCardOperations)
        .where(and(eq(techCardOperations.techCardId, card.baseTechCardId), isNull(techCardOperations.action)))
    : [];
  const baseById = new Map(baseRows.map((r) => [r.id, r]));
  const deptIds = [...new Set(ops.map((o) => o.departmentId).filter((v): v is number => v != null))];
  const posIds = [...new Set(ops.map((o) => o.positionId).filter((v): v is number => v != null))];
  const knownDepts = new Set(
    deptIds.length
      ? (await tx.select({ id: departments.id }).from(departments).where(inArray(departments.id, deptIds))).map(
          (r) => r.id,
        )
      : [],
  );
  const knownPositions = new Set(
    posIds.length
      ? (await tx.select({ id: positions.id }).from(positions).where(inArray(positions.id, posIds))).map((r) => r.id)
      : [],
  );

  const changedBase = new Set<number>();
  const kept = new Set<number>();
  const rows: Array<{ id: number | null; values: NewOperation; index: number }> = [];
  ops.forEach((op, i) => {
    const at = (name: string) => `operations.${i}.${name}`;
    let action: NewOperation['action'] = null;
    let baseOperationId: number | null = null;
    if (!card.baseTechCardId) {
      if (op.baseOperationId != null || (op.action != null && op.action !== 'add'))
        fields[at('action')] = m.actionOnBase;
    } else if (op.baseOperationId != null) {
      if (op.action === 'add') fields[at('action')] = m.baseOperationNeeded;
      action = op.action === 'remove' ? 'remove' : 'replace';
      baseOperationId = op.baseOperationId;
      if (!baseById.has(op.baseOperationId)) fields[at('baseOperationId')] = m.baseOperation;
      else if (changedBase.has(op.baseOperationId)) fields[at('baseOperationId')] = m.baseOperationTwice;
      changedBase.add(op.baseOperationId);
    } else {
      if (op.action === 'replace' || op.action === 'remove') fields[at('baseOperationId')] = m.baseOperationNeeded;
      action = 'add';
    }
    if (action !== 'remove') {
      if (op.departmentId != null && !knownDepts.has(op.departmentId)) fields[at('departmentId')] = m.departmentUnknown;
      if (op.positionId != null && !knownPositions.has(op.positionId)) fields[at('positionId')] = m.positionUnknown;
    }
    const id = op.id != null && existingIds.has(op.id) && !kept.has(op.id) ? op.id : null;
    if (id != null) kept.add(id);
    const base = baseOperationId != null ? baseById.get(baseOperationId) : undefined;
    const values: NewOperation =
      action === 'remove'
        ? {
            // A removal carries the base operation's number and name only, for reading.
            seq: base?.seq ?? op.seq,
            name: base?.name ?? op.name,
            instructions: null,
            departmentId: null,
            positionId: null,
            setupMinutes: '0',
            runMinutesPerUnit: '0',
            equipment: null,
            canRunParallel: false,
            qualityCheck: false,
            baseOperationId,
            action,
          }
        : {
            seq: op.seq,
            name: op.name,
            instructions: op.instructions ?? null,
            departmentId: op.departmentId ?? null,
            positionId: op.positionId ?? null,
            setupMinutes: op.setupMinutes,
            runMinutesPerUnit: op.runMinutesPerUnit,
            equipment: op.equipment ?? null,
            canRunParallel: op.canRunParallel,
            qualityCheck: op.qualityCheck,
            baseOperationId,
            action,
          };
    rows.push({ id, values, index: i });
  });
  if (card.baseTechCardId) {
    // The effective list must not hold two operations with one number.
    const inherited = new Set(baseRows.filter((r) => !changedBase.has(r.id)).map((r) => r.seq));
    for (const row of rows) {
      if (row.values.action !== 'remove' && inherited.has(row.values.seq)) {
        fields[`operations.${row.index}.seq`] ??= m.seqInherited(row.values.seq);
      }
    }
  }
  if (Object.keys(fields).length) invalid(fields);

  const dropped = existing.filter((r) => !kept.has(r.id));
  if (!card.baseTechCardId && dropped.length) {
    const refs = await tx
      .select({ baseOperationId: techCardOperations.baseOperationId, cardName: techCards.name })
      .from(techCardOperations)
      .innerJoin(techCards, eq(techCards.id, techCardOperations.techCardId))
      .where(
        inArray(
          techCardOperations.baseOperationId,
          dropped.map((r) => r.id),
        ),
      );
    if (refs.length) {
      const first = dropped.find((r) => r.id === refs[0]!.baseOperationId)!;
      const names = [...new Set(refs.filter((r) => r.baseOperationId === first.id).map((r) => `«${r.cardName}»`))];
      throw new DomainError(409, m.baseOperationInModifications(first.seq, names.join(', ')));
    }
  }
  if (dropped.length) {
    await tx.delete(techCardOperations).where(
      inArray(
        techCardOperations.id,
        dropped.map((r) => r.id),
      ),
    );
  }
  if (kept.size) {
    // Park the kept rows' numbers first, so a reordering never trips the unique (card, seq) index midway.
    await tx
      .update(techCardOperations)
      .set({ seq: sql`-${techCardOperations.id}` })
      .where(inArray(techCardOperations.id, [...kept]));
  }
  for (const row of rows) {
    if (row.id != null) await tx.update(techCardOperations).set(row.values).where(eq(techCardOperations.id, row.id));
  }
  const inserts = rows.filter((r) => r.id == null).map((r) => ({ ...r.values, techCardId: card.id }));
  if (inserts.length) await tx.insert(techCardOperations).values(inserts);
}

/** An active card needs at least one effective operation. */
async function requireOperations(tx: DbOrTx, id: number) {
  const ops = await effectiveOperations(tx, id);
  if (!ops.length) invalid({ operations: m.noOperations });
}

/** Active recipes naming the card: archiving it is refused while they do. */
async function activeRecipesOf(tx: DbOrTx, techCardId: number) {
  return tx
    .select({ id: recipes.id, name: recipes.name })
    .from(recipes)
    .where(and(eq(recipes.techCardId, techCardId), eq(recipes.status, 'active')))
    .orderBy(asc(recipes.name));
}

const quoted = (names: ReadonlyArray<{ name: string }>) => names.map((r) => `«${r.name}»`).join(', ');

export async function createTechCard(db: DbOrTx, ctx: AuditContext, input: TechCardCreateValues): Promise<TechCard> {
  return db.transaction(async (tx) => {
    await checkItem(tx, input.itemId);
    if (input.baseTechCardId != null) await usableBase(tx, input.baseTechCardId, 'field');
    const [row] = await tx
      .insert(techCards)
      .values({
        itemId: input.itemId,
        name: input.name,
        baseTechCardId: input.baseTechCardId ?? null,
        modificationNote: input.modificationNote ?? null,
        status: input.status,
        notes: input.notes ?? null,
        createdBy: ctx.userId,
      })
      .returning({ id: techCards.id, baseTechCardId: techCards.baseTechCardId });
    await writeOperations(tx, row!, input.operations);
    if (input.status === 'active') await requireOperations(tx, row!.id);
    const after = await getTechCard(tx, row!.id);
    await audit(tx, ctx, { action: 'create', entityType: ENTITY, entityId: row!.id, after });
    return after;
  });
}

export async function updateTechCard(
  db: DbOrTx,
  ctx: AuditContext,
  id: number,
  change: TechCardUpdateValues,
): Promise<TechCard> {
  return db.transaction(async (tx) => {
    const before = await getTechCard(tx, id, true);
    if (change.version !== before.version) throw new DomainError(409, m.version);
    const itemId = change.itemId ?? before.itemId;
    const status = change.status ?? before.status;
    if (itemId !== before.itemId) {
      await checkItem(tx, itemId);
      if (before.recipes.length)
        throw new DomainError(409, m.itemLocked(quoted(before.recipes)), {
          itemId: m.itemLocked(quoted(before.recipes)),
        });
    }
    if (status === 'archived' && before.status !== 'archived') {
      const used = await activeRecipesOf(tx, id);
      if (used.length) throw new DomainError(409, m.usedByRecipes(quoted(used)));
    }
    await tx
      .update(techCards)
      .set({
        itemId,
        name: change.name ?? before.name,
        modificationNote: change.modificationNote !== undefined ? change.modificationNote : before.modificationNote,
        notes: change.notes !== undefined ? change.notes : before.notes,
        status,
        // A default is the item's one active card: archiving or moving the card to another item ends it.
        isDefault: before.isDefault && status === 'active' && itemId === before.itemId,
        version: sql`${techCards.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(techCards.id, id));
    if (change.operations) await writeOperations(tx, before, change.operations);
    if (status === 'active') await requireOperations(tx, id);
    const after = await getTechCard(tx, id);
    await audit(tx, ctx, { action: 'update', entityType: ENTITY, entityId: id, before, after });
    return after;
  });
}

/** Makes the card its item's default; the previous default is cleared in the same transaction. */
export async function makeDefaultTechCard(db: DbOrTx, ctx: AuditContext, id: number): Promise<TechCard> {
  return db
    .transaction(async (tx) => {
      const card = await lockCard(tx, id);
      if (card.status !== 'active') throw new DomainError(409, m.defaultNotActive);
      if (card.isDefault) return getTechCard(tx, id);
      const previous = await tx
        .select()
        .from(techCards)
        .where(and(eq(techCards.itemId, card.itemId), eq(techCards.isDefault, true), ne(techCards.id, id)))
        .for('update');
      for (const other of previous) {
        await tx
          .update(techCards)
          .set({ isDefault: false, version: sql`${techCards.version} + 1`, updatedAt: sql`now()` })
          .where(eq(techCards.id, other.id));
        await audit(tx, ctx, {
          action: 'update',
          entityType: ENTITY,
          entityId: other.id,
          before: { isDefault: true },
          after: { isDefault: false },
        });
      }
      const before = await getTechCard(tx, id);
      await tx
        .update(techCards)
        .set({ isDefault: true, version: sql`${techCards.version} + 1`, updatedAt: sql`now()` })
        .where(eq(techCards.id, id));
      const after = await getTechCard(tx, id);
      await audit(tx, ctx, { action: 'update', entityType: ENTITY, entityId: id, before, after });
      return after;
    })
    .catch(defaultRace);
}

/** Two cards of one item made default at the same moment: the later one is told to look again. */
function defaultRace(err: unknown): never {
  if (uniqueViolation(err)?.constraint === 'tech_cards_is_default_key') throw new DomainError(409, m.defaultRace);
  throw err;
}

/** Deletes a card nobody uses: no recipe names it, no MO was made by it, no modification is based on it. */
export async function deleteTechCard(db: DbOrTx, ctx: AuditContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await getTechCard(tx, id, true);
    const [{ orders }] = (await tx
      .select({ orders: count() })
      .from(manufacturingOrders)
      .where(eq(manufacturingOrders.techCardId, id))) as [{ orders: number }];
    const uses: string[] = [];
    if (before.recipes.length) uses.push(m.inUseRecipes(quoted(before.recipes)));
    if (Number(orders) > 0) uses.push(m.inUseOrders(Number(orders)));
    if (before.modifications.length) uses.push(m.inUseModifications(quoted(before.modifications)));
    if (uses.length) throw new DomainError(409, m.inUse(uses.join('; ')));
    await tx.delete(techCards).where(eq(techCards.id, id));
    await audit(tx, ctx, { action: 'delete', entityType: ENTITY, entityId: id, before });
  });
}

/** A modification of a base card for an item (a whole family may share one base): a draft with no rows yet. */
export async function createModification(
  db: DbOrTx,
  ctx: AuditContext,
  baseId: number,
  input: { itemId: number; note?: string | null; name?: string | undefined },
): Promise<TechCard> {
  return db.transaction(async (tx) => {
    const base = await usableBase(tx, baseId, 'route');
    await checkItem(tx, input.itemId);
    const [item] = await tx.select({ sku: items.sku }).from(items).where(eq(items.id, input.itemId));
    const [row] = await tx
      .insert(techCards)
      .values({
        itemId: input.itemId,
        name:
          input.name || (input.itemId === base.itemId ? `${base.name} — модифікація` : `${base.name} — ${item!.sku}`),
        baseTechCardId: base.id,
        modificationNote: input.note ?? null,
        status: 'draft',
        createdBy: ctx.userId,
      })
      .returning({ id: techCards.id });
    const after = await getTechCard(tx, row!.id);
    await audit(tx, ctx, { action: 'create', entityType: ENTITY, entityId: row!.id, after });
    return after;
  });
}

/** A draft copy of a card (its own rows; a modification's copy keeps the same base), optionally for another item. */
export async function copyTechCard(
  db: DbOrTx,
  ctx: AuditContext,
  id: number,
  input: { itemId?: number | undefined; name?: string | undefined } = {},
): Promise<TechCard> {
  return db.transaction(async (tx) => {
    const source = await getTechCard(tx, id);
    const itemId = input.itemId ?? source.itemId;
    if (itemId !== source.itemId) await checkItem(tx, itemId);
    const [row] = await tx
      .insert(techCards)
      .values({
        itemId,
        name: input.name || `${source.name} (копія)`,
        baseTechCardId: source.baseTechCardId,
        modificationNote: source.modificationNote,
        status: 'draft',
        notes: source.notes,
        createdBy: ctx.userId,
      })
      .returning({ id: techCards.id });
    const own = await tx.select().from(techCardOperations).where(eq(techCardOperations.techCardId, id));
    if (own.length) {
      await tx
        .insert(techCardOperations)
        .values(own.map(({ id: _id, techCardId: _card, ...rest }) => ({ ...rest, techCardId: row!.id })));
    }
    const after = await getTechCard(tx, row!.id);
    await audit(tx, ctx, {
      action: 'create',
      entityType: ENTITY,
      entityId: row!.id,
      after: { ...after, copiedFrom: id },
    });
    return after;
  });
}

/** Tech cards of an item usable by a recipe: its own cards and modifications made for it, not archived. */
export async function techCardsOfItem(db: DbOrTx, itemId: number) {
  return db
    .select({
      id: techCards.id,
      name: techCards.name,
      status: techCards.status,
      isDefault: techCards.isDefault,
      baseTechCardId: techCards.baseTechCardId,
      baseName: baseCard.name,
    })
    .from(techCards)
    .leftJoin(baseCard, eq(baseCard.id, techCards.baseTechCardId))
    .where(and(eq(techCards.itemId, itemId), notInArray(techCards.status, ['archived'])))
    .orderBy(desc(techCards.isDefault), asc(techCards.name), asc(techCards.id));
}
