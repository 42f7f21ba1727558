// Client orders (sales.md §1): creation with server-computed totals and the confirmation that reserves stock.
// Every change is one audited transaction with the order row locked.
import { checkVersion } from '@/server/kernel/documents.ts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import { add, dec, fixed } from '@/shared/decimal.ts';
import { addDays } from '@/shared/kyiv-date.ts';
import { lineAmounts } from '@/shared/vat.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { nextNumber } from '@/modules/stock/server/index.ts';
import { companies } from '@/resources/companies/companies.table.ts';
import { carriers } from '@/resources/carriers/carriers.table.ts';
import { counterparties, counterpartyContacts } from '@/resources/counterparties/counterparties.table.ts';
import { users } from '@/modules/users/server/users.table.ts';
import { items } from '@/resources/items/items.table.ts';
import { units } from '@/resources/units/units.table.ts';
import { stockQuantities } from '@/resources/units/units.read.ts';
import { warehouses } from '@/resources/warehouses/warehouses.table.ts';
import { orderMessages, orderStatusLabels, type OrderBody, type OrderStatus } from '../orders.contract.ts';
import {
  numberSetting,
  orderSettingDefaults,
  orderSettingKeys,
  ORDERS_ENTITY,
  refreshOrder,
  reserveOrder,
} from './order-effects.ts';
import { orderLines, orders } from './orders.table.ts';
import { emailOrderConfirmed } from './orders.mail.ts';

type LineInput = OrderBody['lines'][number];

export interface ComputedLine {
  id?: number;
  lineNo: number;
  itemId: number;
  /** In the item's stock unit. */
  qty: string;
  /** The typed quantity and its unit when entered in another unit (both null in the stock unit). */
  enteredQty: string | null;
  enteredUnitId: number | null;
  /** Per the entered unit. */
  unitPrice: string;
  discountPercent: string;
  vatRate: string;
  lineNet: string;
  lineVat: string;
  lineGross: string;
  notes: string | null;
}

/** The order's client: must exist and be a client. */
export async function loadClient(db: DbOrTx, clientId: number) {
  const [client] = await db
    .select({
      id: counterparties.id,
      isActive: counterparties.isActive,
      isClient: counterparties.isClient,
      discountPercent: counterparties.discountPercent,
      paymentTermDays: counterparties.paymentTermDays,
      managerUserId: counterparties.managerUserId,
    })
    .from(counterparties)
    .where(eq(counterparties.id, clientId));
  if (!client || !client.isClient)
    throw new DomainError(400, orderMessages.notClient, { clientId: orderMessages.notClient });
  return client;
}

/** The selling company: the given one, else the default. */
export async function loadCompany(db: DbOrTx, companyId: number | null | undefined) {
  const [company] = await db
    .select({ id: companies.id, isVatPayer: companies.isVatPayer })
    .from(companies)
    .where(companyId ? eq(companies.id, companyId) : eq(companies.isDefault, true))
    .limit(1);
  if (!company) throw new DomainError(400, orderMessages.noCompany, { companyId: orderMessages.noCompany });
  return company;
}

/** The ship-from warehouse: the given one, else the default finished-goods warehouse, else any default. */
export async function resolveWarehouse(db: DbOrTx, warehouseId: number | null | undefined): Promise<number> {
  if (warehouseId) {
    const [w] = await db.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.id, warehouseId));
    if (!w) throw new DomainError(400, orderMessages.reference, { warehouseId: orderMessages.reference });
    return w.id;
  }
  const [w] = await db
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(and(eq(warehouses.isDefault, true), eq(warehouses.isActive, true)))
    .orderBy(sql`case when ${warehouses.type} = 'finished_goods' then 0 else 1 end`, warehouses.id)
    .limit(1);
  if (!w) throw new DomainError(400, orderMessages.noWarehouse, { warehouseId: orderMessages.noWarehouse });
  return w.id;
}

/**
 * Lines with their amounts (sales.md §1.4): the discount defaults to the client's, the VAT rate to the item's, and
 * is 0 for a company that is not a VAT payer. `existingItemIds` are the items already on stored lines (an inactive
 * item may stay on a line it was on). A line may be typed in another unit of its item's stock-unit type (`unitId`,
 * reference-data.md §1): `qty` is then stored in the stock unit by the shared rule, the amounts stay typed qty ×
 * price; a serial-tracked item is sold only in its stock unit. `keepUnitIds`: units the stored lines already use
 * (allowed after they were made inactive).
 */
export async function computeLines(
  db: DbOrTx,
  lines: readonly LineInput[],
  ctx: { pricesIncludeVat: boolean; companyVatPayer: boolean; clientDiscount: string | null },
  existingItemIds: ReadonlySet<number> = new Set(),
  keepUnitIds: ReadonlySet<number> = new Set(),
): Promise<{ lines: ComputedLine[]; totalNet: string; totalVat: string; totalGross: string }> {
  const ids = [...new Set(lines.map((l) => l.itemId))];
  const found = ids.length
    ? await db
        .select({
          id: items.id,
          isActive: items.isActive,
          vatRate: items.vatRate,
          unitId: items.unitId,
          serialTracking: items.serialTracking,
          unitShortName: units.shortName,
        })
        .from(items)
        .leftJoin(units, eq(units.id, items.unitId))
        .where(inArray(items.id, ids))
    : [];
  const byId = new Map(found.map((i) => [i.id, i]));
  lines.forEach((line, index) => {
    const item = byId.get(line.itemId);
    const field = `lines.${index}.itemId`;
    if (!item) throw new DomainError(400, orderMessages.notSellable, { [field]: orderMessages.notSellable });
    if (!item.isActive && !existingItemIds.has(item.id))
      throw new DomainError(400, orderMessages.inactive, { [field]: orderMessages.inactive });
  });
  const fields: Record<string, string> = {};
  lines.forEach((line, index) => {
    const item = byId.get(line.itemId)!;
    if (item.serialTracking && line.unitId != null && line.unitId !== item.unitId) {
      fields[`lines.${index}.unitId`] = orderMessages.serialUnit(item.unitShortName ?? 'шт');
    }
  });
  const quantities = await stockQuantities(db, lines, fields, keepUnitIds);
  if (Object.keys(fields).length) throw new DomainError(400, Object.values(fields)[0]!, fields);
  let net = dec(0);
  let vat = dec(0);
  let gross = dec(0);
  const computed = lines.map((line, index): ComputedLine => {
    const item = byId.get(line.itemId)!;
    const vatRate = ctx.companyVatPayer ? (line.vatRate ?? item.vatRate) : '0';
    const discountPercent = line.discountPercent ?? ctx.clientDiscount ?? '0';
    const amounts = lineAmounts(
      dec(line.qty),
      dec(line.unitPrice),
      vatRate,
      ctx.pricesIncludeVat,
      dec(discountPercent),
    );
    net = add(net, amounts.net);
    vat = add(vat, amounts.vat);
    gross = add(gross, amounts.gross);
    return {
      id: line.id,
      lineNo: index + 1,
      itemId: line.itemId,
      ...quantities[index]!,
      unitPrice: fixed(dec(line.unitPrice), 6),
      discountPercent: fixed(dec(discountPercent), 2),
      vatRate,
      lineNet: fixed(amounts.net, 2),
      lineVat: fixed(amounts.vat, 2),
      lineGross: fixed(amounts.gross, 2),
      notes: line.notes ?? null,
    };
  });
  return { lines: computed, totalNet: fixed(net, 2), totalVat: fixed(vat, 2), totalGross: fixed(gross, 2) };
}

/** UAH is always at 1; another currency needs the rate (UAH per unit) typed or taken from the NBU. */
export function fxRateOf(currencyCode: string, fxRate: string | null | undefined): string {
  if (currencyCode === 'UAH') return '1';
  if (!fxRate) throw new DomainError(400, orderMessages.fxRate, { fxRate: orderMessages.fxRate });
  return fixed(dec(fxRate), 6);
}

/** The contact must be the client's; the carrier and the manager must exist. */
export async function checkHeaderReferences(
  db: DbOrTx,
  h: { clientId: number; contactId?: number | null; carrierId?: number | null; managerUserId?: number | null },
): Promise<void> {
  const fields: Record<string, string> = {};
  if (h.contactId) {
    const [contact] = await db
      .select({ counterpartyId: counterpartyContacts.counterpartyId })
      .from(counterpartyContacts)
      .where(eq(counterpartyContacts.id, h.contactId));
    if (!contact || contact.counterpartyId !== h.clientId) fields.contactId = orderMessages.contactForeign;
  }
  if (h.carrierId) {
    const [carrier] = await db.select({ id: carriers.id }).from(carriers).where(eq(carriers.id, h.carrierId));
    if (!carrier) fields.carrierId = orderMessages.reference;
  }
  if (h.managerUserId) {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, h.managerUserId));
    if (!user) fields.managerUserId = orderMessages.reference;
  }
  if (Object.keys(fields).length) throw new DomainError(400, Object.values(fields)[0]!, fields);
}

/** Creates a draft order (number assigned at once, sales.md §6). Answers its id. */
/** `opts.source`: where the order came from when not typed in ('manual'), e.g. the inbound webhook's system. */
export async function createOrder(
  tx: DbOrTx,
  ctx: AuditContext,
  body: OrderBody,
  opts: { source?: string } = {},
): Promise<number> {
  const client = await loadClient(tx, body.clientId);
  const company = await loadCompany(tx, body.companyId);
  const warehouseId = await resolveWarehouse(tx, body.warehouseId);
  const computed = await computeLines(tx, body.lines, {
    pricesIncludeVat: body.pricesIncludeVat,
    companyVatPayer: company.isVatPayer,
    clientDiscount: client.discountPercent,
  });
  const paymentDueDate =
    body.paymentDueDate ??
    addDays(
      body.orderDate,
      client.paymentTermDays > 0
        ? client.paymentTermDays
        : await numberSetting(tx, orderSettingKeys.invoiceValidityDays, orderSettingDefaults.invoiceValidityDays),
    );
  await checkHeaderReferences(tx, body);
  const { lines: _lines, ...header } = body;
  const [order] = await tx
    .insert(orders)
    .values({
      ...header,
      fxRate: fxRateOf(body.currencyCode, body.fxRate),
      orderNumber: await nextNumber(tx, 'order', body.orderDate),
      companyId: company.id,
      warehouseId,
      managerUserId: body.managerUserId ?? client.managerUserId ?? ctx.userId,
      paymentDueDate,
      codEnabled: body.codEnabled ?? false,
      status: 'draft',
      ...(opts.source ? { source: opts.source } : {}),
      totalNet: computed.totalNet,
      totalVat: computed.totalVat,
      totalGross: computed.totalGross,
      createdBy: ctx.userId,
    })
    .returning();
  await tx.insert(orderLines).values(computed.lines.map(({ id: _id, ...l }) => ({ ...l, orderId: order!.id })));
  await audit(tx, ctx, {
    action: 'create',
    entityType: ORDERS_ENTITY,
    entityId: order!.id,
    after: { ...order, lines: computed.lines },
  });
  return order!.id;
}

/** Locks the order row and checks the version a user read it at. */
export async function lockOrder(tx: DbOrTx, id: number, version?: number) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  if (!order) throw new DomainError(404, orderMessages.notFound);
  checkVersion(version, order.version, orderMessages.version);
  return order;
}

export function assertStatus(order: { status: OrderStatus }, allowed: readonly OrderStatus[], action: string) {
  if (!allowed.includes(order.status))
    throw new DomainError(409, orderMessages.transition(action, orderStatusLabels[order.status]));
}

/**
 * 'Підтвердити' (sales.md §1.1): every line mapped to an active item, the client active; the rate frozen, stock
 * reserved as far as it is available, the automatic production approval applied.
 */
export async function confirmOrder(tx: DbOrTx, ctx: AuditContext, id: number, version?: number): Promise<void> {
  const order = await lockOrder(tx, id, version);
  assertStatus(order, ['draft'], 'Підтвердити');
  const [client] = await tx
    .select({ isActive: counterparties.isActive })
    .from(counterparties)
    .where(eq(counterparties.id, order.clientId));
  if (!client?.isActive) throw new DomainError(409, orderMessages.clientInactive);
  const lines = await tx
    .select({ lineNo: orderLines.lineNo, itemId: orderLines.itemId, isActive: items.isActive })
    .from(orderLines)
    .leftJoin(items, eq(items.id, orderLines.itemId))
    .where(eq(orderLines.orderId, id))
    .orderBy(orderLines.lineNo);
  if (!lines.length) throw new DomainError(409, orderMessages.noLines);
  const bad = lines.find((l) => l.itemId == null || !l.isActive);
  if (bad) throw new DomainError(409, orderMessages.unmapped(bad.lineNo));
  await tx
    .update(orders)
    .set({
      status: 'confirmed',
      confirmedAt: new Date(),
      confirmedBy: ctx.userId,
      // UAH orders keep 1; a foreign-currency order keeps the rate it was entered with, now frozen.
      fxRate: order.currencyCode === 'UAH' ? '1' : order.fxRate,
      version: sql`${orders.version} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(orders.id, id));
  await audit(tx, ctx, {
    action: 'status_change',
    entityType: ORDERS_ENTITY,
    entityId: id,
    before: { status: 'draft' },
    after: { status: 'confirmed' },
  });
  await reserveOrder(tx, id);
  await refreshOrder(tx, id, ctx);
  await emailOrderConfirmed(tx, id);
}

/**
 * Demo seeders only: an order of the demo's history was confirmed on its own date (10:00 Kyiv), not at the moment the
 * seeder ran — so its lead time (reports-admin.md §4: confirmedAt → the completing shipment) reads as it would have.
 */
export async function backdateConfirmation(tx: DbOrTx, orderId: number, date: string): Promise<void> {
  await tx
    .update(orders)
    .set({ confirmedAt: sql`(${date}::date + time '10:00') at time zone 'Europe/Kyiv'` })
    .where(eq(orders.id, orderId));
}
