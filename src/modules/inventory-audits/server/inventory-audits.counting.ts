// Inventory audits (warehouse.md §8), counting: 'Почати підрахунок' snapshots the on-hand figures of the items in scope;
// counters type or scan their counts and add items found on the shelf. Every change is one audited transaction.
import { and, asc, eq, sql } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import { dec, fixed } from '@/shared/decimal.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { items, itemSuppliers } from '@/resources/items/items.table.ts';
import {
  auditMessages,
  type Audit,
  type AuditLine,
  type LineUpdateBody,
  type ScanResult,
} from '../inventory-audits.contract.ts';
import { inventoryAuditLines, inventoryAudits } from './inventory-audits.table.ts';
import { intArray } from '@/server/kernel/sql-arrays.ts';
import { rowsOf } from '@/server/kernel/rows.ts';
import {
  ENTITY,
  LINE_ENTITY,
  QTY,
  getAudit,
  lineRows,
  loadHeader,
  toLine,
  withSerials,
} from './inventory-audits.read.ts';
import { SERIAL_DOCUMENT, countLineSerials } from './inventory-audits.serials.ts';
import {
  draftSerials,
  draftSerialValues,
  serialNumbers,
  serialTrackedItems,
} from '@/modules/serial-numbers/server/index.ts';
import { checkVersion, refuseState, unique } from './inventory-audits.write.ts';
import { refuseSerialLineUnits, stockQuantities } from '@/resources/units/units.read.ts';

// ---- counting --------------------------------------------------------------------------------------------------

/** On hand and the last movement id of items in a warehouse, right now. */
async function snapshotOf(tx: DbOrTx, warehouseId: number, itemIds: number[]) {
  if (!itemIds.length) return new Map<number, { onHand: string; lastMovementId: number | null }>();
  const rows = rowsOf<{ item_id: number; on_hand: string | null; last_id: string | number | null }>(
    await tx.execute(sql`
      select i.id as item_id,
        (select b.on_hand from stock_balances b where b.item_id = i.id and b.warehouse_id = ${warehouseId}) as on_hand,
        (select max(m.id) from stock_movements m where m.item_id = i.id and m.warehouse_id = ${warehouseId}) as last_id
      from items i where i.id = any(${intArray(itemIds)})`),
  );
  return new Map(
    rows.map((r) => [
      Number(r.item_id),
      { onHand: r.on_hand ?? '0', lastMovementId: r.last_id === null ? null : Number(r.last_id) },
    ]),
  );
}

/** The items a scope covers in a warehouse: on hand ≠ 0 (and, for a chosen list, those items even at zero). */
async function itemsInScope(tx: DbOrTx, row: typeof inventoryAudits.$inferSelect): Promise<number[]> {
  const w = row.warehouseId;
  let result: Array<{ id: number }>;
  if (row.scope === 'items') {
    if (!row.itemIds.length) return [];
    return unique(row.itemIds);
  } else if (row.scope === 'categories') {
    if (!row.categoryIds.length) return [];
    // A category includes its subcategories.
    result = rowsOf<{ id: number }>(
      await tx.execute(sql`
        with recursive tree(id) as (
          select id from categories where id = any(${intArray(row.categoryIds)})
          union select c.id from categories c join tree t on c.parent_id = t.id
        )
        select b.item_id as id from stock_balances b join items i on i.id = b.item_id
        where b.warehouse_id = ${w} and b.on_hand <> 0 and i.category_id in (select id from tree)
        order by b.item_id`),
    );
  } else {
    result = rowsOf<{ id: number }>(
      await tx.execute(
        sql`select item_id as id from stock_balances where warehouse_id = ${w} and on_hand <> 0 order by item_id`,
      ),
    );
  }
  return result.map((r) => Number(r.id));
}

export async function startAudit(db: DbOrTx, ctx: AuditContext, id: number, version?: number): Promise<Audit> {
  return db.transaction(async (tx) => {
    const row = await loadHeader(tx, id, 'update');
    refuseState(row.status, 'draft', auditMessages.startDraft);
    checkVersion(row.version, version);
    const before = await getAudit(tx, id);
    const itemIds = await itemsInScope(tx, row);
    const snapshot = await snapshotOf(tx, row.warehouseId, itemIds);
    const values = itemIds.map((itemId) => ({
      auditId: id,
      itemId,
      snapshotQty: snapshot.get(itemId)?.onHand ?? '0',
      snapshotMovementId: snapshot.get(itemId)?.lastMovementId ?? null,
    }));
    for (let i = 0; i < values.length; i += 500) {
      await tx.insert(inventoryAuditLines).values(values.slice(i, i + 500));
    }
    await tx
      .update(inventoryAudits)
      .set({
        status: 'counting',
        startedAt: sql`now()`,
        startedBy: ctx.userId,
        version: sql`${inventoryAudits.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(inventoryAudits.id, id));
    const after = await getAudit(tx, id);
    await audit(tx, ctx, { action: 'status_change', entityType: ENTITY, entityId: id, before, after });
    return after;
  });
}

/** The audit row, shared-locked (posting takes it exclusively), refused unless it is being counted. */
async function countingHeader(tx: DbOrTx, id: number) {
  const row = await loadHeader(tx, id, 'share');
  refuseState(row.status, 'counting', auditMessages.notCounting);
  return row;
}

async function oneLine(tx: DbOrTx, auditId: number, lineId: number): Promise<AuditLine> {
  const [row] = await lineRows(tx, auditId, eq(inventoryAuditLines.id, lineId));
  if (!row) throw new DomainError(404, auditMessages.lineNotFound);
  return (await withSerials(tx, auditId, [toLine(row)]))[0]!;
}

/**
 * A typed count in the stock unit (the shared conversion) with the typed count and unit kept beside it when another
 * unit was chosen; refusals under the line's `unitId` / `countedQty`. Serial-tracked items count in the stock unit.
 */
async function countedInStockUnit(tx: DbOrTx, line: AuditLine, qty: string | null, unitId: number | null) {
  if (qty === null) return { qty: null, enteredQty: null, enteredUnitId: null };
  const typed = [{ itemId: line.itemId, qty, unitId }];
  const fields: Record<string, string> = {};
  await refuseSerialLineUnits(tx, typed, fields, () => 'unitId');
  // A unit the line already uses stays allowed after it was made inactive.
  const [counted] = await stockQuantities(tx, typed, fields, new Set([line.enteredUnitId ?? 0]));
  const named = Object.fromEntries(
    Object.entries(fields).map(([key, text]) => [key.endsWith('.qty') ? 'countedQty' : 'unitId', text]),
  );
  if (Object.keys(named).length) throw new DomainError(400, Object.values(named)[0]!, named);
  return { ...counted!, qty: fixed(dec(counted!.qty), QTY) };
}

export async function updateLine(
  db: DbOrTx,
  ctx: AuditContext,
  auditId: number,
  lineId: number,
  change: LineUpdateBody,
): Promise<AuditLine> {
  return db.transaction(async (tx) => {
    await countingHeader(tx, auditId);
    const [locked] = await tx
      .select({ id: inventoryAuditLines.id })
      .from(inventoryAuditLines)
      .where(and(eq(inventoryAuditLines.id, lineId), eq(inventoryAuditLines.auditId, auditId)))
      .for('update');
    if (!locked) throw new DomainError(404, auditMessages.lineNotFound);
    const before = await oneLine(tx, auditId, lineId);
    const set: Partial<typeof inventoryAuditLines.$inferInsert> = {};
    // A serial-tracked item is counted by serial: the serials found, their number the count (null clears both).
    if (before.serialTracking && change.countedQty !== undefined && change.countedQty !== null) {
      if (change.serials === undefined) throw new DomainError(400, auditMessages.countBySerial(before.sku));
    }
    if (change.serials !== undefined) {
      if (!before.serialTracking) throw new DomainError(400, auditMessages.serialsNotTracked(before.sku));
      const values = await countLineSerials(tx, auditId, before, change.serials);
      change = { ...change, countedQty: String(values.length) };
    } else if (before.serialTracking && change.countedQty === null) {
      await countLineSerials(tx, auditId, before, []);
    }
    if (change.countedQty !== undefined) {
      const counted = await countedInStockUnit(tx, before, change.countedQty, change.unitId ?? null);
      set.countedQty = counted.qty;
      set.enteredQty = counted.enteredQty;
      set.enteredUnitId = counted.enteredUnitId;
      set.countedBy = change.countedQty === null ? null : ctx.userId;
      set.countedAt = change.countedQty === null ? null : new Date();
    }
    if (change.reason !== undefined) set.reason = change.reason;
    if (change.unitCost !== undefined) set.unitCost = change.unitCost;
    if (Object.keys(set).length) {
      await tx.update(inventoryAuditLines).set(set).where(eq(inventoryAuditLines.id, lineId));
    }
    const after = await oneLine(tx, auditId, lineId);
    await audit(tx, ctx, { action: 'update', entityType: LINE_ENTITY, entityId: lineId, before, after });
    return after;
  });
}

async function stockedItem(tx: DbOrTx, itemId: number) {
  const [item] = await tx
    .select({ id: items.id, kind: items.kind, sku: items.sku, name: items.name })
    .from(items)
    .where(eq(items.id, itemId));
  if (!item || item.kind === 'service')
    throw new DomainError(400, auditMessages.notStocked, { itemId: auditMessages.notStocked });
  return item;
}

/** Inserts a line for an item found on the shelf (snapshot = its on hand now); answers its id, old or new. */
async function ensureLine(tx: DbOrTx, auditId: number, warehouseId: number, itemId: number) {
  const snapshot = (await snapshotOf(tx, warehouseId, [itemId])).get(itemId);
  const inserted = await tx
    .insert(inventoryAuditLines)
    .values({
      auditId,
      itemId,
      snapshotQty: snapshot?.onHand ?? '0',
      snapshotMovementId: snapshot?.lastMovementId ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: inventoryAuditLines.id });
  if (inserted[0]) return { id: inserted[0].id, created: true };
  const [existing] = await tx
    .select({ id: inventoryAuditLines.id })
    .from(inventoryAuditLines)
    .where(and(eq(inventoryAuditLines.auditId, auditId), eq(inventoryAuditLines.itemId, itemId)));
  return { id: existing!.id, created: false };
}

export async function addLine(db: DbOrTx, ctx: AuditContext, auditId: number, itemId: number): Promise<AuditLine> {
  return db.transaction(async (tx) => {
    const row = await countingHeader(tx, auditId);
    await stockedItem(tx, itemId);
    const { id, created } = await ensureLine(tx, auditId, row.warehouseId, itemId);
    if (!created) throw new DomainError(409, auditMessages.duplicateLine, { itemId: auditMessages.duplicateLine });
    const after = await oneLine(tx, auditId, id);
    await audit(tx, ctx, { action: 'create', entityType: LINE_ENTITY, entityId: id, after });
    return after;
  });
}

/** The item a scanned code names: its barcode, else its SKU (any case), else a supplier's code for it. */
export async function findItemByCode(db: DbOrTx, code: string) {
  const columns = { id: items.id, sku: items.sku, name: items.name, kind: items.kind };
  const [byBarcode] = await db.select(columns).from(items).where(eq(items.barcode, code)).limit(1);
  if (byBarcode) return byBarcode;
  const [bySku] = await db
    .select(columns)
    .from(items)
    .where(sql`lower(btrim(${items.sku})) = lower(${code})`)
    .limit(1);
  if (bySku) return bySku;
  const [bySupplier] = await db
    .select(columns)
    .from(itemSuppliers)
    .innerJoin(items, eq(items.id, itemSuppliers.itemId))
    .where(sql`lower(btrim(${itemSuppliers.supplierSku})) = lower(${code})`)
    .orderBy(asc(itemSuppliers.id))
    .limit(1);
  return bySupplier ?? null;
}

/** A scan: +1 to the item's count (adding its line when the item is not in the audit yet). */
/** The item of a serial number scanned alone (when exactly one item has that serial). */
async function itemBySerial(tx: DbOrTx, code: string) {
  const rows = await tx
    .selectDistinct({ id: items.id, sku: items.sku, name: items.name, kind: items.kind })
    .from(serialNumbers)
    .innerJoin(items, eq(items.id, serialNumbers.itemId))
    .where(eq(serialNumbers.serial, code.trim().toUpperCase()))
    .limit(2);
  return rows.length === 1 ? rows[0]! : null;
}

export async function scanCode(
  db: DbOrTx,
  ctx: AuditContext,
  auditId: number,
  code: string,
  serial?: string | null,
): Promise<ScanResult> {
  return db.transaction(async (tx) => {
    const row = await countingHeader(tx, auditId);
    let item = await findItemByCode(tx, code.trim());
    let serialText = serial ?? null;
    // A code that names no item may be a serial number: it names its item and is ticked.
    if (!item && !serialText) {
      const bySerial = await itemBySerial(tx, code);
      if (bySerial) [item, serialText] = [bySerial, code];
    }
    if (!item || item.kind === 'service') throw new DomainError(404, auditMessages.nothingFound);
    const tracked = (await serialTrackedItems(tx, [item.id])).has(item.id);
    if (tracked && !serialText) throw new DomainError(400, auditMessages.countBySerial(item.sku));
    if (!tracked && serialText) throw new DomainError(400, auditMessages.serialsNotTracked(item.sku));
    const { id: lineId } = await ensureLine(tx, auditId, row.warehouseId, item.id);
    let counted = sql`coalesce(${inventoryAuditLines.countedQty}, 0) + 1`;
    if (tracked) {
      const kept = (await draftSerials(tx, SERIAL_DOCUMENT, auditId)).get(lineId) ?? [];
      const values = await countLineSerials(tx, auditId, { id: lineId, sku: item.sku }, [
        ...kept,
        ...draftSerialValues(item.sku, [serialText!]).filter((v) => !kept.includes(v)),
      ]);
      counted = sql`${String(values.length)}::numeric`;
    }
    const [updated] = await tx
      .update(inventoryAuditLines)
      // One more in the stock unit: a count typed in another unit is now the stock unit's.
      .set({ countedQty: counted, enteredQty: null, enteredUnitId: null, countedBy: ctx.userId, countedAt: new Date() })
      .where(eq(inventoryAuditLines.id, lineId))
      .returning({ qty: inventoryAuditLines.countedQty });
    const result = { lineId, itemId: item.id, sku: item.sku, name: item.name, qty: updated!.qty! };
    // Cheap but recorded: the code and the new count, no whole rows.
    await audit(tx, ctx, {
      action: 'update',
      entityType: LINE_ENTITY,
      entityId: lineId,
      after: { scan: code, ...result },
    });
    return result;
  });
}
