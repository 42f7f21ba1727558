// The actions of the order state table (sales.md §1.1): deleting a draft, return to draft, close (by hand, or with
// undershipment), cancel, reserve/unreserve and the production approval. Each is one audited transaction with the
// order row locked and its version checked.
import { eq, sql } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import { add, cmp, dec, fixed, type Dec } from '@/shared/decimal.ts';
import { lineAmounts } from '@/shared/vat.ts';
import { DOCUMENT_QTY_SCALE, partOfLine } from '@/shared/unit-conversion.ts';
import { unitsByIds } from '@/resources/units/units.read.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { paymentAllocations, payments } from '@/modules/payments/server/payments.table.ts';
import { blockingLinks, linkListText, orderManufacturingMessages } from '../order-manufacturing.contract.ts';
import { orderMessages } from '../orders.contract.ts';
import { ORDERS_ENTITY, refreshOrder, releaseOrder, reserveOrder } from './order-effects.ts';
import { orderManufacturing } from './order-manufacturing.ts';
import { orderShipments } from './order-shipments.ts';
import { getOrder, orderLinesOf } from './orders.read.ts';
import { notifyCancelledWithPayments } from './orders.notices.ts';
import { assertStatus, lockOrder } from './orders.service.ts';
import { orderLines, orders } from './orders.table.ts';

const qtyText = (v: Dec) => fixed(v, 4).replace(/\.?0+$/, '') || '0';
const now = () => sql`now()` as unknown as Date;

/** Refuses (409) while an MO that is not cancelled is linked to the order's lines, naming them. */
async function refuseWhileLinked(tx: DbOrTx, orderId: number, message: (list: string) => string): Promise<void> {
  const linked = blockingLinks(await orderManufacturing().linkedTo(tx, orderId));
  if (linked.length) throw new DomainError(409, message(linkListText(linked)));
}

// ---- delete, return to draft -----------------------------------------------------------------------------------

export async function deleteOrder(db: DbOrTx, ctx: AuditContext, id: number, version?: number): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, id, version);
    if (order.status !== 'draft') throw new DomainError(409, orderMessages.deleteOnlyDraft);
    const [allocated] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(paymentAllocations)
      .where(eq(paymentAllocations.orderId, id));
    if (Number(allocated?.n ?? 0) > 0) throw new DomainError(409, orderMessages.hasAllocations);
    if ((await orderShipments().count(tx, id, 'any')) > 0) throw new DomainError(409, orderMessages.hasShipmentsDelete);
    const before = await getOrder(tx, id);
    await releaseOrder(tx, id);
    await tx.delete(orders).where(eq(orders.id, id));
    await audit(tx, ctx, { action: 'delete', entityType: ORDERS_ENTITY, entityId: id, before });
  });
}

/**
 * 'Повернути в чернетку': confirmed, no shipment but cancelled ones, no MO linked to its lines (a cancelled MO's
 * left-over link does not count); the reservations are released.
 */
export async function returnToDraft(db: DbOrTx, ctx: AuditContext, id: number, version?: number): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, id, version);
    assertStatus(order, ['confirmed'], 'Повернути в чернетку');
    if ((await orderShipments().count(tx, id, 'notCancelled')) > 0) {
      throw new DomainError(409, orderMessages.hasShipmentsNoDraft);
    }
    await refuseWhileLinked(tx, id, orderManufacturingMessages.noDraft);
    await releaseOrder(tx, id);
    await tx
      .update(orders)
      .set({
        status: 'draft',
        confirmedAt: null,
        confirmedBy: null,
        version: sql`${orders.version} + 1`,
        updatedAt: now(),
      })
      .where(eq(orders.id, id));
    await audit(tx, ctx, {
      action: 'status_change',
      entityType: ORDERS_ENTITY,
      entityId: id,
      before: { status: order.status },
      after: { status: 'draft' },
    });
  });
}

// ---- close, cancel ---------------------------------------------------------------------------------------------

/**
 * 'Закрити' {reason}: a shipped order is completed by hand (closedAt, closeReason). 'Закрити з недовантаженням'
 * (partially shipped): each line is cut to its shipped qty (a line nothing was shipped of is removed), the totals
 * recomputed, the reservations and draft shipments released; closeReason is kept and the status derived again —
 * shipped, or completed when it is then paid.
 */
export async function closeOrder(db: DbOrTx, ctx: AuditContext, id: number, reason: string, version?: number) {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, id, version);
    assertStatus(order, ['shipped', 'partially_shipped'], 'Закрити');
    const before = await getOrder(tx, id);
    if (order.status === 'shipped') {
      await tx
        .update(orders)
        .set({
          status: 'completed',
          closedAt: now(),
          closeReason: reason,
          version: sql`${orders.version} + 1`,
          updatedAt: now(),
        })
        .where(eq(orders.id, id));
      await audit(tx, ctx, {
        action: 'status_change',
        entityType: ORDERS_ENTITY,
        entityId: id,
        before: { status: 'shipped' },
        after: { status: 'completed', reason },
      });
      return;
    }
    // Draft shipments go (their serials back on stock): posting them later would fail anyway.
    await orderShipments().deleteDrafts(tx, ctx, id);
    await releaseOrder(tx, id);
    const lines = await orderLinesOf(tx, id, order.warehouseId);
    const unitById = await unitsByIds(
      tx,
      lines.flatMap((l) =>
        l.enteredUnitId !== null && l.stockUnitId !== null ? [l.enteredUnitId, l.stockUnitId] : [],
      ),
    );
    let net = dec(0);
    let vat = dec(0);
    let gross = dec(0);
    let lineNo = 0;
    for (const line of lines) {
      const shipped = dec(line.shippedQty);
      if (cmp(shipped, dec(0)) <= 0) {
        // Nothing shipped: the line goes. One a cancelled shipment still names cannot (its document keeps it).
        if ((await orderShipments().countLinesOf(tx, line.id)) > 0)
          throw new DomainError(409, orderMessages.closeLinked(line.lineNo));
        await tx.delete(orderLines).where(eq(orderLines.id, line.id));
        continue;
      }
      lineNo += 1;
      const cut = cmp(shipped, dec(line.qty)) < 0;
      const qty = cut ? shipped : dec(line.qty);
      // A line in another unit: what was shipped back in its unit when it converts exactly, else in the stock unit.
      const part = cut
        ? partOfLine(
            fixed(qty, 4),
            line.unitPrice,
            line.enteredUnitId === null ? null : unitById.get(line.enteredUnitId),
            line.stockUnitId === null ? null : unitById.get(line.stockUnitId),
            DOCUMENT_QTY_SCALE,
          )
        : {
            enteredQty: line.enteredUnitId === null ? null : line.enteredQty,
            amountQty: line.enteredQty,
            unitPrice: line.unitPrice,
          };
      const a = lineAmounts(
        dec(part.amountQty),
        dec(part.unitPrice),
        line.vatRate,
        order.pricesIncludeVat,
        dec(line.discountPercent),
      );
      net = add(net, a.net);
      vat = add(vat, a.vat);
      gross = add(gross, a.gross);
      await tx
        .update(orderLines)
        .set({
          lineNo,
          qty: fixed(qty, 4),
          enteredQty: part.enteredQty,
          enteredUnitId: part.enteredQty === null ? null : line.enteredUnitId,
          unitPrice: fixed(dec(part.unitPrice), 6),
          lineNet: fixed(a.net, 2),
          lineVat: fixed(a.vat, 2),
          lineGross: fixed(a.gross, 2),
        })
        .where(eq(orderLines.id, line.id));
    }
    await tx
      .update(orders)
      .set({
        closeReason: reason,
        totalNet: fixed(net, 2),
        totalVat: fixed(vat, 2),
        totalGross: fixed(gross, 2),
        version: sql`${orders.version} + 1`,
        updatedAt: now(),
      })
      .where(eq(orders.id, id));
    await refreshOrder(tx, id, ctx);
    await audit(tx, ctx, {
      action: 'status_change',
      entityType: ORDERS_ENTITY,
      entityId: id,
      before,
      after: { ...(await getOrder(tx, id)), closeShort: true, reason },
    });
  });
}

/**
 * 'Скасувати' {reason} (draft, confirmed; no posted shipment): draft shipments deleted (serials back on stock),
 * reservations released, MO links removed (the MOs stay, whatever their state; each is audited and production is
 * notified), allocations removed so those payments become the client's advance.
 */
export async function cancelOrder(db: DbOrTx, ctx: AuditContext, id: number, reason: string, version?: number) {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, id, version);
    assertStatus(order, ['draft', 'confirmed'], 'Скасувати');
    if ((await orderShipments().count(tx, id, 'posted')) > 0) throw new DomainError(409, orderMessages.postedShipment);
    const before = await getOrder(tx, id);
    await orderShipments().deleteDrafts(tx, ctx, id);
    await releaseOrder(tx, id);
    const unlinked = await orderManufacturing().unlinkOrder(tx, ctx, id, { orderNumber: order.orderNumber, reason });
    const allocations = await tx
      .select({
        id: paymentAllocations.id,
        paymentId: paymentAllocations.paymentId,
        paymentNumber: payments.number,
        paymentStatus: payments.status,
        amount: paymentAllocations.amount,
      })
      .from(paymentAllocations)
      .innerJoin(payments, eq(payments.id, paymentAllocations.paymentId))
      .where(eq(paymentAllocations.orderId, id));
    if (allocations.length) {
      await tx.delete(paymentAllocations).where(eq(paymentAllocations.orderId, id));
      for (const a of allocations) {
        await audit(tx, ctx, {
          action: 'update',
          entityType: 'payments',
          entityId: a.paymentId,
          before: { allocation: { orderId: id, orderNumber: order.orderNumber, amount: a.amount } },
          after: { allocation: null, reason: `Замовлення ${order.orderNumber} скасовано — сума стала авансом` },
        });
      }
    }
    const paidBy = allocations.filter((a) => a.paymentStatus === 'posted').map((a) => a.paymentNumber);
    await notifyCancelledWithPayments(tx, order, paidBy);
    await tx
      .update(orders)
      .set({
        status: 'cancelled',
        cancelledAt: now(),
        cancelReason: reason,
        version: sql`${orders.version} + 1`,
        updatedAt: now(),
      })
      .where(eq(orders.id, id));
    await audit(tx, ctx, {
      action: 'cancel',
      entityType: ORDERS_ENTITY,
      entityId: id,
      before,
      after: {
        status: 'cancelled',
        reason,
        removedAllocations: allocations,
        ...(unlinked.length ? { unlinkedManufacturingOrders: unlinked.map((m) => m.number) } : {}),
      },
    });
  });
}

// ---- reservations, approval, copy ------------------------------------------------------------------------------

/** 'Зарезервувати' (retry) / 'Зняти резерв' on an active order. Answers the quantity reserved now. */
export async function reserveAction(
  db: DbOrTx,
  ctx: AuditContext,
  id: number,
  action: 'reserve' | 'unreserve',
  version?: number,
): Promise<string> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, id, version);
    assertStatus(order, ['confirmed', 'partially_shipped'], action === 'reserve' ? 'Зарезервувати' : 'Зняти резерв');
    let reserved = dec(0);
    if (action === 'reserve') reserved = await reserveOrder(tx, id);
    else await releaseOrder(tx, id);
    await tx
      .update(orders)
      .set({ version: sql`${orders.version} + 1`, updatedAt: now() })
      .where(eq(orders.id, id));
    await audit(tx, ctx, {
      action: 'update',
      entityType: ORDERS_ENTITY,
      entityId: id,
      after: action === 'reserve' ? { reserved: qtyText(reserved) } : { reservationsReleased: true },
    });
    return fixed(reserved, 4);
  });
}

/** Approval by hand with a note, or its revocation (refused while an MO that is not cancelled is linked). */
export async function setProductionApproval(
  db: DbOrTx,
  ctx: AuditContext,
  id: number,
  input: { approved: boolean; note?: string | null; version?: number },
) {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, id, input.version);
    assertStatus(order, ['draft', 'confirmed', 'partially_shipped', 'shipped'], 'Дозвіл на виробництво');
    if (order.productionApproved && !input.approved) {
      await refuseWhileLinked(tx, id, orderManufacturingMessages.noRevoke);
    }
    await tx
      .update(orders)
      .set({
        productionApproved: input.approved,
        productionApprovedAt: input.approved ? now() : null,
        productionApprovedBy: input.approved ? ctx.userId : null,
        productionApprovalNote: input.note ?? null,
        version: sql`${orders.version} + 1`,
        updatedAt: now(),
      })
      .where(eq(orders.id, id));
    await audit(tx, ctx, {
      action: 'update',
      entityType: ORDERS_ENTITY,
      entityId: id,
      before: { productionApproved: order.productionApproved, note: order.productionApprovalNote },
      after: { productionApproved: input.approved, note: input.note ?? null },
    });
  });
}
