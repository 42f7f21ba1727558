// What an MO's posted outputs (MOO) produced — read here, so the labels module prints them without reading the MO
// tables: the item, the posted output postings with their good quantity (cancelled ones left out).
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { manufacturingOrders, moPostings } from './manufacturing.table.ts';

export interface MoPostedOutputs {
  id: number;
  number: string;
  itemId: number;
  /** Posted output postings in order: their id (the serials' event document `mo_output`) and good quantity. */
  outputs: Array<{ id: number; number: string; goodQty: string }>;
}

/** Null when there is no such MO. */
export async function moPostedOutputs(db: DbOrTx, moId: number): Promise<MoPostedOutputs | null> {
  const [mo] = await db
    .select({ id: manufacturingOrders.id, number: manufacturingOrders.number, itemId: manufacturingOrders.itemId })
    .from(manufacturingOrders)
    .where(eq(manufacturingOrders.id, moId));
  if (!mo) return null;
  const outputs = await db
    .select({ id: moPostings.id, number: moPostings.number, goodQty: moPostings.goodQty })
    .from(moPostings)
    .where(and(eq(moPostings.moId, moId), eq(moPostings.kind, 'output'), eq(moPostings.status, 'posted')))
    .orderBy(asc(moPostings.id));
  return { ...mo, outputs: outputs.map((o) => ({ ...o, goodQty: o.goodQty ?? '0' })) };
}
