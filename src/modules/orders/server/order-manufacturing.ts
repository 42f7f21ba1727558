// The port through which an order reaches the manufacturing orders made for its lines (sales.md §1.1, §1.3):
// 'Повернути в чернетку' and revoking the production approval are refused while an MO is linked, and 'Скасувати'
// removes the links (the MOs stay, production is notified). Manufacturing imports the orders module, so the orders
// module never imports it back: the manufacturing module implements this port and the composition root
// (connectModules in src/server/app.ts) connects it. Both calls run inside the caller's transaction.
import { eq } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import type { AuditContext } from '@/modules/system-logs/server/index.ts';
import { definePort } from '@/server/kernel/port.ts';
import type { OrderManufacturingLink } from '../order-manufacturing.contract.ts';
import { orderMessages } from '../orders.contract.ts';
import { orders } from './orders.table.ts';

export interface OrderManufacturing {
  /** The MOs with a demand link on one of the order's lines (cancelled ones with a left-over link included), by number. */
  linkedTo(tx: DbOrTx, orderId: number): Promise<OrderManufacturingLink[]>;
  /**
   * Removes every demand link of the order's lines, the MOs locked first; each MO's change is audited (and its
   * version raised), and production is notified about each MO that is not cancelled. Answers the MOs unlinked.
   */
  unlinkOrder(
    tx: DbOrTx,
    ctx: AuditContext,
    orderId: number,
    why: { orderNumber: string; reason: string },
  ): Promise<OrderManufacturingLink[]>;
}

const port = definePort<OrderManufacturing>(
  'The orders module has no manufacturing port',
  'connectOrderManufacturing',
  'before an order action runs',
);

/** Called once by the composition root; connecting again replaces the implementation. */
export const connectOrderManufacturing = (implementation: OrderManufacturing): void => port.connect(implementation);

/** The connected implementation (throws until the composition root connects it). */
export const orderManufacturing = (): OrderManufacturing => port.get();

/** GET /api/orders/:id/manufacturing-orders: the MOs linked to the order's lines (404 for an unknown order). */
export async function orderManufacturingLinks(db: DbOrTx, orderId: number): Promise<OrderManufacturingLink[]> {
  const [found] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
  if (!found) throw new DomainError(404, orderMessages.notFound);
  return orderManufacturing().linkedTo(db, orderId);
}
