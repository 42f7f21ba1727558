// The shipments module's side of the orders module's OrderShipments port: what an order action asks about the
// order's shipments (counts) and the deletion of its drafts when it is cancelled or closed short. The composition
// root (src/server/app.ts) connects it; the orders module never imports this module.
import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/kernel/db.ts';
import type { OrderShipmentFilter, OrderShipments } from '@/modules/orders/server/index.ts';
import { shipmentLines, shipments } from './shipments.table.ts';
import { deleteDraftShipmentsOfOrder } from './shipments.write.ts';

async function count(tx: DbOrTx, orderId: number, which: OrderShipmentFilter): Promise<number> {
  const where =
    which === 'any'
      ? eq(shipments.orderId, orderId)
      : which === 'posted'
        ? and(eq(shipments.orderId, orderId), eq(shipments.status, 'posted'))
        : and(eq(shipments.orderId, orderId), ne(shipments.status, 'cancelled'));
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(shipments)
    .where(where);
  return Number(row?.n ?? 0);
}

async function countLinesOf(tx: DbOrTx, orderLineId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(shipmentLines)
    .where(eq(shipmentLines.orderLineId, orderLineId));
  return Number(row?.n ?? 0);
}

export const shipmentsOfOrders: OrderShipments = {
  count,
  countLinesOf,
  async deleteDrafts(tx, ctx, orderId) {
    await deleteDraftShipmentsOfOrder(tx, ctx, orderId);
  },
};
