// Supplier orders (warehouse.md §5), writing: a PO is not a ledger document. Lines keep their ids, because receipt
// lines point at them; a line something arrived against keeps its item and at least the received quantity. Every
// change is one audited transaction with the order row locked.
import { checkVersion } from '@/server/kernel/documents.ts';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import { add, cmp, dec, fixed } from '@/shared/decimal.ts';
import { lineAmounts } from '@/shared/vat.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { nextNumber } from '@/modules/stock/server/index.ts';
import { supplierReceipts } from '@/modules/supplier-receipts/server/supplier-receipts.table.ts';
import { companies } from '@/resources/companies/companies.table.ts';
import { counterparties } from '@/resources/counterparties/counterparties.table.ts';
import { items } from '@/resources/items/items.table.ts';
import { warehouses } from '@/resources/warehouses/warehouses.table.ts';
import {
  editableStatuses,
  orderMessages,
  orderStatusLabels,
  type Order,
  type OrderBody,
  type OrderStatus,
} from '../supplier-orders.contract.ts';
import { receivedOfLine, syncSupplierOrderStatus } from './supplier-orders.progress.ts';
import { supplierOrderLines, supplierOrders } from './supplier-orders.table.ts';
import { rowsOf } from '@/server/kernel/rows.ts';
import { stockQuantities, type LineQty } from '@/resources/units/units.read.ts';
import { getOrder } from './supplier-orders.read.ts';
import { receivingWarehouseId } from './supplier-orders.defaults.ts';

type LineInput = OrderBody['lines'][number];
type Header = Omit<OrderBody, 'lines'>;
export const ENTITY = 'supplier_orders';

// ---- writing ---------------------------------------------------------------------------------------------------

async function checkReferences(tx: DbOrTx, header: Header, lines: readonly LineInput[], newItems: Set<number>) {
  const fields: Record<string, string> = {};
  const [supplier] = await tx
    .select({ id: counterparties.id })
    .from(counterparties)
    .where(and(eq(counterparties.id, header.supplierId), eq(counterparties.isSupplier, true)));
  if (!supplier) fields.supplierId = orderMessages.notSupplier;
  if (header.warehouseId) {
    const [warehouse] = await tx
      .select({ id: warehouses.id })
      .from(warehouses)
      .where(eq(warehouses.id, header.warehouseId));
    if (!warehouse) fields.warehouseId = orderMessages.reference;
  }
  if (header.companyId) {
    const [company] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, header.companyId));
    if (!company) fields.companyId = orderMessages.reference;
  }
  const ids = [...new Set(lines.map((l) => l.itemId))];
  const found = await tx
    .select({ id: items.id, kind: items.kind, isActive: items.isActive })
    .from(items)
    .where(inArray(items.id, ids));
  const byId = new Map(found.map((i) => [i.id, i]));
  lines.forEach((line, i) => {
    const item = byId.get(line.itemId);
    if (!item || item.kind === 'service') fields[`lines.${i}.itemId`] = orderMessages.notStocked;
    else if (!item.isActive && newItems.has(i)) fields[`lines.${i}.itemId`] = orderMessages.inactive;
  });
  if (Object.keys(fields).length) throw new DomainError(400, Object.values(fields)[0]!, fields);
}

/** A line's values: its stock quantity (and the typed one in another unit); amounts are typed qty × price. */
const lineValues = (line: LineInput, quantity: LineQty, index: number, pricesIncludeVat: boolean) => {
  const totals = lineAmounts(dec(line.qty), dec(line.unitPrice), line.vatRate, pricesIncludeVat);
  return {
    values: {
      lineNo: index + 1,
      itemId: line.itemId,
      ...quantity,
      unitPrice: fixed(dec(line.unitPrice), 6),
      vatRate: line.vatRate,
      lineNet: fixed(totals.net, 2),
      lineVat: fixed(totals.vat, 2),
      lineGross: fixed(totals.gross, 2),
      expectedDate: line.expectedDate ?? null,
      notes: line.notes ?? null,
    },
    totals,
  };
};

interface StoredLine {
  id: number;
  lineNo: number;
  itemId: number;
  received: string;
  linked: number;
  /** The item's stock unit (received quantities are in it). */
  unit: string | null;
}

/**
 * Writes the lines, keeping ids: a row with `id` updates that stored line, a row without one is new, a stored line
 * not in the rows is removed. A line something was received against keeps its item and at least its received qty;
 * a line any receipt points at cannot be removed.
 */
async function writeLines(tx: DbOrTx, orderId: number, header: Header, lines: readonly LineInput[]) {
  const stored = rowsOf<StoredLine>(
    await tx.execute(sql`select l.id, l.line_no as "lineNo", l.item_id as "itemId",
        ${receivedOfLine(sql`l.id`)}::text as received,
        (select count(*)::int from supplier_receipt_lines rl where rl.supplier_order_line_id = l.id) as linked,
        (select u.short_name from items i join units u on u.id = i.unit_id where i.id = l.item_id) as unit
      from supplier_order_lines l where l.order_id = ${orderId}`),
  ).map((l) => ({ ...l, id: Number(l.id), itemId: Number(l.itemId), linked: Number(l.linked) }));
  const byId = new Map(stored.map((l) => [l.id, l]));
  const fields: Record<string, string> = {};
  // A unit the stored lines already use stays allowed after it was made inactive.
  const used = await tx
    .selectDistinct({ id: supplierOrderLines.enteredUnitId })
    .from(supplierOrderLines)
    .where(eq(supplierOrderLines.orderId, orderId));
  const quantities = await stockQuantities(tx, lines, fields, new Set(used.map((u) => u.id ?? 0)));
  const kept = new Set<number>();
  lines.forEach((line, i) => {
    if (line.id === undefined) return;
    const old = byId.get(line.id);
    if (!old) {
      fields[`lines.${i}.id`] = orderMessages.reference;
      return;
    }
    kept.add(old.id);
    if (old.linked > 0 && old.itemId !== line.itemId) fields[`lines.${i}.itemId`] = orderMessages.lineReceived(i + 1);
    if (!fields[`lines.${i}.qty`] && cmp(dec(quantities[i]!.qty), dec(old.received)) < 0) {
      fields[`lines.${i}.qty`] = orderMessages.belowReceived(fixed(dec(old.received), 4), old.unit);
    }
  });
  for (const old of stored) {
    if (!kept.has(old.id) && old.linked > 0) fields.lines = orderMessages.lineReceived(old.lineNo);
  }
  if (Object.keys(fields).length) throw new DomainError(400, Object.values(fields)[0]!, fields);

  const removed = stored.filter((l) => !kept.has(l.id)).map((l) => l.id);
  if (removed.length) await tx.delete(supplierOrderLines).where(inArray(supplierOrderLines.id, removed));
  let net = dec(0);
  let vat = dec(0);
  let gross = dec(0);
  for (const [i, line] of lines.entries()) {
    const { values, totals } = lineValues(line, quantities[i]!, i, header.pricesIncludeVat);
    net = add(net, totals.net);
    vat = add(vat, totals.vat);
    gross = add(gross, totals.gross);
    if (line.id !== undefined) {
      await tx.update(supplierOrderLines).set(values).where(eq(supplierOrderLines.id, line.id));
    } else {
      await tx.insert(supplierOrderLines).values({ ...values, orderId });
    }
  }
  await tx
    .update(supplierOrders)
    .set({ totalNet: fixed(net, 2), totalVat: fixed(vat, 2), totalGross: fixed(gross, 2) })
    .where(eq(supplierOrders.id, orderId));
}

const headerValues = (h: Header) => ({
  supplierId: h.supplierId,
  companyId: h.companyId ?? null,
  warehouseId: h.warehouseId ?? null,
  orderDate: h.orderDate,
  expectedDate: h.expectedDate ?? null,
  currencyCode: h.currencyCode,
  fxRate: h.fxRate,
  pricesIncludeVat: h.pricesIncludeVat,
  supplierReference: h.supplierReference ?? null,
  notes: h.notes ?? null,
});

export async function createOrder(db: DbOrTx, ctx: AuditContext, input: OrderBody): Promise<Order> {
  return db.transaction(async (tx) => {
    const { lines: rawLines, ...header } = input;
    const lines = rawLines.map(({ id: _id, ...l }) => l);
    await checkReferences(tx, header, lines, new Set(lines.map((_, i) => i)));
    // Never without a warehouse: none named means the default one for these items (supplier-orders.defaults.ts).
    header.warehouseId = await receivingWarehouseId(
      tx,
      header.warehouseId,
      lines.map((l) => l.itemId),
    );
    const number = await nextNumber(tx, 'supplier_order', header.orderDate);
    const [row] = await tx
      .insert(supplierOrders)
      .values({ ...headerValues(header), number, createdBy: ctx.userId })
      .returning({ id: supplierOrders.id });
    await writeLines(tx, row!.id, header, lines);
    const after = await getOrder(tx, row!.id);
    await audit(tx, ctx, { action: 'create', entityType: ENTITY, entityId: row!.id, after });
    return after;
  });
}

export const statusLabel = (status: string) => orderStatusLabels[status as OrderStatus] ?? status;

export async function updateOrder(
  db: DbOrTx,
  ctx: AuditContext,
  id: number,
  change: Partial<OrderBody> & { version: number },
): Promise<Order> {
  return db.transaction(async (tx) => {
    const before = await getOrder(tx, id, true);
    if (!(editableStatuses as readonly string[]).includes(before.status)) {
      throw new DomainError(409, orderMessages.notEditable(statusLabel(before.status)));
    }
    checkVersion(change.version, before.version, orderMessages.version);
    const { version: _v, lines: newLines, ...headerChange } = change;
    const header: Header = {
      supplierId: before.supplierId,
      companyId: before.companyId,
      warehouseId: before.warehouseId,
      orderDate: before.orderDate,
      expectedDate: before.expectedDate,
      currencyCode: before.currencyCode,
      fxRate: before.fxRate,
      pricesIncludeVat: before.pricesIncludeVat,
      supplierReference: before.supplierReference,
      notes: before.notes,
      ...Object.fromEntries(Object.entries(headerChange).filter(([, v]) => v !== undefined)),
    };
    // Past the draft the order is the supplier's too: the supplier itself stays.
    if (before.status !== 'draft' && header.supplierId !== before.supplierId) {
      throw new DomainError(409, orderMessages.notEditable(statusLabel(before.status)), {
        supplierId: orderMessages.notEditable(statusLabel(before.status)),
      });
    }
    const lines: LineInput[] =
      newLines ??
      before.lines.map((l) => ({
        id: l.id,
        itemId: l.itemId,
        qty: l.enteredQty,
        unitId: l.enteredUnitId,
        unitPrice: l.unitPrice,
        vatRate: l.vatRate,
        expectedDate: l.expectedDate,
        notes: l.notes,
      }));
    const newItems = new Set(
      lines
        .map((l, i) => [l, i] as const)
        .filter(([l]) => l.id === undefined || before.lines.find((o) => o.id === l.id)?.itemId !== l.itemId)
        .map(([, i]) => i),
    );
    await checkReferences(tx, header, lines, newItems);
    // A warehouse cleared on the form is the default one again, never none.
    header.warehouseId = await receivingWarehouseId(
      tx,
      header.warehouseId,
      lines.map((l) => l.itemId),
    );
    await tx
      .update(supplierOrders)
      .set({ ...headerValues(header), version: sql`${supplierOrders.version} + 1`, updatedAt: sql`now()` })
      .where(eq(supplierOrders.id, id));
    await writeLines(tx, id, header, lines);
    await audit(tx, ctx, { action: 'update', entityType: ENTITY, entityId: id, before, after: await getOrder(tx, id) });
    // The status follows the lines: one cut down to what arrived may complete the order.
    await syncSupplierOrderStatus(tx, id, ctx);
    return getOrder(tx, id);
  });
}

export async function deleteOrder(db: DbOrTx, ctx: AuditContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await getOrder(tx, id, true);
    if (before.status !== 'draft') throw new DomainError(409, orderMessages.deleteOnlyDraft);
    const [linked] = await tx
      .select({ n: count() })
      .from(supplierReceipts)
      .where(eq(supplierReceipts.supplierOrderId, id));
    if (Number(linked?.n ?? 0) > 0) throw new DomainError(409, orderMessages.hasReceipts);
    await tx.delete(supplierOrders).where(eq(supplierOrders.id, id));
    await audit(tx, ctx, { action: 'delete', entityType: ENTITY, entityId: id, before });
  });
}
