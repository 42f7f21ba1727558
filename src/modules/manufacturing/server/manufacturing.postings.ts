// The MO's ledger documents (production.md §4 'Issue, backflush, output'): MOI 'Видача матеріалів' (out at AVCO,
// consuming the line's reservation first; return lines back in at the current average) and the cancelling of an MOI
// or MOO, which appends the ledger's reversals. The output itself (MOO) is posted by manufacturing.output.ts.
import { rowsOf } from '@/server/kernel/rows.ts';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import { add, cmp, dec, fixed, isZero, min, neg, sub, type Dec } from '@/shared/decimal.ts';
import { kyivToday } from '@/shared/kyiv-date.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import {
  nextNumber,
  postToLedger,
  releaseStock,
  reserveStock,
  reverseInLedger,
  type LedgerDocument,
  type LedgerIntent,
} from '@/modules/stock/server/index.ts';
import { moveSerials } from '@/modules/serial-numbers/server/index.ts';
import { serialNumbers } from '@/modules/serial-numbers/server/serial-numbers.table.ts';
import { serialStatusLabels } from '@/modules/serial-numbers/serial-numbers.contract.ts';
import { ORDER_LINE, refreshOrder } from '@/modules/orders/server/index.ts';
import { items } from '@/resources/items/items.table.ts';
import { stockMovements } from '@/modules/stock/server/stock.table.ts';
import { moMessages } from '../manufacturing.contract.ts';
import { manufacturingOrders, moPostingLines, moPostings } from './manufacturing.table.ts';
import {
  MO_MATERIAL,
  MO_POSTING_ENTITY,
  ZERO,
  assertOpen,
  lockManufacturingOrder,
  materialStates,
  maxDec,
  qtyText,
  statusError,
  syncMaterialReservations,
  type MaterialState,
  type MoRow,
} from './manufacturing.common.ts';
import { markInProgress } from './manufacturing.status.ts';

export interface MoIssueInput {
  lines?: Array<{ moMaterialId?: number | null; itemId: number; qty: string }>;
  notes?: string | null;
}

export interface MoOutputInput {
  goodQty: string;
  serialIds?: number[];
  serials?: string[];
}

export interface MoPostingResult {
  id: number;
  number: string;
  backflushIssue: { id: number; number: string } | null;
  warnings: string[];
  /** The output finished the MO and it completed by itself (output postings only). */
  completed?: boolean;
}

export const ledgerDoc = (
  type: 'mo_issue' | 'mo_output',
  posting: { id: number; number: string },
  date: string,
  userId: number | null,
): LedgerDocument => ({ type, id: posting.id, number: posting.number, date, userId });

export async function bumpVersion(tx: DbOrTx, moId: number) {
  await tx
    .update(manufacturingOrders)
    .set({ version: sql`${manufacturingOrders.version} + 1`, updatedAt: new Date() })
    .where(eq(manufacturingOrders.id, moId));
}

/** Net issued per item of lines without a material line (extra items issued to the MO). */
async function issuedOffSnapshot(tx: DbOrTx, moId: number): Promise<Map<number, Dec>> {
  const rows = rowsOf<{ item_id: number; qty: string }>(
    await tx.execute(sql`select l.item_id, sum(l.qty)::numeric(18,4)::text as qty from mo_posting_lines l
      join mo_postings p on p.id = l.posting_id
      where p.mo_id = ${moId} and p.kind = 'issue' and p.status = 'posted' and l.mo_material_id is null
      group by l.item_id`),
  );
  return new Map(rows.map((r) => [Number(r.item_id), dec(r.qty)]));
}

/**
 * 'Видати матеріали' (MOI), posted at once. Without lines: the remaining requirement max(0, required − issued) of
 * every stocked material line. A + line goes out at AVCO consuming its line's reservation first; a − line (return)
 * comes back in at the current average and may not exceed what was issued.
 */
export async function postMoIssue(
  tx: DbOrTx,
  ctx: AuditContext,
  moId: number,
  input: MoIssueInput,
  internal: { outputPostingId?: number; at?: Date } = {},
): Promise<{ id: number; number: string }> {
  const mo = await lockManufacturingOrder(tx, moId);
  assertOpen(mo);
  const materials = await materialStates(tx, moId);
  const byId = new Map(materials.map((m) => [m.id, m]));
  type Line = { moMaterialId: number | null; itemId: number; qty: Dec };
  let lines: Line[];
  if (!input.lines) {
    lines = materials
      .filter((m) => m.stockable)
      .map((m) => ({ moMaterialId: m.id, itemId: m.itemId, qty: sub(dec(m.requiredQty), m.issued) }))
      .filter((l) => cmp(l.qty, ZERO) > 0);
  } else {
    lines = input.lines.map((l, i) => {
      let material: MaterialState | undefined;
      if (l.moMaterialId != null) {
        material = byId.get(l.moMaterialId);
        if (!material || material.itemId !== l.itemId) {
          throw new DomainError(400, moMessages.lineNotOfMo, { [`lines.${i}.moMaterialId`]: moMessages.lineNotOfMo });
        }
      } else material = materials.find((m) => m.itemId === l.itemId);
      const qty = dec(l.qty);
      if (isZero(qty)) throw new DomainError(400, moMessages.notZero, { [`lines.${i}.qty`]: moMessages.notZero });
      return { moMaterialId: material?.id ?? null, itemId: l.itemId, qty };
    });
  }
  if (!lines.length) throw new DomainError(400, moMessages.noIssueLines);
  const itemRows = await tx
    .select({ id: items.id, sku: items.sku, name: items.name, kind: items.kind, stockControl: items.stockControl })
    .from(items)
    .where(
      inArray(
        items.id,
        lines.map((l) => l.itemId),
      ),
    );
  const info = new Map(itemRows.map((r) => [r.id, r]));
  lines.forEach((l, i) => {
    const item = info.get(l.itemId);
    if (!item) throw new DomainError(400, moMessages.reference, { [`lines.${i}.itemId`]: moMessages.reference });
    if (item.kind === 'service' || !item.stockControl) {
      const message = moMessages.notStocked(item.sku);
      throw new DomainError(400, message, { [`lines.${i}.itemId`]: message });
    }
  });
  // Returns: never more than was issued (per material line, or per item for lines off the snapshot).
  const returned = new Map<string, { qty: Dec; itemId: number; moMaterialId: number | null }>();
  for (const l of lines) {
    if (cmp(l.qty, ZERO) >= 0) continue;
    const key = l.moMaterialId != null ? `m${l.moMaterialId}` : `i${l.itemId}`;
    const prev = returned.get(key)?.qty ?? ZERO;
    returned.set(key, { qty: add(prev, neg(l.qty)), itemId: l.itemId, moMaterialId: l.moMaterialId });
  }
  if (returned.size) {
    const off = await issuedOffSnapshot(tx, moId);
    for (const r of returned.values()) {
      const issued = r.moMaterialId != null ? byId.get(r.moMaterialId)!.issued : (off.get(r.itemId) ?? ZERO);
      if (cmp(r.qty, issued) > 0) {
        throw new DomainError(409, moMessages.returnTooMuch(info.get(r.itemId)!.name, qtyText(maxDec(issued, ZERO))));
      }
    }
  }

  const date = kyivToday(internal.at);
  const number = await nextNumber(tx, 'mo_issue', date);
  const [posting] = await tx
    .insert(moPostings)
    .values({
      moId,
      kind: 'issue',
      number,
      postingDate: date,
      status: 'posted',
      outputPostingId: internal.outputPostingId ?? null,
      notes: input.notes ?? null,
      createdBy: ctx.userId,
    })
    .returning();
  const inserted = await tx
    .insert(moPostingLines)
    .values(
      lines.map((l) => ({
        postingId: posting!.id,
        moMaterialId: l.moMaterialId,
        itemId: l.itemId,
        qty: fixed(l.qty, 4),
      })),
    )
    .returning({ id: moPostingLines.id });
  const intents: LedgerIntent[] = lines.map((l, i) =>
    cmp(l.qty, ZERO) > 0
      ? {
          kind: 'out',
          itemId: l.itemId,
          warehouseId: mo.materialsWarehouseId,
          qty: fixed(l.qty, 4),
          lineId: inserted[i]!.id,
          ...(l.moMaterialId != null ? { consume: { sourceType: MO_MATERIAL, sourceId: l.moMaterialId } } : {}),
        }
      : {
          kind: 'in_at_average',
          itemId: l.itemId,
          warehouseId: mo.materialsWarehouseId,
          qty: fixed(neg(l.qty), 4),
          lineId: inserted[i]!.id,
        },
  );
  await postToLedger(tx, ledgerDoc('mo_issue', posting!, date, ctx.userId), intents);
  // The ledger's values, signed like the lines: + issued, − returned.
  const moved = await tx
    .select({ lineId: stockMovements.documentLineId, value: stockMovements.value })
    .from(stockMovements)
    .where(and(eq(stockMovements.documentType, 'mo_issue'), eq(stockMovements.documentId, posting!.id)));
  const valueOf = new Map(moved.map((m) => [m.lineId, neg(dec(m.value))]));
  let total = ZERO;
  for (const row of inserted) {
    const value = valueOf.get(row.id) ?? ZERO;
    total = add(total, value);
    await tx
      .update(moPostingLines)
      .set({ value: fixed(value, 2) })
      .where(eq(moPostingLines.id, row.id));
  }
  await tx
    .update(moPostings)
    .set({ value: fixed(total, 2) })
    .where(eq(moPostings.id, posting!.id));
  await markInProgress(tx, ctx, mo);
  await bumpVersion(tx, moId);
  await audit(tx, ctx, {
    action: 'post',
    entityType: MO_POSTING_ENTITY,
    entityId: posting!.id,
    after: {
      moId,
      moNumber: mo.number,
      kind: 'issue',
      number,
      outputPostingId: internal.outputPostingId ?? null,
      value: fixed(total, 2),
      lines: lines.map((l, i) => ({
        moMaterialId: l.moMaterialId,
        itemId: l.itemId,
        qty: fixed(l.qty, 4),
        value: fixed(valueOf.get(inserted[i]!.id) ?? ZERO, 2),
      })),
    },
  });
  return { id: posting!.id, number };
}

/**
 * Before an output's units leave: reservations on them that stock would no longer cover are trimmed — the MO's
 * linked order lines (latest due first), then the parent MO's material line.
 */
async function trimReservationsFor(tx: DbOrTx, mo: MoRow, qty: Dec) {
  const [balance] = rowsOf<{ on_hand: string; reserved: string }>(
    await tx.execute(sql`select on_hand::text, reserved::text from stock_balances
      where item_id = ${mo.itemId} and warehouse_id = ${mo.outputWarehouseId}`),
  );
  if (!balance) return [] as number[];
  let deficit = sub(dec(balance.reserved), sub(dec(balance.on_hand), qty));
  if (cmp(deficit, ZERO) <= 0) return [] as number[];
  const sources = rowsOf<{ source_type: string; source_id: number; order_id: number | null; qty: string }>(
    await tx.execute(sql`select * from (
        select ${ORDER_LINE}::text as source_type, l.id as source_id, o.id as order_id,
          coalesce((select sum(r.qty) from stock_reservations r where r.source_type = ${ORDER_LINE}
            and r.source_id = l.id and r.item_id = ${mo.itemId} and r.warehouse_id = ${mo.outputWarehouseId}), 0)::text as qty,
          o.due_date, 0 as rank
        from mo_demands d join order_lines l on l.id = d.order_line_id join orders o on o.id = l.order_id
        where d.mo_id = ${mo.id}
        union all
        select ${MO_MATERIAL}::text, m.id, null::int,
          coalesce((select sum(r.qty) from stock_reservations r where r.source_type = ${MO_MATERIAL}
            and r.source_id = m.id and r.item_id = ${mo.itemId} and r.warehouse_id = ${mo.outputWarehouseId}), 0)::text,
          null::date, 1
        from mo_materials m where m.id = ${mo.parentMaterialId ?? 0}
      ) s order by s.rank, s.due_date desc nulls first, s.source_id desc`),
  );
  const touchedOrders: number[] = [];
  for (const s of sources) {
    if (cmp(deficit, ZERO) <= 0) break;
    const held = dec(s.qty);
    if (cmp(held, ZERO) <= 0) continue;
    const cut = min(held, deficit);
    await releaseStock(tx, s.source_type, Number(s.source_id));
    const keep = sub(held, cut);
    if (cmp(keep, ZERO) > 0) {
      await reserveStock(tx, {
        itemId: mo.itemId,
        warehouseId: mo.outputWarehouseId,
        qty: fixed(keep, 4),
        sourceType: s.source_type,
        sourceId: Number(s.source_id),
      });
    }
    deficit = sub(deficit, cut);
    if (s.order_id != null) touchedOrders.push(Number(s.order_id));
  }
  return touchedOrders;
}

/**
 * 'Скасувати проведення' of an MOI or MOO {reason}: the ledger's reversals; an output's serials go back to allocated
 * (they must still be on the shelf), reservations on its units are trimmed, and its backflush issue is cancelled with
 * it. Only while the MO is open; a backflush issue is cancelled through its output.
 */
export async function cancelMoPosting(
  tx: DbOrTx,
  ctx: AuditContext,
  postingId: number,
  reason: string,
): Promise<{ moId: number }> {
  if (!reason.trim()) throw new DomainError(400, moMessages.reason, { reason: moMessages.reason });
  const [head] = await tx.select({ moId: moPostings.moId }).from(moPostings).where(eq(moPostings.id, postingId));
  if (!head) throw new DomainError(404, moMessages.postingNotFound);
  const mo = await lockManufacturingOrder(tx, head.moId);
  const [posting] = await tx.select().from(moPostings).where(eq(moPostings.id, postingId)).for('update');
  if (posting!.status !== 'posted') throw new DomainError(409, moMessages.postingCancelled);
  if (mo.status !== 'released' && mo.status !== 'in_progress') {
    throw statusError(mo.status, moMessages.postingCancelMoClosed);
  }
  const date = kyivToday();
  let touchedOrders: number[] = [];
  const cancelled: string[] = [];
  const cancelOne = async (row: typeof posting) => {
    await reverseInLedger(tx, ledgerDoc(row!.kind === 'issue' ? 'mo_issue' : 'mo_output', row!, date, ctx.userId));
    await tx
      .update(moPostings)
      .set({ status: 'cancelled', cancelledAt: new Date(), cancelledBy: ctx.userId, cancelReason: reason })
      .where(eq(moPostings.id, row!.id));
    cancelled.push(row!.number);
  };
  if (posting!.kind === 'issue') {
    if (posting!.outputPostingId != null) {
      const [output] = await tx
        .select({ status: moPostings.status })
        .from(moPostings)
        .where(eq(moPostings.id, posting!.outputPostingId));
      if (output?.status === 'posted') throw new DomainError(409, moMessages.postingCancelBackflush);
    }
    await cancelOne(posting);
  } else {
    const values = posting!.serials ?? [];
    let serialIds: number[] = [];
    if (values.length) {
      const rows = await tx
        .select({
          id: serialNumbers.id,
          serial: serialNumbers.serial,
          status: serialNumbers.status,
          warehouseId: serialNumbers.warehouseId,
        })
        .from(serialNumbers)
        .where(and(eq(serialNumbers.itemId, mo.itemId), inArray(serialNumbers.serial, values)));
      const gone = rows.filter((r) => r.status !== 'available' || r.warehouseId !== mo.outputWarehouseId);
      const missing = values.filter((v) => !rows.some((r) => r.serial === v));
      if (gone.length || missing.length) {
        throw new DomainError(
          409,
          moMessages.serialsGone([
            ...gone.map(
              (g) => `${g.serial} (${g.status === 'available' ? 'інший склад' : serialStatusLabels[g.status]})`,
            ),
            ...missing,
          ]),
        );
      }
      serialIds = rows.map((r) => r.id);
    }
    touchedOrders = await trimReservationsFor(tx, mo, dec(posting!.goodQty ?? '0'));
    await cancelOne(posting);
    if (serialIds.length) {
      await moveSerials(tx, {
        serialIds,
        from: ['available'],
        to: 'allocated',
        event: 'allocated',
        document: { type: 'mo_output', id: posting!.id, number: posting!.number },
        warehouseId: null,
        userId: ctx.userId,
        note: `Скасування випуску: ${reason}`,
      });
    }
    const linked = await tx
      .select()
      .from(moPostings)
      .where(
        and(
          eq(moPostings.outputPostingId, posting!.id),
          eq(moPostings.status, 'posted'),
          ne(moPostings.id, posting!.id),
        ),
      )
      .orderBy(asc(moPostings.id));
    for (const issue of linked) await cancelOne(issue);
  }
  // The materials are back on the shelf: the MO holds what it still needs.
  await syncMaterialReservations(tx, mo);
  for (const orderId of [...new Set(touchedOrders)].sort((a, b) => a - b)) await refreshOrder(tx, orderId, ctx);
  await bumpVersion(tx, mo.id);
  await audit(tx, ctx, {
    action: 'cancel',
    entityType: MO_POSTING_ENTITY,
    entityId: postingId,
    before: { status: 'posted', number: posting!.number, kind: posting!.kind },
    after: { status: 'cancelled', reason, cancelled, moId: mo.id, moNumber: mo.number },
  });
  return { moId: mo.id };
}
