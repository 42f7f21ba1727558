// A supplier's open orders for the /suppliers list (reference-data.md §13: 'open supplier orders'): the orders on
// order — sent, confirmed or partially received — counted per supplier, for a page of suppliers in one query.
import { and, count, inArray } from 'drizzle-orm';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { onOrderStatuses } from '../supplier-orders.contract.ts';
import { supplierOrders } from './supplier-orders.table.ts';

export async function openOrdersBySupplier(db: DbOrTx, supplierIds: readonly number[]): Promise<Map<number, number>> {
  if (!supplierIds.length) return new Map();
  const rows = await db
    .select({ supplierId: supplierOrders.supplierId, open: count() })
    .from(supplierOrders)
    .where(
      and(inArray(supplierOrders.supplierId, [...supplierIds]), inArray(supplierOrders.status, [...onOrderStatuses])),
    )
    .groupBy(supplierOrders.supplierId);
  return new Map(rows.map((r) => [r.supplierId, Number(r.open)]));
}
