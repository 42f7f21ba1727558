// Costing (production.md §9), changing: a saved calculation ('Зберегти калькуляцію' — the live figures and their
// breakdown kept for history) and 'Застосувати ціну' (the item's retail price, row-locked, checked against the
// version the user saw, audited with the old and new price so /system-logs shows both).
import { desc, eq, sql } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { items } from '@/resources/items/items.table.ts';
import type { CostSnapshot } from '../costing.contract.ts';
import { costingMessages as m } from '../costing.messages.ts';
import { costingBreakdown, MADE_KINDS } from './costing.read.ts';
import { costCalculations } from './costing.table.ts';

export const COST_CALCULATION_ENTITY = 'cost_calculations';
const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v));

const snapshotColumns = {
  id: costCalculations.id,
  itemId: costCalculations.itemId,
  recipeId: costCalculations.recipeId,
  recipeName: sql<string | null>`(select r.name from recipes r where r.id = ${costCalculations.recipeId})`,
  qty: costCalculations.qty,
  material: costCalculations.material,
  labour: costCalculations.labour,
  overhead: costCalculations.overhead,
  total: costCalculations.total,
  retailPrice: costCalculations.retailPrice,
  suggestedPrice: costCalculations.suggestedPrice,
  markupPercent: costCalculations.markupPercent,
  calculatedAt: costCalculations.calculatedAt,
  userId: costCalculations.userId,
  // Who saved it: the user's full name, else the login.
  userName: sql<
    string | null
  >`(select coalesce(nullif(btrim(concat_ws(' ', u.last_name, u.first_name)), ''), u.username)
    from users u where u.id = ${costCalculations.userId})`,
};

const snapshotRows = (db: DbOrTx) => db.select(snapshotColumns).from(costCalculations);

const toSnapshot = (row: Awaited<ReturnType<ReturnType<typeof snapshotRows>['where']>>[number]): CostSnapshot => ({
  ...row,
  calculatedAt: iso(row.calculatedAt),
});

/** The item's saved calculations, newest first. */
export async function listSnapshots(db: DbOrTx, itemId: number): Promise<CostSnapshot[]> {
  const rows = await snapshotRows(db)
    .where(eq(costCalculations.itemId, itemId))
    .orderBy(desc(costCalculations.calculatedAt), desc(costCalculations.id));
  return rows.map(toSnapshot);
}

/** Saves the live calculation of the item (for its recipe and quantity) with its breakdown as the basis. */
export async function createSnapshot(
  tx: DbOrTx,
  ctx: AuditContext,
  itemId: number,
  input: { recipeId?: number | null; qty?: string },
): Promise<CostSnapshot> {
  const breakdown = await costingBreakdown(tx, itemId, {
    ...(input.recipeId != null ? { recipeId: input.recipeId } : {}),
    ...(input.qty !== undefined ? { qty: input.qty } : {}),
  });
  const { row } = breakdown;
  const [saved] = await tx
    .insert(costCalculations)
    .values({
      itemId,
      recipeId: row.recipeId,
      qty: row.qty,
      material: row.material,
      labour: row.labour,
      overhead: row.overhead,
      total: row.total,
      retailPrice: row.retailPrice,
      suggestedPrice: row.suggestedPrice,
      markupPercent: row.appliedMarkupPercent,
      basis: {
        spec: breakdown.spec,
        forQty: breakdown.forQty,
        minutes: breakdown.minutes,
        lines: breakdown.lines,
        operations: breakdown.operations,
      },
      userId: ctx.userId,
    })
    .returning({ id: costCalculations.id });
  const [snapshot] = await snapshotRows(tx).where(eq(costCalculations.id, saved!.id));
  const result = toSnapshot(snapshot!);
  await audit(tx, ctx, { action: 'create', entityType: COST_CALCULATION_ENTITY, entityId: saved!.id, after: result });
  return result;
}

/** 'Застосувати ціну': the item's retail price becomes `price`; a stale `version` (the item's updatedAt) is a 409. */
export async function applyPrice(
  tx: DbOrTx,
  ctx: AuditContext,
  itemId: number,
  input: { price: string; version?: string },
) {
  const [item] = await tx
    .select({ id: items.id, retailPrice: items.retailPrice, updatedAt: items.updatedAt, kind: items.kind })
    .from(items)
    .where(eq(items.id, itemId))
    .for('update');
  if (!item) throw new DomainError(404, m.notFound);
  if (!MADE_KINDS.includes(item.kind)) throw new DomainError(409, m.notMade);
  if (input.version !== undefined && new Date(input.version).getTime() !== new Date(item.updatedAt).getTime()) {
    throw new DomainError(409, m.stale);
  }
  const [updated] = await tx
    .update(items)
    .set({ retailPrice: input.price, updatedAt: sql`now()` })
    .where(eq(items.id, itemId))
    .returning({ retailPrice: items.retailPrice, updatedAt: items.updatedAt });
  await audit(tx, ctx, {
    action: 'update',
    entityType: 'items',
    entityId: itemId,
    before: { retailPrice: item.retailPrice },
    after: { retailPrice: updated!.retailPrice },
  });
  return {
    itemId,
    retailPrice: updated!.retailPrice,
    previousPrice: item.retailPrice,
    version: iso(updated!.updatedAt),
  };
}
