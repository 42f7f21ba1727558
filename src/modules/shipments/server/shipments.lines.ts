// A draft's lines changed (sales.md §3), for PATCH and the scanner alike: quantities within what is left to ship,
// lines added from the order or removed, and each serial-tracked line's serials reserved for the draft or given back.
import { eq } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import { cmp, dec, fixed, isZero, sub } from '@/shared/decimal.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import type { z } from '@/shared/zod-uk.ts';
import type { AuditContext } from '@/modules/system-logs/server/index.ts';
import { lineProgress } from '@/modules/orders/server/index.ts';
import { moveSerials, serialStatusLabels } from '@/modules/serial-numbers/server/index.ts';
import { shipmentMessages as msg, type shipmentUpdateSchema } from '../shipments.contract.ts';
import {
  currentSerials,
  isWhole,
  lineUnitsOf,
  type OrderLineRow,
  orderLinesWithItems,
  orderOf,
  qtyText,
  serialsByIds,
  serialsByText,
  shipmentLineValues,
} from './shipments.common.ts';
import { shipmentLines, shipmentLineSerials, shipments } from './shipments.table.ts';
import { DOCUMENT_QTY_SCALE, toStockUnit, type StockQty, type UnitInfo } from '@/shared/unit-conversion.ts';

export type LinePatch = NonNullable<z.output<typeof shipmentUpdateSchema>['lines']>[number];

/**
 * A typed quantity in the stock unit: typed in the order line's unit (`unitId`, reference-data.md §1) it converts by
 * the shared rule; absent, null or the stock unit, it is as typed; any other unit is refused.
 */
function stockQtyOf(
  line: OrderLineRow,
  qty: string,
  unitId: number | null | undefined,
  unitById: ReadonlyMap<number, UnitInfo>,
): StockQty {
  if (unitId == null || unitId === line.stockUnitId) return { ok: true, qty: fixed(dec(qty), DOCUMENT_QTY_SCALE) };
  const entered = unitId === line.enteredUnitId ? unitById.get(unitId) : undefined;
  const stock = line.stockUnitId === null ? undefined : unitById.get(line.stockUnitId);
  if (!entered || !stock) return { ok: false, field: 'unitId', error: msg.unitNotOfLine };
  return toStockUnit(qty, entered, stock, DOCUMENT_QTY_SCALE);
}

export async function applyLineChanges(
  tx: DbOrTx,
  ctx: AuditContext,
  row: typeof shipments.$inferSelect,
  patches: readonly LinePatch[],
): Promise<void> {
  const order = await orderOf(tx, row.orderId, false);
  const orderLineRows = await orderLinesWithItems(tx, row.orderId);
  const orderLineById = new Map(orderLineRows.map((l) => [l.id, l]));
  const progress = new Map((await lineProgress(tx, row.orderId)).map((p) => [p.id, p]));
  const existing = await tx.select().from(shipmentLines).where(eq(shipmentLines.shipmentId, row.id));
  const unitById = await lineUnitsOf(tx, orderLineRows);
  const links = await currentSerials(tx, row.id);

  // The lines after the change: kept, changed, added (keyed by order line), removed.
  interface Planned {
    id: number | null;
    orderLineId: number;
    qty: string;
    serialIds: number[];
    serialsChanged: boolean;
    index: number | null;
  }
  const planned = new Map<number, Planned>(
    existing.map((l) => [
      l.orderLineId,
      {
        id: l.id,
        orderLineId: l.orderLineId,
        qty: l.qty,
        serialIds: links.filter((s) => s.lineId === l.id).map((s) => s.serialId),
        serialsChanged: false,
        index: null,
      },
    ]),
  );
  const removed = new Set<number>();
  const fields: Record<string, string> = {};
  for (const [i, patch] of patches.entries()) {
    let plan: Planned | undefined;
    if (patch.id !== undefined) {
      const line = existing.find((l) => l.id === patch.id);
      if (!line) {
        fields[`lines.${i}.id`] = msg.lineNotFound;
        continue;
      }
      plan = planned.get(line.orderLineId)!;
    } else {
      const orderLine = patch.orderLineId === undefined ? undefined : orderLineById.get(patch.orderLineId);
      if (!orderLine) {
        fields[`lines.${i}.orderLineId`] = msg.lineNotOfOrder;
        continue;
      }
      if (orderLine.itemId === null) {
        fields[`lines.${i}.orderLineId`] = msg.lineUnmapped;
        continue;
      }
      if (planned.has(orderLine.id)) {
        fields[`lines.${i}.orderLineId`] = msg.lineTwice;
        continue;
      }
      const remaining = sub(dec(orderLine.qty), progress.get(orderLine.id)?.shipped ?? dec(0));
      plan = {
        id: null,
        orderLineId: orderLine.id,
        qty: fixed(cmp(remaining, dec(0)) > 0 ? remaining : dec(0), 4),
        serialIds: [],
        serialsChanged: false,
        index: i,
      };
      planned.set(orderLine.id, plan);
    }
    plan.index = i;
    if (patch.qty !== undefined) {
      if (isZero(dec(patch.qty))) {
        removed.add(plan.orderLineId);
        continue;
      }
      const inStock = stockQtyOf(orderLineById.get(plan.orderLineId)!, patch.qty, patch.unitId, unitById);
      if (!inStock.ok) {
        fields[`lines.${i}.${inStock.field}`] = inStock.error;
        continue;
      }
      plan.qty = inStock.qty;
    }
    removed.delete(plan.orderLineId);
    if (patch.serialIds !== undefined || patch.serials !== undefined) {
      const orderLine = orderLineById.get(plan.orderLineId)!;
      const byId = await serialsByIds(tx, patch.serialIds ?? []);
      const byText = await serialsByText(tx, orderLine.itemId!, patch.serials ?? []);
      const found = new Set(byText.map((s) => s.serial));
      for (const text of patch.serials ?? []) {
        const serial = text.trim().toUpperCase();
        if (!found.has(serial)) fields[`lines.${i}.serials`] = msg.serialUnknown(serial, orderLine.sku ?? '');
      }
      if (byId.length !== new Set(patch.serialIds ?? []).size) fields[`lines.${i}.serials`] = msg.reference;
      for (const s of byId) {
        if (s.itemId !== orderLine.itemId)
          fields[`lines.${i}.serials`] = msg.serialUnknown(s.serial, orderLine.sku ?? '');
      }
      if (!orderLine.serialTracking && byId.length + byText.length > 0)
        fields[`lines.${i}.serials`] = msg.serialsNotTracked;
      plan.serialIds = [...new Set([...byId, ...byText].map((s) => s.id))];
      plan.serialsChanged = true;
    }
  }
  for (const orderLineId of removed) {
    const plan = planned.get(orderLineId)!;
    planned.delete(orderLineId);
    plan.serialIds = [];
  }
  if (!planned.size) throw new DomainError(400, msg.keepOneLine);

  // Each kept line: within the remaining quantity, whole for serials, no more serials than units.
  const allSerials = new Map<number, number>();
  for (const plan of planned.values()) {
    const orderLine = orderLineById.get(plan.orderLineId)!;
    const at = plan.index === null ? 'lines' : `lines.${plan.index}`;
    const remaining = sub(dec(orderLine.qty), progress.get(orderLine.id)?.shipped ?? dec(0));
    if (cmp(dec(plan.qty), remaining) > 0 || isZero(dec(plan.qty))) {
      fields[`${at}.qty`] = msg.overRemaining(orderLine.lineNo, orderLine.sku ?? '', qtyText(remaining));
    } else if (orderLine.serialTracking && !isWhole(plan.qty)) fields[`${at}.qty`] = msg.serialWholeQty;
    if (cmp(dec(plan.serialIds.length), dec(plan.qty)) > 0) {
      fields[`${at}.serials`] = msg.serialTooMany(plan.serialIds.length, qtyText(dec(plan.qty)));
    }
    for (const serialId of plan.serialIds) {
      if (allSerials.has(serialId)) {
        const [twice] = await serialsByIds(tx, [serialId]);
        fields[`${at}.serials`] = msg.serialTwice(twice?.serial ?? String(serialId));
      }
      allSerials.set(serialId, plan.orderLineId);
    }
  }
  if (Object.keys(fields).length) throw new DomainError(400, Object.values(fields)[0]!, fields);

  // Serials: the ones leaving the draft go back to stock; the new ones must be in stock in this warehouse.
  const beforeIds = new Set(links.map((l) => l.serialId));
  const afterIds = new Set(allSerials.keys());
  const leaving = [...beforeIds].filter((s) => !afterIds.has(s));
  const joining = [...afterIds].filter((s) => !beforeIds.has(s));
  const joiningRows = await serialsByIds(tx, joining);
  for (const s of joiningRows) {
    const at = `lines.${planned.get(allSerials.get(s.id)!)!.index ?? 0}.serials`;
    if (s.status !== 'available') {
      const label = serialStatusLabels[s.status as keyof typeof serialStatusLabels] ?? s.status;
      fields[at] = msg.serialUnavailable(s.serial, label);
    } else if (s.warehouseId !== row.warehouseId) fields[at] = msg.serialOtherWarehouse(s.serial);
  }
  if (Object.keys(fields).length) throw new DomainError(400, Object.values(fields)[0]!, fields);
  const document = { type: 'shipment', id: row.id, number: row.number };
  await moveSerials(tx, {
    serialIds: leaving,
    from: ['reserved'],
    to: 'available',
    event: 'unreserved',
    document,
    shipmentId: null,
    userId: ctx.userId,
  });
  await moveSerials(tx, {
    serialIds: joining,
    from: ['available'],
    to: 'reserved',
    event: 'reserved',
    document,
    shipmentId: row.id,
    userId: ctx.userId,
  });

  // The lines themselves (a removed line takes its serial links with it).
  for (const line of existing) {
    if (!planned.has(line.orderLineId) || planned.get(line.orderLineId)!.id !== line.id) {
      await tx.delete(shipmentLines).where(eq(shipmentLines.id, line.id));
    }
  }
  for (const plan of planned.values()) {
    const orderLine = orderLineById.get(plan.orderLineId)!;
    const { qty: _qty, ...values } = shipmentLineValues(orderLine, plan.qty, order.pricesIncludeVat, unitById);
    let lineId = plan.id;
    if (lineId === null) {
      const [inserted] = await tx
        .insert(shipmentLines)
        .values({
          shipmentId: row.id,
          orderLineId: orderLine.id,
          itemId: orderLine.itemId!,
          qty: plan.qty,
          discountPercent: orderLine.discountPercent,
          vatRate: orderLine.vatRate,
          ...values,
        })
        .returning({ id: shipmentLines.id });
      lineId = inserted!.id;
    } else {
      await tx
        .update(shipmentLines)
        .set({ qty: plan.qty, ...values })
        .where(eq(shipmentLines.id, lineId));
    }
    const had = links.filter((l) => l.lineId === lineId).map((l) => l.serialId);
    const same = had.length === plan.serialIds.length && had.every((s) => plan.serialIds.includes(s));
    if (!same) {
      await tx.delete(shipmentLineSerials).where(eq(shipmentLineSerials.shipmentLineId, lineId));
      if (plan.serialIds.length) {
        await tx
          .insert(shipmentLineSerials)
          .values(plan.serialIds.map((serialId) => ({ shipmentLineId: lineId!, serialId })));
      }
    }
  }
}
