// The port through which labels learn what an MO's posted outputs produced (warehouse.md §10: an MO output gives
// one label per unit produced). Manufacturing prints labels through this module, so this module never imports it
// back: manufacturing implements the port (moPostedOutputs) and the composition root (src/server/app.ts) connects it.
import type { DbOrTx } from '@/server/kernel/db.ts';
import { definePort } from '@/server/kernel/port.ts';

export interface MoOutputs {
  id: number;
  number: string;
  itemId: number;
  /** The posted output postings (MOO): their id — the document of the serials they made available — and good qty. */
  outputs: Array<{ id: number; number: string; goodQty: string }>;
}

/** The MO's posted outputs; null when there is no such MO. */
export type MoOutputsSource = (db: DbOrTx, moId: number) => Promise<MoOutputs | null>;

const port = definePort<MoOutputsSource>(
  'The labels module has no MO outputs port',
  'connectLabelMoOutputs',
  'before MO output labels are printed',
);

/** Called once by the composition root; connecting again replaces the implementation. */
export const connectLabelMoOutputs = (implementation: MoOutputsSource): void => port.connect(implementation);

export const moOutputsOf = (db: DbOrTx, moId: number) => port.get()(db, moId);
