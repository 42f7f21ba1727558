// The supplier-receipts module's side of the supplier-orders module's SupplierOrderReceipts port: 'Отримати' on a
// supplier order creates its receipt draft through the receipts' own service. The composition root
// (src/server/app.ts) connects it; the supplier-orders module never imports this module.
import type { SupplierOrderReceipts } from '@/modules/supplier-orders/server/index.ts';
import { createReceipt } from './supplier-receipts.write.ts';

export const receiptsOfSupplierOrders: SupplierOrderReceipts = {
  createDraft: (tx, ctx, input) => createReceipt(tx, ctx, input),
};
