// Inventory audits of serial-tracked items (warehouse.md §8, sales.md §4): such an item is counted by serial — the
// serials found are kept on its line (serial-numbers `document_line_serials`) and the counted quantity is their number.
// Posting compares them with the serials the books hold in the warehouse (available or reserved): those not found
// become defective ('Нестача', event `shortage`), those found but not expected become available there (event
// `surplus`) — registered when new to the item, restored when void or defective. Cancelling undoes both.
import { and, eq, inArray } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import type { AuditContext } from '@/modules/system-logs/server/index.ts';
import {
  createLineSerials,
  documentSerials,
  draftSerials,
  draftSerialValues,
  findSerials,
  moveSerials,
  saveLineSerials,
  serialNumbers,
  serialStatusLabels,
  serialTrackedItems,
} from '@/modules/serial-numbers/server/index.ts';
import { auditMessages } from '../inventory-audits.contract.ts';

/** The document type the serials' timeline names (the ledger's). */
export const SERIAL_DOCUMENT = 'inventory_audit';

/** The serials the books hold for items in a warehouse (available or reserved there), by item. */
async function expectedSerials(db: DbOrTx, warehouseId: number, itemIds: readonly number[]) {
  const byItem = new Map<number, Array<{ id: number; serial: string }>>();
  if (!itemIds.length) return byItem;
  const rows = await db
    .select({ id: serialNumbers.id, itemId: serialNumbers.itemId, serial: serialNumbers.serial })
    .from(serialNumbers)
    .where(
      and(
        inArray(serialNumbers.itemId, [...itemIds]),
        eq(serialNumbers.warehouseId, warehouseId),
        inArray(serialNumbers.status, ['available', 'reserved']),
      ),
    )
    .orderBy(serialNumbers.serial);
  for (const r of rows) byItem.set(r.itemId, [...(byItem.get(r.itemId) ?? []), { id: r.id, serial: r.serial }]);
  return byItem;
}

/** A tracked line's counted serials: normalised, no repeats; kept on the line. Answers them. */
export async function countLineSerials(
  tx: DbOrTx,
  auditId: number,
  line: { id: number; sku: string },
  entries: readonly string[],
): Promise<string[]> {
  const values = draftSerialValues(line.sku, entries);
  await saveLineSerials(tx, SERIAL_DOCUMENT, auditId, line.id, values);
  return values;
}

export interface LineSerialInfo {
  serialTracking: boolean;
  serials: string[];
  missingSerials: string[];
  extraSerials: string[];
}

/**
 * What the lines show of their serials: the counted ones and, for a counted tracked line, the missing and extra ones —
 * against the books now while counting, as posted afterwards (from the timeline).
 */
export async function lineSerialInfo(
  db: DbOrTx,
  audit: { id: number; status: string; warehouseId: number },
  lines: ReadonlyArray<{ id: number; itemId: number; countedQty: string | null }>,
): Promise<Map<number, LineSerialInfo>> {
  const tracked = await serialTrackedItems(
    db,
    lines.map((l) => l.itemId),
  );
  const result = new Map<number, LineSerialInfo>();
  const none = { serialTracking: false, serials: [], missingSerials: [], extraSerials: [] };
  if (!tracked.size) return new Map(lines.map((l) => [l.id, none]));
  const counted = await draftSerials(db, SERIAL_DOCUMENT, audit.id);
  const counting = audit.status === 'counting';
  const expected = counting ? await expectedSerials(db, audit.warehouseId, [...tracked.keys()]) : new Map();
  const touched = counting ? [] : await documentSerials(db, SERIAL_DOCUMENT, audit.id);
  for (const line of lines) {
    if (!tracked.has(line.itemId)) {
      result.set(line.id, none);
      continue;
    }
    const serials = counted.get(line.id) ?? [];
    let missingSerials: string[] = [];
    let extraSerials: string[] = [];
    if (counting && line.countedQty !== null) {
      const books = (expected.get(line.itemId) ?? []).map((s: { serial: string }) => s.serial);
      missingSerials = books.filter((s: string) => !serials.includes(s));
      extraSerials = serials.filter((s) => !books.includes(s));
    } else if (!counting) {
      const mine = touched.filter((s) => s.itemId === line.itemId);
      missingSerials = mine.filter((s) => s.event === 'shortage').map((s) => s.serial);
      extraSerials = mine.filter((s) => s.event === 'surplus').map((s) => s.serial);
    }
    result.set(line.id, { serialTracking: true, serials, missingSerials, extraSerials });
  }
  return result;
}

/**
 * After the ledger: each counted tracked line's missing serials become defective, its extra ones available in the
 * warehouse. An extra serial on the books of another warehouse, sold or in repair is refused (409, named): move it
 * with its own document first.
 */
export async function postAuditSerials(
  tx: DbOrTx,
  ctx: AuditContext,
  audit: { id: number; number: string; warehouseId: number },
  lines: ReadonlyArray<{ id: number; itemId: number; sku: string; countedQty: string | null }>,
): Promise<void> {
  const tracked = await serialTrackedItems(
    tx,
    lines.map((l) => l.itemId),
  );
  const counted = lines.filter((l) => tracked.has(l.itemId) && l.countedQty !== null);
  if (!counted.length) return;
  const found = await draftSerials(tx, SERIAL_DOCUMENT, audit.id);
  const expected = await expectedSerials(
    tx,
    audit.warehouseId,
    counted.map((l) => l.itemId),
  );
  const document = { type: SERIAL_DOCUMENT, id: audit.id, number: audit.number };
  for (const line of counted) {
    const values = found.get(line.id) ?? [];
    const books = expected.get(line.itemId) ?? [];
    const missing = books.filter((s) => !values.includes(s.serial));
    await moveSerials(tx, {
      serialIds: missing.map((s) => s.id),
      from: ['available', 'reserved'],
      to: 'defective',
      event: 'shortage',
      document,
      warehouseId: null,
      userId: ctx.userId,
      note: auditMessages.shortageNote,
    });
    const extra = values.filter((v) => !books.some((s) => s.serial === v));
    const known = await findSerials(tx, line.itemId, extra);
    const blocked = known.filter((s) => !['void', 'defective'].includes(s.status));
    if (blocked.length) {
      const named = blocked.map((s) =>
        s.status === 'available' || s.status === 'reserved'
          ? `${s.serial} (інший склад)`
          : `${s.serial} (${serialStatusLabels[s.status]})`,
      );
      throw new DomainError(409, auditMessages.serialsElsewhere(line.sku, named));
    }
    await moveSerials(tx, {
      serialIds: known.map((s) => s.id),
      from: ['void', 'defective'],
      to: 'available',
      event: 'surplus',
      document,
      warehouseId: audit.warehouseId,
      userId: ctx.userId,
    });
    await createLineSerials(tx, {
      itemId: line.itemId,
      sku: line.sku,
      warehouseId: audit.warehouseId,
      values: extra.filter((v) => !known.some((s) => s.serial === v)),
      event: 'surplus',
      document,
      userId: ctx.userId,
    });
  }
}

/** Cancelling a posted audit: its missing serials back on the shelf, its extra ones void — while still as it left them. */
export async function cancelAuditSerials(
  tx: DbOrTx,
  ctx: AuditContext,
  audit: { id: number; number: string; warehouseId: number },
  reason: string,
): Promise<void> {
  const touched = await documentSerials(tx, SERIAL_DOCUMENT, audit.id);
  const missing = touched.filter((s) => s.event === 'shortage');
  const extra = touched.filter((s) => s.event === 'surplus');
  const gone = [
    ...missing.filter((s) => s.status !== 'defective'),
    ...extra.filter((s) => s.status !== 'available' || s.warehouseId !== audit.warehouseId),
  ];
  if (gone.length) throw new DomainError(409, auditMessages.serialsMoved(gone.map((s) => s.serial)));
  const document = { type: SERIAL_DOCUMENT, id: audit.id, number: audit.number };
  const note = auditMessages.cancelNote(reason);
  await moveSerials(tx, {
    serialIds: missing.map((s) => s.id),
    from: ['defective'],
    to: 'available',
    event: 'returned',
    document,
    warehouseId: audit.warehouseId,
    userId: ctx.userId,
    note,
  });
  await moveSerials(tx, {
    serialIds: extra.map((s) => s.id),
    from: ['available'],
    to: 'void',
    event: 'voided',
    document,
    warehouseId: null,
    userId: ctx.userId,
    note,
  });
}
