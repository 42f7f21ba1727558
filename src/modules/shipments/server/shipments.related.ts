// The shipments side of the linked documents (issue 21): the shipments of one order (the orders module's
// OrderChildDocuments port, connected in src/server/app.ts) and the order one shipment ships.
import { asc, eq, sql } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import {
  ordersAsRelated,
  viewableOnly,
  type CanViewRoute,
  type OrderChildDocuments,
} from '@/modules/orders/server/index.ts';
import type { RelatedDocument } from '@/modules/orders/related-documents.contract.ts';
import { shipmentMessages, shipmentStatusLabels, type ShipmentStatus } from '../shipments.contract.ts';
import { shipmentLines, shipments } from './shipments.table.ts';

/** The order's shipments (cancelled ones too, with their status), by date; the amount is Σ of their lines. */
export const shipmentsOfOrder: OrderChildDocuments = {
  kind: 'shipment',
  async ofOrder(db, orderId) {
    const rows = await db
      .select({
        id: shipments.id,
        number: shipments.number,
        date: shipments.shipmentDate,
        status: shipments.status,
        amount: sql<string>`coalesce((select sum(${shipmentLines.lineGross}) from ${shipmentLines}
          where ${shipmentLines.shipmentId} = ${shipments.id}), 0)::numeric(18,2)::text`,
        currencyCode: sql<string>`(select o.currency_code from orders o where o.id = ${shipments.orderId})`,
      })
      .from(shipments)
      .where(eq(shipments.orderId, orderId))
      .orderBy(asc(shipments.shipmentDate), asc(shipments.id));
    return rows.map((row): RelatedDocument => ({
      kind: 'shipment',
      ...row,
      statusLabel: shipmentStatusLabels[row.status as ShipmentStatus] ?? row.status,
      detail: null,
    }));
  },
};

/** The order the shipment ships — when the user may view orders. 404 for a shipment that does not exist. */
export async function shipmentRelatedDocuments(
  db: DbOrTx,
  shipmentId: number,
  canView: CanViewRoute,
): Promise<RelatedDocument[]> {
  const [shipment] = await db
    .select({ orderId: shipments.orderId })
    .from(shipments)
    .where(eq(shipments.id, shipmentId));
  if (!shipment) throw new DomainError(404, shipmentMessages.notFound);
  return viewableOnly(await ordersAsRelated(db, [shipment.orderId]), canView);
}
