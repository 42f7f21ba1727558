// What has arrived against a supplier order (warehouse.md §5): receivedQty of a line is Σ qty of the POSTED receipt
// lines linked to it — derived, never stored. From it: the order's status after a receipt is posted or cancelled,
// and the quantities still on order per item (the supply of /shortage). This file depends on tables only, so the
// receipts service can call it without an import cycle.
import { sql, type SQL } from 'drizzle-orm';
import { cmp, dec, isZero } from '@/shared/decimal.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { onOrderStatuses, type OrderStatus } from '../supplier-orders.contract.ts';

import { kyivToday } from '@/shared/kyiv-date.ts';
import { intArray } from '@/server/kernel/sql-arrays.ts';
import { rowsOf } from '@/server/kernel/rows.ts';
export { kyivToday };

/** The received quantity of the order line whose id is the SQL `lineId` (posted receipts only). */
export const receivedOfLine = (lineId: SQL) =>
  sql`coalesce((select sum(rl.qty) from supplier_receipt_lines rl join supplier_receipts r on r.id = rl.receipt_id
    where rl.supplier_order_line_id = ${lineId} and r.status = 'posted'), 0)`;

/** The lines of the order whose id is the SQL `orderId` with their received quantity, as the derived table `x`. */
export const linesWithReceived = (orderId: SQL) =>
  sql`(select l.id, l.item_id, l.qty, l.line_gross, l.expected_date, ${receivedOfLine(sql`l.id`)} as rcv
    from supplier_order_lines l where l.order_id = ${orderId}) x`;

const onOrderList = sql.raw(onOrderStatuses.map((s) => `'${s}'`).join(', '));
/** SQL: the order (table `supplier_orders`) has a line not fully received whose expected date is before `today`. */
export const overdueCondition = (today: string) =>
  sql`("supplier_orders"."status" in (${onOrderList}) and coalesce((select bool_or(x.rcv < x.qty and
    coalesce(x.expected_date, "supplier_orders"."expected_date") < ${today}::date) from ${linesWithReceived(
      sql`"supplier_orders"."id"`,
    )}), false))`;

const SYSTEM: AuditContext = { userId: null, actor: 'supplier-receipts' };
/** The statuses a receipt moves by itself (warehouse.md §5 state table, the 'system' rows). */
const SYNCED: readonly OrderStatus[] = ['sent', 'confirmed', 'partially_received', 'received'];

/**
 * Recomputes an order's status from what has been received, inside the caller's transaction (the receipt's posting
 * or cancelling): `received` when every line has receivedQty ≥ qty, `partially_received` when something but not
 * all, otherwise back to the earlier status (`confirmed` if it was confirmed, else `sent`). Draft, closed and
 * cancelled orders are left alone. The change is audited. Answers the status after the sync.
 */
export async function syncSupplierOrderStatus(
  tx: DbOrTx,
  orderId: number,
  ctx: AuditContext = SYSTEM,
): Promise<OrderStatus | null> {
  const [order] = rowsOf<{ status: OrderStatus; confirmed_at: unknown; version: number }>(
    await tx.execute(sql`select status, confirmed_at, version from supplier_orders where id = ${orderId} for update`),
  );
  if (!order) return null;
  if (!SYNCED.includes(order.status)) return order.status;
  const lines = rowsOf<{ qty: string; rcv: string }>(
    await tx.execute(sql`select x.qty::text as qty, x.rcv::text as rcv from ${linesWithReceived(sql`${orderId}`)}`),
  );
  const all = lines.length > 0 && lines.every((l) => cmp(dec(l.rcv), dec(l.qty)) >= 0);
  const some = lines.some((l) => !isZero(dec(l.rcv)));
  const next: OrderStatus = all ? 'received' : some ? 'partially_received' : order.confirmed_at ? 'confirmed' : 'sent';
  if (next === order.status) return next;
  await tx.execute(
    sql`update supplier_orders set status = ${next}, version = version + 1, updated_at = now() where id = ${orderId}`,
  );
  await audit(tx, ctx, {
    action: 'status_change',
    entityType: 'supplier_orders',
    entityId: orderId,
    before: { status: order.status, version: order.version },
    after: { status: next, version: order.version + 1 },
  });
  return next;
}

/**
 * The quantity still on order per item: Σ max(0, qty − receivedQty) over the lines of orders that are sent,
 * confirmed or partially received (warehouse.md §4 onOrder_i). Only items with something on order are in the map;
 * the values are decimal strings with 4 decimals. `itemIds` narrows the answer.
 */
export async function onOrderByItem(db: DbOrTx, itemIds?: readonly number[]): Promise<Map<number, string>> {
  if (itemIds && itemIds.length === 0) return new Map();
  const only = itemIds ? sql`and l.item_id = any(${intArray(itemIds)})` : sql``;
  const rows = rowsOf<{ item_id: number; qty: string }>(
    await db.execute(sql`
      select l.item_id, sum(greatest(l.qty - ${receivedOfLine(sql`l.id`)}, 0))::numeric(18,4)::text as qty
      from supplier_order_lines l join supplier_orders o on o.id = l.order_id
      where o.status in (${onOrderList}) ${only}
      group by l.item_id`),
  );
  return new Map(rows.filter((r) => !isZero(dec(r.qty))).map((r) => [Number(r.item_id), r.qty]));
}
