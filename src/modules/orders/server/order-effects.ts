// What other documents do to an order (sales.md §1.1–§1.5), in one place: shipments and payments call
// `refreshOrder` after they change, and it derives the shipping progress, the paid sum and the production
// approval and moves the status along the state table. Reservations of order lines go through the ledger.
import { eq, sql } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import { add, cmp, dec, div, fixed, isZero, min, mul, sub, type Dec } from '@/shared/decimal.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { settings } from '@/server/kernel/platform.table.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { releaseStock, reserveStock } from '@/modules/stock/server/index.ts';
import { counterparties } from '@/resources/counterparties/counterparties.table.ts';
import { orderMessages, type OrderStatus, type PaymentStatus } from '../orders.contract.ts';
import { orderLines, orders } from './orders.table.ts';
import { intArray } from '@/server/kernel/sql-arrays.ts';
import { rowsOf } from '@/server/kernel/rows.ts';

/** The reservation source of an order line (stock_reservations.source_type). */
export const ORDER_LINE = 'order_line';
export const ORDERS_ENTITY = 'orders';

export const orderSettingKeys = {
  productionPrepaymentPercent: 'orders.productionPrepaymentPercent',
  invoiceValidityDays: 'orders.invoiceValidityDays',
  statusLabels: 'orders.statusLabels',
} as const;
export const orderSettingDefaults = { productionPrepaymentPercent: 100, invoiceValidityDays: 5 } as const;

export async function numberSetting(db: DbOrTx, key: string, fallback: number): Promise<number> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return typeof row?.value === 'number' ? row.value : fallback;
}

/** Σ allocations of posted payments per order: receipts +, refunds − (sales.md §1.5). */
export async function paidByOrder(db: DbOrTx, orderIds: readonly number[]): Promise<Map<number, Dec>> {
  const paid = new Map<number, Dec>(orderIds.map((id) => [id, dec(0)]));
  if (!orderIds.length) return paid;
  const rows = rowsOf<{ order_id: number; paid: string }>(
    await db.execute(sql`select a.order_id,
        sum(case when p.type = 'refund' then -a.amount else a.amount end)::numeric(18,2)::text as paid
      from payment_allocations a join payments p on p.id = a.payment_id
      where p.status = 'posted' and a.order_id = any(${intArray(orderIds)})
      group by a.order_id`),
  );
  for (const r of rows) paid.set(Number(r.order_id), dec(r.paid));
  return paid;
}

/** unpaid (0), partially_paid, paid (= total) or overpaid (> total). */
export function paymentStatusOf(paid: Dec, totalGross: Dec): PaymentStatus {
  if (cmp(paid, dec(0)) <= 0) return 'unpaid';
  const c = cmp(paid, totalGross);
  return c < 0 ? 'partially_paid' : c === 0 ? 'paid' : 'overpaid';
}

/** SQL of the paid sum of `orders.id` (for list columns and filters). */
export const paidSql = sql`coalesce((select sum(case when p.type = 'refund' then -a.amount else a.amount end)
  from payment_allocations a join payments p on p.id = a.payment_id
  where p.status = 'posted' and a.order_id = ${orders.id}), 0)`;

export interface LineProgress {
  id: number;
  lineNo: number;
  itemId: number | null;
  qty: Dec;
  shipped: Dec;
  reserved: Dec;
  /** Stock-controlled, not a service: it can be reserved and issued. */
  stockable: boolean;
}

/** Per line: shippedQty (Σ posted shipment lines) and reservedQty (Σ reservations). */
export async function lineProgress(db: DbOrTx, orderId: number): Promise<LineProgress[]> {
  const rows = rowsOf<{
    id: number;
    line_no: number;
    item_id: number | null;
    qty: string;
    shipped: string;
    reserved: string;
    stockable: boolean | string | null;
  }>(
    await db.execute(sql`select l.id, l.line_no, l.item_id, l.qty::text,
        coalesce((select sum(sl.qty) from shipment_lines sl join shipments s on s.id = sl.shipment_id
          where sl.order_line_id = l.id and s.status = 'posted'), 0)::numeric(18,4)::text as shipped,
        coalesce((select sum(r.qty) from stock_reservations r
          where r.source_type = ${ORDER_LINE} and r.source_id = l.id), 0)::numeric(18,4)::text as reserved,
        (i.stock_control and i.kind <> 'service') as stockable
      from order_lines l left join items i on i.id = l.item_id
      where l.order_id = ${orderId} order by l.line_no, l.id`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    lineNo: Number(r.line_no),
    itemId: r.item_id == null ? null : Number(r.item_id),
    qty: dec(r.qty),
    shipped: dec(r.shipped),
    reserved: dec(r.reserved),
    stockable: r.stockable === true || r.stockable === 't',
  }));
}

/**
 * 'Зарезервувати' (and confirmation): for each stockable line, reserve min(remaining − reserved, available in the
 * order's warehouse). Partial reservation is normal; the rest is demand (§7). Answers the quantity reserved now.
 * `onlyLineIds` limits it to those lines (an edit reserves for the lines it added or raised, not for lines whose
 * reservation a user released by hand).
 */
export async function reserveOrder(tx: DbOrTx, orderId: number, onlyLineIds?: ReadonlySet<number>): Promise<Dec> {
  const [order] = await tx.select({ warehouseId: orders.warehouseId }).from(orders).where(eq(orders.id, orderId));
  if (!order) throw new DomainError(404, orderMessages.notFound);
  let total = dec(0);
  for (const line of await lineProgress(tx, orderId)) {
    if (!line.stockable || line.itemId == null) continue;
    if (onlyLineIds && !onlyLineIds.has(line.id)) continue;
    const want = sub(sub(line.qty, line.shipped), line.reserved);
    if (cmp(want, dec(0)) <= 0) continue;
    const [balance] = rowsOf<{ available: string }>(
      await tx.execute(sql`select (on_hand - reserved)::text as available from stock_balances
        where item_id = ${line.itemId} and warehouse_id = ${order.warehouseId} for update`),
    );
    const available = balance ? dec(balance.available) : dec(0);
    const take = min(want, available);
    if (cmp(take, dec(0)) <= 0) continue;
    await reserveStock(tx, {
      itemId: line.itemId,
      warehouseId: order.warehouseId,
      qty: fixed(take, 4),
      sourceType: ORDER_LINE,
      sourceId: line.id,
    });
    total = add(total, take);
  }
  return total;
}

/** Releases every reservation of the order's lines (cancel, close, return to draft, 'Зняти резерв'). */
export async function releaseOrder(tx: DbOrTx, orderId: number): Promise<void> {
  const lines = await tx.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.orderId, orderId));
  for (const line of lines) await releaseStock(tx, ORDER_LINE, line.id);
}

/** After a line's qty falls: a reservation above the remaining quantity is given back, the rest kept. */
export async function trimLineReservation(tx: DbOrTx, orderId: number, lineId: number): Promise<void> {
  const line = (await lineProgress(tx, orderId)).find((l) => l.id === lineId);
  if (!line || line.itemId == null) return;
  const remaining = sub(line.qty, line.shipped);
  if (cmp(line.reserved, remaining) <= 0) return;
  const [order] = await tx.select({ warehouseId: orders.warehouseId }).from(orders).where(eq(orders.id, orderId));
  await releaseStock(tx, ORDER_LINE, lineId);
  if (cmp(remaining, dec(0)) > 0) {
    await reserveStock(tx, {
      itemId: line.itemId,
      warehouseId: order!.warehouseId,
      qty: fixed(remaining, 4),
      sourceType: ORDER_LINE,
      sourceId: lineId,
    });
  }
}

/**
 * Re-derives an order after a shipment or a payment changed (sales.md §1.1, §1.3): the status from the shipped
 * quantities and the paid sum, and the automatic production approval (never undone automatically).
 *  - nothing shipped → confirmed; some → partially_shipped; everything → shipped, or completed when paid/overpaid;
 *  - an order completed by hand ('Закрити', `closedAt` set) stays completed while everything is shipped.
 * Draft and cancelled orders are left as they are. Answers the status after.
 */
export async function refreshOrder(tx: DbOrTx, orderId: number, ctx: AuditContext): Promise<OrderStatus> {
  const [order] = await tx
    .select({
      id: orders.id,
      status: orders.status,
      totalGross: orders.totalGross,
      closedAt: orders.closedAt,
      productionApproved: orders.productionApproved,
      clientId: orders.clientId,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  if (!order) throw new DomainError(404, orderMessages.notFound);
  if (order.status === 'draft' || order.status === 'cancelled') return order.status;

  const lines = await lineProgress(tx, orderId);
  const anyShipped = lines.some((l) => cmp(l.shipped, dec(0)) > 0);
  const allShipped = lines.length > 0 && lines.every((l) => cmp(l.shipped, l.qty) >= 0);
  const total = dec(order.totalGross);
  const paid = (await paidByOrder(tx, [orderId])).get(orderId)!;
  const paidStatus = paymentStatusOf(paid, total);
  const fullyPaid = paidStatus === 'paid' || paidStatus === 'overpaid';

  let next: OrderStatus;
  if (!anyShipped) next = 'confirmed';
  else if (!allShipped) next = 'partially_shipped';
  else next = fullyPaid || order.closedAt ? 'completed' : 'shipped';

  const changes: Partial<typeof orders.$inferInsert> = {};
  if (!order.productionApproved && (await autoApproves(tx, order.clientId, paid, total))) {
    changes.productionApproved = true;
    changes.productionApprovedAt = new Date();
    changes.productionApprovalNote = 'Автоматично: умови оплати виконано';
  }
  if (next !== order.status) changes.status = next;
  if (!Object.keys(changes).length) return order.status;
  await tx
    .update(orders)
    .set({ ...changes, version: sql`${orders.version} + 1`, updatedAt: new Date() })
    .where(eq(orders.id, orderId));
  if (changes.status) {
    await audit(tx, ctx, {
      action: 'status_change',
      entityType: ORDERS_ENTITY,
      entityId: orderId,
      before: { status: order.status },
      after: { status: next, paid: fixed(paid, 2), paymentStatus: paidStatus },
    });
  }
  if (changes.productionApproved) {
    await audit(tx, ctx, {
      action: 'update',
      entityType: ORDERS_ENTITY,
      entityId: orderId,
      before: { productionApproved: false },
      after: { productionApproved: true, note: changes.productionApprovalNote },
    });
  }
  return next;
}

/** paid ÷ total × 100 ≥ productionPrepaymentPercent, or the client works on deferred terms (sales.md §1.3). */
async function autoApproves(tx: DbOrTx, clientId: number, paid: Dec, total: Dec): Promise<boolean> {
  const [client] = await tx
    .select({ paymentTermDays: counterparties.paymentTermDays })
    .from(counterparties)
    .where(eq(counterparties.id, clientId));
  if ((client?.paymentTermDays ?? 0) > 0) return true;
  if (isZero(total)) return false;
  const percent = await numberSetting(
    tx,
    orderSettingKeys.productionPrepaymentPercent,
    orderSettingDefaults.productionPrepaymentPercent,
  );
  return cmp(div(mul(paid, dec(100)), total, 4), dec(percent)) >= 0;
}

/** Refreshes several orders (a payment allocated across them). */
export async function refreshOrders(tx: DbOrTx, orderIds: readonly number[], ctx: AuditContext): Promise<void> {
  for (const id of [...new Set(orderIds)].sort((a, b) => a - b)) await refreshOrder(tx, id, ctx);
}
