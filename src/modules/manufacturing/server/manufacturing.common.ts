// What the manufacturing services share: locking an MO, the derived state of its material lines (issued, reserved),
// reservations kept in step with the remaining need, serial allocation, planned costs and the produced quantity.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import { add, cmp, dec, div, fixed, isZero, min, mul, round, sub, type Dec } from '@/shared/decimal.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { intArray } from '@/server/kernel/sql-arrays.ts';
import type { AuditContext } from '@/modules/system-logs/server/index.ts';
import { releaseStock, reserveStock } from '@/modules/stock/server/index.ts';
import { generateSerialsIn, moveSerials } from '@/modules/serial-numbers/server/index.ts';
import { serialNumbers } from '@/modules/serial-numbers/server/serial-numbers.table.ts';
import { operationCosts } from '@/modules/production/server/index.ts';
import { plannedUnitCost } from '@/modules/bom/server/index.ts';
import { recipes } from '@/modules/recipes/server/recipes.table.ts';
import { items } from '@/resources/items/items.table.ts';
import { moMessages, moStatusLabels } from '../manufacturing.contract.ts';
import { manufacturingOrders, moOperations, type MoStatus } from './manufacturing.table.ts';
import { rowsOf, isoStamp } from '@/server/kernel/rows.ts';

export const MO_ENTITY = 'manufacturing_orders';
export const MO_POSTING_ENTITY = 'mo_postings';
export const TIME_ENTRY_ENTITY = 'time_entries';
/** stock_reservations.source_type of an MO material line. */
export const MO_MATERIAL = 'mo_material';
/** serial_events.document_type of events about the MO itself (allocation, voiding). */
export const MO_DOCUMENT = 'manufacturing_order';

export type MoRow = typeof manufacturingOrders.$inferSelect;

/** The dedupe keys of the order's notifications: overdue (one per MO), produced (one per MO and sales order). */
export const overdueKey = (moId: number) => `mo-overdue:${moId}`;
export const producedKey = (moId: number, orderId: number) => `mo-produced:${moId}:${orderId}`;

export const maxDec = (a: Dec, b: Dec) => (cmp(a, b) >= 0 ? a : b);
export const ZERO = dec(0);
/** A quantity for people: '10', '2.5' (trailing zeros dropped). */
export const qtyText = (q: Dec | string) => {
  const text = fixed(typeof q === 'string' ? dec(q) : q, 4);
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
};
export const iso = isoStamp;

export const OPEN_STATUSES: readonly MoStatus[] = ['released', 'in_progress'];
export const ACTIVE_STATUSES: readonly MoStatus[] = ['planned', 'released', 'in_progress'];

/** Locks the MO row (FOR UPDATE) and answers it; 404 when there is none. Every state change starts here. */
export async function lockManufacturingOrder(tx: DbOrTx, id: number): Promise<MoRow> {
  const [row] = await tx.select().from(manufacturingOrders).where(eq(manufacturingOrders.id, id)).for('update');
  if (!row) throw new DomainError(404, moMessages.notFound);
  return row;
}

export function statusError(status: MoStatus, message: string): DomainError {
  return new DomainError(409, `${message}. ${moMessages.statusIs(moStatusLabels[status])}`);
}

/** Released or in progress: materials can be issued and output posted. */
export function assertOpen(mo: MoRow) {
  if (!OPEN_STATUSES.includes(mo.status)) throw statusError(mo.status, moMessages.notOpen);
}

export interface MaterialState {
  id: number;
  lineNo: number;
  itemId: number;
  sku: string;
  name: string;
  kind: string;
  /** Stock-controlled and not a service: it is reserved and issued through the ledger. */
  stockable: boolean;
  perUnitQty: string;
  requiredQty: string;
  /** Σ posted issue lines, net of returns. */
  issued: Dec;
  /** Σ its reservations now. */
  reserved: Dec;
}

/** The MO's material lines with their issued (posted, net of returns) and reserved quantities, in line order. */
export async function materialStates(db: DbOrTx, moId: number): Promise<MaterialState[]> {
  const rows = rowsOf<{
    id: number;
    line_no: number;
    item_id: number;
    sku: string;
    name: string;
    kind: string;
    stockable: boolean | string;
    per_unit_qty: string;
    required_qty: string;
    issued: string;
    reserved: string;
  }>(
    await db.execute(sql`select m.id, m.line_no, m.item_id, i.sku, i.name, i.kind,
        (i.stock_control and i.kind <> 'service') as stockable,
        m.per_unit_qty::text, m.required_qty::text,
        coalesce((select sum(l.qty) from mo_posting_lines l join mo_postings p on p.id = l.posting_id
          where l.mo_material_id = m.id and p.status = 'posted' and p.kind = 'issue'), 0)::numeric(18,4)::text as issued,
        coalesce((select sum(r.qty) from stock_reservations r
          where r.source_type = ${MO_MATERIAL} and r.source_id = m.id), 0)::numeric(18,4)::text as reserved
      from mo_materials m join items i on i.id = m.item_id
      where m.mo_id = ${moId} order by m.line_no, m.id`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    lineNo: Number(r.line_no),
    itemId: Number(r.item_id),
    sku: r.sku,
    name: r.name,
    kind: r.kind,
    stockable: r.stockable === true || r.stockable === 't',
    perUnitQty: r.per_unit_qty,
    requiredQty: r.required_qty,
    issued: dec(r.issued),
    reserved: dec(r.reserved),
  }));
}

/** Locks the items' cost rows in id order (the ledger's lock order), creating missing ones. */
export async function lockItemCosts(tx: DbOrTx, itemIds: readonly number[]) {
  const ids = [...new Set(itemIds)].sort((a, b) => a - b);
  if (!ids.length) return;
  await tx.execute(
    sql`insert into item_costs (item_id) select unnest(${intArray(ids)}) order by 1 on conflict do nothing`,
  );
  await tx.execute(
    sql`select item_id from item_costs where item_id = any(${intArray(ids)}) order by item_id for update`,
  );
}

/**
 * Free stock (on hand − reserved) of an item in a warehouse. With `lock`, the item's cost row is locked first — the
 * ledger's own lock order — so a concurrent reservation of the same item waits instead of racing the read.
 */
export async function availableIn(tx: DbOrTx, itemId: number, warehouseId: number, lock = false): Promise<Dec> {
  if (lock) await lockItemCosts(tx, [itemId]);
  const [row] = rowsOf<{ available: string }>(
    await tx.execute(sql`select (on_hand - reserved)::text as available from stock_balances
      where item_id = ${itemId} and warehouse_id = ${warehouseId}`),
  );
  return row ? dec(row.available) : ZERO;
}

/**
 * Keeps each material line's reservation at min(remaining need, what it holds + what is free), the remaining need
 * being max(0, required − issued) — only available stock is taken, partial is fine (§4 Release, quantity change).
 */
export async function syncMaterialReservations(tx: DbOrTx, mo: Pick<MoRow, 'id' | 'materialsWarehouseId'>) {
  const lines = await materialStates(tx, mo.id);
  await lockItemCosts(
    tx,
    lines.filter((l) => l.stockable).map((l) => l.itemId),
  );
  for (const line of lines) {
    if (!line.stockable) continue;
    const need = maxDec(sub(dec(line.requiredQty), line.issued), ZERO);
    if (cmp(line.reserved, need) === 0) continue;
    if (cmp(line.reserved, need) < 0) {
      const free = await availableIn(tx, line.itemId, mo.materialsWarehouseId, true);
      const more = min(sub(need, line.reserved), free);
      if (cmp(more, ZERO) <= 0) continue;
      await reserveStock(tx, {
        itemId: line.itemId,
        warehouseId: mo.materialsWarehouseId,
        qty: fixed(more, 4),
        sourceType: MO_MATERIAL,
        sourceId: line.id,
      });
    } else {
      await releaseStock(tx, MO_MATERIAL, line.id);
      if (cmp(need, ZERO) > 0) {
        await reserveStock(tx, {
          itemId: line.itemId,
          warehouseId: mo.materialsWarehouseId,
          qty: fixed(need, 4),
          sourceType: MO_MATERIAL,
          sourceId: line.id,
        });
      }
    }
  }
}

/** Releases every reservation of the MO's material lines. */
export async function releaseMaterialReservations(tx: DbOrTx, moId: number) {
  const lines = await materialStates(tx, moId);
  for (const line of lines) if (cmp(line.reserved, ZERO) > 0) await releaseStock(tx, MO_MATERIAL, line.id);
}

/** The MO's serials still waiting for output ('allocated'), oldest first. */
export async function allocatedSerials(tx: DbOrTx, moId: number) {
  return tx
    .select({ id: serialNumbers.id, serial: serialNumbers.serial })
    .from(serialNumbers)
    .where(and(eq(serialNumbers.moId, moId), eq(serialNumbers.status, 'allocated')))
    .orderBy(asc(serialNumbers.id));
}

/** Voids the MO's allocated serials (all, or only these). */
export async function voidAllocatedSerials(
  tx: DbOrTx,
  ctx: AuditContext,
  mo: Pick<MoRow, 'id' | 'number'>,
  note: string,
  ids?: readonly number[],
) {
  const serialIds = ids ?? (await allocatedSerials(tx, mo.id)).map((s) => s.id);
  if (!serialIds.length) return;
  await moveSerials(tx, {
    serialIds,
    from: ['allocated'],
    to: 'void',
    event: 'voided',
    document: { type: MO_DOCUMENT, id: mo.id, number: mo.number },
    warehouseId: null,
    userId: ctx.userId,
    note,
  });
}

/** Whole units of a quantity (serials are counted in whole units). */
export const wholeUnits = (q: Dec | string) => Number(fixed(typeof q === 'string' ? dec(q) : q, 4).split('.')[0]);

/**
 * Serial allocation of a serial-tracked MO follows its quantity: allocated = whole(qty) − whole(produced); missing
 * ones are generated (allocated to the MO), surplus ones voided, newest first.
 */
export async function syncSerialAllocation(tx: DbOrTx, ctx: AuditContext, mo: MoRow, produced: Dec) {
  const [item] = await tx
    .select({ serialTracking: items.serialTracking, kind: items.kind })
    .from(items)
    .where(eq(items.id, mo.itemId));
  if (!item?.serialTracking || item.kind === 'service') return;
  const want = Math.max(0, wholeUnits(mo.qty) - wholeUnits(produced));
  const have = await allocatedSerials(tx, mo.id);
  if (have.length < want) {
    await generateSerialsIn(tx, ctx, {
      itemId: mo.itemId,
      count: want - have.length,
      moId: mo.id,
      moNumber: mo.number,
    });
  } else if (have.length > want) {
    const surplus = have.slice(want).map((s) => s.id);
    await voidAllocatedSerials(tx, ctx, mo, 'Кількість замовлення зменшено', surplus);
  }
}

/** Produced (Σ good of posted outputs) and scrap (Σ reported scrap of the operations) per MO; zeros for the rest. */
export async function moProducedQty(
  db: DbOrTx,
  moIds: readonly number[],
): Promise<Map<number, { produced: string; scrap: string }>> {
  const result = new Map<number, { produced: string; scrap: string }>(
    moIds.map((id) => [id, { produced: '0.0000', scrap: '0.0000' }]),
  );
  const ids = [...new Set(moIds)];
  if (!ids.length) return result;
  const rows = rowsOf<{ id: number; produced: string; scrap: string }>(
    await db.execute(sql`select mo.id,
        coalesce((select sum(p.good_qty) from mo_postings p
          where p.mo_id = mo.id and p.kind = 'output' and p.status = 'posted'), 0)::numeric(18,4)::text as produced,
        coalesce((select sum(o.scrap_qty) from mo_operations o where o.mo_id = mo.id), 0)::numeric(18,4)::text as scrap
      from manufacturing_orders mo where mo.id = any(${intArray(ids)})`),
  );
  for (const r of rows) result.set(Number(r.id), { produced: r.produced, scrap: r.scrap });
  return result;
}

export async function producedOf(db: DbOrTx, moId: number): Promise<{ produced: Dec; scrap: Dec }> {
  const row = (await moProducedQty(db, [moId])).get(moId)!;
  return { produced: dec(row.produced), scrap: dec(row.scrap) };
}

export async function recipeLabourRate(tx: DbOrTx, recipeId: number | null): Promise<string | null> {
  if (recipeId == null) return null;
  const [row] = await tx.select({ rate: recipes.labourRatePerHour }).from(recipes).where(eq(recipes.id, recipeId));
  return row?.rate ?? null;
}

/** Planned labour and overhead of the MO's snapshot operations for its quantity (§2 rates, the recipe's rate first). */
export async function plannedConversion(tx: DbOrTx, mo: Pick<MoRow, 'id' | 'qty' | 'recipeId'>) {
  const ops = await tx.select().from(moOperations).where(eq(moOperations.moId, mo.id)).orderBy(asc(moOperations.seq));
  const costs = await operationCosts(tx, ops, mo.qty, await recipeLabourRate(tx, mo.recipeId));
  return { labour: costs.labour, overhead: costs.overhead, ops, perOperation: costs.operations };
}

/**
 * Planned material for the MO's quantity at today's average (§9: plannedUnitCost of the BOM module; if the spec no
 * longer resolves, Σ requiredQty × avgCost of the snapshot).
 */
export async function plannedMaterial(
  tx: DbOrTx,
  mo: Pick<MoRow, 'id' | 'itemId' | 'qty' | 'recipeId'>,
): Promise<string> {
  try {
    const cost = await plannedUnitCost(tx, mo.itemId, { recipeId: mo.recipeId, qty: mo.qty });
    return fixed(round(dec(cost.material), 2), 2);
  } catch {
    // No resolvable spec any more (archived meanwhile): the snapshot valuation below.
  }
  const [row] = rowsOf<{ value: string }>(
    await tx.execute(sql`select coalesce(sum(m.required_qty * coalesce(c.avg_cost, 0)), 0)::text as value
      from mo_materials m left join item_costs c on c.item_id = m.item_id where m.mo_id = ${mo.id}`),
  );
  return fixed(round(dec(row?.value ?? '0'), 2), 2);
}

/** Planned labour + overhead per unit (the conversion part of an output), 6 decimals. */
export function conversionPerUnit(mo: Pick<MoRow, 'qty' | 'plannedLabour' | 'plannedOverhead'>): Dec {
  const total = add(dec(mo.plannedLabour ?? '0'), dec(mo.plannedOverhead ?? '0'));
  if (isZero(dec(mo.qty))) return ZERO;
  return div(total, dec(mo.qty), 6);
}

/** actual material / labour / overhead of an MO (§4 Cost): postings and time entries. */
export async function actualCosts(db: DbOrTx, moId: number) {
  const [materialRow] = rowsOf<{ value: string }>(
    await db.execute(sql`select coalesce(sum(value), 0)::numeric(18,2)::text as value from mo_postings
      where mo_id = ${moId} and kind = 'issue' and status = 'posted'`),
  );
  const entries = rowsOf<{ minutes: string; rate: string | null; overhead: string | null }>(
    await db.execute(sql`select te.minutes::text as minutes, te.hourly_rate::text as rate,
        d.overhead_rate_per_hour::text as overhead
      from time_entries te join mo_operations o on o.id = te.mo_operation_id
      left join departments d on d.id = o.department_id
      where o.mo_id = ${moId} and te.minutes is not null`),
  );
  let labourMinutes = ZERO;
  let overheadMinutes = ZERO;
  for (const e of entries) {
    labourMinutes = add(labourMinutes, mul(dec(e.minutes), dec(e.rate ?? '0')));
    overheadMinutes = add(overheadMinutes, mul(dec(e.minutes), dec(e.overhead ?? '0')));
  }
  const material = dec(materialRow?.value ?? '0');
  const labour = round(div(labourMinutes, dec(60), 8), 2);
  const overhead = round(div(overheadMinutes, dec(60), 8), 2);
  return {
    material: fixed(material, 2),
    labour: fixed(labour, 2),
    overhead: fixed(overhead, 2),
    total: fixed(add(add(material, labour), overhead), 2),
  };
}

/** MOs by ids (for messages). */
export async function moNumbers(db: DbOrTx, ids: readonly number[]) {
  if (!ids.length) return new Map<number, string>();
  const rows = await db
    .select({ id: manufacturingOrders.id, number: manufacturingOrders.number })
    .from(manufacturingOrders)
    .where(inArray(manufacturingOrders.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.number]));
}
