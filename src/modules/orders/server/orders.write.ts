// The changes of a client order after its creation (sales.md §1.1–§1.3): editing with stable line ids and the
// reservations recomputed in the same transaction, deleting a draft, and every action of the state table —
// return to draft, close (by hand, or with undershipment), cancel, reserve/unreserve, production approval, copy.
// Each is one audited transaction with the order row locked and its version checked.
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import { add, cmp, dec, fixed, type Dec } from '@/shared/decimal.ts';
import { kyivToday } from '@/shared/kyiv-date.ts';
import { lineAmounts } from '@/shared/vat.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { settings } from '@/server/kernel/platform.table.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { releaseStock } from '@/modules/stock/server/index.ts';
import { deleteDraftShipmentsOfOrder, shipmentLines, shipments } from '@/modules/shipments/server/index.ts';
import { paymentAllocations, payments } from '@/modules/payments/server/payments.table.ts';
import type { Mailer } from '@/modules/email-settings/server/index.ts';
import { companies, companyBankAccounts } from '@/resources/companies/companies.table.ts';
import { counterpartyContacts } from '@/resources/counterparties/counterparties.table.ts';
import { amountInWords } from '@/shared/amount-in-words.ts';
import { formatDecimalUk } from '@/shared/decimal-format.ts';
import {
  orderMessages,
  orderStatuses,
  orderStatusLabels,
  type OrderBody,
  type OrderSettings,
  type OrderSettingsPatch,
  type OrderStatus,
  type OrderUpdate,
} from '../orders.contract.ts';
import {
  numberSetting,
  ORDER_LINE,
  orderSettingDefaults,
  orderSettingKeys,
  ORDERS_ENTITY,
  refreshOrder,
  releaseOrder,
  reserveOrder,
  trimLineReservation,
} from './order-effects.ts';
import { getOrder, orderLinesOf } from './orders.read.ts';
import {
  assertStatus,
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
import { printDate } from '@/server/kernel/pdf/pdf.ts';
import { renderInvoice } from './orders.print.ts';
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
      if (cmp(dec(line.qty), dec(old.shippedQty)) < 0) {
        fields[`lines.${i}.qty`] = orderMessages.belowShipped(qtyText(dec(old.shippedQty)));
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
    const changed = (await computeLines(tx, bodyLines, pricing, existingItems)).lines;
    // Lines nobody named keep their item, qty and prices; their amounts follow the VAT mode and the company.
    const keptMapped = kept.filter((l) => l.itemId != null);
    const keptComputed = (
      await computeLines(
        tx,
        keptMapped.map((l) => ({
          id: l.id,
          itemId: l.itemId!,
          qty: l.qty,
          unitPrice: l.unitPrice,
          discountPercent: l.discountPercent,
          vatRate: l.vatRate as LineInput['vatRate'],
          notes: l.notes,
        })),
        pricing,
        existingItems,
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

// ---- delete, return to draft -----------------------------------------------------------------------------------

async function shipmentCount(tx: DbOrTx, orderId: number, which: 'any' | 'notCancelled' | 'posted') {
  const where =
    which === 'any'
      ? eq(shipments.orderId, orderId)
      : which === 'posted'
        ? and(eq(shipments.orderId, orderId), eq(shipments.status, 'posted'))
        : and(eq(shipments.orderId, orderId), ne(shipments.status, 'cancelled'));
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(shipments)
    .where(where);
  return Number(row?.n ?? 0);
}

export async function deleteOrder(db: DbOrTx, ctx: AuditContext, id: number, version?: number): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, id, version);
    if (order.status !== 'draft') throw new DomainError(409, orderMessages.deleteOnlyDraft);
    const [allocated] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(paymentAllocations)
      .where(eq(paymentAllocations.orderId, id));
    if (Number(allocated?.n ?? 0) > 0) throw new DomainError(409, orderMessages.hasAllocations);
    if ((await shipmentCount(tx, id, 'any')) > 0) throw new DomainError(409, orderMessages.hasShipmentsDelete);
    const before = await getOrder(tx, id);
    await releaseOrder(tx, id);
    await tx.delete(orders).where(eq(orders.id, id));
    await audit(tx, ctx, { action: 'delete', entityType: ORDERS_ENTITY, entityId: id, before });
  });
}

/** 'Повернути в чернетку': confirmed, no shipment but cancelled ones; the reservations are released. */
export async function returnToDraft(db: DbOrTx, ctx: AuditContext, id: number, version?: number): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, id, version);
    assertStatus(order, ['confirmed'], 'Повернути в чернетку');
    if ((await shipmentCount(tx, id, 'notCancelled')) > 0) {
      throw new DomainError(409, orderMessages.hasShipmentsNoDraft);
    }
    await releaseOrder(tx, id);
    await tx
      .update(orders)
      .set({
        status: 'draft',
        confirmedAt: null,
        confirmedBy: null,
        version: sql`${orders.version} + 1`,
        updatedAt: now(),
      })
      .where(eq(orders.id, id));
    await audit(tx, ctx, {
      action: 'status_change',
      entityType: ORDERS_ENTITY,
      entityId: id,
      before: { status: order.status },
      after: { status: 'draft' },
    });
  });
}

// ---- close, cancel ---------------------------------------------------------------------------------------------

/**
 * 'Закрити' {reason}: a shipped order is completed by hand (closedAt, closeReason). 'Закрити з недовантаженням'
 * (partially shipped): each line is cut to its shipped qty (a line nothing was shipped of is removed), the totals
 * recomputed, the reservations and draft shipments released; closeReason is kept and the status derived again —
 * shipped, or completed when it is then paid.
 */
export async function closeOrder(db: DbOrTx, ctx: AuditContext, id: number, reason: string, version?: number) {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, id, version);
    assertStatus(order, ['shipped', 'partially_shipped'], 'Закрити');
    const before = await getOrder(tx, id);
    if (order.status === 'shipped') {
      await tx
        .update(orders)
        .set({
          status: 'completed',
          closedAt: now(),
          closeReason: reason,
          version: sql`${orders.version} + 1`,
          updatedAt: now(),
        })
        .where(eq(orders.id, id));
      await audit(tx, ctx, {
        action: 'status_change',
        entityType: ORDERS_ENTITY,
        entityId: id,
        before: { status: 'shipped' },
        after: { status: 'completed', reason },
      });
      return;
    }
    // Draft shipments go (their serials back on stock): posting them later would fail anyway.
    await deleteDraftShipmentsOfOrder(tx, ctx, id);
    await releaseOrder(tx, id);
    const lines = await orderLinesOf(tx, id, order.warehouseId);
    let net = dec(0);
    let vat = dec(0);
    let gross = dec(0);
    let lineNo = 0;
    for (const line of lines) {
      const shipped = dec(line.shippedQty);
      if (cmp(shipped, dec(0)) <= 0) {
        // Nothing shipped: the line goes. One a cancelled shipment still names cannot (its document keeps it).
        const [linked] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(shipmentLines)
          .where(eq(shipmentLines.orderLineId, line.id));
        if (Number(linked?.n ?? 0) > 0) throw new DomainError(409, orderMessages.closeLinked(line.lineNo));
        await tx.delete(orderLines).where(eq(orderLines.id, line.id));
        continue;
      }
      lineNo += 1;
      const qty = cmp(shipped, dec(line.qty)) < 0 ? shipped : dec(line.qty);
      const a = lineAmounts(qty, dec(line.unitPrice), line.vatRate, order.pricesIncludeVat, dec(line.discountPercent));
      net = add(net, a.net);
      vat = add(vat, a.vat);
      gross = add(gross, a.gross);
      await tx
        .update(orderLines)
        .set({
          lineNo,
          qty: fixed(qty, 4),
          lineNet: fixed(a.net, 2),
          lineVat: fixed(a.vat, 2),
          lineGross: fixed(a.gross, 2),
        })
        .where(eq(orderLines.id, line.id));
    }
    await tx
      .update(orders)
      .set({
        closeReason: reason,
        totalNet: fixed(net, 2),
        totalVat: fixed(vat, 2),
        totalGross: fixed(gross, 2),
        version: sql`${orders.version} + 1`,
        updatedAt: now(),
      })
      .where(eq(orders.id, id));
    await refreshOrder(tx, id, ctx);
    await audit(tx, ctx, {
      action: 'status_change',
      entityType: ORDERS_ENTITY,
      entityId: id,
      before,
      after: { ...(await getOrder(tx, id)), closeShort: true, reason },
    });
  });
}

/**
 * 'Скасувати' {reason} (draft, confirmed; no posted shipment): draft shipments deleted (serials back on stock),
 * reservations released, allocations removed so those payments become the client's advance.
 */
export async function cancelOrder(db: DbOrTx, ctx: AuditContext, id: number, reason: string, version?: number) {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, id, version);
    assertStatus(order, ['draft', 'confirmed'], 'Скасувати');
    if ((await shipmentCount(tx, id, 'posted')) > 0) throw new DomainError(409, orderMessages.postedShipment);
    const before = await getOrder(tx, id);
    await deleteDraftShipmentsOfOrder(tx, ctx, id);
    await releaseOrder(tx, id);
    const allocations = await tx
      .select({
        id: paymentAllocations.id,
        paymentId: paymentAllocations.paymentId,
        paymentNumber: payments.number,
        amount: paymentAllocations.amount,
      })
      .from(paymentAllocations)
      .innerJoin(payments, eq(payments.id, paymentAllocations.paymentId))
      .where(eq(paymentAllocations.orderId, id));
    if (allocations.length) {
      await tx.delete(paymentAllocations).where(eq(paymentAllocations.orderId, id));
      for (const a of allocations) {
        await audit(tx, ctx, {
          action: 'update',
          entityType: 'payments',
          entityId: a.paymentId,
          before: { allocation: { orderId: id, orderNumber: order.orderNumber, amount: a.amount } },
          after: { allocation: null, reason: `Замовлення ${order.orderNumber} скасовано — сума стала авансом` },
        });
      }
    }
    await tx
      .update(orders)
      .set({
        status: 'cancelled',
        cancelledAt: now(),
        cancelReason: reason,
        version: sql`${orders.version} + 1`,
        updatedAt: now(),
      })
      .where(eq(orders.id, id));
    await audit(tx, ctx, {
      action: 'cancel',
      entityType: ORDERS_ENTITY,
      entityId: id,
      before,
      after: { status: 'cancelled', reason, removedAllocations: allocations },
    });
  });
}

// ---- reservations, approval, copy ------------------------------------------------------------------------------

/** 'Зарезервувати' (retry) / 'Зняти резерв' on an active order. Answers the quantity reserved now. */
export async function reserveAction(
  db: DbOrTx,
  ctx: AuditContext,
  id: number,
  action: 'reserve' | 'unreserve',
  version?: number,
): Promise<string> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, id, version);
    assertStatus(order, ['confirmed', 'partially_shipped'], action === 'reserve' ? 'Зарезервувати' : 'Зняти резерв');
    let reserved = dec(0);
    if (action === 'reserve') reserved = await reserveOrder(tx, id);
    else await releaseOrder(tx, id);
    await tx
      .update(orders)
      .set({ version: sql`${orders.version} + 1`, updatedAt: now() })
      .where(eq(orders.id, id));
    await audit(tx, ctx, {
      action: 'update',
      entityType: ORDERS_ENTITY,
      entityId: id,
      after: action === 'reserve' ? { reserved: qtyText(reserved) } : { reservationsReleased: true },
    });
    return fixed(reserved, 4);
  });
}

/** Approval by hand with a note, or its revocation (allowed while no MO is linked — there are no MOs yet). */
export async function setProductionApproval(
  db: DbOrTx,
  ctx: AuditContext,
  id: number,
  input: { approved: boolean; note?: string | null; version?: number },
) {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, id, input.version);
    assertStatus(order, ['draft', 'confirmed', 'partially_shipped', 'shipped'], 'Дозвіл на виробництво');
    await tx
      .update(orders)
      .set({
        productionApproved: input.approved,
        productionApprovedAt: input.approved ? now() : null,
        productionApprovedBy: input.approved ? ctx.userId : null,
        productionApprovalNote: input.note ?? null,
        version: sql`${orders.version} + 1`,
        updatedAt: now(),
      })
      .where(eq(orders.id, id));
    await audit(tx, ctx, {
      action: 'update',
      entityType: ORDERS_ENTITY,
      entityId: id,
      before: { productionApproved: order.productionApproved, note: order.productionApprovalNote },
      after: { productionApproved: input.approved, note: input.note ?? null },
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
        qty: l.qty,
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

// ---- 'Надіслати рахунок' ---------------------------------------------------------------------------------------

const escapeHtml = (v: string) =>
  v.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Queues the invoice through the mail outbox to the client's contacts marked 'Отримує рахунки та накладні': the
 * PDF 'Рахунок на оплату' attached, and the letter repeating its figures and our requisites.
 */
export async function sendInvoice(
  db: DbOrTx,
  mailer: Mailer,
  ctx: AuditContext,
  id: number,
): Promise<{ queued: number; recipients: string[] }> {
  return db.transaction(async (tx) => {
    const order = await getOrder(tx, id);
    if (order.status === 'cancelled' || order.status === 'draft') {
      throw new DomainError(409, orderMessages.transition('Надіслати рахунок', label(order.status)));
    }
    const contacts = await tx
      .select({ fullName: counterpartyContacts.fullName, email: counterpartyContacts.email })
      .from(counterpartyContacts)
      .where(
        and(
          eq(counterpartyContacts.counterpartyId, order.clientId),
          eq(counterpartyContacts.receivesDocuments, true),
          eq(counterpartyContacts.isActive, true),
        ),
      );
    const recipients = [...new Set(contacts.map((c) => c.email?.trim()).filter((e): e is string => !!e))];
    if (!recipients.length) throw new DomainError(409, orderMessages.noRecipients);
    const [company] = await tx.select().from(companies).where(eq(companies.id, order.companyId));
    const [account] = await tx
      .select({ iban: companyBankAccounts.iban, bankName: companyBankAccounts.bankName })
      .from(companyBankAccounts)
      .where(
        and(
          eq(companyBankAccounts.companyId, order.companyId),
          eq(companyBankAccounts.currencyCode, order.currencyCode),
        ),
      )
      .orderBy(sql`${companyBankAccounts.isDefault} desc`)
      .limit(1);
    const currency = order.currencyCode === 'UAH' ? 'грн' : order.currencyCode;
    const subject = `Рахунок на оплату № ${order.orderNumber} від ${printDate(order.orderDate)}`;
    const lines = [
      'Добрий день!',
      '',
      `Надсилаємо рахунок на оплату № ${order.orderNumber} від ${printDate(order.orderDate)}.`,
      `Сума до сплати: ${formatDecimalUk(order.totalGross, 2)} ${currency}` +
        (order.currencyCode === 'UAH' ? ` (${amountInWords(order.totalGross, 'UAH')})` : '') +
        '.',
      company?.isVatPayer ? `У т.ч. ПДВ: ${formatDecimalUk(order.totalVat, 2)} ${currency}.` : 'Без ПДВ.',
      `Рахунок дійсний до ${printDate(order.paymentDueDate)}.`,
      '',
      `Отримувач: ${company?.fullName ?? ''}, ЄДРПОУ ${company?.taxId ?? ''}`,
      account ? `IBAN: ${account.iban}${account.bankName ? `, ${account.bankName}` : ''}` : '',
      `Призначення платежу: Оплата за рахунком № ${order.orderNumber}`,
      '',
      'Позиції:',
      ...order.lines.map(
        (l, i) =>
          `${i + 1}. ${l.itemName} — ${formatDecimalUk(l.qty, 0)} ${l.unitShortName ?? 'шт'} × ` +
          `${formatDecimalUk(l.unitPrice, 2)} = ${formatDecimalUk(order.pricesIncludeVat ? l.lineGross : l.lineNet, 2)}`,
      ),
      '',
      `З повагою, ${company?.name ?? ''}`,
    ].filter((l, i, all) => l !== '' || all[i - 1] !== '');
    const text = lines.join('\n');
    const html = `<div style="font-family:sans-serif">${lines
      .map((l) => (l === '' ? '<br>' : `<p style="margin:0 0 4px">${escapeHtml(l)}</p>`))
      .join('')}</div>`;
    const pdf = await renderInvoice(tx, order);
    const attachments = [{ fileName: `Рахунок ${order.orderNumber}.pdf`, contentType: 'application/pdf', data: pdf }];
    for (const to of recipients) {
      await mailer.enqueue(tx, { to, subject, text, html, eventKey: `order-invoice:${id}`, attachments });
    }
    await audit(tx, ctx, {
      action: 'update',
      entityType: ORDERS_ENTITY,
      entityId: id,
      after: { invoiceSent: { to: recipients, subject } },
    });
    return { queued: recipients.length, recipients };
  });
}

// ---- settings --------------------------------------------------------------------------------------------------

export async function getOrderSettings(db: DbOrTx): Promise<OrderSettings> {
  const [labels] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, orderSettingKeys.statusLabels));
  const stored = (labels?.value ?? {}) as Record<string, unknown>;
  return {
    productionPrepaymentPercent: await numberSetting(
      db,
      orderSettingKeys.productionPrepaymentPercent,
      orderSettingDefaults.productionPrepaymentPercent,
    ),
    invoiceValidityDays: await numberSetting(
      db,
      orderSettingKeys.invoiceValidityDays,
      orderSettingDefaults.invoiceValidityDays,
    ),
    statusLabels: Object.fromEntries(
      orderStatuses.map((s) => [
        s,
        typeof stored[s] === 'string' && stored[s] ? (stored[s] as string) : orderStatusLabels[s],
      ]),
    ) as OrderSettings['statusLabels'],
  };
}

export async function updateOrderSettings(
  db: DbOrTx,
  ctx: AuditContext,
  patch: OrderSettingsPatch,
): Promise<OrderSettings> {
  return db.transaction(async (tx) => {
    const before = await getOrderSettings(tx);
    const changes: Array<[string, unknown]> = [];
    if (patch.productionPrepaymentPercent !== undefined) {
      changes.push([orderSettingKeys.productionPrepaymentPercent, patch.productionPrepaymentPercent]);
    }
    if (patch.invoiceValidityDays !== undefined) {
      changes.push([orderSettingKeys.invoiceValidityDays, patch.invoiceValidityDays]);
    }
    if (patch.statusLabels !== undefined) {
      // Only renamed statuses are stored; a default name is not kept as an override.
      const merged = { ...before.statusLabels, ...patch.statusLabels };
      const overrides = Object.fromEntries(
        Object.entries(merged).filter(([s, v]) => v !== orderStatusLabels[s as OrderStatus]),
      );
      changes.push([orderSettingKeys.statusLabels, overrides]);
    }
    for (const [key, value] of changes) {
      await tx
        .insert(settings)
        .values({ key, value, updatedBy: ctx.userId })
        .onConflictDoUpdate({
          target: settings.key,
          set: { value: sql`excluded.value`, updatedBy: ctx.userId, updatedAt: sql`now()` },
        });
    }
    const after = await getOrderSettings(tx);
    if (JSON.stringify(before) !== JSON.stringify(after)) {
      await audit(tx, ctx, { action: 'setting_change', entityType: 'settings', entityId: 'orders', before, after });
    }
    return after;
  });
}
