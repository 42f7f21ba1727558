// Posting and cancelling a shipment (sales.md §3): the goods issued through the ledger in one transaction with the
// order row locked first, the serials sold to the client, the order's status recomputed; cancelling reverses it all.
import { and, eq, sql } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import { cmp, dec, sub } from '@/shared/decimal.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { withPostingRetry } from '@/server/kernel/posting-retry.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { postToLedger, reverseInLedger } from '@/modules/stock/server/index.ts';
import { stockMovements } from '@/modules/stock/server/stock.table.ts';
// The order core's effects (sales.md §1.1–§1.2), to be re-exported by orders/server/index.ts.
import { ORDER_LINE, lineProgress, refreshOrder, reserveOrder } from '@/modules/orders/server/index.ts';
import { moveSerials, serialStatusLabels } from '@/modules/serial-numbers/server/index.ts';
import { shipmentMessages as msg, type Shipment } from '../shipments.contract.ts';
import {
  assertShippable,
  isWhole,
  ledgerDoc,
  lockShipment,
  orderOf,
  qtyText,
  serialsByIds,
  SHIPMENTS_ENTITY,
  SHIPPABLE,
} from './shipments.common.ts';
import { getShipment } from './shipments.read.ts';
import { shipmentLines, shipments } from './shipments.table.ts';
import { clearSaleFacts, recordSaleFacts } from './shipments.sale-facts.ts';

/**
 * 'Провести' (sales.md §3), one transaction: the order row locked first; qty ≤ remaining per line; serial-tracked
 * lines name exactly qty serials of the item, in stock or reserved, in this warehouse; the ledger issues the goods
 * (the line's reservation first, then available stock) and each line keeps its unit cost; the serials are sold to
 * the client; the order's status is recomputed; the audit record written. Service lines post without movements.
 */
export async function postShipment(
  db: DbOrTx,
  ctx: AuditContext,
  id: number,
  version: number | undefined,
): Promise<Shipment> {
  return withPostingRetry(db, async (tx) => {
    const [ref] = await tx.select({ orderId: shipments.orderId }).from(shipments).where(eq(shipments.id, id));
    if (!ref) throw new DomainError(404, msg.notFound);
    // 1. The order row first: postings of one order are serialised, so two drafts cannot both take the rest.
    const order = await orderOf(tx, ref.orderId, true);
    const row = await lockShipment(tx, id, version);
    if (row.status !== 'draft') throw new DomainError(409, row.status === 'posted' ? msg.posted : msg.notDraft);
    assertShippable(order);
    const before = await getShipment(tx, id);

    // 2. Nothing beyond what is left to ship.
    const progress = new Map((await lineProgress(tx, order.id)).map((p) => [p.id, p]));
    const problems: string[] = [];
    for (const line of before.lines) {
      const remaining = sub(dec(line.orderedQty), progress.get(line.orderLineId)?.shipped ?? dec(0));
      if (cmp(dec(line.qty), remaining) > 0) {
        problems.push(
          msg.overRemaining(line.lineNo, line.sku, qtyText(cmp(remaining, dec(0)) > 0 ? remaining : dec(0))),
        );
      }
    }
    if (problems.length) throw new DomainError(409, problems.join('; '));

    // 3. Serials: exactly qty, of this item, in stock or reserved by this shipment, in this warehouse.
    const serialIds: number[] = [];
    for (const line of before.lines) {
      if (!line.serialTracking) continue;
      if (!isWhole(line.qty) || cmp(dec(line.serials.length), dec(line.qty)) !== 0) {
        problems.push(msg.serialCount(line.lineNo, line.sku, line.serials.length, qtyText(dec(line.qty))));
        continue;
      }
      const rows = await serialsByIds(
        tx,
        line.serials.map((s) => s.id),
      );
      for (const s of rows) {
        const ok = s.status === 'available' || (s.status === 'reserved' && s.shipmentId === id);
        if (s.itemId !== line.itemId) problems.push(msg.serialUnknown(s.serial, line.sku));
        else if (!ok) {
          const label = serialStatusLabels[s.status as keyof typeof serialStatusLabels] ?? s.status;
          problems.push(msg.serialUnavailable(s.serial, label));
        } else if (s.warehouseId !== row.warehouseId) problems.push(msg.serialOtherWarehouse(s.serial));
        serialIds.push(s.id);
      }
    }
    if (problems.length) throw new DomainError(409, problems.join('; '));

    // 4. The ledger: stocked lines go out at the average, consuming the order line's reservation first.
    const doc = ledgerDoc(row, ctx.userId);
    await postToLedger(
      tx,
      doc,
      before.lines
        .filter((l) => l.itemKind !== 'service')
        .map((l) => ({
          kind: 'out' as const,
          itemId: l.itemId,
          warehouseId: row.warehouseId,
          qty: l.qty,
          lineId: l.id,
          consume: { sourceType: ORDER_LINE, sourceId: l.orderLineId },
        })),
    );
    const costs = await tx
      .select({ lineId: stockMovements.documentLineId, unitCost: stockMovements.unitCost })
      .from(stockMovements)
      .where(and(eq(stockMovements.documentType, 'shipment'), eq(stockMovements.documentId, id)));
    for (const c of costs) {
      if (c.lineId !== null) {
        await tx.update(shipmentLines).set({ unitCost: c.unitCost }).where(eq(shipmentLines.id, c.lineId));
      }
    }

    // 5. The serials are sold to the client on the shipment date.
    await moveSerials(tx, {
      serialIds,
      from: ['available', 'reserved'],
      to: 'sold',
      event: 'sold',
      document: { type: 'shipment', id, number: row.number },
      clientId: order.clientId,
      shipmentId: id,
      soldAt: new Date(`${row.shipmentDate}T12:00:00Z`),
      warehouseId: null,
      userId: ctx.userId,
    });

    await tx
      .update(shipments)
      .set({
        status: 'posted',
        postedAt: sql`now()`,
        postedBy: ctx.userId,
        version: sql`${shipments.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(shipments.id, id));
    await recordSaleFacts(tx, [id]);
    // 6. The order's status (and the completion rule).
    await refreshOrder(tx, order.id, ctx);
    // 7. The audit record.
    const after = await getShipment(tx, id);
    await audit(tx, ctx, { action: 'post', entityType: SHIPMENTS_ENTITY, entityId: id, before, after });
    return after;
  });
}

/**
 * 'Скасувати' {reason}: the reversal movements, the serials back in stock, the order's status recomputed and its
 * remaining quantities reserved again as far as stock allows. A waybill is left to the user (the page offers to
 * delete one that is still only created).
 */
export async function cancelShipment(db: DbOrTx, ctx: AuditContext, id: number, reason: string): Promise<Shipment> {
  return withPostingRetry(db, async (tx) => {
    const [ref] = await tx.select({ orderId: shipments.orderId }).from(shipments).where(eq(shipments.id, id));
    if (!ref) throw new DomainError(404, msg.notFound);
    const order = await orderOf(tx, ref.orderId, true);
    const row = await lockShipment(tx, id);
    if (row.status !== 'posted') throw new DomainError(409, msg.notPosted);
    const before = await getShipment(tx, id);
    await reverseInLedger(tx, ledgerDoc(row, ctx.userId));
    const sold = before.lines.flatMap((l) => l.serials.map((s) => s.id));
    await moveSerials(tx, {
      serialIds: sold,
      from: ['sold'],
      to: 'available',
      event: 'returned',
      document: { type: 'shipment', id, number: row.number },
      clientId: null,
      shipmentId: null,
      soldAt: null,
      warehouseId: row.warehouseId,
      userId: ctx.userId,
      note: reason,
    });
    await tx
      .update(shipments)
      .set({
        status: 'cancelled',
        cancelledAt: sql`now()`,
        cancelReason: reason,
        version: sql`${shipments.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(shipments.id, id));
    await clearSaleFacts(tx, id);
    const status = await refreshOrder(tx, order.id, ctx);
    if (SHIPPABLE.includes(status)) await reserveOrder(tx, order.id);
    const after = await getShipment(tx, id);
    await audit(tx, ctx, { action: 'cancel', entityType: SHIPMENTS_ENTITY, entityId: id, before, after });
    return after;
  });
}
