// Adjustments (ADJ, warehouse.md §1), writing drafts: signed lines, or counted quantities turned into the change
// against the warehouse's on hand when the line is written (an absolute quantity is never stored as stock). The quick
// dialog creates and posts in one transaction. Every step is one audited transaction.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import { cmp, dec, fixed, isZero, sub } from '@/shared/decimal.ts';
import type { z } from '@/shared/zod-uk.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { withPostingRetry } from '@/server/kernel/posting-retry.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { items } from '@/resources/items/items.table.ts';
import { refuseSerialLineUnits, stockQuantities } from '@/resources/units/units.read.ts';
import { warehouses } from '@/resources/warehouses/warehouses.table.ts';
import {
  adjustmentMessages as msg,
  type Adjustment,
  type AdjustmentReason,
  type adjustmentCreateSchema,
  type adjustmentUpdateSchema,
} from '../adjustments.contract.ts';
import { stockAdjustmentLines, stockAdjustments } from './adjustments.table.ts';
import { nextNumber } from './numbering.ts';
import { kyivToday } from '@/shared/kyiv-date.ts';
import { stockBalances } from './stock.table.ts';
import { type AdjustmentMount, ENTITY, getAdjustment, lockDraft, mountOfKind } from './adjustments.read.ts';
import { type PostOptions, postLocked } from './adjustments.posting.ts';

type CreateInput = z.output<typeof adjustmentCreateSchema>;
type UpdateInput = z.output<typeof adjustmentUpdateSchema>;
type LineInput = CreateInput['lines'][number];

// ---- writing ---------------------------------------------------------------------------------------------------

export interface LineRow {
  itemId: number;
  deltaQty: string;
  countedQty: string | null;
  /** As typed (the count, else the change) when in another unit, and that unit. */
  enteredQty?: string | null;
  enteredUnitId?: number | null;
  unitCost: string | null;
  notes: string | null;
}

/**
 * The lines' typed quantities (the count, else the change) in the stock unit by the shared conversion; refusals
 * go under the line's unit or its quantity field (`lines.0.countedQty`). Serial-tracked items stay in the stock unit.
 */
async function typedQuantities(
  tx: DbOrTx,
  lines: readonly LineInput[],
  fields: Record<string, string>,
  keep: ReadonlySet<number>,
) {
  const typed = lines.map((l) => ({ itemId: l.itemId, qty: l.countedQty ?? l.deltaQty!, unitId: l.unitId }));
  const found: Record<string, string> = {};
  await refuseSerialLineUnits(tx, typed, found);
  const quantities = await stockQuantities(tx, typed, found, keep);
  for (const [key, text] of Object.entries(found)) {
    const [, index, name] = key.split('.');
    const qtyField = lines[Number(index)]!.countedQty === undefined ? 'deltaQty' : 'countedQty';
    fields[`lines.${index}.${name === 'qty' ? qtyField : name}`] = text;
  }
  return quantities;
}

/**
 * Checks the lines against the items (stocked, of the allowed kinds) and turns counted quantities into changes
 * against the warehouse's on hand. Every problem is reported under its field (`lines.0.countedQty`).
 */
async function resolveLines(
  tx: DbOrTx,
  allowedKinds: readonly string[],
  warehouseId: number,
  reason: AdjustmentReason,
  lines: readonly LineInput[],
  keep: ReadonlySet<number> = new Set(),
): Promise<LineRow[]> {
  const fields: Record<string, string> = {};
  const quantities = await typedQuantities(tx, lines, fields, keep);
  const [warehouse] = await tx.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.id, warehouseId));
  if (!warehouse) fields.warehouseId = msg.reference;
  const ids = [...new Set(lines.map((l) => l.itemId))];
  const found = await tx
    .select({ id: items.id, sku: items.sku, kind: items.kind })
    .from(items)
    .where(inArray(items.id, ids));
  const info = new Map(found.map((i) => [i.id, i]));
  const counted = lines.some((l) => l.countedQty !== undefined);
  const onHand = new Map<number, string>();
  if (counted && warehouse) {
    const rows = await tx
      .select({ itemId: stockBalances.itemId, onHand: stockBalances.onHand })
      .from(stockBalances)
      .where(and(eq(stockBalances.warehouseId, warehouseId), inArray(stockBalances.itemId, ids)));
    for (const r of rows) onHand.set(r.itemId, r.onHand);
  }
  const result: LineRow[] = [];
  lines.forEach((line, i) => {
    const item = info.get(line.itemId);
    if (!item) {
      fields[`lines.${i}.itemId`] = msg.reference;
      return;
    }
    if (item.kind === 'service') {
      fields[`lines.${i}.itemId`] = msg.rowService(item.sku);
      return;
    }
    if (!allowedKinds.includes(item.kind)) {
      fields[`lines.${i}.itemId`] = msg.wrongKind(mountOfKind(item.kind).title);
      return;
    }
    const typed = quantities[i]!;
    let delta: string;
    if (line.countedQty !== undefined) {
      const current = dec(onHand.get(line.itemId) ?? '0');
      const change = sub(dec(typed.qty), current);
      if (isZero(change)) {
        fields[`lines.${i}.countedQty`] = msg.nothingToChange(item.sku, fixed(current, 4).replace(/\.?0+$/, '') || '0');
        return;
      }
      delta = fixed(change, 4);
    } else {
      delta = typed.qty;
    }
    if (reason === 'opening') {
      if (cmp(dec(delta), dec(0)) <= 0) fields[`lines.${i}.deltaQty`] = msg.openingPositive;
      if (line.unitCost == null) fields[`lines.${i}.unitCost`] = msg.openingCost;
    }
    result.push({
      itemId: line.itemId,
      deltaQty: delta,
      countedQty: line.countedQty === undefined ? null : typed.qty,
      enteredQty: typed.enteredQty,
      enteredUnitId: typed.enteredUnitId,
      unitCost: line.unitCost == null ? null : fixed(dec(line.unitCost), 6),
      notes: line.notes ?? null,
    });
  });
  if (Object.keys(fields).length) throw new DomainError(400, Object.values(fields)[0]!, fields);
  return result;
}

async function writeLines(tx: DbOrTx, adjustmentId: number, lines: readonly LineRow[]) {
  await tx.delete(stockAdjustmentLines).where(eq(stockAdjustmentLines.adjustmentId, adjustmentId));
  await tx.insert(stockAdjustmentLines).values(lines.map((l, i) => ({ ...l, adjustmentId, lineNo: i + 1 })));
}

export async function insertDraft(
  tx: DbOrTx,
  ctx: AuditContext,
  header: { warehouseId: number; reason: AdjustmentReason; comment: string | null; documentDate: string },
  lines: readonly LineRow[],
): Promise<number> {
  const number = await nextNumber(tx, 'adjustment', header.documentDate);
  const [row] = await tx
    .insert(stockAdjustments)
    .values({ ...header, number, createdBy: ctx.userId })
    .returning({ id: stockAdjustments.id });
  await writeLines(tx, row!.id, lines);
  const after = await getAdjustment(tx, null, row!.id);
  await audit(tx, ctx, { action: 'create', entityType: ENTITY, entityId: row!.id, after });
  return row!.id;
}

/** A draft, or — with `post: true` (the quick dialog) — a draft posted in the same transaction. */
export async function createAdjustment(
  db: DbOrTx,
  ctx: AuditContext,
  mount: AdjustmentMount,
  input: CreateInput,
  options: PostOptions = {},
): Promise<Adjustment> {
  return withPostingRetry(db, async (tx) => {
    const { lines, post, ...header } = input;
    const rows = await resolveLines(tx, mount.kinds, header.warehouseId, header.reason, lines);
    const id = await insertDraft(
      tx,
      ctx,
      {
        warehouseId: header.warehouseId,
        reason: header.reason,
        comment: header.comment ?? null,
        documentDate: header.documentDate ?? kyivToday(),
      },
      rows,
    );
    if (post) {
      const serials = lines.flatMap((line, i) => (line.serials ? [{ lineNo: i + 1, serials: line.serials }] : []));
      return postLocked(tx, ctx, mount, id, undefined, serials, options);
    }
    return getAdjustment(tx, mount, id);
  });
}

export async function updateAdjustment(
  db: DbOrTx,
  ctx: AuditContext,
  mount: AdjustmentMount,
  id: number,
  change: UpdateInput,
): Promise<Adjustment> {
  return db.transaction(async (tx) => {
    const before = await lockDraft(tx, mount, id, change.version);
    const header = {
      warehouseId: change.warehouseId ?? before.warehouseId,
      reason: change.reason ?? before.reason,
      comment: change.comment === undefined ? before.comment : change.comment,
      documentDate: change.documentDate ?? before.documentDate,
    };
    // Lines kept as they are carry their change (a count is not re-read against today's stock).
    const lines: LineInput[] =
      change.lines ??
      before.lines.map((l) => ({ itemId: l.itemId, deltaQty: l.deltaQty, unitCost: l.unitCost, notes: l.notes }));
    // A unit the stored lines use stays allowed after it was made inactive.
    const keep = new Set(before.lines.map((l) => l.enteredUnitId ?? 0));
    const rows = await resolveLines(tx, mount.kinds, header.warehouseId, header.reason, lines, keep);
    if (change.lines === undefined) {
      rows.forEach((row, i) => {
        const kept = before.lines[i]!;
        row.countedQty = kept.countedQty;
        row.enteredQty = kept.enteredUnitId === null ? null : kept.enteredQty;
        row.enteredUnitId = kept.enteredUnitId;
      });
    }
    await tx
      .update(stockAdjustments)
      .set({ ...header, version: sql`${stockAdjustments.version} + 1`, updatedAt: sql`now()` })
      .where(eq(stockAdjustments.id, id));
    await writeLines(tx, id, rows);
    const after = await getAdjustment(tx, mount, id);
    await audit(tx, ctx, { action: 'update', entityType: ENTITY, entityId: id, before, after });
    return after;
  });
}

export async function deleteAdjustment(db: DbOrTx, ctx: AuditContext, mount: AdjustmentMount, id: number) {
  await db.transaction(async (tx) => {
    const before = await lockDraft(tx, mount, id, undefined);
    await tx.delete(stockAdjustments).where(eq(stockAdjustments.id, id));
    await audit(tx, ctx, { action: 'delete', entityType: ENTITY, entityId: id, before });
  });
}
