// The port through which /inventory reads 'У виробництві' (warehouse.md §1: the open MO quantity): the manufacturing
// module posts through the ledger and so imports this module; this module never imports it back. The composition
// root (src/server/app.ts) connects manufacturing's exported read function.
import type { DbOrTx } from '@/server/kernel/db.ts';
import { definePort } from '@/server/kernel/port.ts';

/** Σ over open MOs of the item of what is still to make, per item (absent: nothing). */
export type InProductionByItem = (db: DbOrTx, itemIds: readonly number[]) => Promise<Map<number, string>>;

const port = definePort<{ inProductionByItem: InProductionByItem }>(
  'The stock module has no production port',
  'connectInventoryProduction',
  'before /inventory is read',
);

/** Called once by the composition root; connecting again replaces the implementation. */
export const connectInventoryProduction = (inProductionByItem: InProductionByItem): void =>
  port.connect({ inProductionByItem });

/** The connected read function (throws until the composition root connects it). */
export const inProductionOf = (): InProductionByItem => port.get().inProductionByItem;
