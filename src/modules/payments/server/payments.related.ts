// The payments side of the linked documents (issue 21): the payments allocated to one order (the orders module's
// OrderChildDocuments port, connected in src/server/app.ts) and the order(s) one payment is allocated to.
import { asc, eq } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import {
  ordersAsRelated,
  viewableOnly,
  type CanViewRoute,
  type OrderChildDocuments,
} from '@/modules/orders/server/index.ts';
import type { RelatedDocument } from '@/modules/orders/related-documents.contract.ts';
import { paymentMessages, paymentStatusLabels, paymentTypeLabels } from '../payments.contract.ts';
import { paymentAllocations, payments } from './payments.table.ts';

/** The payments allocated to the order (each once, with the part allocated to it), by date. */
export const paymentsOfOrder: OrderChildDocuments = {
  kind: 'payment',
  async ofOrder(db, orderId) {
    const rows = await db
      .select({
        id: payments.id,
        number: payments.number,
        date: payments.paymentDate,
        status: payments.status,
        type: payments.type,
        amount: paymentAllocations.amount,
        currencyCode: payments.currencyCode,
      })
      .from(paymentAllocations)
      .innerJoin(payments, eq(payments.id, paymentAllocations.paymentId))
      .where(eq(paymentAllocations.orderId, orderId))
      .orderBy(asc(payments.paymentDate), asc(payments.id));
    return rows.map(({ type, ...row }): RelatedDocument => ({
      kind: 'payment',
      ...row,
      statusLabel: paymentStatusLabels[row.status] ?? row.status,
      detail: type === 'refund' ? paymentTypeLabels.refund : null,
    }));
  },
};

/** The order(s) the payment is allocated to — when the user may view orders. 404 for a payment that does not exist. */
export async function paymentRelatedDocuments(
  db: DbOrTx,
  paymentId: number,
  canView: CanViewRoute,
): Promise<RelatedDocument[]> {
  const [payment] = await db.select({ id: payments.id }).from(payments).where(eq(payments.id, paymentId));
  if (!payment) throw new DomainError(404, paymentMessages.notFound);
  const allocations = await db
    .select({ orderId: paymentAllocations.orderId })
    .from(paymentAllocations)
    .where(eq(paymentAllocations.paymentId, paymentId));
  return viewableOnly(
    await ordersAsRelated(
      db,
      allocations.map((a) => a.orderId),
    ),
    canView,
  );
}
