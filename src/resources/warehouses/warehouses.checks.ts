// The warehouse rules that need the database (reference-data.md §9): a warehouse is deactivated only when it holds
// nothing — no stock on hand and no reservation — so no balance is left where nobody can pick it; and the list shows
// each warehouse's items in stock and their value at average cost.
import type { DbOrTx } from '@/server/kernel/db.ts';
// The read file itself, not the stock module's index: the index's routes reach the resource engine built from here.
import { warehouseHoldsStock, warehouseStock } from '../../modules/stock/server/warehouse-stock.read.ts';

export const warehouseMessages = {
  holdsStock: 'На складі є залишки або резерви — перемістіть чи спишіть їх, тоді склад можна деактивувати',
} as const;

export async function checkWarehouseUpdate(
  tx: DbOrTx,
  before: Readonly<Record<string, unknown>>,
  values: Readonly<Record<string, unknown>>,
): Promise<Record<string, string>> {
  const deactivates = values.isActive === false && before.isActive !== false;
  if (deactivates && (await warehouseHoldsStock(tx, before.id as number))) {
    return { isActive: warehouseMessages.holdsStock };
  }
  return {};
}

/** The list's 'Позицій на складі' and 'Вартість запасів' (one grouped query per page). */
export async function withWarehouseStock(db: DbOrTx, rows: Array<Record<string, unknown>>): Promise<void> {
  const stock = await warehouseStock(
    db,
    rows.map((r) => r.id as number),
  );
  for (const row of rows) {
    const s = stock.get(row.id as number);
    row.itemsInStock = s?.items ?? 0;
    row.stockValue = s?.value ?? '0.00';
  }
}
