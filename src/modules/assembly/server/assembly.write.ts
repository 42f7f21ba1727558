// Assembly drafts (production.md §8): created with their ASM/DSM number, changed while draft (row locked, version
// checked) and deleted; every step is one audited transaction. Posting and cancelling are in assembly.posting.ts.
import { eq, inArray, sql } from 'drizzle-orm';
import { checkVersion } from '@/server/kernel/documents.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { DomainError } from '@/shared/api-error.ts';
import { dec, fixed } from '@/shared/decimal.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { nextNumber } from '@/modules/stock/server/index.ts';
import { items } from '@/resources/items/items.table.ts';
import { warehouses } from '@/resources/warehouses/warehouses.table.ts';
import {
  assemblyMessages as msg,
  type Assembly,
  type AssemblyCreateBody,
  type AssemblyUpdateBody,
} from '../assembly.contract.ts';
import { ENTITY, getAssembly } from './assembly.read.ts';
import { assemblies, assemblyLines } from './assembly.table.ts';

type Header = Omit<AssemblyCreateBody, 'lines' | 'type'>;
type LineInput = AssemblyCreateBody['lines'][number];

/**
 * The warehouse exists and is active; the kit and every line are active stocked items (not services), each once, and
 * the kit is not among its own lines. Items the draft already had may stay although made inactive since. 400 with
 * the fields named.
 */
export async function checkReferences(tx: DbOrTx, header: Header, lines: readonly LineInput[], kept: Set<number>) {
  const fields: Record<string, string> = {};
  const [warehouse] = await tx
    .select({ isActive: warehouses.isActive })
    .from(warehouses)
    .where(eq(warehouses.id, header.warehouseId));
  if (!warehouse) fields.warehouseId = msg.reference;
  else if (!warehouse.isActive) fields.warehouseId = msg.inactiveWarehouse;
  const ids = [...new Set([header.itemId, ...lines.map((line) => line.itemId)])];
  const rows = await tx
    .select({ id: items.id, kind: items.kind, isActive: items.isActive })
    .from(items)
    .where(inArray(items.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const problem = (itemId: number) => {
    const item = byId.get(itemId);
    if (!item) return msg.reference;
    if (item.kind === 'service') return msg.service;
    if (!item.isActive && !kept.has(itemId)) return msg.inactiveItem;
    return null;
  };
  const kit = problem(header.itemId);
  if (kit) fields.itemId = kit;
  const seen = new Map<number, number>();
  lines.forEach((line, i) => {
    const key = `lines.${i}.itemId`;
    const wrong = problem(line.itemId);
    if (wrong) fields[key] = wrong;
    else if (line.itemId === header.itemId) fields[key] = msg.kitInLines;
    else if (seen.has(line.itemId)) fields[key] = msg.duplicateItem(seen.get(line.itemId)! + 1);
    if (!seen.has(line.itemId)) seen.set(line.itemId, i);
  });
  if (!lines.length) fields.lines = msg.noLines;
  if (Object.keys(fields).length) throw new DomainError(400, Object.values(fields)[0]!, fields);
}

async function writeLines(tx: DbOrTx, assemblyId: number, lines: readonly LineInput[]) {
  await tx.delete(assemblyLines).where(eq(assemblyLines.assemblyId, assemblyId));
  await tx
    .insert(assemblyLines)
    .values(lines.map((line, i) => ({ assemblyId, lineNo: i + 1, itemId: line.itemId, qty: fixed(dec(line.qty), 4) })));
}

const headerValues = (h: Header) => ({
  documentDate: h.documentDate,
  itemId: h.itemId,
  qty: fixed(dec(h.qty), 4),
  warehouseId: h.warehouseId,
  notes: h.notes ?? null,
});

export async function createAssembly(db: DbOrTx, ctx: AuditContext, input: AssemblyCreateBody): Promise<Assembly> {
  return db.transaction(async (tx) => {
    const { lines, type, ...header } = input;
    await checkReferences(tx, header, lines, new Set());
    const number = await nextNumber(tx, type, header.documentDate);
    const [row] = await tx
      .insert(assemblies)
      .values({ ...headerValues(header), type, number, createdBy: ctx.userId })
      .returning({ id: assemblies.id });
    await writeLines(tx, row!.id, lines);
    const after = await getAssembly(tx, row!.id);
    await audit(tx, ctx, { action: 'create', entityType: ENTITY, entityId: row!.id, after });
    return after;
  });
}

/** The draft, its row locked for the caller's transaction; 409 when it is not a draft or was read at another version. */
export async function lockDraft(tx: DbOrTx, id: number, version: number | undefined): Promise<Assembly> {
  const before = await getAssembly(tx, id, true);
  if (before.status !== 'draft') throw new DomainError(409, before.status === 'posted' ? msg.posted : msg.notDraft);
  checkVersion(version, before.version, msg.version);
  return before;
}

export const linesOf = (doc: Assembly): LineInput[] =>
  doc.lines.map((line) => ({ itemId: line.itemId, qty: line.qty }));

export async function updateAssembly(
  db: DbOrTx,
  ctx: AuditContext,
  id: number,
  change: AssemblyUpdateBody,
): Promise<Assembly> {
  return db.transaction(async (tx) => {
    const before = await lockDraft(tx, id, change.version);
    const { version: _version, lines: newLines, ...headerChange } = change;
    const header: Header = {
      documentDate: before.documentDate,
      itemId: before.itemId,
      qty: before.qty,
      warehouseId: before.warehouseId,
      notes: before.notes,
      ...Object.fromEntries(Object.entries(headerChange).filter(([, v]) => v !== undefined)),
    };
    const lines = newLines ?? linesOf(before);
    await checkReferences(tx, header, lines, new Set([before.itemId, ...before.lines.map((line) => line.itemId)]));
    await tx
      .update(assemblies)
      .set({ ...headerValues(header), version: sql`${assemblies.version} + 1`, updatedAt: sql`now()` })
      .where(eq(assemblies.id, id));
    if (newLines) await writeLines(tx, id, newLines);
    const after = await getAssembly(tx, id);
    await audit(tx, ctx, { action: 'update', entityType: ENTITY, entityId: id, before, after });
    return after;
  });
}

export async function deleteAssembly(db: DbOrTx, ctx: AuditContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockDraft(tx, id, undefined);
    await tx.delete(assemblies).where(eq(assemblies.id, id));
    await audit(tx, ctx, { action: 'delete', entityType: ENTITY, entityId: id, before });
  });
}
