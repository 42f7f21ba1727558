// The changes of a client order's content after its creation (sales.md §1.1–§1.3): editing with stable line ids and
// the reservations recomputed in the same transaction, and 'Копіювати'. The state-table actions are in
// orders.actions.ts. Each is one audited transaction with the order row locked and its version checked.
import { eq, inArray, sql } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import { add, cmp, dec, fixed, type Dec } from '@/shared/decimal.ts';
import { kyivToday } from '@/shared/kyiv-date.ts';
import { lineAmounts } from '@/shared/vat.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { releaseStock } from '@/modules/stock/server/index.ts';
import {
  orderMessages,
  orderStatusLabels,
  type OrderBody,
  type OrderStatus,
  type OrderUpdate,
} from '../orders.contract.ts';
import {
  ORDER_LINE,
  ORDERS_ENTITY,
  refreshOrder,
  releaseOrder,
  reserveOrder,
  trimLineReservation,
} from './order-effects.ts';
import { getOrder, orderLinesOf } from './orders.read.ts';
import {
  checkHeaderReferences,
  computeLines,
  createOrder,
  fxRateOf,
  loadClient,
  loadCompany,
  lockOrder,
  resolveWarehouse,
  type ComputedLine,
} from './orders.service.ts';
import { orderLines, orders } from './orders.table.ts';

type LineInput = OrderBody['lines'][number];
const label = (status: OrderStatus) => orderStatusLabels[status];
const qtyText = (v: Dec) => fixed(v, 4).replace(/\.?0+$/, '') || '0';
const now = () => sql`now()` as unknown as Date;

function fail(fields: Record<string, string>, status = 400): never {
  throw new DomainError(status, Object.values(fields)[0]!, fields);
}

// ---- editing -----------------------------------------------------------------------------------------------------

/**
 * PATCH (sales.md §1.1 'Editing'): draft and confirmed orders are editable; a partially shipped one takes new lines
 * and changes whose qty stays at least the shipped qty. A line any shipment points at keeps its item and cannot be
 * deleted. Lines keep their ids. Reservations follow in the same transaction: a lowered line gives back what is
 * above its remaining qty, a new or raised line reserves what is available, a changed warehouse re-reserves.
 */
export async function updateOrder(db: DbOrTx, ctx: AuditContext, id: number, change: OrderUpdate): Promise<void> {
  await db.transaction(async (tx) => {
    const stored = await lockOrder(tx, id, change.version);
    const status = stored.status;
    if (status !== 'draft' && status !== 'confirmed' && status !== 'partially_shipped') {
      throw new DomainError(409, orderMessages.notEditable(label(status)));
    }
    const before = await getOrder(tx, id);
    const { version: _v, lines: bodyLines = [], deletedLineIds = [], ...raw } = change;
    const h = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined)) as Partial<typeof raw>;

    // The header: what may change in which status.
    const clientId = h.clientId ?? stored.clientId;
    if (clientId !== stored.clientId && status !== 'draft') fail({ clientId: orderMessages.clientLocked }, 409);
    const currencyCode = h.currencyCode ?? stored.currencyCode;
    const fxRate = fxRateOf(currencyCode, h.fxRate ?? stored.fxRate);
    if (status !== 'draft' && (currencyCode !== stored.currencyCode || cmp(dec(fxRate), dec(stored.fxRate)) !== 0)) {
      fail({ currencyCode: orderMessages.currencyLocked }, 409);
    }
    const companyId = h.companyId ?? stored.companyId;
    if (companyId !== stored.companyId && status === 'partially_shipped') {
      fail({ companyId: orderMessages.companyLocked }, 409);
    }
    const warehouseId = h.warehouseId ? await resolveWarehouse(tx, h.warehouseId) : stored.warehouseId;
    if (warehouseId !== stored.warehouseId && status === 'partially_shipped') {
      fail({ warehouseId: orderMessages.warehouseLocked }, 409);
    }
    const client = await loadClient(tx, clientId);
    const company = await loadCompany(tx, companyId);
    const pricesIncludeVat = h.pricesIncludeVat ?? stored.pricesIncludeVat;
    const contactId = 'contactId' in h ? (h.contactId ?? null) : clientId === stored.clientId ? stored.contactId : null;
    const managerUserId = 'managerUserId' in h ? (h.managerUserId ?? null) : stored.managerUserId;
    const carrierId = 'carrierId' in h ? (h.carrierId ?? null) : stored.carrierId;
    await checkHeaderReferences(tx, { clientId, contactId, carrierId, managerUserId });

    // The lines: which stored ones are kept, changed or removed, and which are new.
    const storedLines = await orderLinesOf(tx, id, stored.warehouseId);
    const byId = new Map(storedLines.map((l) => [l.id, l]));
    const fields: Record<string, string> = {};
    const deleted = new Set<number>();
    deletedLineIds.forEach((lineId, i) => {
      const line = byId.get(lineId);
      if (!line) fields[`deletedLineIds.${i}`] = orderMessages.lineUnknown;
      else if (line.hasShipments) fields[`deletedLineIds.${i}`] = orderMessages.lineShipped(line.lineNo);
      else deleted.add(lineId);
    });
    const mentioned = new Set<number>();
    bodyLines.forEach((line, i) => {
      if (line.id === undefined) return;
      const old = byId.get(line.id);
      if (!old || deleted.has(line.id) || mentioned.has(line.id)) {
        fields[`lines.${i}.id`] = orderMessages.lineUnknown;
        return;
      }
      mentioned.add(line.id);
      if (old.hasShipments && old.itemId !== line.itemId) {
        fields[`lines.${i}.itemId`] = orderMessages.lineShipped(old.lineNo);
      }
    });
    if (Object.keys(fields).length) fail(fields);

    const kept = storedLines.filter((l) => !deleted.has(l.id) && !mentioned.has(l.id));
    if (!kept.length && !bodyLines.length) fail({ lines: orderMessages.noLines });
    const pricing = {
      pricesIncludeVat,
      companyVatPayer: company.isVatPayer,
      clientDiscount: client.discountPercent,
    };
    const existingItems = new Set(storedLines.map((l) => l.itemId).filter((v): v is number => v != null));
    // A unit the stored lines already use stays allowed after it was made inactive.
    const usedUnits = new Set(storedLines.map((l) => l.enteredUnitId).filter((v): v is number => v != null));
    const changed = (await computeLines(tx, bodyLines, pricing, existingItems, usedUnits)).lines;
    // Shipped quantities are in the stock unit: a changed line's stock qty stays at least at them.
    changed.forEach((line, i) => {
      const old = line.id === undefined ? undefined : byId.get(line.id);
      if (old && cmp(dec(line.qty), dec(old.shippedQty)) < 0) {
        fields[`lines.${i}.qty`] = orderMessages.belowShipped(qtyText(dec(old.shippedQty)), old.unitShortName);
      }
    });
    if (Object.keys(fields).length) fail(fields);
    // Lines nobody named keep their item, qty and prices; their amounts follow the VAT mode and the company.
    const keptMapped = kept.filter((l) => l.itemId != null);
    const keptComputed = (
      await computeLines(
        tx,
        keptMapped.map((l) => ({
          id: l.id,
          itemId: l.itemId!,
          qty: l.enteredQty,
          unitId: l.enteredUnitId,
          unitPrice: l.unitPrice,
          discountPercent: l.discountPercent,
          vatRate: l.vatRate as LineInput['vatRate'],
          notes: l.notes,
        })),
        pricing,
        existingItems,
        usedUnits,
      )
    ).lines;
    const keptUnmapped: ComputedLine[] = [];
    const unmappedAmounts = new Map<number, ComputedLine>();
    for (const l of kept.filter((k) => k.itemId == null)) {
      const a = lineAmounts(dec(l.qty), dec(l.unitPrice), l.vatRate, pricesIncludeVat, dec(l.discountPercent));
      const c: ComputedLine = {
        id: l.id,
        lineNo: l.lineNo,
        itemId: 0,
        qty: l.qty,
        enteredQty: null,
        enteredUnitId: null,
        unitPrice: l.unitPrice,
        discountPercent: l.discountPercent,
        vatRate: l.vatRate,
        lineNet: fixed(a.net, 2),
        lineVat: fixed(a.vat, 2),
        lineGross: fixed(a.gross, 2),
        notes: l.notes,
      };
      keptUnmapped.push(c);
      unmappedAmounts.set(l.id, c);
    }
    // The order of the lines: the body's when it names every line left, else the stored order with new ones last.
    const keptById = new Map([...keptComputed, ...keptUnmapped].map((l) => [l.id!, l]));
    const changedById = new Map(changed.filter((l) => l.id !== undefined).map((l) => [l.id!, l]));
    const final: ComputedLine[] = kept.length
      ? [
          ...storedLines
            .filter((l) => !deleted.has(l.id))
            .map((l) => keptById.get(l.id) ?? changedById.get(l.id)!)
            .filter(Boolean),
          ...changed.filter((l) => l.id === undefined),
        ]
      : changed;
    if (!final.length) fail({ lines: orderMessages.noLines });

    // Write: removed lines give their reservation back first.
    for (const lineId of deleted) await releaseStock(tx, ORDER_LINE, lineId);
    if (deleted.size) await tx.delete(orderLines).where(inArray(orderLines.id, [...deleted]));
    const toReserve = new Set<number>();
    const toTrim: number[] = [];
    let net = dec(0);
    let vat = dec(0);
    let gross = dec(0);
    for (const [index, line] of final.entries()) {
      net = add(net, dec(line.lineNet));
      vat = add(vat, dec(line.lineVat));
      gross = add(gross, dec(line.lineGross));
      const values = {
        lineNo: index + 1,
        qty: line.qty,
        enteredQty: line.enteredQty,
        enteredUnitId: line.enteredUnitId,
        unitPrice: line.unitPrice,
        discountPercent: line.discountPercent,
        vatRate: line.vatRate,
        lineNet: line.lineNet,
        lineVat: line.lineVat,
        lineGross: line.lineGross,
        notes: line.notes,
      };
      if (line.id === undefined) {
        const [inserted] = await tx
          .insert(orderLines)
          .values({ ...values, orderId: id, itemId: line.itemId })
          .returning({ id: orderLines.id });
        toReserve.add(inserted!.id);
        continue;
      }
      const old = byId.get(line.id)!;
      const mapped = unmappedAmounts.has(line.id) ? {} : { itemId: line.itemId };
      await tx
        .update(orderLines)
        .set({ ...values, ...mapped })
        .where(eq(orderLines.id, line.id));
      if (unmappedAmounts.has(line.id)) continue;
      if (old.itemId !== line.itemId) {
        await releaseStock(tx, ORDER_LINE, line.id);
        toReserve.add(line.id);
      } else {
        const c = cmp(dec(line.qty), dec(old.qty));
        if (c < 0) toTrim.push(line.id);
        if (c > 0) toReserve.add(line.id);
      }
    }

    const { lines: _l, deletedLineIds: _d, ...headerFields } = change;
    await tx
      .update(orders)
      .set({
        ...Object.fromEntries(
          Object.entries(headerFields).filter(([k, v]) => v !== undefined && k !== 'version' && k !== 'fxRate'),
        ),
        clientId,
        contactId,
        companyId: company.id,
        warehouseId,
        managerUserId,
        carrierId,
        currencyCode,
        fxRate,
        pricesIncludeVat,
        totalNet: fixed(net, 2),
        totalVat: fixed(vat, 2),
        totalGross: fixed(gross, 2),
        version: sql`${orders.version} + 1`,
        updatedAt: now(),
      })
      .where(eq(orders.id, id));

    if (status !== 'draft') {
      if (warehouseId !== stored.warehouseId) {
        await releaseOrder(tx, id);
        await reserveOrder(tx, id);
      } else {
        for (const lineId of toTrim) await trimLineReservation(tx, id, lineId);
        if (toReserve.size) await reserveOrder(tx, id, toReserve);
      }
      await refreshOrder(tx, id, ctx);
    }
    await audit(tx, ctx, {
      action: 'update',
      entityType: ORDERS_ENTITY,
      entityId: id,
      before,
      after: await getOrder(tx, id),
    });
  });
}

/**
 * 'Копіювати': a new draft for the same client with the same items, quantities, prices and discounts, dated today,
 * with the VAT rates the items have now. Answers the new order's id.
 */
export async function copyOrder(db: DbOrTx, ctx: AuditContext, id: number): Promise<number> {
  return db.transaction(async (tx) => {
    const source = await getOrder(tx, id);
    const lines = source.lines.filter((l) => l.itemId != null);
    if (!lines.length) throw new DomainError(409, orderMessages.nothingToCopy);
    const body: OrderBody = {
      orderDate: kyivToday(),
      clientId: source.clientId,
      contactId: source.contactId,
      companyId: source.companyId,
      managerUserId: source.managerUserId,
      warehouseId: source.warehouseId,
      currencyCode: source.currencyCode,
      fxRate: source.currencyCode === 'UAH' ? undefined : source.fxRate,
      pricesIncludeVat: source.pricesIncludeVat,
      dueDate: null,
      paymentDueDate: null,
      deliveryPresetId: source.deliveryPresetId,
      carrierId: source.carrierId,
      recipientName: source.recipientName,
      recipientPhone: source.recipientPhone,
      npCityRef: source.npCityRef,
      npCityName: source.npCityName,
      deliveryType: source.deliveryType as OrderBody['deliveryType'],
      npWarehouseRef: source.npWarehouseRef,
      npWarehouseNumber: source.npWarehouseNumber,
      npWarehouseAddress: source.npWarehouseAddress,
      address: source.address,
      serviceType: source.serviceType as OrderBody['serviceType'],
      payerType: source.payerType as OrderBody['payerType'],
      paymentMethod: source.paymentMethod as OrderBody['paymentMethod'],
      codEnabled: source.codEnabled,
      externalNumber: null,
      notes: source.notes,
      clientNotes: source.clientNotes,
      lines: lines.map((l) => ({
        itemId: l.itemId!,
        // As entered: the quantity in the line's unit, at the price per that unit.
        qty: l.enteredQty,
        unitId: l.enteredUnitId,
        unitPrice: l.unitPrice,
        discountPercent: l.discountPercent,
        notes: l.notes,
      })),
    };
    const newId = await createOrder(tx, ctx, body);
    await audit(tx, ctx, {
      action: 'update',
      entityType: ORDERS_ENTITY,
      entityId: newId,
      after: { copiedFrom: { id: source.id, orderNumber: source.orderNumber } },
    });
    return newId;
  });
}
