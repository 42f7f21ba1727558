// The one way another module changes serial numbers' status (sales.md §4 state table): the serials are locked,
// each must be in one of the expected statuses, and every change leaves an event on the serial's timeline.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { serialStatusLabels } from '../serial-numbers.contract.ts';
import { serialEvents, serialNumbers, type SerialStatus } from './serial-numbers.table.ts';

/** The statuses' Ukrainian words (one list, the contract's, shared with the page). */
export { serialStatusLabels };

export interface SerialMove {
  serialIds: readonly number[];
  /** The statuses a serial may be in for this move; any other refuses the whole move. */
  from: readonly SerialStatus[];
  to: SerialStatus;
  /** The timeline event, e.g. 'reserved', 'sold', 'returned'. */
  event: string;
  document?: { type: string; id: number; number: string } | null;
  /** Set (a number) or cleared (null) with the move; undefined leaves the column as it is. */
  warehouseId?: number | null;
  clientId?: number | null;
  shipmentId?: number | null;
  soldAt?: Date | null;
  userId: number | null;
  note?: string | null;
}

/** Moves serials between statuses in the caller's transaction; refuses (409) naming the serials that cannot. */
export async function moveSerials(tx: DbOrTx, move: SerialMove): Promise<void> {
  const ids = [...new Set(move.serialIds)];
  if (!ids.length) return;
  const rows = await tx
    .select({ id: serialNumbers.id, serial: serialNumbers.serial, status: serialNumbers.status })
    .from(serialNumbers)
    .where(inArray(serialNumbers.id, ids))
    .orderBy(serialNumbers.id)
    .for('update');
  if (rows.length !== ids.length) throw new DomainError(404, 'Серійний номер не знайдено');
  const wrong = rows.filter((r) => !move.from.includes(r.status));
  if (wrong.length) {
    throw new DomainError(
      409,
      `Серійні номери в недоступному стані: ${wrong
        .map((r) => `${r.serial} (${serialStatusLabels[r.status]})`)
        .join(', ')}`,
    );
  }
  const set: Partial<typeof serialNumbers.$inferInsert> = { status: move.to, updatedAt: sql`now()` as never };
  if (move.warehouseId !== undefined) set.warehouseId = move.warehouseId;
  if (move.clientId !== undefined) set.clientId = move.clientId;
  if (move.shipmentId !== undefined) set.shipmentId = move.shipmentId;
  if (move.soldAt !== undefined) set.soldAt = move.soldAt;
  await tx.update(serialNumbers).set(set).where(inArray(serialNumbers.id, ids));
  await tx.insert(serialEvents).values(
    ids.map((serialId) => ({
      serialId,
      event: move.event,
      documentType: move.document?.type ?? null,
      documentId: move.document?.id ?? null,
      documentNumber: move.document?.number ?? null,
      userId: move.userId,
      note: move.note ?? null,
    })),
  );
}

/** The serials of one item by their text (trimmed, uppercased), for a picker that accepts typed or scanned input. */
export async function findSerials(tx: DbOrTx, itemId: number, serials: readonly string[]) {
  const wanted = [...new Set(serials.map((s) => s.trim().toUpperCase()).filter(Boolean))];
  if (!wanted.length) return [];
  return tx
    .select({
      id: serialNumbers.id,
      serial: serialNumbers.serial,
      status: serialNumbers.status,
      warehouseId: serialNumbers.warehouseId,
    })
    .from(serialNumbers)
    .where(and(eq(serialNumbers.itemId, itemId), inArray(serialNumbers.serial, wanted)));
}
