// The MO's ledger documents (production.md §4 'Issue, backflush, output'): MOI 'Видача матеріалів' (out at AVCO,
// consuming the line's reservation first; return lines back in at the current average) and MOO 'Випуск продукції'
// (backflush to perUnit × (produced + scrap), the output valued at WIP material + planned conversion, serials made
// available, the units reserved for the linked order lines). Cancelling appends the ledger's reversals.
import { rowsOf } from '@/server/kernel/rows.ts';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import { add, cmp, dec, div, fixed, isZero, min, mul, neg, round, sub, type Dec } from '@/shared/decimal.ts';
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
import { generateSerialsIn, moveSerials } from '@/modules/serial-numbers/server/index.ts';
import { serialNumbers } from '@/modules/serial-numbers/server/serial-numbers.table.ts';
import { serialStatusLabels } from '@/modules/serial-numbers/serial-numbers.contract.ts';
import { getProductionSettings } from '@/modules/production/server/index.ts';
import { ORDER_LINE, lineProgress, refreshOrder } from '@/modules/orders/server/index.ts';
import { notify } from '@/modules/notifications/server/index.ts';
import { items } from '@/resources/items/items.table.ts';
import { stockMovements } from '@/modules/stock/server/stock.table.ts';
import { moMessages } from '../manufacturing.contract.ts';
import { manufacturingOrders, moPostingLines, moPostings } from './manufacturing.table.ts';
import {
  MO_MATERIAL,
  MO_POSTING_ENTITY,
  ZERO,
  assertOpen,
  availableIn,
  conversionPerUnit,
  lockManufacturingOrder,
  materialStates,
  maxDec,
  producedOf,
  qtyText,
  statusError,
  syncMaterialReservations,
  wholeUnits,
  type MaterialState,
  type MoRow,
} from './manufacturing.common.ts';
import { markInProgress, notifyProduced } from './manufacturing.service.ts';

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
}

const ledgerDoc = (
  type: 'mo_issue' | 'mo_output',
  posting: { id: number; number: string },
  date: string,
  userId: number | null,
): LedgerDocument => ({ type, id: posting.id, number: posting.number, date, userId });

async function bumpVersion(tx: DbOrTx, moId: number) {
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
  internal: { outputPostingId?: number } = {},
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

  const date = kyivToday();
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

/** The serials an output takes: the ones asked (ids or values), else the allocated ones in order (more generated). */
async function outputSerials(
  tx: DbOrTx,
  ctx: AuditContext,
  mo: MoRow,
  count: number,
  input: MoOutputInput,
): Promise<Array<{ id: number; serial: string }>> {
  const allocated = await tx
    .select({ id: serialNumbers.id, serial: serialNumbers.serial })
    .from(serialNumbers)
    .where(and(eq(serialNumbers.moId, mo.id), eq(serialNumbers.status, 'allocated')))
    .orderBy(asc(serialNumbers.id));
  const asked = input.serialIds?.length || input.serials?.length;
  if (asked) {
    const ids = new Set(input.serialIds ?? []);
    const values = new Set((input.serials ?? []).map((s) => s.trim().toUpperCase()));
    const chosen = allocated.filter((s) => ids.has(s.id) || values.has(s.serial));
    const known = new Set(chosen.flatMap((s) => [String(s.id), s.serial]));
    const unknown = [...[...ids].map(String), ...values].filter((v) => !known.has(v));
    if (unknown.length) throw new DomainError(409, moMessages.serialsUnknown(unknown));
    if (chosen.length !== count) throw new DomainError(400, moMessages.serialsCount(count));
    return chosen;
  }
  if (allocated.length < count) {
    // Over-production: more serials for the MO from the item's template.
    const more = await generateSerialsIn(tx, ctx, {
      itemId: mo.itemId,
      count: count - allocated.length,
      moId: mo.id,
      moNumber: mo.number,
    });
    allocated.push(...more.map((s) => ({ id: s.id, serial: s.serial })));
  }
  return allocated.slice(0, count);
}

/**
 * The produced units for the MO's linked order lines (earliest due first) when the output warehouse is the order's
 * — each line up to its uncovered quantity — then refreshOrder; otherwise the manager hears a transfer is needed.
 */
async function reserveForDemands(tx: DbOrTx, ctx: AuditContext, mo: MoRow, itemName: string, good: Dec) {
  const rows = rowsOf<{
    line_id: number;
    order_id: number;
    order_number: string;
    warehouse_id: number;
    manager_user_id: number | null;
  }>(
    await tx.execute(sql`select l.id as line_id, o.id as order_id, o.order_number, o.warehouse_id, o.manager_user_id
      from mo_demands d join order_lines l on l.id = d.order_line_id join orders o on o.id = l.order_id
      where d.mo_id = ${mo.id} and o.status in ('confirmed', 'partially_shipped')
      order by o.due_date asc nulls last, o.id, l.line_no, l.id`),
  );
  let left = good;
  const touched = new Set<number>();
  for (const row of rows) {
    const orderId = Number(row.order_id);
    if (Number(row.warehouse_id) !== mo.outputWarehouseId) {
      await notify(tx, {
        type: 'warning',
        priority: 'medium',
        title: 'Потрібне переміщення',
        message: moMessages.transferNeeded(itemName, qtyText(good), mo.number, row.order_number),
        actionRequired: true,
        actionUrl: '/warehouse-transfers?new=1',
        related: { type: 'orders', id: orderId },
        ...(row.manager_user_id != null ? { userIds: [Number(row.manager_user_id)] } : { route: '/orders' }),
      });
      continue;
    }
    if (cmp(left, ZERO) <= 0) continue;
    const line = (await lineProgress(tx, orderId)).find((l) => l.id === Number(row.line_id));
    if (!line || !line.stockable || line.itemId == null) continue;
    const uncovered = sub(sub(line.qty, line.shipped), line.reserved);
    const free = await availableIn(tx, line.itemId, mo.outputWarehouseId, true);
    const take = min(min(uncovered, left), free);
    if (cmp(take, ZERO) <= 0) continue;
    await reserveStock(tx, {
      itemId: line.itemId,
      warehouseId: mo.outputWarehouseId,
      qty: fixed(take, 4),
      sourceType: ORDER_LINE,
      sourceId: line.id,
    });
    left = sub(left, take);
    touched.add(orderId);
  }
  for (const orderId of [...touched].sort((a, b) => a - b)) await refreshOrder(tx, orderId, ctx);
}

/** A child MO's output is reserved to its parent's material line (up to the line's remaining need). */
async function reserveForParent(tx: DbOrTx, mo: MoRow, good: Dec) {
  if (mo.parentMoId == null || mo.parentMaterialId == null) return;
  const [parent] = await tx
    .select({
      status: manufacturingOrders.status,
      materialsWarehouseId: manufacturingOrders.materialsWarehouseId,
    })
    .from(manufacturingOrders)
    .where(eq(manufacturingOrders.id, mo.parentMoId));
  if (!parent || !['released', 'in_progress'].includes(parent.status)) return;
  if (parent.materialsWarehouseId !== mo.outputWarehouseId) return;
  const line = (await materialStates(tx, mo.parentMoId)).find((l) => l.id === mo.parentMaterialId);
  if (!line || line.itemId !== mo.itemId) return;
  const need = sub(sub(dec(line.requiredQty), line.issued), line.reserved);
  const free = await availableIn(tx, mo.itemId, mo.outputWarehouseId, true);
  const take = min(min(need, good), free);
  if (cmp(take, ZERO) <= 0) return;
  await reserveStock(tx, {
    itemId: mo.itemId,
    warehouseId: mo.outputWarehouseId,
    qty: fixed(take, 4),
    sourceType: MO_MATERIAL,
    sourceId: line.id,
  });
}

/**
 * 'Випустити продукцію' (MOO), posted at once (§4): backflush first (a linked MOI), then the output valued at
 * material part (WIP × g ÷ units left, all of WIP when g ≥ units left) + conversion part (g × planned conversion
 * per unit); serials become available in the output warehouse; units reserved for linked order lines.
 */
export async function postMoOutput(
  tx: DbOrTx,
  ctx: AuditContext,
  moId: number,
  input: MoOutputInput,
): Promise<MoPostingResult> {
  const mo = await lockManufacturingOrder(tx, moId);
  assertOpen(mo);
  const good = dec(input.goodQty);
  if (cmp(good, ZERO) <= 0) throw new DomainError(400, moMessages.goodQty, { goodQty: moMessages.goodQty });
  const [item] = await tx
    .select({ id: items.id, name: items.name, sku: items.sku, serialTracking: items.serialTracking, kind: items.kind })
    .from(items)
    .where(eq(items.id, mo.itemId));
  const serialTracked = Boolean(item?.serialTracking) && item?.kind !== 'service';
  if (serialTracked && /\.\d*[1-9]/.test(fixed(good, 4))) {
    throw new DomainError(400, moMessages.wholeSerialQty, { goodQty: moMessages.wholeSerialQty });
  }
  const settings = await getProductionSettings(tx);
  const { produced, scrap } = await producedOf(tx, moId);
  const [scrapBefore] = rowsOf<{ scrap: string }>(
    await tx.execute(sql`select coalesce(sum(scrap_qty), 0)::text as scrap from mo_postings
      where mo_id = ${moId} and kind = 'output' and status = 'posted'`),
  );
  const scrapThis = maxDec(sub(scrap, dec(scrapBefore?.scrap ?? '0')), ZERO);

  const date = kyivToday();
  const number = await nextNumber(tx, 'mo_output', date);
  const [posting] = await tx
    .insert(moPostings)
    .values({
      moId,
      kind: 'output',
      number,
      postingDate: date,
      status: 'posted',
      goodQty: fixed(good, 4),
      scrapQty: fixed(scrapThis, 4),
      createdBy: ctx.userId,
    })
    .returning();

  // Backflush: every stocked material up to perUnit × (produced + scrap), what was issued by hand counting.
  const warnings: string[] = [];
  let backflushIssue: { id: number; number: string } | null = null;
  const target = add(add(produced, good), scrap);
  const short = (await materialStates(tx, moId))
    .filter((m) => m.stockable)
    .map((m) => ({ m, need: sub(round(mul(dec(m.perUnitQty), target), 4), m.issued) }))
    .filter((x) => cmp(x.need, ZERO) > 0);
  if (short.length) {
    if (settings.backflush) {
      backflushIssue = await postMoIssue(
        tx,
        ctx,
        moId,
        {
          lines: short.map((x) => ({ moMaterialId: x.m.id, itemId: x.m.itemId, qty: fixed(x.need, 4) })),
          notes: `Автоматична видача до випуску ${number}`,
        },
        { outputPostingId: posting!.id },
      );
    } else {
      warnings.push(moMessages.underIssued(short.map((x) => `${x.m.name} (${qtyText(x.need)})`)));
    }
  }

  // Cost (§4 table).
  const [sums] = rowsOf<{ issued: string; absorbed: string }>(
    await tx.execute(sql`select
        coalesce((select sum(value) from mo_postings where mo_id = ${moId} and kind = 'issue' and status = 'posted'), 0)::text as issued,
        coalesce((select sum(material_value) from mo_postings where mo_id = ${moId} and kind = 'output'
          and status = 'posted' and id <> ${posting!.id}), 0)::text as absorbed`),
  );
  const wip = maxDec(sub(dec(sums!.issued), dec(sums!.absorbed)), ZERO);
  const unitsLeft = maxDec(good, sub(dec(mo.qty), produced));
  const materialPart = cmp(good, unitsLeft) >= 0 ? round(wip, 2) : round(div(mul(wip, good), unitsLeft, 8), 2);
  const conversionPart = round(mul(good, conversionPerUnit(mo)), 2);
  const unitCost = div(add(materialPart, conversionPart), good, 6);
  const doc = ledgerDoc('mo_output', posting!, date, ctx.userId);
  const [movement] = await postToLedger(tx, doc, [
    {
      kind: 'in',
      itemId: mo.itemId,
      warehouseId: mo.outputWarehouseId,
      qty: fixed(good, 4),
      unitCost: fixed(unitCost, 6),
      lineId: null,
    },
  ]);

  let serialValues: string[] = [];
  if (serialTracked) {
    const chosen = await outputSerials(tx, ctx, mo, wholeUnits(good), input);
    await moveSerials(tx, {
      serialIds: chosen.map((s) => s.id),
      from: ['allocated'],
      to: 'available',
      event: 'output',
      document: { type: 'mo_output', id: posting!.id, number },
      warehouseId: mo.outputWarehouseId,
      userId: ctx.userId,
    });
    serialValues = chosen.map((s) => s.serial);
  }

  await tx
    .update(moPostings)
    .set({
      materialValue: fixed(materialPart, 2),
      conversionValue: fixed(conversionPart, 2),
      unitCost: fixed(unitCost, 6),
      value: movement ? movement.value : fixed(add(materialPart, conversionPart), 2),
      serials: serialTracked ? serialValues : null,
    })
    .where(eq(moPostings.id, posting!.id));
  await markInProgress(tx, ctx, mo);
  await bumpVersion(tx, moId);
  await reserveForDemands(tx, ctx, mo, item?.name ?? '', good);
  await reserveForParent(tx, mo, good);
  await notifyProduced(tx, mo, add(produced, good));
  await audit(tx, ctx, {
    action: 'post',
    entityType: MO_POSTING_ENTITY,
    entityId: posting!.id,
    after: {
      moId,
      moNumber: mo.number,
      kind: 'output',
      number,
      goodQty: fixed(good, 4),
      scrapQty: fixed(scrapThis, 4),
      wip: fixed(wip, 2),
      unitsLeft: fixed(unitsLeft, 4),
      materialValue: fixed(materialPart, 2),
      conversionValue: fixed(conversionPart, 2),
      unitCost: fixed(unitCost, 6),
      serials: serialValues,
      backflushIssue: backflushIssue?.number ?? null,
      warnings,
    },
  });
  return { id: posting!.id, number, backflushIssue, warnings };
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
