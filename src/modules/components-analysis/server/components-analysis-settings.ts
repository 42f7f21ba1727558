// The setting of /components-analysis (reports-admin.md §8): `deadStockDays`, the days without an outgoing movement
// after which stock in hand is dead ('Неліквід'), 180 unless set. No module had it; it is one `settings` row.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { settings } from '@/server/kernel/platform.table.ts';
import { DEAD_STOCK_DAYS_DEFAULT } from '../components-analysis.contract.ts';

export const DEAD_STOCK_DAYS_KEY = 'componentsAnalysis.deadStockDays';

export async function deadStockDays(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, DEAD_STOCK_DAYS_KEY));
  const value = Number(row?.value);
  return Number.isInteger(value) && value > 0 && value <= 3650 ? value : DEAD_STOCK_DAYS_DEFAULT;
}
