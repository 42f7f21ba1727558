// The documents linked to an order and the order as a linked document (issue 21). An order's children — payments,
// shipments, manufacturing orders — import the orders module, so the order reaches them only through this port: each
// child module gives a reader of its documents of one order, and the composition root (connectModules in
// src/server/app.ts) connects the list. The children show their order(s) by `ordersAsRelated`.
import { asc, inArray } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { definePort } from '@/server/kernel/port.ts';
import { orderMessages, orderStatusLabels } from '../orders.contract.ts';
import {
  invoiceStatusLabels,
  relatedDocumentRoutes,
  type RelatedDocument,
  type RelatedDocumentKind,
} from '../related-documents.contract.ts';
import { orders } from './orders.table.ts';

/** Whether the signed-in user may view a route (the caller reads the user's rights once). */
export type CanViewRoute = (route: string) => boolean;

/** A child module's documents of one order, oldest first. */
export interface OrderChildDocuments {
  kind: RelatedDocumentKind;
  ofOrder(db: DbOrTx, orderId: number): Promise<RelatedDocument[]>;
}

const port = definePort<readonly OrderChildDocuments[]>(
  'The orders module has no related-documents port',
  'connectOrderRelatedDocuments',
  "before an order's related documents are read",
);

/** Called once by the composition root with every child module's reader; connecting again replaces the list. */
export const connectOrderRelatedDocuments = (readers: readonly OrderChildDocuments[]): void => port.connect(readers);

/** The connected readers (throws until the composition root connects them). */
export const orderChildDocuments = (): readonly OrderChildDocuments[] => port.get();

/** Leaves out the groups the user may not view. */
export const viewableOnly = (docs: readonly RelatedDocument[], canView: CanViewRoute): RelatedDocument[] =>
  docs.filter((doc) => canView(relatedDocumentRoutes[doc.kind]));

/** Orders (by id, in number order) as linked documents of a payment, a shipment or a manufacturing order. */
export async function ordersAsRelated(db: DbOrTx, ids: readonly number[]): Promise<RelatedDocument[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: orders.id,
      number: orders.orderNumber,
      date: orders.orderDate,
      status: orders.status,
      amount: orders.totalGross,
      currencyCode: orders.currencyCode,
    })
    .from(orders)
    .where(inArray(orders.id, [...new Set(ids)]))
    .orderBy(asc(orders.orderNumber));
  return rows.map((row) => ({
    kind: 'order',
    ...row,
    statusLabel: orderStatusLabels[row.status] ?? row.status,
    detail: null,
  }));
}

/**
 * The order's invoice ('Рахунок на оплату', its print form — none for a cancelled order), then what each child
 * module reads, every group only when the user may view its route. 404 for an order that does not exist.
 */
export async function orderRelatedDocuments(
  db: DbOrTx,
  orderId: number,
  canView: CanViewRoute,
): Promise<RelatedDocument[]> {
  const [order] = await ordersAsRelated(db, [orderId]);
  if (!order) throw new DomainError(404, orderMessages.notFound);
  const docs: RelatedDocument[] = [];
  if (order.status !== 'cancelled') {
    const issued = order.status === 'draft' ? 'draft' : 'issued';
    docs.push({ ...order, kind: 'invoice', status: issued, statusLabel: invoiceStatusLabels[issued] });
  }
  for (const reader of orderChildDocuments()) {
    if (canView(relatedDocumentRoutes[reader.kind])) docs.push(...(await reader.ofOrder(db, orderId)));
  }
  return viewableOnly(docs, canView);
}
