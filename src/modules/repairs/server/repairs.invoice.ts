// 'Виставити рахунок' (production.md §7, paid repairs only): a sales order through the orders module, whose lines are
// services — 'Ремонт {item}, s/n {serial}' (hours × the price of the service 'Ремонт') and 'Запчастини' at Σ price
// for the client — so its shipment moves no stock (the parts already left through RPP). The service items are found
// by SKU and made on first need (the demo gives 'Ремонт' its price); the order is confirmed, ready for its invoice.
import { eq, sql } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { checkVersion } from '@/server/kernel/documents.ts';
import { cmp, dec } from '@/shared/decimal.ts';
import { kyivToday } from '@/shared/kyiv-date.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { confirmOrder, createOrder } from '@/modules/orders/server/index.ts';
import { orderCreateSchema } from '@/modules/orders/orders.contract.ts';
import { items } from '@/resources/items/items.table.ts';
import { units } from '@/resources/units/units.table.ts';
import { serialNumbers } from '@/modules/serial-numbers/server/index.ts';
import { repairMessages, type RepairInvoiceResult } from '../repairs.contract.ts';
import { repairs } from './repairs.table.ts';
import { getRepair, repairCosts } from './repairs.read.ts';
import { ENTITY, PARTS_SERVICE_SKU, REPAIR_SERVICE_SKU } from './repairs.common.ts';
import { loadRepair, refuseClosed } from './repairs.write.ts';

async function ensureService(tx: DbOrTx, ctx: AuditContext, sku: string, name: string, unit: string, price: string) {
  const [found] = await tx.select({ id: items.id }).from(items).where(eq(items.sku, sku));
  if (found) return found.id;
  const [u] = await tx
    .select({ id: units.id })
    .from(units)
    .where(sql`${units.shortName} in (${unit}, 'шт')`)
    .orderBy(sql`case when ${units.shortName} = ${unit} then 0 else 1 end`)
    .limit(1);
  if (!u)
    throw new DomainError(
      409,
      sku === REPAIR_SERVICE_SKU ? repairMessages.noRepairService : repairMessages.noPartsService,
    );
  const [row] = await tx
    .insert(items)
    .values({ kind: 'service', sku, name, unitId: u.id, retailPrice: price, stockControl: false })
    .returning();
  await audit(tx, ctx, { action: 'create', entityType: 'items', entityId: row!.id, after: row });
  return row!.id;
}

/** The services 'Ремонт' (per hour) and 'Запчастини' the invoice bills; made when missing. */
export async function ensureRepairServices(tx: DbOrTx, ctx: AuditContext, hourPrice = '0') {
  return {
    repairId: await ensureService(tx, ctx, REPAIR_SERVICE_SKU, repairMessages.repairServiceName, 'год', hourPrice),
    partsId: await ensureService(tx, ctx, PARTS_SERVICE_SKU, repairMessages.partsServiceName, 'шт', '0'),
  };
}

export async function invoiceRepair(
  tx: DbOrTx,
  ctx: AuditContext,
  id: number,
  version?: number,
): Promise<RepairInvoiceResult> {
  const repair = await loadRepair(tx, id, true);
  checkVersion(version, repair.version, repairMessages.version);
  refuseClosed(repair);
  if (repair.isWarranty) throw new DomainError(409, repairMessages.invoiceWarranty);
  if (repair.billingOrderId != null) throw new DomainError(409, repairMessages.invoiceExists);
  const services = await ensureRepairServices(tx, ctx);
  const costs = await repairCosts(tx, id, false);
  const [item] = await tx.select({ name: items.name }).from(items).where(eq(items.id, repair.itemId));
  const [serial] = repair.serialNumberId
    ? await tx
        .select({ serial: serialNumbers.serial })
        .from(serialNumbers)
        .where(eq(serialNumbers.id, repair.serialNumberId))
    : [];
  const lines = [];
  if (cmp(dec(costs.hours), dec(0)) > 0) {
    lines.push({
      itemId: services.repairId,
      qty: costs.hours,
      unitPrice: costs.hourPrice,
      discountPercent: '0',
      notes: repairMessages.invoiceLine(item?.name ?? '', serial?.serial ?? null),
    });
  }
  if (cmp(dec(costs.partsPriceForClient), dec(0)) > 0) {
    lines.push({
      itemId: services.partsId,
      qty: '1',
      unitPrice: costs.partsPriceForClient,
      discountPercent: '0',
      notes: repairMessages.partsLine,
    });
  }
  if (!lines.length) throw new DomainError(409, repairMessages.invoiceEmpty);
  const body = orderCreateSchema.parse({
    orderDate: kyivToday(),
    clientId: repair.clientId,
    contactId: repair.contactId,
    notes: repairMessages.invoiceLine(item?.name ?? '', serial?.serial ?? null),
    lines,
  });
  const orderId = await createOrder(tx, ctx, body);
  await confirmOrder(tx, ctx, orderId);
  await tx
    .update(repairs)
    .set({ billingOrderId: orderId, version: repair.version + 1, updatedAt: new Date() })
    .where(eq(repairs.id, id));
  await audit(tx, ctx, {
    action: 'update',
    entityType: ENTITY,
    entityId: id,
    before: { billingOrderId: null },
    after: { billingOrderId: orderId },
  });
  const detail = await getRepair(tx, id);
  return { orderId, orderNumber: detail.billingOrderNumber ?? '', repair: detail };
}
