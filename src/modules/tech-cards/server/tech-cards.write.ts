// Technological cards (production.md §2), writing. A base card owns its operations; a modification stores only its
// differences (replace / remove a base operation by id, add its own) and so sees every later change of its base at
// once. Every change is one audited transaction; the card row is locked first and `version` guards against lost
// updates. Reading is tech-cards.read.ts.
import { checkVersion } from '@/server/kernel/documents.ts';
import { and, count, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { ukOrder } from '@/server/kernel/collation.ts';
import { DomainError } from '@/shared/api-error.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { uniqueViolation } from '@/server/kernel/db-errors.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { effectiveOperations } from '@/modules/production/server/index.ts';
import { manufacturingOrders } from '@/modules/manufacturing/server/manufacturing.table.ts';
import { recipes } from '@/modules/recipes/server/recipes.table.ts';
import { departments } from '@/resources/departments/departments.table.ts';
import { items } from '@/resources/items/items.table.ts';
import { positions } from '@/resources/positions/positions.table.ts';
import {
  techCardMessages as m,
  type OperationValues,
  type TechCard,
  type TechCardCreateValues,
  type TechCardUpdateValues,
} from '../tech-cards.contract.ts';
import { techCardOperations, techCards } from './tech-cards.table.ts';
import { getTechCard, lockCard } from './tech-cards.read.ts';

const ENTITY = 'tech_cards';
const MADE_KINDS = ['product', 'semi_finished'];

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
    .orderBy(ukOrder(recipes.name));
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
    checkVersion(change.version, before.version, m.version);
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
