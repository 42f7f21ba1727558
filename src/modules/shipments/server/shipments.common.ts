// What every change of a shipment shares (sales.md §3): the order it ships and its lines, the locked row with its
// version check, the line amounts, the serial rows a draft reserves, the ledger document.
import { checkVersion } from '@/server/kernel/documents.ts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import { dec, fixed, type Dec } from '@/shared/decimal.ts';
import { lineAmounts } from '@/shared/vat.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import type { LedgerDocument } from '@/modules/stock/server/index.ts';
import { orderStatusLabels, type OrderStatus } from '@/modules/orders/orders.contract.ts';
import { orderLines, orders } from '@/modules/orders/server/orders.table.ts';
import { serialNumbers } from '@/modules/serial-numbers/server/index.ts';
import { items } from '@/resources/items/items.table.ts';
import { unitsByIds } from '@/resources/units/units.read.ts';
import { DOCUMENT_QTY_SCALE, partOfLine, type UnitInfo } from '@/shared/unit-conversion.ts';
import { shipmentMessages as msg, type WaybillState } from '../shipments.contract.ts';
import { shipmentLines, shipmentLineSerials, shipments } from './shipments.table.ts';

export const SHIPMENTS_ENTITY = 'shipments';
export const SHIPPABLE: readonly OrderStatus[] = ['confirmed', 'partially_shipped'];
/** A waybill in these states pins the delivery fields: they are on the carrier's document (or may be). */
export const activeWaybillStates: readonly WaybillState[] = ['creating', 'created', 'unknown'];

export const qtyText = (v: Dec) => fixed(v, 4).replace(/\.?0+$/, '') || '0';

export async function orderOf(tx: DbOrTx, orderId: number, lock: boolean): Promise<typeof orders.$inferSelect> {
  const query = tx.select().from(orders).where(eq(orders.id, orderId));
  const [order] = lock ? await query.for('update') : await query;
  if (!order) throw new DomainError(404, msg.orderNotFound);
  return order;
}

export function assertShippable(order: { orderNumber: string; status: OrderStatus }) {
  if (!SHIPPABLE.includes(order.status)) {
    throw new DomainError(409, msg.orderNotShippable(order.orderNumber, orderStatusLabels[order.status]));
  }
}

/**
 * A shipment line's values for `qty` (in the stock unit) of an order line, at its price, discount and VAT (sales.md
 * §1.4). An order line entered in another unit (reference-data.md §1) gives the shipment line its unit and `qty` back
 * in it when that converts exactly — then at the order line's price per that unit — else the stock unit at the price
 * per stock unit (partOfLine); `unitById` holds the lines' units (lineUnitsOf).
 */
export function shipmentLineValues(
  line: OrderLineRow,
  qty: string,
  pricesIncludeVat: boolean,
  unitById: ReadonlyMap<number, UnitInfo>,
) {
  const part = partOfLine(
    qty,
    line.unitPrice,
    line.enteredUnitId === null ? null : unitById.get(line.enteredUnitId),
    line.stockUnitId === null ? null : unitById.get(line.stockUnitId),
    DOCUMENT_QTY_SCALE,
  );
  const a = lineAmounts(
    dec(part.amountQty),
    dec(part.unitPrice),
    line.vatRate,
    pricesIncludeVat,
    dec(line.discountPercent),
  );
  return {
    qty: fixed(dec(qty), 4),
    enteredQty: part.enteredQty,
    enteredUnitId: part.enteredQty === null ? null : line.enteredUnitId,
    unitPrice: fixed(dec(part.unitPrice), 6),
    lineNet: fixed(a.net, 2),
    lineVat: fixed(a.vat, 2),
    lineGross: fixed(a.gross, 2),
  };
}

/** The entered and stock units of the order lines entered in another unit. */
export async function lineUnitsOf(tx: DbOrTx, lines: readonly OrderLineRow[]) {
  return unitsByIds(tx, [
    ...new Set(
      lines.flatMap((l) =>
        l.enteredUnitId !== null && l.stockUnitId !== null ? [l.enteredUnitId, l.stockUnitId] : [],
      ),
    ),
  ]);
}

export const isWhole = (qty: string) => /^\d+(\.0+)?$/.test(qty);

export async function orderLinesWithItems(tx: DbOrTx, orderId: number) {
  return tx
    .select({
      id: orderLines.id,
      lineNo: orderLines.lineNo,
      itemId: orderLines.itemId,
      qty: orderLines.qty,
      enteredUnitId: orderLines.enteredUnitId,
      stockUnitId: items.unitId,
      unitPrice: orderLines.unitPrice,
      discountPercent: orderLines.discountPercent,
      vatRate: orderLines.vatRate,
      sku: items.sku,
      kind: items.kind,
      serialTracking: items.serialTracking,
      weightKg: items.weightKg,
    })
    .from(orderLines)
    .leftJoin(items, eq(items.id, orderLines.itemId))
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.lineNo));
}

export type OrderLineRow = Awaited<ReturnType<typeof orderLinesWithItems>>[number];

/** Locks the shipment row and checks the version the user read it at. */
export async function lockShipment(tx: DbOrTx, id: number, version?: number) {
  const [row] = await tx.select().from(shipments).where(eq(shipments.id, id)).for('update');
  if (!row) throw new DomainError(404, msg.notFound);
  checkVersion(version, row.version, msg.version);
  return row;
}

export const ledgerDoc = (
  s: { id: number; number: string; shipmentDate: string },
  userId: number | null,
): LedgerDocument => ({
  type: 'shipment',
  id: s.id,
  number: s.number,
  date: s.shipmentDate,
  userId,
});

export interface SerialRow {
  id: number;
  itemId: number;
  serial: string;
  status: string;
  warehouseId: number | null;
  shipmentId: number | null;
}

export async function serialsByIds(tx: DbOrTx, ids: readonly number[]): Promise<SerialRow[]> {
  if (!ids.length) return [];
  return tx
    .select({
      id: serialNumbers.id,
      itemId: serialNumbers.itemId,
      serial: serialNumbers.serial,
      status: serialNumbers.status,
      warehouseId: serialNumbers.warehouseId,
      shipmentId: serialNumbers.shipmentId,
    })
    .from(serialNumbers)
    .where(inArray(serialNumbers.id, [...new Set(ids)]));
}

export async function serialsByText(tx: DbOrTx, itemId: number, texts: readonly string[]): Promise<SerialRow[]> {
  const wanted = [...new Set(texts.map((s) => s.trim().toUpperCase()).filter(Boolean))];
  if (!wanted.length) return [];
  return tx
    .select({
      id: serialNumbers.id,
      itemId: serialNumbers.itemId,
      serial: serialNumbers.serial,
      status: serialNumbers.status,
      warehouseId: serialNumbers.warehouseId,
      shipmentId: serialNumbers.shipmentId,
    })
    .from(serialNumbers)
    .where(and(eq(serialNumbers.itemId, itemId), inArray(serialNumbers.serial, wanted)));
}

export async function currentSerials(tx: DbOrTx, shipmentId: number) {
  return tx
    .select({ lineId: shipmentLineSerials.shipmentLineId, serialId: shipmentLineSerials.serialId })
    .from(shipmentLineSerials)
    .innerJoin(shipmentLines, eq(shipmentLines.id, shipmentLineSerials.shipmentLineId))
    .where(eq(shipmentLines.shipmentId, shipmentId));
}
