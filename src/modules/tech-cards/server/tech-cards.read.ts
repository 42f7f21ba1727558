// Technological cards (production.md §2), reading: the list, one card with its effective operations, its time and cost
// for a quantity, and an item's cards. Effective operations, minutes and costs come from the production core — never
// computed here again. Writing is tech-cards.write.ts.
import { and, asc, count, desc, eq, ilike, inArray, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { listOrder, ukOrder } from '@/server/kernel/collation.ts';
import { alias } from 'drizzle-orm/pg-core';
import { DomainError } from '@/shared/api-error.ts';
import { add, dec, fixed, type Dec } from '@/shared/decimal.ts';
import { pageWindow, parseSort } from '@/shared/list.ts';
import type { z } from '@/shared/zod-uk.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import {
  applyModification,
  costOperations,
  effectiveOperations,
  getProductionSettings,
  leadTimeDays,
  operationRates,
  plannedMinutes,
  type EffectiveOperation,
} from '@/modules/production/server/index.ts';
import { recipes } from '@/modules/recipes/server/recipes.table.ts';
import { departments } from '@/resources/departments/departments.table.ts';
import { items } from '@/resources/items/items.table.ts';
import { positions } from '@/resources/positions/positions.table.ts';
import { units } from '@/resources/units/units.table.ts';
import {
  techCardMessages as m,
  techCardSortFields,
  type EffectiveOperationView,
  type TechCard,
  type TechCardCost,
  type techCardListQuerySchema,
  type TechCardOperation,
  type TechCardSummary,
} from '../tech-cards.contract.ts';
import { techCardOperations, techCards, type TechCardStatus } from './tech-cards.table.ts';
import { containsPattern } from '@/server/kernel/like.ts';

const baseCard = alias(techCards, 'base_card');
const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v));

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
    const like = containsPattern(q.search);
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
      .orderBy(listOrder(sortColumn, field, isDesc), isDesc ? desc(techCards.id) : asc(techCards.id))
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

export async function lockCard(db: DbOrTx, id: number) {
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
      .orderBy(ukOrder(techCards.name), asc(techCards.id)),
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
      .orderBy(ukOrder(recipes.name), asc(recipes.id)),
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
  const [rates, settings, views] = await Promise.all([
    operationRates(db, ops),
    getProductionSettings(db),
    withNames(db, ops),
  ]);
  const costs = costOperations(ops, qty, { labourRatePerHour, ...rates });
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
      labourRate: labourRatePerHour ?? (op.positionId != null ? rates.positionRate(op.positionId) : null),
      overheadRate: op.departmentId != null ? rates.overheadRate(op.departmentId) : null,
      ...costs.operations[i]!,
    })),
    minutes: costs.minutes,
    labour: costs.labour,
    overhead: costs.overhead,
    total: fixed(add(dec(costs.labour), dec(costs.overhead)), 2),
    leadTimeDays: leadTimeDays(ops, qty, settings.hoursPerDay),
  };
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
    .orderBy(desc(techCards.isDefault), ukOrder(techCards.name), asc(techCards.id));
}
