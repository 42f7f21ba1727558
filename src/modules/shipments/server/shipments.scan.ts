// The scanner's 'Відвантаження' mode (warehouse.md §9): one scanned code into a draft shipment.
import { asc, eq, sql } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import { add, cmp, dec, fixed, sub } from '@/shared/decimal.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { lineProgress } from '@/modules/orders/server/index.ts';
import { serialNumbers } from '@/modules/serial-numbers/server/index.ts';
import { itemSuppliers, items } from '@/resources/items/items.table.ts';
import { shipmentMessages as msg, type ShipmentScanResult } from '../shipments.contract.ts';
import { lockShipment, orderLinesWithItems, orderOf, qtyText, SHIPMENTS_ENTITY } from './shipments.common.ts';
import { applyLineChanges, type LinePatch } from './shipments.lines.ts';
import { getShipment } from './shipments.read.ts';
import { shipments } from './shipments.table.ts';

/** Items whose barcode, SKU or a supplier's SKU is the code (the scanner's keys, each through its index). */
async function itemsByCode(tx: DbOrTx, code: string): Promise<number[]> {
  const [byBarcode, bySku, bySupplierSku] = await Promise.all([
    tx.select({ id: items.id }).from(items).where(eq(items.barcode, code)),
    tx
      .select({ id: items.id })
      .from(items)
      .where(sql`lower(btrim(${items.sku})) = lower(btrim(${code}))`),
    tx
      .selectDistinct({ id: itemSuppliers.itemId })
      .from(itemSuppliers)
      .where(sql`lower(btrim(${itemSuppliers.supplierSku})) = lower(btrim(${code}))`)
      .orderBy(asc(itemSuppliers.itemId))
      .limit(20),
  ]);
  return [...new Set([...byBarcode, ...bySku, ...bySupplierSku].map((r) => r.id))];
}

/**
 * `POST /api/shipments/:id/scan {code}` (warehouse.md §9, 'Відвантаження'): the code is resolved like the scanner's
 * lookup — barcode, SKU, supplier SKU, then a serial number of an item on the order. A serial joins its serial-tracked
 * line (reserved for the draft, as PATCH does; the line's qty grows by one when every unit already has a serial); a
 * plain item adds one unit to its line (a line of the order not yet on the draft comes back with 1). Never beyond
 * what is left to ship on the order line. The change goes through the same line logic as PATCH, audited.
 */
export async function scanShipment(
  db: DbOrTx,
  ctx: AuditContext,
  id: number,
  rawCode: string,
): Promise<ShipmentScanResult> {
  const code = rawCode.trim();
  return db.transaction(async (tx) => {
    const row = await lockShipment(tx, id);
    if (row.status !== 'draft') throw new DomainError(409, row.status === 'posted' ? msg.posted : msg.notDraft);
    const before = await getShipment(tx, id);
    const order = await orderOf(tx, row.orderId, false);
    const orderLineRows = (await orderLinesWithItems(tx, row.orderId)).filter((l) => l.itemId !== null);
    const orderItemIds = new Set(orderLineRows.map((l) => l.itemId!));
    const progress = new Map((await lineProgress(tx, row.orderId)).map((p) => [p.id, p]));
    const remainingOf = (orderLine: (typeof orderLineRows)[number]) =>
      sub(dec(orderLine.qty), progress.get(orderLine.id)?.shipped ?? dec(0));

    const [matchedItems, matchedSerials] = await Promise.all([
      itemsByCode(tx, code),
      tx
        .select({ id: serialNumbers.id, itemId: serialNumbers.itemId, serial: serialNumbers.serial })
        .from(serialNumbers)
        .where(eq(serialNumbers.serial, code.toUpperCase()))
        .orderBy(asc(serialNumbers.id))
        .limit(20),
    ]);
    const trackedOnOrder = new Set(orderLineRows.filter((l) => l.serialTracking).map((l) => l.itemId!));
    const serial = matchedSerials.find((s) => trackedOnOrder.has(s.itemId)) ?? null;
    const itemId = serial?.itemId ?? matchedItems.find((i) => orderItemIds.has(i)) ?? null;
    if (itemId === null) {
      const foreign = matchedItems[0] ?? matchedSerials[0]?.itemId;
      if (foreign === undefined) throw new DomainError(404, msg.scanNothing(code));
      if (orderItemIds.has(foreign)) throw new DomainError(409, msg.serialsNotTracked);
      const [item] = await tx.select({ sku: items.sku }).from(items).where(eq(items.id, foreign));
      throw new DomainError(409, msg.scanNotOnOrder(item?.sku ?? code, order.orderNumber));
    }
    const candidates = orderLineRows.filter((l) => l.itemId === itemId);
    const sku = candidates[0]!.sku ?? '';
    if (!serial && candidates[0]!.serialTracking) throw new DomainError(409, msg.scanSerialNeeded(sku));
    if (serial && before.lines.some((l) => l.serials.some((s) => s.id === serial.id))) {
      throw new DomainError(409, msg.scanSerialAlready(serial.serial));
    }

    // The line to change: one of the draft with room (a serial still missing, or a unit left to ship), else an order
    // line not on the draft with something left.
    const one = dec(1);
    let patch: LinePatch | null = null;
    for (const orderLine of candidates) {
      const line = before.lines.find((l) => l.orderLineId === orderLine.id);
      if (!line) continue;
      const serialIds = line.serials.map((s) => s.id);
      if (serial && cmp(dec(serialIds.length), dec(line.qty)) < 0) {
        patch = { id: line.id, serialIds: [...serialIds, serial.id] };
        break;
      }
      const raised = add(dec(line.qty), one);
      if (cmp(raised, remainingOf(orderLine)) <= 0) {
        patch = { id: line.id, qty: fixed(raised, 4), ...(serial ? { serialIds: [...serialIds, serial.id] } : {}) };
        break;
      }
    }
    if (!patch) {
      const fresh = candidates.find(
        (l) => !before.lines.some((line) => line.orderLineId === l.id) && cmp(remainingOf(l), one) >= 0,
      );
      if (fresh) patch = { orderLineId: fresh.id, qty: '1', ...(serial ? { serialIds: [serial.id] } : {}) };
    }
    if (!patch) {
      const left = candidates.reduce((sum, l) => add(sum, remainingOf(l)), dec(0));
      throw new DomainError(409, msg.scanMoreThanOrdered(sku, qtyText(cmp(left, dec(0)) > 0 ? left : dec(0))));
    }

    try {
      await applyLineChanges(tx, ctx, row, [patch]);
    } catch (error) {
      // The scan itself is valid: what refuses it is the state (a serial sold or in another warehouse …).
      if (error instanceof DomainError && error.status === 400) throw new DomainError(409, error.message);
      throw error;
    }
    await tx
      .update(shipments)
      .set({ version: sql`${shipments.version} + 1`, updatedAt: sql`now()` })
      .where(eq(shipments.id, id));
    const after = await getShipment(tx, id);
    await audit(tx, ctx, { action: 'update', entityType: SHIPMENTS_ENTITY, entityId: id, before, after });
    const orderLineId =
      patch.id !== undefined ? before.lines.find((l) => l.id === patch.id)!.orderLineId : patch.orderLineId;
    const line = after.lines.find((l) => l.orderLineId === orderLineId)!;
    return {
      lineId: line.id,
      itemId: line.itemId,
      sku: line.sku,
      name: line.itemName,
      qty: line.qty,
      remainingQty: line.remainingQty,
      serialTracking: line.serialTracking,
      serialCount: line.serials.length,
      serial: serial?.serial ?? null,
      version: after.version,
    };
  });
}
