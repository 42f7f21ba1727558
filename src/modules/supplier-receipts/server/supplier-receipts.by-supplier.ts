// The date of each supplier's last posted receipt, for the /suppliers list (reference-data.md §13), for a page of
// suppliers in one grouped query (supplier_receipts_supplier_id_idx).
import { and, eq, inArray, max } from 'drizzle-orm';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { supplierReceipts } from './supplier-receipts.table.ts';

export async function lastReceiptBySupplier(db: DbOrTx, supplierIds: readonly number[]): Promise<Map<number, string>> {
  if (!supplierIds.length) return new Map();
  const rows = await db
    .select({ supplierId: supplierReceipts.supplierId, last: max(supplierReceipts.documentDate) })
    .from(supplierReceipts)
    .where(and(inArray(supplierReceipts.supplierId, [...supplierIds]), eq(supplierReceipts.status, 'posted')))
    .groupBy(supplierReceipts.supplierId);
  return new Map(rows.flatMap((r) => (r.last ? [[r.supplierId, String(r.last)] as const] : [])));
}
