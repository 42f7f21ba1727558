// The last purchase of each item (warehouse.md §2 'last purchase price and supplier'): the newest posted receipt
// line of the item — by the receipt's date, then its id — with its supplier and its net unit price in hryvnias
// (line net ÷ qty × the receipt's rate). One set-based query for a whole page of items.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { intArray } from '@/server/kernel/sql-arrays.ts';
import { rowsOf } from '@/server/kernel/rows.ts';

export interface LastPurchase {
  /** UAH per unit, net of VAT, 2 decimals. */
  price: string;
  supplierId: number;
  supplierName: string;
  /** The receipt's date, YYYY-MM-DD. */
  date: string;
}

/** The last posted purchase of each given item; an item never received from a supplier is absent. */
export async function lastPurchaseByItem(db: DbOrTx, itemIds: readonly number[]): Promise<Map<number, LastPurchase>> {
  if (!itemIds.length) return new Map();
  const rows = rowsOf<{ item_id: number; price: string; supplier_id: number; supplier_name: string; date: string }>(
    await db.execute(sql`
      select distinct on (l.item_id) l.item_id,
        round(l.line_net / nullif(l.qty, 0) * r.fx_rate, 2)::text as price,
        r.supplier_id, c.name as supplier_name, r.document_date::text as date
      from supplier_receipt_lines l
      join supplier_receipts r on r.id = l.receipt_id
      join counterparties c on c.id = r.supplier_id
      where r.status = 'posted' and l.item_id = any(${intArray(itemIds)}) and l.qty > 0
      order by l.item_id, r.document_date desc, r.id desc, l.id desc`),
  );
  return new Map(
    rows.map((r) => [
      Number(r.item_id),
      { price: r.price, supplierId: Number(r.supplier_id), supplierName: r.supplier_name, date: r.date },
    ]),
  );
}
