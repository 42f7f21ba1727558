// Changing a shipment (sales.md §3): 'Відвантажити' makes a draft of an order's remaining quantities; the draft is
// edited (quantities, serials, recipient, parcel) or deleted, a posted one keeps its lines and its delivery fields
// change only while no waybill pins them. Every change is one audited transaction.
import { and, asc, eq, sql } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import { add, cmp, dec, fixed, isZero, mul, round, sub } from '@/shared/decimal.ts';
import { kyivToday } from '@/shared/kyiv-date.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import type { z } from '@/shared/zod-uk.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { nextNumber } from '@/modules/stock/server/index.ts';
import { lineProgress } from '@/modules/orders/server/index.ts';
import { moveSerials } from '@/modules/serial-numbers/server/index.ts';
import { readNpSettings } from '@/modules/nova-poshta/server/index.ts';
import { carriers } from '@/resources/carriers/carriers.table.ts';
import {
  deliveryStatusLabels,
  shipmentMessages as msg,
  type DeliveryStatus,
  type Shipment,
  type shipmentCreateSchema,
  type shipmentUpdateSchema,
} from '../shipments.contract.ts';
import {
  activeWaybillStates,
  assertShippable,
  currentSerials,
  isWhole,
  lineUnitsOf,
  lockShipment,
  orderLinesWithItems,
  orderOf,
  qtyText,
  SHIPMENTS_ENTITY,
  shipmentLineValues,
} from './shipments.common.ts';
import { applyLineChanges } from './shipments.lines.ts';
import { getShipment } from './shipments.read.ts';
import { shipmentLines, shipments } from './shipments.table.ts';

type CreateInput = z.output<typeof shipmentCreateSchema>;
type UpdateInput = z.output<typeof shipmentUpdateSchema>;

/** 'Відвантажити' (sales.md §3): a draft with every line's remaining quantity (or the lines asked for). */
export async function createShipment(db: DbOrTx, ctx: AuditContext, input: CreateInput): Promise<Shipment> {
  return db.transaction(async (tx) => {
    const order = await orderOf(tx, input.orderId, false);
    assertShippable(order);
    const progress = new Map((await lineProgress(tx, order.id)).map((p) => [p.id, p]));
    const lines = await orderLinesWithItems(tx, order.id);
    const byId = new Map(lines.map((l) => [l.id, l]));
    const wanted: Array<{ line: (typeof lines)[number]; qty: string }> = [];
    const fields: Record<string, string> = {};
    if (input.lines) {
      const seen = new Set<number>();
      input.lines.forEach((l, i) => {
        const line = byId.get(l.orderLineId);
        if (!line) fields[`lines.${i}.orderLineId`] = msg.lineNotOfOrder;
        else if (seen.has(line.id)) fields[`lines.${i}.orderLineId`] = msg.lineTwice;
        else if (line.itemId === null) fields[`lines.${i}.orderLineId`] = msg.lineUnmapped;
        else {
          seen.add(line.id);
          const remaining = sub(dec(line.qty), progress.get(line.id)?.shipped ?? dec(0));
          if (cmp(dec(l.qty), remaining) > 0) {
            fields[`lines.${i}.qty`] = msg.overRemaining(line.lineNo, line.sku ?? '', qtyText(remaining));
          } else if (line.serialTracking && !isWhole(l.qty)) fields[`lines.${i}.qty`] = msg.serialWholeQty;
          else wanted.push({ line, qty: l.qty });
        }
      });
    } else {
      for (const line of lines) {
        if (line.itemId === null) continue;
        const remaining = sub(dec(line.qty), progress.get(line.id)?.shipped ?? dec(0));
        if (cmp(remaining, dec(0)) > 0) wanted.push({ line, qty: fixed(remaining, 4) });
      }
    }
    if (Object.keys(fields).length) throw new DomainError(400, Object.values(fields)[0]!, fields);
    if (!wanted.length) throw new DomainError(409, msg.nothingToShip);

    const np = await readNpSettings(tx);
    const shipmentDate = input.shipmentDate ?? kyivToday();
    const unitById = await lineUnitsOf(tx, lines);
    const computed = wanted.map(({ line, qty }) => ({
      line,
      ...shipmentLineValues(line, qty, order.pricesIncludeVat, unitById),
    }));
    const gross = computed.reduce((s, c) => add(s, dec(c.lineGross)), dec(0));
    const declared = round(mul(gross, dec(order.fxRate)), 2);
    // The parcel's weight from the items' own weights, when every stocked line has one.
    const stocked = computed.filter((c) => c.line.kind !== 'service');
    const weight =
      stocked.length && stocked.every((c) => c.line.weightKg && !isZero(dec(c.line.weightKg)))
        ? stocked.reduce((s, c) => add(s, mul(dec(c.qty), dec(c.line.weightKg!))), dec(0))
        : null;
    const [row] = await tx
      .insert(shipments)
      .values({
        number: await nextNumber(tx, 'shipment', shipmentDate),
        shipmentDate,
        status: 'draft',
        orderId: order.id,
        warehouseId: order.warehouseId,
        carrierId: order.carrierId,
        senderProfile: 'own',
        recipientName: order.recipientName,
        recipientPhone: order.recipientPhone,
        npCityRef: order.npCityRef,
        npCityName: order.npCityName,
        deliveryType: order.deliveryType,
        npWarehouseRef: order.npWarehouseRef,
        npWarehouseNumber: order.npWarehouseNumber,
        npWarehouseAddress: order.npWarehouseAddress,
        address: order.address,
        serviceType: order.serviceType ?? np.defaultServiceType,
        payerType: order.payerType ?? np.defaultPayerType,
        paymentMethod: order.paymentMethod ?? np.defaultPaymentMethod,
        declaredValue: fixed(declared, 2),
        codAmount: order.codEnabled ? fixed(declared, 2) : null,
        weightKg: weight && cmp(weight, dec(0)) > 0 ? fixed(round(weight, 3), 3) : null,
        description: np.defaultCargoDescription,
        createdBy: ctx.userId,
      })
      .returning({ id: shipments.id });
    await tx.insert(shipmentLines).values(
      computed.map((c) => ({
        shipmentId: row!.id,
        orderLineId: c.line.id,
        itemId: c.line.itemId!,
        qty: c.qty,
        enteredQty: c.enteredQty,
        enteredUnitId: c.enteredUnitId,
        unitPrice: c.unitPrice,
        discountPercent: c.line.discountPercent,
        vatRate: c.line.vatRate,
        lineNet: c.lineNet,
        lineVat: c.lineVat,
        lineGross: c.lineGross,
      })),
    );
    const after = await getShipment(tx, row!.id);
    await audit(tx, ctx, { action: 'create', entityType: SHIPMENTS_ENTITY, entityId: row!.id, after });
    return after;
  });
}

// ---- update ------------------------------------------------------------------------------------------------------------

const deliveryKeys = [
  'carrierId',
  'senderProfile',
  'recipientName',
  'recipientPhone',
  'npCityRef',
  'npCityName',
  'deliveryType',
  'npWarehouseRef',
  'npWarehouseNumber',
  'npWarehouseAddress',
  'address',
  'serviceType',
  'payerType',
  'paymentMethod',
  'declaredValue',
  'codAmount',
  'weightKg',
  'seats',
  'description',
] as const;

const sameValue = (a: unknown, b: unknown) => {
  if (Array.isArray(a) || Array.isArray(b)) return JSON.stringify(a ?? []) === JSON.stringify(b ?? []);
  if (typeof a === 'string' && typeof b === 'string' && /^\d+(\.\d+)?$/.test(a) && /^\d+(\.\d+)?$/.test(b)) {
    return cmp(dec(a), dec(b)) === 0;
  }
  return (a ?? null) === (b ?? null);
};

/**
 * PATCH (sales.md §3): in a draft the lines (quantities, serials, lines added or removed) and every header field; a
 * posted shipment keeps its lines, and its delivery fields change only while it has no active waybill. The delivery
 * status and tracking number are typed by hand only for carriers other than Nova Poshta.
 */
export async function updateShipment(
  db: DbOrTx,
  ctx: AuditContext,
  id: number,
  change: UpdateInput,
): Promise<Shipment> {
  return db.transaction(async (tx) => {
    const row = await lockShipment(tx, id, change.version);
    if (row.status === 'cancelled') throw new DomainError(409, msg.cancelledDoc);
    const draft = row.status === 'draft';
    const before = await getShipment(tx, id);
    const set: Partial<typeof shipments.$inferInsert> = {};

    // Header and delivery fields: only the ones that really change.
    const deliveryChanges = deliveryKeys.filter(
      (k) => change[k] !== undefined && !sameValue(change[k], (row as Record<string, unknown>)[k]),
    );
    if (deliveryChanges.length && activeWaybillStates.includes(row.waybillState)) {
      throw new DomainError(409, msg.waybillActive);
    }
    for (const k of deliveryChanges) (set as Record<string, unknown>)[k] = change[k] ?? null;
    if (change.carrierId !== undefined && change.carrierId !== null && deliveryChanges.includes('carrierId')) {
      const [carrier] = await tx.select({ id: carriers.id }).from(carriers).where(eq(carriers.id, change.carrierId));
      if (!carrier) throw new DomainError(400, msg.reference, { carrierId: msg.reference });
    }
    if (change.shipmentDate !== undefined && change.shipmentDate !== row.shipmentDate) {
      if (!draft) throw new DomainError(409, msg.notDraft);
      set.shipmentDate = change.shipmentDate;
    }
    if (change.notes !== undefined) set.notes = change.notes ?? null;

    // Hand-kept tracking of other carriers.
    const carrierId = set.carrierId !== undefined ? set.carrierId : row.carrierId;
    const [carrier] = carrierId
      ? await tx.select({ kind: carriers.kind }).from(carriers).where(eq(carriers.id, carrierId))
      : [];
    const isNp = carrier?.kind === 'nova_poshta';
    if (change.trackingNumber !== undefined && change.trackingNumber !== row.trackingNumber) {
      if (isNp) throw new DomainError(409, msg.deliveryManualOnlyOther);
      set.trackingNumber = change.trackingNumber ?? null;
    }
    if (change.deliveryStatus !== undefined && change.deliveryStatus !== row.deliveryStatus) {
      if (isNp) throw new DomainError(409, msg.deliveryManualOnlyOther);
      if (row.status !== 'posted') throw new DomainError(409, msg.deliveryNeedsPosted);
      const status: DeliveryStatus = change.deliveryStatus;
      set.deliveryStatus = status;
      set.deliveryStatusCode = null;
      set.deliveryStatusText = deliveryStatusLabels[status];
      set.deliveredAt = status === 'delivered' ? new Date() : null;
      set.trackingHistory = [
        ...row.trackingHistory,
        { at: new Date().toISOString(), code: '', text: deliveryStatusLabels[status], status },
      ];
    }

    if (change.lines?.length) {
      if (!draft) throw new DomainError(409, msg.notDraft);
      await applyLineChanges(tx, ctx, row, change.lines);
    }
    await tx
      .update(shipments)
      .set({ ...set, version: sql`${shipments.version} + 1`, updatedAt: sql`now()` })
      .where(eq(shipments.id, id));
    const after = await getShipment(tx, id);
    await audit(tx, ctx, { action: 'update', entityType: SHIPMENTS_ENTITY, entityId: id, before, after });
    return after;
  });
}

// ---- delete ---------------------------------------------------------------------------------------------------------

export async function deleteShipment(db: DbOrTx, ctx: AuditContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockShipment(tx, id);
    if (row.status !== 'draft') throw new DomainError(409, row.status === 'posted' ? msg.posted : msg.notDraft);
    if (activeWaybillStates.includes(row.waybillState)) throw new DomainError(409, msg.deleteWithWaybill);
    const before = await getShipment(tx, id);
    const serialIds = (await currentSerials(tx, id)).map((l) => l.serialId);
    await moveSerials(tx, {
      serialIds,
      from: ['reserved'],
      to: 'available',
      event: 'unreserved',
      document: { type: 'shipment', id, number: row.number },
      shipmentId: null,
      userId: ctx.userId,
      note: 'Чернетку відвантаження видалено',
    });
    await tx.delete(shipments).where(eq(shipments.id, id));
    await audit(tx, ctx, { action: 'delete', entityType: SHIPMENTS_ENTITY, entityId: id, before });
  });
}

/**
 * For the orders module: an order being cancelled takes its draft shipments with it (sales.md §1.1), their serials
 * back in stock. A draft whose waybill exists (or may) is refused: the user deletes or reconciles it first.
 */
export async function deleteDraftShipmentsOfOrder(tx: DbOrTx, ctx: AuditContext, orderId: number): Promise<number> {
  const drafts = await tx
    .select({ id: shipments.id, number: shipments.number, waybillState: shipments.waybillState })
    .from(shipments)
    .where(and(eq(shipments.orderId, orderId), eq(shipments.status, 'draft')))
    .orderBy(asc(shipments.id));
  const pinned = drafts.find((d) => activeWaybillStates.includes(d.waybillState));
  if (pinned) throw new DomainError(409, `${pinned.number}: ${msg.deleteWithWaybill}`);
  for (const draft of drafts) await deleteShipment(tx, ctx, draft.id);
  return drafts.length;
}
