// The MO's output document (production.md §4 'Issue, backflush, output'): MOO 'Випуск продукції' — backflush to
// perUnit × (produced + scrap), the output valued at WIP material + planned conversion, serials made available, the
// units reserved for the linked order lines or the parent's material line.
import { rowsOf } from '@/server/kernel/rows.ts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import { add, cmp, dec, div, fixed, min, mul, round, sub, type Dec } from '@/shared/decimal.ts';
import { kyivToday } from '@/shared/kyiv-date.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { nextNumber, postToLedger, reserveStock } from '@/modules/stock/server/index.ts';
import { generateSerialsIn, moveSerials } from '@/modules/serial-numbers/server/index.ts';
import { serialNumbers } from '@/modules/serial-numbers/server/serial-numbers.table.ts';
import { getProductionSettings } from '@/modules/production/server/index.ts';
import { ORDER_LINE, lineProgress, refreshOrder } from '@/modules/orders/server/index.ts';
import { notify } from '@/modules/notifications/server/index.ts';
import { items } from '@/resources/items/items.table.ts';
import { moMessages } from '../manufacturing.contract.ts';
import { manufacturingOrders, moPostings } from './manufacturing.table.ts';
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
  wholeUnits,
  type MoRow,
} from './manufacturing.common.ts';
import { notifyProduced } from './manufacturing.lifecycle.ts';
import { markInProgress } from './manufacturing.status.ts';
import { completeIfFinished } from './manufacturing.completion.ts';
import {
  bumpVersion,
  ledgerDoc,
  postMoIssue,
  type MoOutputInput,
  type MoPostingResult,
} from './manufacturing.postings.ts';

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
        related: { type: 'order', id: orderId, label: `Замовлення ${row.order_number}` },
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
  /** The moment of the posting (default now): the terminal passes its action's moment (the demo books past shifts). */
  opts: { at?: Date } = {},
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

  const date = kyivToday(opts.at);
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
        { outputPostingId: posting!.id, at: opts.at },
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
  // The full quantity out and nothing left to decide: the MO completes in this transaction (decision 0020).
  const completed = await completeIfFinished(tx, ctx, moId, opts.at);
  return { id: posting!.id, number, backflushIssue, warnings, completed };
}
