// The port through which an order reaches its shipments (sales.md §1.1: deleting, returning to draft, closing and
// cancelling look at them, and cancelling deletes the drafts). Shipments are the order's child documents and import
// the orders module; the orders module never imports them back. The shipments module implements this port and the
// composition root (src/server/app.ts) connects it.
import type { DbOrTx } from '@/server/kernel/db.ts';
import type { AuditContext } from '@/modules/system-logs/server/index.ts';
import { definePort } from '@/server/kernel/port.ts';

/** Which shipments of an order to count: all of them, those not cancelled, or the posted ones. */
export type OrderShipmentFilter = 'any' | 'notCancelled' | 'posted';

export interface OrderShipments {
  /** How many shipments of the order there are, of those `which` names. */
  count(tx: DbOrTx, orderId: number, which: OrderShipmentFilter): Promise<number>;
  /** How many shipment lines (of any shipment, cancelled ones included) name the order line. */
  countLinesOf(tx: DbOrTx, orderLineId: number): Promise<number>;
  /**
   * Deletes the order's draft shipments, their serials back in stock; refuses (DomainError 409) when a draft's
   * waybill exists or may exist.
   */
  deleteDrafts(tx: DbOrTx, ctx: AuditContext, orderId: number): Promise<void>;
}

const port = definePort<OrderShipments>(
  'The orders module has no shipments port',
  'connectOrderShipments',
  'before an order action runs',
);

/** Called once by the composition root; connecting again replaces the implementation. */
export const connectOrderShipments = (implementation: OrderShipments): void => port.connect(implementation);

/** The connected implementation (throws until the composition root connects it). */
export const orderShipments = (): OrderShipments => port.get();
