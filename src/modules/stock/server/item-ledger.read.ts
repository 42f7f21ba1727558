// Whether an item has ever moved through the stock ledger (domain README §2): an item with ledger rows cannot become a
// service, which moves no stock. A read for the item master; the ledger itself stays the only writer.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { stockMovements } from './stock.table.ts';

/** True when at least one stock movement (a posting or its reversal) names the item. */
export async function itemHasLedgerRows(db: DbOrTx, itemId: number): Promise<boolean> {
  const found = await db
    .select({ id: stockMovements.id })
    .from(stockMovements)
    .where(eq(stockMovements.itemId, itemId))
    .limit(1);
  return found.length > 0;
}
