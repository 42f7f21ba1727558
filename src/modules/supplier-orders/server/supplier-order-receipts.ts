// The port through which a supplier order makes its receipt ('Отримати', warehouse.md §5: a supplier-receipt draft of
// what is still to come). Receipts are the supplier order's child documents and import this module when they post;
// this module never imports them back. The supplier-receipts module implements the port and the composition root
// (src/server/app.ts) connects it.
import type { z } from '@/shared/zod-uk.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import type { AuditContext } from '@/modules/system-logs/server/index.ts';
import type { Receipt, receiptCreateSchema } from '@/modules/supplier-receipts/supplier-receipts.contract.ts';
import { definePort } from '@/server/kernel/port.ts';

/** A receipt draft as the receipts page creates one, with the order's own rate. */
export type ReceiptDraftInput = z.output<typeof receiptCreateSchema> & { fxRate: string };

export interface SupplierOrderReceipts {
  /** Creates a receipt draft, checked and numbered exactly as the receipts page's own, in the caller's transaction. */
  createDraft(tx: DbOrTx, ctx: AuditContext, input: ReceiptDraftInput): Promise<Receipt>;
}

const port = definePort<SupplierOrderReceipts>(
  'The supplier-orders module has no receipts port',
  'connectSupplierOrderReceipts',
  'before a supplier order is received',
);

/** Called once by the composition root; connecting again replaces the implementation. */
export const connectSupplierOrderReceipts = (implementation: SupplierOrderReceipts): void =>
  port.connect(implementation);

/** The connected implementation (throws until the composition root connects it). */
export const supplierOrderReceipts = (): SupplierOrderReceipts => port.get();
