// The port through which /component-stock reads its purchasing figures and drafts supplier orders (warehouse.md §2):
// on order (supplier orders), what open MOs still need (manufacturing), the last purchase (supplier receipts), and
// the supplier-orders module's own create service for 'Замовити'. Those modules post through the ledger and so
// import this module; this module never imports them back. The composition root (src/server/app.ts) connects their
// exported read functions and service.
import type { AuditContext } from '@/modules/system-logs/server/index.ts';
import type { Order, OrderBody } from '@/modules/supplier-orders/supplier-orders.contract.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { definePort } from '@/server/kernel/port.ts';

export interface ComponentPurchasing {
  /** Σ (qty − received) of the lines of sent, confirmed and partially received supplier orders, per item. */
  onOrderByItem(db: DbOrTx, itemIds: readonly number[]): Promise<Map<number, string>>;
  /** The remaining material need of planned, released and running MOs, per item. */
  openMaterialNeedsByItem(db: DbOrTx, itemIds: readonly number[]): Promise<Map<number, string>>;
  /** The newest posted receipt line of each item: its net price in UAH and its supplier. */
  lastPurchaseByItem(
    db: DbOrTx,
    itemIds: readonly number[],
  ): Promise<Map<number, { price: string; supplierId: number; supplierName: string }>>;
  /** The supplier-orders page's own create service (checked, numbered, audited), in the caller's transaction. */
  createOrder(tx: DbOrTx, ctx: AuditContext, input: OrderBody): Promise<Order>;
}

const port = definePort<ComponentPurchasing>(
  'The stock module has no component purchasing port',
  'connectComponentPurchasing',
  'before /component-stock is read',
);

/** Called once by the composition root; connecting again replaces the implementation. */
export const connectComponentPurchasing = (implementation: ComponentPurchasing): void => port.connect(implementation);

/** The connected implementation (throws until the composition root connects it). */
export const componentPurchasing = (): ComponentPurchasing => port.get();
