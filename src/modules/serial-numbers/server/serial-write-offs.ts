// The port through which 'Списати' on a serial (sales.md §4) posts its stock adjustment of −1. Serial numbers are a
// registry the stock documents write to: the adjustments import this module, so it never imports them back. The
// stock module implements the port and the composition root (src/server/app.ts) connects it.
import type { DbOrTx } from '@/server/kernel/db.ts';
import type { AuditContext } from '@/modules/system-logs/server/index.ts';
import { definePort } from '@/server/kernel/port.ts';

/** One serial to write off: the unit on the shelf and the texts the adjustment and the serial's timeline get. */
export interface SerialWriteOff {
  itemId: number;
  /** The item's kind: the adjustment belongs to the stock page that keeps items of it. */
  itemKind: string;
  warehouseId: number;
  serial: string;
  /** The adjustment's comment. */
  comment: string;
  /** The note of the adjustment's line. */
  lineNote: string;
  /** The note the serial's timeline gets (the write-off's reason). */
  serialNote: string;
}

export interface SerialWriteOffs {
  /**
   * Creates and posts, in the caller's transaction, an adjustment ('damage') of −1 whose line names the serial:
   * posting it makes the serial defective. Answers the adjustment's id and number.
   */
  writeOff(tx: DbOrTx, ctx: AuditContext, writeOff: SerialWriteOff): Promise<{ id: number; number: string }>;
}

const port = definePort<SerialWriteOffs>(
  'The serial-numbers module has no write-off port',
  'connectSerialWriteOffs',
  'before a serial is written off',
);

/** Called once by the composition root; connecting again replaces the implementation. */
export const connectSerialWriteOffs = (implementation: SerialWriteOffs): void => port.connect(implementation);

/** The connected implementation (throws until the composition root connects it). */
export const serialWriteOffs = (): SerialWriteOffs => port.get();
