// Serials kept on a draft's lines (warehouse.md §6, §7): typed or scanned before posting, saved with the draft and
// read back with it; posting uses them for a line its body names none for. Shared by the receipts and transfers.
import { and, asc, eq } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import { items } from '@/resources/items/items.table.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { parseSerialList, repeatedValues } from '../serial-numbers.contract.ts';
import { documentLineSerials } from './serial-numbers.table.ts';
import { documentSerialMessages, serialTrackedItems } from './document-serials.ts';

async function notTracked(tx: DbOrTx, itemId: number): Promise<never> {
  const [item] = await tx.select({ sku: items.sku }).from(items).where(eq(items.id, itemId));
  throw new DomainError(400, documentSerialMessages.notTracked(item?.sku ?? String(itemId)));
}

const t = documentLineSerials;

/** A line's entries (serials, lists, ranges) as normalised values; refuses (400) bad entries and repeats. */
export function draftSerialValues(sku: string, entries: readonly string[] | null | undefined): string[] {
  const values: string[] = [];
  for (const entry of entries ?? []) {
    const parsed = parseSerialList(entry);
    if (parsed.errors.length) throw new DomainError(400, `Товар «${sku}»: ${parsed.errors.join('; ')}`);
    values.push(...parsed.values);
  }
  const repeated = repeatedValues(values);
  if (repeated.length) throw new DomainError(400, documentSerialMessages.repeated(sku, repeated));
  return values;
}

/** Replaces the serials kept on a draft's lines with these (lines given no values keep none). */
export async function saveDraftSerials(
  tx: DbOrTx,
  documentType: string,
  documentId: number,
  lines: ReadonlyArray<{ lineId: number; values: readonly string[] }>,
): Promise<void> {
  await clearDraftSerials(tx, documentType, documentId);
  const rows = lines.flatMap((line) =>
    line.values.map((serial, position) => ({ documentType, documentId, lineId: line.lineId, serial, position })),
  );
  if (rows.length) await tx.insert(t).values(rows);
}

/** Adds one value at the end of a draft line's kept serials; false when the line already has it. */
export async function addDraftSerial(
  tx: DbOrTx,
  documentType: string,
  documentId: number,
  lineId: number,
  serial: string,
): Promise<boolean> {
  const kept = (await draftSerials(tx, documentType, documentId)).get(lineId) ?? [];
  if (kept.includes(serial)) return false;
  await tx.insert(t).values({ documentType, documentId, lineId, serial, position: kept.length });
  return true;
}

/** The serials kept on a draft's lines, by line id, in the order they were typed. */
export async function draftSerials(
  db: DbOrTx,
  documentType: string,
  documentId: number,
): Promise<Map<number, string[]>> {
  const rows = await db
    .select({ lineId: t.lineId, serial: t.serial })
    .from(t)
    .where(and(eq(t.documentType, documentType), eq(t.documentId, documentId)))
    .orderBy(asc(t.lineId), asc(t.position), asc(t.id));
  const byLine = new Map<number, string[]>();
  for (const row of rows) byLine.set(row.lineId, [...(byLine.get(row.lineId) ?? []), row.serial]);
  return byLine;
}

/** Forgets a document's kept serials (posted — the timeline has them now — or deleted). */
export async function clearDraftSerials(tx: DbOrTx, documentType: string, documentId: number): Promise<void> {
  await tx.delete(t).where(and(eq(t.documentType, documentType), eq(t.documentId, documentId)));
}

/**
 * Saves the serials given on a draft's written lines (each new line by its input): a line given none (undefined)
 * keeps those of the previous line of its item. Serials on a line of an item not tracked by serials are refused.
 */
export async function saveDraftLineSerials(
  tx: DbOrTx,
  documentType: string,
  documentId: number,
  previous: ReadonlyArray<{ itemId: number; serials: readonly string[] }>,
  lines: ReadonlyArray<{ lineId: number; itemId: number; serials?: readonly string[] | null }>,
): Promise<void> {
  const tracked = await serialTrackedItems(
    tx,
    lines.map((l) => l.itemId),
  );
  const carried = previous.map((p) => ({ ...p, used: false }));
  const kept: Array<{ lineId: number; values: string[] }> = [];
  for (const line of lines) {
    let entries = line.serials;
    if (entries === undefined) {
      const before = carried.find((p) => !p.used && p.itemId === line.itemId);
      if (before) before.used = true;
      entries = before?.serials ?? [];
    }
    const sku = tracked.get(line.itemId);
    if (!sku) {
      if (entries?.length && line.serials !== undefined) await notTracked(tx, line.itemId);
      continue;
    }
    kept.push({ lineId: line.lineId, values: draftSerialValues(sku, entries) });
  }
  await saveDraftSerials(tx, documentType, documentId, kept);
}

/** Replaces the serials kept on one line of a document (an audit line's counted serials). */
export async function saveLineSerials(
  tx: DbOrTx,
  documentType: string,
  documentId: number,
  lineId: number,
  values: readonly string[],
): Promise<void> {
  await tx.delete(t).where(and(eq(t.documentType, documentType), eq(t.documentId, documentId), eq(t.lineId, lineId)));
  if (values.length) {
    await tx
      .insert(t)
      .values(values.map((serial, position) => ({ documentType, documentId, lineId, serial, position })));
  }
}
