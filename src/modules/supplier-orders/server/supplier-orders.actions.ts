// Supplier orders (warehouse.md §5), the state table (send, confirm, return to draft, close, cancel) and 'Отримати' (a
// receipt draft of what is still to come). Every change is one audited transaction with the order row locked.
import { asc, eq, sql } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import { dec, div, fixed, isZero, mul } from '@/shared/decimal.ts';
import { DOCUMENT_QTY_SCALE, pricePerStockUnit, toStockUnit } from '@/shared/unit-conversion.ts';
import { unitsByIds } from '@/resources/units/units.read.ts';
import type { z } from '@/shared/zod-uk.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import type { Mailer } from '@/modules/email-settings/server/index.ts';
import type { Receipt } from '@/modules/supplier-receipts/supplier-receipts.contract.ts';
import { supplierDocumentTypes } from '@/resources/supplier-document-types/supplier-document-types.table.ts';
import {
  orderActionLabels,
  orderMessages,
  orderTransitions,
  receivableStatuses,
  type Order,
  type OrderAction,
  type orderReceiveSchema,
} from '../supplier-orders.contract.ts';
import { kyivToday } from './supplier-orders.progress.ts';
import { supplierOrderReceipts } from './supplier-order-receipts.ts';
import { emailOrderToSupplier } from './supplier-orders.mail.ts';
import { supplierOrders } from './supplier-orders.table.ts';
import { getOrder } from './supplier-orders.read.ts';
import { checkVersion } from '@/server/kernel/documents.ts';
import { ENTITY, statusLabel } from './supplier-orders.write.ts';

/**
 * What is still to come of each line, in the unit the line was ordered in (a line in 'кг' is received in 'кг', at its
 * price per kilogram) — unless what remains does not convert back exactly, then in the stock unit at the price per
 * stock unit. Received quantities are always compared in the stock unit.
 */
async function remainingInLineUnits(tx: DbOrTx, lines: Order['lines']) {
  const unitById = await unitsByIds(tx, [
    ...new Set(lines.filter((l) => l.enteredUnitId !== null).flatMap((l) => [l.enteredUnitId!, l.stockUnitId!])),
  ]);
  return lines.map((l) => {
    const line = { itemId: l.itemId, vatRate: l.vatRate, supplierItemName: null, supplierOrderLineId: l.id };
    const inStock = { ...line, qty: l.remainingQty, unitPrice: l.unitPrice };
    const entered = l.enteredUnitId === null ? undefined : unitById.get(l.enteredUnitId);
    const stock = l.stockUnitId === null ? undefined : unitById.get(l.stockUnitId);
    if (!entered || !stock) return inStock;
    const remaining = fixed(dec(l.remainingQty), DOCUMENT_QTY_SCALE);
    const typed =
      remaining === fixed(dec(l.qty), DOCUMENT_QTY_SCALE)
        ? l.enteredQty
        : fixed(
            div(mul(dec(remaining), dec(stock.factor)), dec(entered.factor), DOCUMENT_QTY_SCALE),
            DOCUMENT_QTY_SCALE,
          );
    const back = toStockUnit(typed, entered, stock, DOCUMENT_QTY_SCALE);
    if (back.ok && back.qty === remaining) return { ...line, qty: typed, unitId: entered.id, unitPrice: l.unitPrice };
    return { ...inStock, unitPrice: pricePerStockUnit(l.unitPrice, entered, stock) };
  });
}

// ---- the state table -------------------------------------------------------------------------------------------

const nothingReceived = (order: Order) => order.lines.every((l) => isZero(dec(l.receivedQty)));

export interface TransitionInput {
  version?: number;
  /** 'Надіслати' only: also e-mail the print form to the supplier (needs `mailer`). */
  email?: boolean;
  reason?: string;
  expectedDate?: string | null;
  supplierReference?: string | null;
}

/** One user action of the state table (warehouse.md §5); a wrong one is a 409 that changes nothing. */
export async function transitionOrder(
  db: DbOrTx,
  ctx: AuditContext,
  id: number,
  action: OrderAction,
  input: TransitionInput = {},
  mailer?: Mailer,
): Promise<Order & { emailedTo?: string[] }> {
  return db.transaction(async (tx) => {
    const before = await getOrder(tx, id, true);
    const rule = orderTransitions[action];
    if (action === 'cancel' && !nothingReceived(before)) throw new DomainError(409, orderMessages.somethingReceived);
    if (!rule.from.includes(before.status)) {
      throw new DomainError(409, orderMessages.transition(orderActionLabels[action], statusLabel(before.status)));
    }
    checkVersion(input.version, before.version, orderMessages.version);
    if (action === 'return-to-draft' && !nothingReceived(before)) {
      throw new DomainError(409, orderMessages.receivedNoDraft);
    }
    const set: Partial<typeof supplierOrders.$inferInsert> = { status: rule.to };
    if (action === 'send') set.sentAt = sql`now()` as unknown as Date;
    if (action === 'confirm') {
      set.confirmedAt = sql`now()` as unknown as Date;
      if (input.expectedDate) set.expectedDate = input.expectedDate;
      if (input.supplierReference) set.supplierReference = input.supplierReference;
    }
    if (action === 'return-to-draft') {
      set.sentAt = null;
      set.confirmedAt = null;
    }
    if (action === 'close') {
      set.closedAt = sql`now()` as unknown as Date;
      set.closeReason = input.reason ?? null;
    }
    if (action === 'cancel') {
      set.cancelledAt = sql`now()` as unknown as Date;
      set.cancelReason = input.reason ?? null;
    }
    await tx
      .update(supplierOrders)
      .set({ ...set, version: sql`${supplierOrders.version} + 1`, updatedAt: sql`now()` })
      .where(eq(supplierOrders.id, id));
    const after = await getOrder(tx, id);
    const emailedTo =
      action === 'send' && input.email && mailer ? await emailOrderToSupplier(tx, mailer, after) : undefined;
    await audit(tx, ctx, {
      action: action === 'cancel' ? 'cancel' : 'status_change',
      entityType: ENTITY,
      entityId: id,
      before,
      after: emailedTo ? { ...after, emailedTo } : after,
    });
    return emailedTo ? { ...after, emailedTo } : after;
  });
}

/**
 * 'Отримати': a supplier-receipt DRAFT holding exactly the remaining quantities at the order's prices, currency,
 * rate and VAT mode, into the given warehouse, else the order's (always set), linked line by line.
 */
export async function receiveOrder(
  db: DbOrTx,
  ctx: AuditContext,
  id: number,
  input: z.output<typeof orderReceiveSchema>,
): Promise<Receipt> {
  return db.transaction(async (tx) => {
    const order = await getOrder(tx, id, true);
    if (!(receivableStatuses as readonly string[]).includes(order.status)) {
      throw new DomainError(409, orderMessages.transition(orderActionLabels.receive, statusLabel(order.status)));
    }
    const remaining = order.lines.filter((l) => !isZero(dec(l.remainingQty)));
    if (!remaining.length) throw new DomainError(409, orderMessages.nothingToReceive);
    // The order's warehouse (getOrder answers the default one for an order stored without it), unless the dialog
    // names another.
    const warehouseId = input.warehouseId ?? order.warehouseId;
    if (!warehouseId) throw new DomainError(400, orderMessages.noWarehouse, { warehouseId: orderMessages.noWarehouse });
    let documentTypeId = input.documentTypeId ?? null;
    if (!documentTypeId) {
      const [first] = await tx
        .select({ id: supplierDocumentTypes.id })
        .from(supplierDocumentTypes)
        .where(eq(supplierDocumentTypes.isActive, true))
        .orderBy(asc(supplierDocumentTypes.id))
        .limit(1);
      documentTypeId = first?.id ?? null;
    }
    if (!documentTypeId) {
      throw new DomainError(400, orderMessages.noDocumentType, { documentTypeId: orderMessages.noDocumentType });
    }
    return supplierOrderReceipts().createDraft(tx, ctx, {
      supplierId: order.supplierId,
      companyId: order.companyId,
      warehouseId,
      documentTypeId,
      supplierDocNumber: input.supplierDocNumber,
      supplierDocDate: input.supplierDocDate,
      documentDate: input.documentDate ?? kyivToday(),
      currencyCode: order.currencyCode,
      fxRate: order.fxRate,
      pricesIncludeVat: order.pricesIncludeVat,
      extraCosts: '0',
      extraCostsMethod: 'by_value',
      notes: null,
      supplierOrderId: order.id,
      lines: await remainingInLineUnits(tx, remaining),
    });
  });
}
