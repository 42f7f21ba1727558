// Transfers between warehouses (warehouse.md §7): drafts are edited freely; posting writes, for each line, the pair
// out of the source at the average cost and into the destination at exactly the same value (the ledger's `transfer`
// intent, which also refuses more than is available there); cancelling reverses the pair, refused while the
// destination no longer holds the stock. Every step is one audited transaction.
import { checkVersion } from '@/server/kernel/documents.ts';
import { and, asc, count, desc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { listOrder } from '@/server/kernel/collation.ts';
import { alias } from 'drizzle-orm/pg-core';
import { DomainError } from '@/shared/api-error.ts';
import { cmp, dec, fixed } from '@/shared/decimal.ts';
import { pageWindow, parseSort } from '@/shared/list.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { withPostingRetry } from '@/server/kernel/posting-retry.ts';
import { settings } from '@/server/kernel/platform.table.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import {
  ALLOW_NEGATIVE_STOCK,
  ledgerMessages,
  nextNumber,
  postToLedger,
  reverseInLedger,
  type LedgerDocument,
} from '@/modules/stock/server/index.ts';
import { stockBalances, stockMovements } from '@/modules/stock/server/stock.table.ts';
import {
  clearDraftSerials,
  documentSerialMessages,
  documentSerials,
  draftSerials,
  lineSerialValues,
  moveSerials,
  pickLineSerials,
  saveDraftLineSerials,
} from '@/modules/serial-numbers/server/index.ts';
import { items } from '@/resources/items/items.table.ts';
import { units } from '@/resources/units/units.table.ts';
import { refuseSerialLineUnits, stockQuantities } from '@/resources/units/units.read.ts';
import { warehouses } from '@/resources/warehouses/warehouses.table.ts';
import {
  transferMessages,
  transferSortFields,
  type AvailabilityRow,
  type Transfer,
  type TransferCreateBody,
  type TransferPostBody,
  type transferListQuerySchema,
  type TransferStats,
  type TransferSummary,
  type TransferUpdateBody,
} from '../warehouse-transfers.contract.ts';
import { warehouseTransferLines, warehouseTransfers } from './warehouse-transfers.table.ts';
import type { z } from '@/shared/zod-uk.ts';

type LineInput = TransferCreateBody['lines'][number];
type Header = Omit<TransferCreateBody, 'lines'>;

const ENTITY = 'warehouse_transfers';
/** The document type the serials' timeline names (the ledger's). */
const SERIAL_DOCUMENT = 'transfer';
const fromWarehouse = alias(warehouses, 'from_warehouse');
const toWarehouse = alias(warehouses, 'to_warehouse');
/** The unit a line was entered in, when not the stock unit. */
const enteredUnits = alias(units, 'entered_units');

// ---- reading ---------------------------------------------------------------------------------------------------

const t = warehouseTransfers;
const l = warehouseTransferLines;

/** Σ of the original incoming movements: what the transfer moved, in UAH (posted and cancelled documents). */
const movedValue = sql<string | null>`(select sum(m.value)::numeric(18,2)::text from ${stockMovements} m
  where m.document_type = 'transfer' and m.document_id = ${t.id} and m.reverses_movement_id is null and m.qty > 0)`;
const lineCount = sql<number>`(select count(*)::int from ${l} where ${l.transferId} = ${t.id})`;
const totalQty = sql<string>`(select coalesce(sum(${l.qty}), 0)::numeric(18,4)::text from ${l} where ${l.transferId} = ${t.id})`;

const summaryColumns = {
  id: t.id,
  number: t.number,
  documentDate: t.documentDate,
  status: t.status,
  fromWarehouseId: t.fromWarehouseId,
  fromWarehouseName: fromWarehouse.name,
  toWarehouseId: t.toWarehouseId,
  toWarehouseName: toWarehouse.name,
  reason: t.reason,
  notes: t.notes,
  lineCount,
  totalQty,
  value: movedValue,
};

const joined = (db: DbOrTx, columns: Record<string, unknown>) =>
  db
    .select(columns as typeof summaryColumns)
    .from(t)
    .innerJoin(fromWarehouse, eq(fromWarehouse.id, t.fromWarehouseId))
    .innerJoin(toWarehouse, eq(toWarehouse.id, t.toWarehouseId));

export async function listTransfers(
  db: DbOrTx,
  q: z.output<typeof transferListQuerySchema>,
): Promise<{ rows: TransferSummary[]; total: number }> {
  const where: SQL[] = [];
  if (q.status) where.push(eq(t.status, q.status));
  if (q.fromWarehouseId) where.push(eq(t.fromWarehouseId, q.fromWarehouseId));
  if (q.toWarehouseId) where.push(eq(t.toWarehouseId, q.toWarehouseId));
  if (q.warehouseId) where.push(or(eq(t.fromWarehouseId, q.warehouseId), eq(t.toWarehouseId, q.warehouseId))!);
  if (q.dateFrom) where.push(gte(t.documentDate, q.dateFrom));
  if (q.dateTo) where.push(lte(t.documentDate, q.dateTo));
  if (q.search) {
    const like = containsPattern(q.search);
    where.push(
      sql`(${t.number} ilike ${like} or ${t.notes} ilike ${like} or ${t.reason} ilike ${like} or exists (
        select 1 from ${l} join ${items} on ${items.id} = ${l.itemId}
        where ${l.transferId} = ${t.id} and (${items.sku} ilike ${like} or ${items.name} ilike ${like})))`,
    );
  }
  const condition = where.length ? and(...where) : undefined;
  const { field, desc: isDesc } = parseSort(q.sort ?? '-documentDate', transferSortFields, 'documentDate');
  const sortColumn: SQL | typeof t.number = {
    number: t.number,
    documentDate: t.documentDate,
    fromWarehouseName: fromWarehouse.name,
    toWarehouseName: toWarehouse.name,
    lineCount,
    totalQty: sql`(select coalesce(sum(${l.qty}), 0) from ${l} where ${l.transferId} = ${t.id})`,
    value: sql`(select coalesce(sum(m.value), 0) from ${stockMovements} m where m.document_type = 'transfer'
      and m.document_id = ${t.id} and m.reverses_movement_id is null and m.qty > 0)`,
    status: t.status,
  }[field] as SQL;
  const { limit, offset } = pageWindow(q);
  const [rows, [{ total }]] = await Promise.all([
    joined(db, summaryColumns)
      .where(condition)
      .orderBy(listOrder(sortColumn, field, isDesc), isDesc ? desc(t.id) : asc(t.id))
      .limit(limit)
      .offset(offset),
    joined(db, { total: count() }).where(condition) as unknown as Promise<[{ total: number }]>,
  ]);
  return { rows: rows as TransferSummary[], total: Number(total) };
}

import { kyivToday } from '@/shared/kyiv-date.ts';
import { containsPattern } from '@/server/kernel/like.ts';
export { kyivToday };

/** Drafts, and transfers posted with a document date in the current Kyiv month. */
export async function transferStats(db: DbOrTx, now = new Date()): Promise<TransferStats> {
  const today = kyivToday(now);
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const monthStart = `${today.slice(0, 7)}-01`;
  const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  const [row] = await db
    .select({
      drafts: sql<number>`count(*) filter (where ${t.status} = 'draft')::int`,
      postedThisMonth: sql<number>`count(*) filter (where ${t.status} = 'posted'
        and ${t.documentDate} >= ${monthStart} and ${t.documentDate} < ${next})::int`,
    })
    .from(t);
  return { drafts: Number(row?.drafts ?? 0), postedThisMonth: Number(row?.postedThisMonth ?? 0) };
}

/** The stock of some items at one warehouse, for the form's lines. */
export async function availability(db: DbOrTx, warehouseId: number, itemIds: number[]): Promise<AvailabilityRow[]> {
  const ids = [...new Set(itemIds)];
  if (!ids.length) return [];
  const rows = await db
    .select({
      itemId: items.id,
      sku: items.sku,
      name: items.name,
      kind: items.kind,
      unitShortName: units.shortName,
      onHand: sql<string>`coalesce(${stockBalances.onHand}, 0)::numeric(18,4)::text`,
      reserved: sql<string>`coalesce(${stockBalances.reserved}, 0)::numeric(18,4)::text`,
      available: sql<string>`(coalesce(${stockBalances.onHand}, 0) - coalesce(${stockBalances.reserved}, 0))::numeric(18,4)::text`,
    })
    .from(items)
    .leftJoin(units, eq(units.id, items.unitId))
    .leftJoin(stockBalances, and(eq(stockBalances.itemId, items.id), eq(stockBalances.warehouseId, warehouseId)))
    .where(inArray(items.id, ids))
    .orderBy(asc(items.id));
  return rows;
}

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : ((v as string | null) ?? null));

export async function getTransfer(db: DbOrTx, id: number, lock = false): Promise<Transfer> {
  if (lock) await db.select({ id: t.id }).from(t).where(eq(t.id, id)).for('update');
  const [header] = await joined(db, {
    ...summaryColumns,
    version: t.version,
    postedAt: t.postedAt,
    cancelledAt: t.cancelledAt,
    cancelReason: t.cancelReason,
    createdAt: t.createdAt,
  }).where(eq(t.id, id));
  if (!header) throw new DomainError(404, transferMessages.notFound);
  const h = header as unknown as Transfer & { postedAt: unknown; cancelledAt: unknown; createdAt: unknown };
  const draft = h.status === 'draft';
  const lines = await db
    .select({
      id: l.id,
      lineNo: l.lineNo,
      itemId: l.itemId,
      sku: items.sku,
      itemName: items.name,
      unitShortName: units.shortName,
      qty: l.qty,
      enteredQty: sql<string>`coalesce(${l.enteredQty}, ${l.qty})::text`,
      enteredUnitId: l.enteredUnitId,
      enteredUnitShortName: enteredUnits.shortName,
      notes: l.notes,
      available: draft
        ? sql<string>`(coalesce(${stockBalances.onHand}, 0) - coalesce(${stockBalances.reserved}, 0))::numeric(18,4)::text`
        : sql<null>`null`,
      unitCost: draft
        ? sql<null>`null`
        : sql<string | null>`(select m.unit_cost::text from ${stockMovements} m where m.document_type = 'transfer'
            and m.document_id = ${id} and m.document_line_id = ${l.id} and m.reverses_movement_id is null
            and m.qty > 0 order by m.id limit 1)`,
      value: draft
        ? sql<null>`null`
        : sql<string | null>`(select m.value::text from ${stockMovements} m where m.document_type = 'transfer'
            and m.document_id = ${id} and m.document_line_id = ${l.id} and m.reverses_movement_id is null
            and m.qty > 0 order by m.id limit 1)`,
      serialTracking: sql<boolean>`(${items.serialTracking} and ${items.kind} <> 'service')`,
    })
    .from(l)
    .innerJoin(items, eq(items.id, l.itemId))
    .leftJoin(units, eq(units.id, items.unitId))
    .leftJoin(enteredUnits, eq(enteredUnits.id, l.enteredUnitId))
    .leftJoin(stockBalances, and(eq(stockBalances.itemId, l.itemId), eq(stockBalances.warehouseId, h.fromWarehouseId)))
    .where(eq(l.transferId, id))
    .orderBy(asc(l.lineNo));
  const moved = draft ? [] : await documentSerials(db, SERIAL_DOCUMENT, id);
  const kept = draft ? await draftSerials(db, SERIAL_DOCUMENT, id) : new Map<number, string[]>();
  return {
    ...h,
    postedAt: iso(h.postedAt),
    cancelledAt: iso(h.cancelledAt),
    createdAt: iso(h.createdAt)!,
    lines: lines.map((line) => ({
      ...line,
      serialTracking: Boolean(line.serialTracking),
      serials: draft ? (kept.get(line.id) ?? []) : moved.filter((s) => s.itemId === line.itemId).map((s) => s.serial),
    })),
  };
}

// ---- writing ---------------------------------------------------------------------------------------------------

/** The warehouses exist, are active and differ; every line is an active stocked item (not a service). */
async function checkReferences(tx: DbOrTx, header: Header, lines: readonly LineInput[], keptItems: Set<number>) {
  const fields: Record<string, string> = {};
  const found = await tx
    .select({ id: warehouses.id, isActive: warehouses.isActive })
    .from(warehouses)
    .where(inArray(warehouses.id, [header.fromWarehouseId, header.toWarehouseId]));
  for (const name of ['fromWarehouseId', 'toWarehouseId'] as const) {
    const row = found.find((w) => w.id === header[name]);
    if (!row) fields[name] = transferMessages.reference;
    else if (!row.isActive) fields[name] = transferMessages.inactiveWarehouse;
  }
  if (header.fromWarehouseId === header.toWarehouseId) fields.toWarehouseId = transferMessages.sameWarehouse;
  const ids = [...new Set(lines.map((line) => line.itemId))];
  const rows = ids.length
    ? await tx
        .select({ id: items.id, kind: items.kind, isActive: items.isActive })
        .from(items)
        .where(inArray(items.id, ids))
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const seen = new Map<number, number>();
  lines.forEach((line, i) => {
    const item = byId.get(line.itemId);
    const key = `lines.${i}.itemId`;
    if (!item) fields[key] = transferMessages.reference;
    else if (item.kind === 'service') fields[key] = transferMessages.service;
    else if (!item.isActive && !keptItems.has(item.id)) fields[key] = transferMessages.inactiveItem;
    else if (seen.has(line.itemId)) fields[key] = transferMessages.duplicateItem(seen.get(line.itemId)! + 1);
    if (!seen.has(line.itemId)) seen.set(line.itemId, i);
  });
  if (!lines.length) fields.lines = transferMessages.noLines;
  if (Object.keys(fields).length) throw new DomainError(400, Object.values(fields)[0]!, fields);
}

/** A stored line as the input that would write it again (its quantity as entered, in its unit). */
const lineInputOf = (line: Transfer['lines'][number]): LineInput => ({
  itemId: line.itemId,
  qty: line.enteredQty,
  unitId: line.enteredUnitId,
  notes: line.notes,
});

/**
 * Writes the lines and the serials kept on them (a line given none keeps those of its item's previous line). A line
 * in another unit stores its stock quantity (the shared conversion) beside the typed one; serial-tracked items stay
 * in their stock unit. A unit the stored lines use stays allowed after it was made inactive.
 */
async function writeLines(
  tx: DbOrTx,
  transferId: number,
  lines: readonly LineInput[],
  previous: Transfer['lines'] = [],
) {
  const fields: Record<string, string> = {};
  await refuseSerialLineUnits(tx, lines, fields);
  const keep = new Set(previous.map((line) => line.enteredUnitId ?? 0));
  const quantities = await stockQuantities(tx, lines, fields, keep);
  if (Object.keys(fields).length) throw new DomainError(400, Object.values(fields)[0]!, fields);
  await tx.delete(l).where(eq(l.transferId, transferId));
  const written = await tx
    .insert(l)
    .values(
      lines.map((line, i) => ({
        transferId,
        lineNo: i + 1,
        itemId: line.itemId,
        ...quantities[i]!,
        notes: line.notes ?? null,
      })),
    )
    .returning({ id: l.id, lineNo: l.lineNo });
  const ids = new Map(written.map((row) => [row.lineNo, row.id]));
  const kept = lines.map((line, i) => ({ lineId: ids.get(i + 1)!, itemId: line.itemId, serials: line.serials }));
  await saveDraftLineSerials(tx, SERIAL_DOCUMENT, transferId, previous, kept);
}

const headerValues = (h: Header) => ({
  documentDate: h.documentDate,
  fromWarehouseId: h.fromWarehouseId,
  toWarehouseId: h.toWarehouseId,
  reason: h.reason ?? null,
  notes: h.notes ?? null,
});

export async function createTransfer(db: DbOrTx, ctx: AuditContext, input: TransferCreateBody): Promise<Transfer> {
  return db.transaction(async (tx) => {
    const { lines, ...header } = input;
    await checkReferences(tx, header, lines, new Set());
    const number = await nextNumber(tx, 'transfer', header.documentDate);
    const [row] = await tx
      .insert(t)
      .values({ ...headerValues(header), number, createdBy: ctx.userId })
      .returning({ id: t.id });
    await writeLines(tx, row!.id, lines);
    const after = await getTransfer(tx, row!.id);
    await audit(tx, ctx, { action: 'create', entityType: ENTITY, entityId: row!.id, after });
    return after;
  });
}

async function lockDraft(tx: DbOrTx, id: number, version: number | undefined) {
  const before = await getTransfer(tx, id, true);
  if (before.status !== 'draft') {
    throw new DomainError(409, before.status === 'posted' ? transferMessages.posted : transferMessages.notDraft);
  }
  checkVersion(version, before.version, transferMessages.version);
  return before;
}

export async function updateTransfer(
  db: DbOrTx,
  ctx: AuditContext,
  id: number,
  change: TransferUpdateBody,
): Promise<Transfer> {
  return db.transaction(async (tx) => {
    const before = await lockDraft(tx, id, change.version);
    const { version: _version, lines: newLines, ...headerChange } = change;
    const header: Header = {
      documentDate: before.documentDate,
      fromWarehouseId: before.fromWarehouseId,
      toWarehouseId: before.toWarehouseId,
      reason: before.reason,
      notes: before.notes,
      ...Object.fromEntries(Object.entries(headerChange).filter(([, v]) => v !== undefined)),
    };
    const lines: LineInput[] = newLines ?? before.lines.map(lineInputOf);
    await checkReferences(tx, header, lines, new Set(before.lines.map((line) => line.itemId)));
    await tx
      .update(t)
      .set({ ...headerValues(header), version: sql`${t.version} + 1`, updatedAt: sql`now()` })
      .where(eq(t.id, id));
    if (newLines) await writeLines(tx, id, newLines, before.lines);
    const after = await getTransfer(tx, id);
    await audit(tx, ctx, { action: 'update', entityType: ENTITY, entityId: id, before, after });
    return after;
  });
}

export async function deleteTransfer(db: DbOrTx, ctx: AuditContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockDraft(tx, id, undefined);
    await tx.delete(t).where(eq(t.id, id));
    await clearDraftSerials(tx, SERIAL_DOCUMENT, id);
    await audit(tx, ctx, { action: 'delete', entityType: ENTITY, entityId: id, before });
  });
}

const ledgerDoc = (doc: Transfer, userId: number | null): LedgerDocument => ({
  type: 'transfer',
  id: doc.id,
  number: doc.number,
  date: doc.documentDate,
  userId,
});

/** Posting: each line out of the source at the average and into the destination at the same value (README §4). */
export async function postTransfer(
  db: DbOrTx,
  ctx: AuditContext,
  id: number,
  version: number | undefined,
  serials: TransferPostBody['serials'] = [],
): Promise<Transfer> {
  return withPostingRetry(db, async (tx) => {
    const before = await lockDraft(tx, id, version);
    const wanted = lineSerialsOf(before, serials ?? []);
    await checkReferences(
      tx,
      before,
      before.lines.map((line) => ({ itemId: line.itemId, qty: line.qty, notes: line.notes })),
      new Set(before.lines.map((line) => line.itemId)),
    );
    await postToLedger(
      tx,
      ledgerDoc(before, ctx.userId),
      before.lines.map((line) => ({
        kind: 'transfer' as const,
        itemId: line.itemId,
        qty: line.qty,
        lineId: line.id,
        fromWarehouseId: before.fromWarehouseId,
        toWarehouseId: before.toWarehouseId,
      })),
    );
    // The ledger's locks first, the serials' rows last: each line's serials leave the source for the destination.
    const document = { type: SERIAL_DOCUMENT, id, number: before.number };
    for (const line of wanted) {
      const serialIds = await pickLineSerials(tx, {
        itemId: line.itemId,
        sku: line.sku,
        warehouseId: before.fromWarehouseId,
        values: line.values,
      });
      await moveSerials(tx, {
        serialIds,
        from: ['available'],
        to: 'available',
        event: 'transferred',
        document,
        warehouseId: before.toWarehouseId,
        userId: ctx.userId,
        note: `${before.fromWarehouseName} → ${before.toWarehouseName}`,
      });
    }
    await clearDraftSerials(tx, SERIAL_DOCUMENT, id);
    await tx
      .update(t)
      .set({
        status: 'posted',
        postedAt: sql`now()`,
        postedBy: ctx.userId,
        version: sql`${t.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(t.id, id));
    const after = await getTransfer(tx, id);
    await audit(tx, ctx, { action: 'post', entityType: ENTITY, entityId: id, before, after });
    return after;
  });
}

/**
 * The serials given for posting, checked against the lines: every serial-tracked line names exactly qty of them,
 * other lines none (400 naming the item).
 */
function lineSerialsOf(doc: Transfer, given: NonNullable<TransferPostBody['serials']>) {
  const byItem = new Map<number, string[]>();
  for (const entry of given) byItem.set(entry.itemId, [...(byItem.get(entry.itemId) ?? []), ...entry.serials]);
  for (const [itemId, values] of byItem) {
    const line = doc.lines.find((x) => x.itemId === itemId);
    if (!line) throw new DomainError(400, transferMessages.serialsNotInDocument);
    if (!line.serialTracking && values.length) throw new DomainError(400, documentSerialMessages.notTracked(line.sku));
  }
  return doc.lines
    .filter((line) => line.serialTracking)
    .map((line) => ({
      itemId: line.itemId,
      sku: line.sku,
      // None given for the line: those kept on the draft line.
      values: lineSerialValues(
        line.sku,
        line.qty,
        byItem.get(line.itemId)?.length ? byItem.get(line.itemId) : line.serials,
      ),
    }));
}

async function negativeStockAllowed(tx: DbOrTx): Promise<boolean> {
  const [row] = await tx.select({ value: settings.value }).from(settings).where(eq(settings.key, ALLOW_NEGATIVE_STOCK));
  return row?.value === true;
}

/**
 * The destination must still hold what came in: each line's quantity within its available stock there. The
 * ledger's reversal enforces the same rule under its locks; this names the short lines the way posting does.
 */
async function checkDestination(tx: DbOrTx, doc: Transfer) {
  if (await negativeStockAllowed(tx)) return;
  const rows = await availability(
    tx,
    doc.toWarehouseId,
    doc.lines.map((line) => line.itemId),
  );
  const byItem = new Map(rows.map((r) => [r.itemId, r]));
  const short = doc.lines.filter((line) => {
    const available = byItem.get(line.itemId)?.available ?? '0';
    return cmp(dec(line.qty), dec(available)) > 0;
  });
  if (!short.length) return;
  const trim = (v: string) => v.replace(/\.?0+$/, '') || '0';
  const text = short
    .map((line) =>
      ledgerMessages.shortLine(
        line.sku,
        doc.toWarehouseName,
        trim(line.qty),
        trim(fixed(dec(byItem.get(line.itemId)?.available ?? '0'), 4)),
      ),
    )
    .join('; ');
  throw new DomainError(409, `${transferMessages.destinationShort}. ${text}`);
}

export async function cancelTransfer(db: DbOrTx, ctx: AuditContext, id: number, reason: string): Promise<Transfer> {
  return withPostingRetry(db, async (tx) => {
    const before = await getTransfer(tx, id, true);
    if (before.status !== 'posted') throw new DomainError(409, transferMessages.notPosted);
    await checkDestination(tx, before);
    const moved = await documentSerials(tx, SERIAL_DOCUMENT, id);
    const gone = moved.filter((s) => s.status !== 'available' || s.warehouseId !== before.toWarehouseId);
    if (gone.length) throw new DomainError(409, transferMessages.serialsGone(gone.map((s) => s.serial)));
    await reverseInLedger(tx, ledgerDoc(before, ctx.userId));
    await moveSerials(tx, {
      serialIds: moved.map((s) => s.id),
      from: ['available'],
      to: 'available',
      event: 'transferred',
      document: { type: SERIAL_DOCUMENT, id, number: before.number },
      warehouseId: before.fromWarehouseId,
      userId: ctx.userId,
      note: `Скасування: ${before.toWarehouseName} → ${before.fromWarehouseName}`,
    });
    await tx
      .update(t)
      .set({
        status: 'cancelled',
        cancelledAt: sql`now()`,
        cancelledBy: ctx.userId,
        cancelReason: reason,
        version: sql`${t.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(t.id, id));
    const after = await getTransfer(tx, id);
    await audit(tx, ctx, { action: 'cancel', entityType: ENTITY, entityId: id, before, after });
    return after;
  });
}
