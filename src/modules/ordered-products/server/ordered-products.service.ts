// The actions of /ordered-products (production.md §10): 'Зарезервувати вільне' (free stock to the item's open lines,
// earliest due first), 'Створити МВ' (planned MOs linked to the uncovered lines through mo_demands, released at once
// when asked) and 'Замовити' (supplier-order drafts per preferred supplier). There is no delete.
import { eq, inArray, sql } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import { add, cmp, dec, div, fixed, min, mul, sub, type Dec } from '@/shared/decimal.ts';
import { kyivToday } from '@/shared/kyiv-date.ts';
import { pageWindow, parseSort } from '@/shared/list.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { reserveStock } from '@/modules/stock/server/index.ts';
import { ORDER_LINE, ORDERS_ENTITY, lockOrder, orders } from '@/modules/orders/server/index.ts';
import { requireProductionSpec } from '@/modules/production/server/index.ts';
import { createManufacturingOrder, releaseManufacturingOrder } from '@/modules/manufacturing/server/index.ts';
import { createOrder as createSupplierOrder } from '@/modules/supplier-orders/server/index.ts';
import { orderCreateSchema as supplierOrderCreateSchema } from '@/modules/supplier-orders/supplier-orders.contract.ts';
import { items } from '@/resources/items/items.table.ts';
import {
  orderedProductsMessages as m,
  orderedProductsSortFields,
  type CreateMosInput,
  type CreateMosResult,
  type CreateSupplierOrdersInput,
  type CreateSupplierOrdersResult,
  type DemandLine,
  type OrderedProductDetail,
  type OrderedProductRow,
  type OrderedProductsListQuery,
  type OrderedProductsStats,
  type ReserveFreeResult,
} from '../ordered-products.contract.ts';
import { demandLines, orderedProducts, type OrderedProductsFilters } from './ordered-products.read.ts';
import { intArray } from '@/server/kernel/sql-arrays.ts';
import { rowsOf } from '@/server/kernel/rows.ts';

const QTY = 4;
const qtyText = (v: Dec) => fixed(v, QTY);
const positive = (v: Dec) => cmp(v, dec(0)) > 0;

const filtersOf = (q: Partial<OrderedProductsListQuery>): OrderedProductsFilters => ({
  approvedOnly: q.approvedOnly ?? true,
  categoryId: q.categoryId,
  kind: q.kind,
  dueBefore: q.dueBefore,
  clientId: q.clientId,
  search: q.search || undefined,
});

/** GET /api/ordered-products: the rows of the filters, sorted and paged (default: earliest due first). */
export async function listOrderedProducts(db: DbOrTx, q: OrderedProductsListQuery) {
  const rows = await orderedProducts(db, filtersOf(q));
  const { field, desc } = parseSort(q.sort ?? 'earliestDue', orderedProductsSortFields, 'earliestDue');
  const text = (r: OrderedProductRow) =>
    field === 'sku' ? r.sku : field === 'itemName' ? r.itemName : (r.earliestDue ?? '9999-12-31');
  const number = (r: OrderedProductRow): Dec =>
    field === 'orders'
      ? dec(r.orders)
      : field === 'toProduce'
        ? add(dec(r.toProduce), dec(r.toBuy))
        : dec(r[field as 'demand' | 'uncovered' | 'free' | 'inProduction' | 'value']);
  const textual = field === 'sku' || field === 'itemName' || field === 'earliestDue';
  const sorted = [...rows].sort((a, b) => {
    const c = textual ? text(a).localeCompare(text(b), 'uk') : cmp(number(a), number(b));
    return (desc ? -c : c) || a.sku.localeCompare(b.sku);
  });
  const { limit, offset } = pageWindow(q);
  return { rows: sorted.slice(offset, offset + limit), total: sorted.length };
}

/** The stat cards over the same filters: items, items to produce / to buy, distinct orders, value. */
export async function orderedProductsStats(
  db: DbOrTx,
  q: Partial<OrderedProductsListQuery>,
): Promise<OrderedProductsStats> {
  const filters = filtersOf(q);
  const rows = await orderedProducts(db, filters);
  const keep = new Set(rows.map((r) => r.itemId));
  const lines = await demandLines(db, {
    approvedOnly: filters.approvedOnly,
    clientId: filters.clientId,
    dueBefore: filters.dueBefore,
    itemIds: [...keep],
  });
  return {
    items: rows.length,
    toProduceItems: rows.filter((r) => positive(dec(r.toProduce))).length,
    toBuyItems: rows.filter((r) => positive(dec(r.toBuy))).length,
    orders: new Set(lines.map((l) => l.orderId)).size,
    value: fixed(
      rows.reduce((s, r) => add(s, dec(r.value)), dec(0)),
      2,
    ),
  };
}

/** GET /api/ordered-products/:itemId: the item's row and its open lines, earliest due first. */
export async function getOrderedProduct(
  db: DbOrTx,
  itemId: number,
  q: { approvedOnly?: boolean; dueBefore?: string; clientId?: number },
): Promise<OrderedProductDetail> {
  const [item] = await db.select({ id: items.id }).from(items).where(eq(items.id, itemId));
  if (!item) throw new DomainError(404, m.itemNotFound);
  const filters = { approvedOnly: q.approvedOnly ?? true, dueBefore: q.dueBefore, clientId: q.clientId };
  const [row] = await orderedProducts(db, { ...filters, itemIds: [itemId] });
  const lines = await demandLines(db, { ...filters, itemIds: [itemId] });
  return { row: row ?? null, lines };
}

/** Serialises the actions on one item (two users pressing 'Створити МВ' at once must not both make it). */
async function lockItem(tx: DbOrTx, itemId: number) {
  const rows = rowsOf<{ id: number; sku: string; batch_size: number | null }>(
    await tx.execute(sql`select id, sku, batch_size from items where id = ${itemId} for no key update`),
  );
  if (!rows[0]) throw new DomainError(404, m.itemNotFound);
  return { id: Number(rows[0].id), sku: rows[0].sku, batchSize: rows[0].batch_size };
}

/** The warehouse of each order (the order's lines reserve and ship there). */
async function orderWarehouses(tx: DbOrTx, orderIds: readonly number[]) {
  if (!orderIds.length) return new Map<number, number>();
  const rows = await tx
    .select({ id: orders.id, warehouseId: orders.warehouseId })
    .from(orders)
    .where(inArray(orders.id, [...orderIds]));
  return new Map(rows.map((r) => [r.id, r.warehouseId]));
}

/**
 * 'Зарезервувати вільне': for the item's open lines (approved only unless asked), earliest due first, reserve
 * min(uncovered, available in the order's warehouse) through the ledger (source 'order_line', as reserveOrder does).
 * Each touched order is locked (by id), its version bumped and the reservation audited on it.
 */
export async function reserveFree(
  db: DbOrTx,
  ctx: AuditContext,
  itemId: number,
  opts: { approvedOnly?: boolean } = {},
): Promise<ReserveFreeResult> {
  return db.transaction(async (tx) => {
    await lockItem(tx, itemId);
    const candidates = (await demandLines(tx, { approvedOnly: opts.approvedOnly ?? true, itemIds: [itemId] })).filter(
      (l) => positive(dec(l.uncovered)),
    );
    const orderIds = [...new Set(candidates.map((l) => l.orderId))].sort((a, b) => a - b);
    for (const id of orderIds) await lockOrder(tx, id);
    // Read again under the locks: a shipment or reservation may have changed the lines meanwhile.
    const lines = (await demandLines(tx, { approvedOnly: opts.approvedOnly ?? true, itemIds: [itemId] })).filter(
      (l) => positive(dec(l.uncovered)) && orderIds.includes(l.orderId),
    );
    const warehouses = await orderWarehouses(tx, orderIds);
    const done: ReserveFreeResult['lines'] = [];
    let total = dec(0);
    for (const line of lines) {
      const warehouseId = warehouses.get(line.orderId)!;
      const [balance] = rowsOf<{ available: string }>(
        await tx.execute(sql`select (on_hand - reserved)::text as available from stock_balances
          where item_id = ${itemId} and warehouse_id = ${warehouseId} for update`),
      );
      const take = min(dec(line.uncovered), balance ? dec(balance.available) : dec(0));
      if (!positive(take)) continue;
      await reserveStock(tx, {
        itemId,
        warehouseId,
        qty: qtyText(take),
        sourceType: ORDER_LINE,
        sourceId: line.orderLineId,
      });
      total = add(total, take);
      done.push({ orderLineId: line.orderLineId, orderNumber: line.orderNumber, qty: qtyText(take) });
    }
    if (!done.length) throw new DomainError(409, m.nothingToReserve);
    for (const orderId of orderIds) {
      const mine = done.filter((d) => lines.find((l) => l.orderLineId === d.orderLineId)?.orderId === orderId);
      if (!mine.length) continue;
      await tx
        .update(orders)
        .set({ version: sql`${orders.version} + 1`, updatedAt: new Date() })
        .where(eq(orders.id, orderId));
      await audit(tx, ctx, {
        action: 'update',
        entityType: ORDERS_ENTITY,
        entityId: orderId,
        after: {
          reserved: mine.map((d) => ({ orderLineId: d.orderLineId, itemId, qty: d.qty })),
          source: 'Замовлені товари: Зарезервувати вільне',
        },
      });
    }
    return { reserved: qtyText(total), lines: done };
  });
}

/** Rounds qty up to a whole number of batches. */
export function roundUpToBatch(qty: Dec, batch: Dec): Dec {
  if (!positive(batch)) return qty;
  const batches = div(qty, batch, 0);
  const whole = cmp(mul(batches, batch), qty) < 0 ? add(batches, dec(1)) : batches;
  return mul(whole, batch);
}

/**
 * The demand links of a new MO: its qty spread over the item's lines whose uncovered quantity no open MO covers
 * yet, earliest due first (demandLines' order). Answers the links and the lines they point at.
 */
export function allocateDemands(lines: readonly DemandLine[], qty: Dec) {
  let left = qty;
  const links: Array<{ line: DemandLine; qty: Dec }> = [];
  for (const line of lines) {
    if (!positive(left)) break;
    const open = sub(dec(line.uncovered), dec(line.coveredByMo));
    if (!positive(open)) continue;
    const take = min(open, left);
    links.push({ line, qty: take });
    left = sub(left, take);
  }
  return links;
}

/**
 * 'Створити МВ' (production.md §10): per item, qty = the given one or toProduce, rounded up to the recipe's batch
 * size (else the item's) with 'Кратно партії'; a planned MO through the manufacturing service with mo_demands for the
 * uncovered lines, earliest due first; released at once when asked. All items in one transaction.
 */
export async function createManufacturingOrders(
  db: DbOrTx,
  ctx: AuditContext,
  input: CreateMosInput,
): Promise<CreateMosResult> {
  const seen = new Set<number>();
  for (const entry of input.items) {
    if (seen.has(entry.itemId)) throw new DomainError(400, m.duplicateItem);
    seen.add(entry.itemId);
  }
  const approvedOnly = input.approvedOnly ?? true;
  return db.transaction(async (tx) => {
    const result: CreateMosResult['orders'] = [];
    for (const entry of [...input.items].sort((a, b) => a.itemId - b.itemId)) {
      const item = await lockItem(tx, entry.itemId);
      const [row] = await orderedProducts(tx, { approvedOnly, itemIds: [entry.itemId] });
      if (!entry.recipeId && row && !row.made) throw new DomainError(409, m.notMade(item.sku));
      const spec = await requireProductionSpec(tx, entry.itemId, entry.recipeId ?? null);
      let qty = entry.qty ? dec(entry.qty) : dec(row?.toProduce ?? '0');
      if (!positive(qty)) throw new DomainError(409, m.nothingToProduce(item.sku));
      if (entry.roundToBatch) {
        const batch = spec.recipe ? dec(spec.recipe.batchSize) : dec(item.batchSize ?? 0);
        qty = roundUpToBatch(qty, batch);
      }
      const lines = await demandLines(tx, { approvedOnly, itemIds: [entry.itemId] });
      const links = allocateDemands(lines, qty);
      const warehouses = await orderWarehouses(tx, [...new Set(links.map((l) => l.line.orderId))]);
      const linkedWarehouses = new Set(warehouses.values());
      const dueDates = links.map((l) => l.line.dueDate).filter((d): d is string => !!d);
      const mo = await createManufacturingOrder(tx, ctx, {
        itemId: entry.itemId,
        qty: qtyText(qty),
        recipeId: spec.recipe?.id ?? null,
        dueDate: dueDates.length ? dueDates.reduce((a, b) => (a < b ? a : b)) : null,
        // The output lands where the linked orders ship from (their reservations are made there).
        outputWarehouseId: linkedWarehouses.size === 1 ? [...linkedWarehouses][0]! : null,
        notes: links.length
          ? `Замовлені товари: ${[...new Set(links.map((l) => l.line.orderNumber))].join(', ')}`
          : null,
        demands: links.map((l) => ({ orderLineId: l.line.orderLineId, qty: qtyText(l.qty) })),
      });
      if (entry.release) await releaseManufacturingOrder(tx, ctx, mo.id);
      result.push({
        id: mo.id,
        number: mo.number,
        itemId: entry.itemId,
        qty: qtyText(qty),
        released: !!entry.release,
        demands: links.map((l) => ({ orderLineId: l.line.orderLineId, qty: qtyText(l.qty) })),
      });
    }
    return { orders: result };
  });
}

interface SupplierChoice {
  itemId: number;
  supplierId: number;
  supplierName: string;
  lastPrice: string | null;
  lastPriceCurrency: string | null;
  leadTimeDays: number | null;
}

/** Each item's supplier: the preferred one, else the most recently priced one. */
async function suppliersOf(tx: DbOrTx, itemIds: readonly number[]): Promise<Map<number, SupplierChoice>> {
  const rows = rowsOf<{
    item_id: number;
    supplier_id: number;
    supplier_name: string;
    last_price: string | null;
    last_price_currency: string | null;
    lead_time_days: number | null;
  }>(
    await tx.execute(sql`select distinct on (s.item_id) s.item_id, s.supplier_id, c.name as supplier_name,
        s.last_price::text as last_price, s.last_price_currency, s.lead_time_days
      from item_suppliers s join counterparties c on c.id = s.supplier_id
      where s.item_id = any(${intArray(itemIds)}) and c.is_supplier and c.is_active
      order by s.item_id, s.is_preferred desc, s.last_price_date desc nulls last, s.id`),
  );
  return new Map(
    rows.map((r) => [
      Number(r.item_id),
      {
        itemId: Number(r.item_id),
        supplierId: Number(r.supplier_id),
        supplierName: r.supplier_name,
        lastPrice: r.last_price,
        lastPriceCurrency: r.last_price_currency,
        leadTimeDays: r.lead_time_days == null ? null : Number(r.lead_time_days),
      },
    ]),
  );
}

const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/**
 * 'Замовити' (production.md §10): supplier-order drafts for bought items, one per supplier (the preferred one, else
 * the most recently priced), qty = the given one or toBuy, at the supplier's last price in UAH (a price in another
 * currency is left 0 to be typed in the draft). Items without a supplier are refused, all named, before anything is
 * created — the supplier-orders service requires a supplier.
 */
export async function createSupplierOrders(
  db: DbOrTx,
  ctx: AuditContext,
  input: CreateSupplierOrdersInput,
): Promise<CreateSupplierOrdersResult> {
  const seen = new Set<number>();
  for (const entry of input.items) {
    if (seen.has(entry.itemId)) throw new DomainError(400, m.duplicateItem);
    seen.add(entry.itemId);
  }
  const approvedOnly = input.approvedOnly ?? true;
  return db.transaction(async (tx) => {
    const itemIds = input.items.map((i) => i.itemId);
    const info = await tx
      .select({ id: items.id, sku: items.sku, vatRate: items.vatRate, kind: items.kind })
      .from(items)
      .where(inArray(items.id, itemIds));
    const byId = new Map(info.map((i) => [i.id, i]));
    const rows = new Map((await orderedProducts(tx, { approvedOnly, itemIds })).map((r) => [r.itemId, r]));
    const wanted: Array<{ itemId: number; sku: string; vatRate: string; qty: Dec; orderNumbers: string[] }> = [];
    for (const entry of input.items) {
      const item = byId.get(entry.itemId);
      if (!item || item.kind === 'service') throw new DomainError(404, m.itemNotFound);
      const row = rows.get(entry.itemId);
      if (row?.made) throw new DomainError(409, m.notBought(item.sku));
      const qty = entry.qty ? dec(entry.qty) : dec(row?.toBuy ?? '0');
      if (!positive(qty)) throw new DomainError(409, m.nothingToBuy(item.sku));
      wanted.push({ itemId: item.id, sku: item.sku, vatRate: item.vatRate, qty, orderNumbers: [] });
    }
    const suppliers = await suppliersOf(tx, itemIds);
    const missing = wanted.filter((w) => !suppliers.has(w.itemId)).map((w) => w.sku);
    if (missing.length) throw new DomainError(409, m.noSupplier(missing));

    const lines = await demandLines(tx, { approvedOnly, itemIds });
    const today = kyivToday();
    const groups = new Map<number, typeof wanted>();
    for (const w of wanted) {
      w.orderNumbers = [...new Set(lines.filter((l) => l.itemId === w.itemId).map((l) => l.orderNumber))];
      const supplierId = suppliers.get(w.itemId)!.supplierId;
      groups.set(supplierId, [...(groups.get(supplierId) ?? []), w]);
    }
    const result: CreateSupplierOrdersResult['orders'] = [];
    for (const [supplierId, group] of [...groups].sort((a, b) => a[0] - b[0])) {
      const numbers = [...new Set(group.flatMap((w) => w.orderNumbers))];
      const body = supplierOrderCreateSchema.parse({
        supplierId,
        orderDate: today,
        notes: numbers.length ? `Замовлені товари: ${numbers.join(', ').slice(0, 1900)}` : 'Замовлені товари',
        lines: group.map((w) => {
          const s = suppliers.get(w.itemId)!;
          const inUah = s.lastPrice != null && (s.lastPriceCurrency == null || s.lastPriceCurrency === 'UAH');
          return {
            itemId: w.itemId,
            qty: qtyText(w.qty),
            unitPrice: inUah ? s.lastPrice! : '0',
            vatRate: ['20', '14', '7', '0'].includes(w.vatRate) ? w.vatRate : '20',
            expectedDate: s.leadTimeDays != null ? addDays(today, s.leadTimeDays) : null,
          };
        }),
      });
      const order = await createSupplierOrder(tx, ctx, body);
      result.push({
        id: order.id,
        number: order.number,
        supplierId,
        supplierName: suppliers.get(group[0]!.itemId)!.supplierName,
        lines: group.length,
      });
    }
    return { orders: result };
  });
}
