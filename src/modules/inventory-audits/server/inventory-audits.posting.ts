// Inventory audits (warehouse.md §8), posting and cancelling: posting takes the variance against on hand AT POSTING (the
// warehouse need not stop), writes one ledger movement per counted line that differs — shortages out at the average,
// surpluses in at the average — first shrinking the newest reservations a shortage would leave uncovered. Cancelling a
// posted audit reverses its movements. Every change is one audited transaction.
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import { add, cmp, dec, fixed, isZero, min, neg, sub, type Dec } from '@/shared/decimal.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { withPostingRetry } from '@/server/kernel/posting-retry.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { postToLedger, reverseInLedger, type LedgerDocument, type LedgerIntent } from '@/modules/stock/server/index.ts';
import { itemCosts, stockBalances, stockMovements, stockReservations } from '@/modules/stock/server/stock.table.ts';
import { ORDER_LINE, notifyReservationCut } from '@/modules/orders/server/index.ts';
import { items } from '@/resources/items/items.table.ts';
import { auditMessages, type Audit, type UncountedPolicy } from '../inventory-audits.contract.ts';
import { inventoryAuditLines, inventoryAudits } from './inventory-audits.table.ts';
import { ENTITY, QTY, getAudit, loadHeader } from './inventory-audits.read.ts';
import { checkVersion, refuseState, unique } from './inventory-audits.write.ts';
import { cancelAuditSerials, postAuditSerials } from './inventory-audits.serials.ts';

// ---- posting ---------------------------------------------------------------------------------------------------

const ledgerDoc = (
  row: { id: number; number: string; documentDate: string },
  userId: number | null,
): LedgerDocument => ({
  type: 'inventory_audit',
  id: row.id,
  number: row.number,
  date: row.documentDate,
  userId,
});

/**
 * Shrinks the newest reservations of an item in a warehouse until they fit `limit` (the on hand a shortage leaves),
 * keeping stock_balances.reserved equal to their sum. The balance row is already locked by the caller.
 */
async function shrinkReservations(tx: DbOrTx, itemId: number, warehouseId: number, reserved: Dec, limit: Dec) {
  let excess = sub(reserved, limit);
  const changes: Array<{ reservationId: number; sourceType: string; sourceId: number; from: string; to: string }> = [];
  if (cmp(excess, dec(0)) <= 0) return changes;
  const rows = await tx
    .select()
    .from(stockReservations)
    .where(and(eq(stockReservations.itemId, itemId), eq(stockReservations.warehouseId, warehouseId)))
    .orderBy(desc(stockReservations.createdAt), desc(stockReservations.id))
    .for('update');
  for (const r of rows) {
    if (cmp(excess, dec(0)) <= 0) break;
    const take = min(dec(r.qty), excess);
    const rest = sub(dec(r.qty), take);
    if (isZero(rest)) await tx.delete(stockReservations).where(eq(stockReservations.id, r.id));
    else
      await tx
        .update(stockReservations)
        .set({ qty: fixed(rest, QTY) })
        .where(eq(stockReservations.id, r.id));
    excess = sub(excess, take);
    changes.push({
      reservationId: r.id,
      sourceType: r.sourceType,
      sourceId: r.sourceId,
      from: r.qty,
      to: fixed(rest, QTY),
    });
  }
  const shrunk = changes.reduce((s, c) => add(s, sub(dec(c.from), dec(c.to))), dec(0));
  await tx
    .update(stockBalances)
    .set({ reserved: fixed(sub(reserved, shrunk), QTY), updatedAt: sql`now()` })
    .where(and(eq(stockBalances.itemId, itemId), eq(stockBalances.warehouseId, warehouseId)));
  return changes;
}

export async function postAudit(
  db: DbOrTx,
  ctx: AuditContext,
  id: number,
  uncounted: UncountedPolicy,
  version?: number,
): Promise<Audit> {
  return withPostingRetry(db, async (tx) => {
    const row = await loadHeader(tx, id, 'update');
    refuseState(row.status, 'counting', auditMessages.notCounting);
    checkVersion(row.version, version);
    const before = await getAudit(tx, id);
    if (uncounted === 'zero') {
      await tx
        .update(inventoryAuditLines)
        .set({ countedQty: '0', countedBy: ctx.userId, countedAt: new Date() })
        .where(and(eq(inventoryAuditLines.auditId, id), sql`${inventoryAuditLines.countedQty} is null`));
    }
    const lines = await tx
      .select({
        id: inventoryAuditLines.id,
        itemId: inventoryAuditLines.itemId,
        countedQty: inventoryAuditLines.countedQty,
        unitCost: inventoryAuditLines.unitCost,
        sku: items.sku,
        name: items.name,
      })
      .from(inventoryAuditLines)
      .innerJoin(items, eq(items.id, inventoryAuditLines.itemId))
      .where(eq(inventoryAuditLines.auditId, id))
      .orderBy(asc(inventoryAuditLines.id));
    const w = row.warehouseId;
    // Lock what the ledger will lock, in its order (costs, then balances by item), so on hand cannot move under us.
    const itemIds = unique(lines.map((l) => l.itemId)).sort((a, b) => a - b);
    const costs = new Map<number, string | null>();
    const balances = new Map<number, { onHand: Dec; reserved: Dec }>();
    if (itemIds.length) {
      await tx
        .insert(itemCosts)
        .values(itemIds.map((itemId) => ({ itemId })))
        .onConflictDoNothing();
      await tx
        .insert(stockBalances)
        .values(itemIds.map((itemId) => ({ itemId, warehouseId: w })))
        .onConflictDoNothing();
      const costRows = await tx
        .select()
        .from(itemCosts)
        .where(inArray(itemCosts.itemId, itemIds))
        .orderBy(asc(itemCosts.itemId))
        .for('update');
      for (const c of costRows) costs.set(c.itemId, c.avgCost);
      const balanceRows = await tx
        .select()
        .from(stockBalances)
        .where(and(inArray(stockBalances.itemId, itemIds), eq(stockBalances.warehouseId, w)))
        .orderBy(asc(stockBalances.itemId), asc(stockBalances.warehouseId))
        .for('update');
      for (const b of balanceRows) balances.set(b.itemId, { onHand: dec(b.onHand), reserved: dec(b.reserved) });
    }

    const noCost: string[] = [];
    const intents: LedgerIntent[] = [];
    const shrunk: Array<Awaited<ReturnType<typeof shrinkReservations>>[number] & { itemId: number; item: string }> = [];
    const results = new Map<number, { expected: Dec; variance: Dec | null }>();
    for (const line of lines) {
      const balance = balances.get(line.itemId) ?? { onHand: dec(0), reserved: dec(0) };
      if (line.countedQty === null) {
        results.set(line.id, { expected: balance.onHand, variance: null });
        continue;
      }
      const variance = sub(dec(line.countedQty), balance.onHand);
      results.set(line.id, { expected: balance.onHand, variance });
      if (isZero(variance)) continue;
      if (cmp(variance, dec(0)) > 0) {
        if (costs.get(line.itemId) == null && line.unitCost === null) {
          noCost.push(`${line.sku} ${line.name}`);
          continue;
        }
        intents.push({
          kind: 'in_at_average',
          itemId: line.itemId,
          warehouseId: w,
          qty: fixed(variance, QTY),
          ...(line.unitCost === null ? {} : { unitCost: line.unitCost }),
          lineId: line.id,
        });
      } else {
        const left = dec(line.countedQty);
        if (cmp(left, balance.reserved) < 0) {
          const changes = await shrinkReservations(tx, line.itemId, w, balance.reserved, left);
          shrunk.push(...changes.map((c) => ({ ...c, itemId: line.itemId, item: `${line.sku} ${line.name}` })));
        }
        intents.push({
          kind: 'out',
          itemId: line.itemId,
          warehouseId: w,
          qty: fixed(neg(variance), QTY),
          lineId: line.id,
        });
      }
    }
    if (noCost.length) {
      const message = noCost.map((name) => auditMessages.noCost(name)).join('; ');
      throw new DomainError(409, message);
    }
    await postToLedger(tx, ledgerDoc(row, ctx.userId), intents);
    // The serials last (the ledger's locks first): missing ones defective, extra ones on the shelf.
    await postAuditSerials(tx, ctx, row, lines);
    // Each line's value is exactly its movement's (the one that empties an item takes the value left).
    const posted = await tx
      .select({ lineId: stockMovements.documentLineId, value: stockMovements.value })
      .from(stockMovements)
      .where(and(eq(stockMovements.documentType, 'inventory_audit'), eq(stockMovements.documentId, id)));
    const valueByLine = new Map(posted.map((m) => [m.lineId, m.value]));
    for (const line of lines) {
      const r = results.get(line.id)!;
      await tx
        .update(inventoryAuditLines)
        .set({
          expectedQty: fixed(r.expected, QTY),
          variance: r.variance === null ? null : fixed(r.variance, QTY),
          varianceValue: r.variance === null ? null : (valueByLine.get(line.id) ?? '0.00'),
        })
        .where(eq(inventoryAuditLines.id, line.id));
    }
    await tx
      .update(inventoryAudits)
      .set({
        status: 'posted',
        uncountedPolicy: uncounted,
        postedAt: sql`now()`,
        postedBy: ctx.userId,
        version: sql`${inventoryAudits.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(inventoryAudits.id, id));
    await notifyReservationCut(
      tx,
      row.number,
      shrunk
        .filter((c) => c.sourceType === ORDER_LINE)
        .map((c) => ({ orderLineId: c.sourceId, item: c.item, from: c.from, to: c.to })),
    );
    const after = await getAudit(tx, id);
    await audit(tx, ctx, {
      action: 'post',
      entityType: ENTITY,
      entityId: id,
      before,
      after: shrunk.length ? { ...after, shrunkReservations: shrunk } : after,
    });
    return after;
  });
}

export async function cancelAudit(db: DbOrTx, ctx: AuditContext, id: number, reason: string): Promise<Audit> {
  return withPostingRetry(db, async (tx) => {
    const row = await loadHeader(tx, id, 'update');
    if (row.status === 'cancelled') throw new DomainError(409, auditMessages.cancelled);
    if (row.status === 'draft') throw new DomainError(409, auditMessages.cancelDraft);
    const before = await getAudit(tx, id);
    if (row.status === 'posted') {
      await reverseInLedger(tx, ledgerDoc(row, ctx.userId));
      await cancelAuditSerials(tx, ctx, row, reason);
    }
    await tx
      .update(inventoryAudits)
      .set({
        status: 'cancelled',
        cancelledAt: sql`now()`,
        cancelledBy: ctx.userId,
        cancelReason: reason,
        version: sql`${inventoryAudits.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(inventoryAudits.id, id));
    const after = await getAudit(tx, id);
    await audit(tx, ctx, { action: 'cancel', entityType: ENTITY, entityId: id, before, after });
    return after;
  });
}
