// The base currency is locked once a document exists (reference-data.md §11, reports-admin.md §18 'Done means'):
// every stored amount and rate is in it, so 'Зробити базовою' is possible only on an empty system.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { rowsOf } from '@/server/kernel/rows.ts';

export const currencyMessages = {
  baseLocked: 'Базову валюту не можна змінити: у системі вже є документи',
} as const;

/**
 * Would taking the flag move it: is there a base currency already, and has any document been created (an order, a
 * supplier order or receipt, a payment, a stock movement)?
 */
async function baseInUse(tx: DbOrTx): Promise<boolean> {
  const [row] = rowsOf<{ any: boolean }>(
    await tx.execute(sql`select (
        exists (select 1 from orders) or exists (select 1 from supplier_orders)
        or exists (select 1 from supplier_receipts) or exists (select 1 from payments)
        or exists (select 1 from stock_movements)
      ) and exists (select 1 from currencies where is_base) as any`),
  );
  return Boolean(row?.any);
}

export async function checkBaseCurrency(
  tx: DbOrTx,
  before: Readonly<Record<string, unknown>>,
  values: Readonly<Record<string, unknown>>,
): Promise<Record<string, string>> {
  if (values.isBase !== true || before.isBase === true) return {};
  return (await baseInUse(tx)) ? { isBase: currencyMessages.baseLocked } : {};
}
