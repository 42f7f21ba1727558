// The item master's rules that need the database (domain README §2): a kind change is allowed while the category
// still fits — the views see to that, each offering only its own kinds and categories — but an item that has moved
// through the stock ledger cannot become a service, which moves no stock. The way back (a service made a stocked
// kind) is free: a service never has ledger rows.
import type { DbOrTx } from '@/server/kernel/db.ts';
// The read file itself, not the stock module's index: the index's routes reach the resource engine built from here.
import { itemHasLedgerRows } from '../../modules/stock/server/item-ledger.read.ts';
import { itemMessages } from './items.resource.ts';

/** The refusal by field of a change of an item (empty: allowed), run by the resource engine on update. */
export async function checkItemUpdate(
  tx: DbOrTx,
  before: Readonly<Record<string, unknown>>,
  values: Readonly<Record<string, unknown>>,
): Promise<Record<string, string>> {
  const becomesService = values.kind === 'service' && before.kind !== 'service';
  if (becomesService && (await itemHasLedgerRows(tx, before.id as number))) {
    return { kind: itemMessages.serviceHasStock };
  }
  return {};
}
