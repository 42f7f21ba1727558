// The read and write services of /shortage (warehouse.md §4): the filtered, sorted, paged rows and their totals,
// the 'Джерела' drill-down (the MOs and orders behind an item's needs, and the supplier orders on the way), and
// 'Створити замовлення постачальнику' — supplier-order drafts grouped by supplier through the supplier-orders
// service (each audited there), the lines at the suggested quantity and the last price.
import { sql } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import { add, cmp, dec, div, fixed, isZero, mul, sub, type Dec } from '@/shared/decimal.ts';
import { addDays, kyivToday } from '@/shared/kyiv-date.ts';
import { pageWindow, parseSort } from '@/shared/list.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { intArray } from '@/server/kernel/sql-arrays.ts';
import type { AuditContext } from '@/modules/system-logs/server/index.ts';
import { demandLines } from '@/modules/ordered-products/server/index.ts';
import { createOrder } from '@/modules/supplier-orders/server/index.ts';
import { orderCreateSchema } from '@/modules/supplier-orders/supplier-orders.contract.ts';
import {
  shortageMessages,
  shortageSortFields,
  type CreateSupplierOrdersResult,
  type ShortageFilters,
  type ShortageListQuery,
  type ShortageRow,
  type ShortageSource,
  type ShortageSources,
  type ShortageStats,
  type createSupplierOrdersSchema,
} from '../shortage.contract.ts';
import type { z } from '@/shared/zod-uk.ts';
import { invalidateShortage, priorityOrder, shortageSnapshot, type ShortageSnapshot } from './shortage.compute.ts';
import { getShortageSettings } from './shortage-settings.ts';
import { rowsOf } from '@/server/kernel/rows.ts';
const ZERO = dec(0);
const QTY = 4;

// ---- the list ---------------------------------------------------------------------------------------------------

async function categoryTree(db: DbOrTx, categoryId: number): Promise<Set<number>> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`with recursive tree as (
        select id from categories where id = ${categoryId}
        union all select c.id from categories c join tree t on c.parent_id = t.id
      ) select id from tree`),
  );
  return new Set(rows.map((r) => Number(r.id)));
}

async function filterRows(db: DbOrTx, snap: ShortageSnapshot, f: ShortageFilters): Promise<ShortageRow[]> {
  const categories = f.categoryId ? await categoryTree(db, f.categoryId) : null;
  const search = f.search?.trim().toLowerCase();
  return snap.rows.filter((row) => {
    const entry = snap.items.get(row.itemId)!;
    if (f.critical !== undefined && row.critical !== f.critical) return false;
    if (f.itemId && row.itemId !== f.itemId) return false;
    if (categories && (row.categoryId === null || !categories.has(row.categoryId))) return false;
    if (f.supplierId && !entry.supplierIds.includes(f.supplierId) && row.preferredSupplierId !== f.supplierId) {
      return false;
    }
    if (search && !entry.haystack.includes(search)) return false;
    return true;
  });
}

/**
 * The shortage rows (shortage > 0) that pass the filters — critical, category (with subcategories), supplier (any
 * linked one), item, search (SKU, name, MPN, preferred supplier) — most urgent first. Memoised for 60 s.
 */
export async function computeShortage(db: DbOrTx, filters: ShortageFilters = {}): Promise<ShortageRow[]> {
  return filterRows(db, await shortageSnapshot(db), filters);
}

const compareBy: Record<string, (a: ShortageRow, b: ShortageRow) => number> = {
  priority: priorityOrder,
  shortageDate: (a, b) => (a.shortageDate ?? '9999-12-31').localeCompare(b.shortageDate ?? '9999-12-31'),
  sku: (a, b) => a.sku.localeCompare(b.sku, 'uk'),
  name: (a, b) => a.name.localeCompare(b.name, 'uk'),
  needs: (a, b) => cmp(dec(a.needs), dec(b.needs)),
  shortage: (a, b) => cmp(dec(a.shortage), dec(b.shortage)),
  estimatedCost: (a, b) => cmp(dec(a.estimatedCost), dec(b.estimatedCost)),
  leadTimeDays: (a, b) => a.leadTimeDays - b.leadTimeDays,
};

export async function listShortage(db: DbOrTx, q: ShortageListQuery): Promise<{ rows: ShortageRow[]; total: number }> {
  const rows = await computeShortage(db, q);
  const { field, desc } = parseSort(q.sort, shortageSortFields, 'priority');
  const compare = compareBy[field]!;
  const sorted = [...rows].sort((a, b) => (desc ? -compare(a, b) : compare(a, b)) || priorityOrder(a, b));
  const { limit, offset } = pageWindow(q);
  return { rows: sorted.slice(offset, offset + limit), total: rows.length };
}

export async function shortageStats(db: DbOrTx, filters: ShortageFilters = {}): Promise<ShortageStats> {
  const rows = await computeShortage(db, filters);
  return {
    items: rows.length,
    critical: rows.filter((r) => r.critical).length,
    estimatedCost: fixed(
      rows.reduce((s, r) => add(s, dec(r.estimatedCost)), ZERO),
      2,
    ),
    withoutSupplier: rows.filter((r) => r.preferredSupplierId === null).length,
  };
}

/** The dashboard's 'Дефіцит матеріалів' and 'Критичний дефіцит' (warehouse.md §11), from the same memo. */
export async function shortageCounts(db: DbOrTx): Promise<{ materialShortages: number; criticalShortages: number }> {
  const { rows } = await shortageSnapshot(db);
  return { materialShortages: rows.length, criticalShortages: rows.filter((r) => r.critical).length };
}

// ---- 'Джерела' --------------------------------------------------------------------------------------------------

/** Splits `total` over `weights` in proportion, to 4 decimals, the rounding rest on the last share. */
function split(total: Dec, weights: readonly Dec[]): Dec[] {
  const sum = weights.reduce((s, w) => add(s, w), ZERO);
  if (isZero(sum)) return weights.map((_, i) => (i === weights.length - 1 ? total : ZERO));
  let left = total;
  return weights.map((w, i) => {
    if (i === weights.length - 1) return left;
    const share = div(mul(total, w), sum, QTY);
    left = sub(left, share);
    return share;
  });
}

async function itemNames(db: DbOrTx, ids: readonly number[]) {
  if (!ids.length) return new Map<number, { sku: string; name: string }>();
  const rows = rowsOf<{ id: number; sku: string; name: string }>(
    await db.execute(sql`select id, sku, name from items where id = any(${intArray(ids)})`),
  );
  return new Map(rows.map((r) => [Number(r.id), { sku: r.sku, name: r.name }]));
}

/**
 * What an item's needs come from: each open MO (with the quantity it still needs of the item), and each open order
 * line behind an exploded or resold need (the need shared over the lines in proportion to their uncovered
 * quantities), needs in date order with what the supply leaves uncovered; and the supplier orders on the way
 * (sent, confirmed, partially received) or in draft, with their remaining quantity of the item.
 */
export async function shortageSources(db: DbOrTx, itemId: number): Promise<ShortageSources> {
  const snap = await shortageSnapshot(db);
  const entry = snap.items.get(itemId);
  const [item] = rowsOf<{ sku: string; name: string; unit_short_name: string | null }>(
    await db.execute(sql`select i.sku, i.name, u.short_name as unit_short_name
      from items i left join units u on u.id = i.unit_id where i.id = ${itemId}`),
  );
  if (!item) throw new DomainError(404, shortageMessages.itemNotFound);

  const needs = entry?.needs ?? [];
  const productIds = [...new Set(needs.map((n) => n.root.productId))];
  const demandIds = [...new Set(needs.filter((n) => n.root.kind === 'demand').map((n) => n.root.productId))];
  const names = await itemNames(db, [...new Set([...productIds, ...needs.flatMap((n) => n.via)])]);
  const lines = demandIds.length ? await demandLines(db, { approvedOnly: true, itemIds: demandIds }) : [];
  const pathOf = (via: number[]) => (via.length ? via.map((id) => names.get(id)?.name ?? `#${id}`).join(' → ') : null);

  const sources: ShortageSource[] = [];
  for (const need of needs) {
    const product = names.get(need.root.productId) ?? { sku: '', name: `#${need.root.productId}` };
    const base = {
      date: need.date ?? '',
      productId: need.root.productId,
      productSku: product.sku,
      productName: product.name,
      path: pathOf(need.via),
    };
    if (need.root.kind === 'mo') {
      sources.push({
        ...base,
        kind: 'mo',
        date: need.date ?? snap.today,
        qty: need.qty,
        uncovered: need.uncovered,
        moId: need.root.moId,
        moNumber: need.root.moNumber,
        moStatus: need.root.moStatus,
        orderId: null,
        orderNumber: null,
        clientName: null,
        dueDate: null,
        productQty: need.root.productQty,
      });
      continue;
    }
    const open = lines.filter((l) => l.itemId === need.root.productId && cmp(dec(l.uncovered), ZERO) > 0);
    const weights = open.map((l) => dec(l.uncovered));
    const qtys = split(dec(need.qty), weights);
    const uncovered = split(dec(need.uncovered), weights);
    open.forEach((line, i) => {
      sources.push({
        ...base,
        kind: 'order',
        date: line.dueDate ?? need.date ?? '',
        qty: fixed(qtys[i]!, QTY),
        uncovered: fixed(uncovered[i]!, QTY),
        moId: null,
        moNumber: null,
        moStatus: null,
        orderId: line.orderId,
        orderNumber: line.orderNumber,
        clientName: line.clientName,
        dueDate: line.dueDate,
        productQty: line.uncovered,
      });
    });
  }

  const supplierOrders = rowsOf<{
    id: number;
    number: string;
    status: string;
    supplier_name: string;
    expected_date: string | null;
    qty: string;
  }>(
    await db.execute(sql`select o.id, o.number, o.status, c.name as supplier_name,
        min(coalesce(l.expected_date, o.expected_date))::text as expected_date,
        sum(greatest(l.qty - coalesce((select sum(rl.qty) from supplier_receipt_lines rl
          join supplier_receipts r on r.id = rl.receipt_id
          where rl.supplier_order_line_id = l.id and r.status = 'posted'), 0), 0))::numeric(18,4)::text as qty
      from supplier_order_lines l
      join supplier_orders o on o.id = l.order_id
      join counterparties c on c.id = o.supplier_id
      where l.item_id = ${itemId} and o.status in ('draft', 'sent', 'confirmed', 'partially_received')
      group by o.id, o.number, o.status, c.name
      order by o.status = 'draft', min(coalesce(l.expected_date, o.expected_date)) nulls last, o.id`),
  ).filter((r) => !isZero(dec(r.qty)));

  const row = entry?.row;
  return {
    itemId,
    sku: item.sku,
    name: item.name,
    unitShortName: item.unit_short_name,
    needs: row?.needs ?? '0.0000',
    available: row?.available ?? '0.0000',
    onOrder: row?.onOrder ?? '0.0000',
    inDrafts: row?.inDrafts ?? '0.0000',
    shortage: row?.shortage ?? '0.0000',
    sources,
    supplierOrders: supplierOrders.map((r) => ({
      id: Number(r.id),
      number: r.number,
      status: r.status,
      supplierName: r.supplier_name,
      expectedDate: r.expected_date,
      qty: r.qty,
    })),
  };
}

// ---- 'Створити замовлення постачальнику' ------------------------------------------------------------------------

const VAT_RATES = ['20', '14', '7', '0'] as const;
type VatRate = (typeof VAT_RATES)[number];

/**
 * Creates supplier-order drafts from shortage rows, one per supplier: each line's supplier is the one given, else
 * the item's preferred supplier — a line with neither is refused (422: the supplier-orders service needs a
 * supplier, so the page asks for one). Quantity: the one given, else the row's suggested quantity. Price: that
 * supplier's last price in hryvnias, else the row's last price, else the average cost, else 0. The expected date
 * is today plus the longest lead time of the draft's rows. All drafts in the caller's transaction.
 */
export async function createSupplierOrdersFromShortage(
  tx: DbOrTx,
  ctx: AuditContext,
  input: z.output<typeof createSupplierOrdersSchema>,
): Promise<CreateSupplierOrdersResult> {
  const fields: Record<string, string> = {};
  const seen = new Set<number>();
  input.lines.forEach((line, i) => {
    if (seen.has(line.itemId)) fields[`lines.${i}.itemId`] = shortageMessages.duplicateItem;
    seen.add(line.itemId);
  });
  if (Object.keys(fields).length) throw new DomainError(400, Object.values(fields)[0]!, fields);

  const ids = [...seen];
  const items = new Map(
    rowsOf<{
      id: number;
      sku: string;
      kind: string;
      vat_rate: string;
      preferred_supplier_id: number | null;
    }>(
      await tx.execute(sql`select i.id, i.sku, i.kind, i.vat_rate,
          (select s.supplier_id from item_suppliers s where s.item_id = i.id and s.is_preferred limit 1)
            as preferred_supplier_id
        from items i where i.id = any(${intArray(ids)})`),
    ).map((r) => [Number(r.id), r]),
  );
  const snap = await shortageSnapshot(tx);
  const settings = await getShortageSettings(tx);
  const missingSupplier: string[] = [];
  input.lines.forEach((line, i) => {
    const item = items.get(line.itemId);
    if (!item) {
      fields[`lines.${i}.itemId`] = shortageMessages.itemNotFound;
      return;
    }
    if (item.kind === 'service') fields[`lines.${i}.itemId`] = shortageMessages.notBought(item.sku);
    const row = snap.items.get(line.itemId)?.row;
    if (!line.qty && (!row || isZero(dec(row.suggestedQty)))) fields[`lines.${i}.qty`] = shortageMessages.positive;
    if (!line.supplierId && item.preferred_supplier_id == null) {
      fields[`lines.${i}.supplierId`] = shortageMessages.supplierRequired;
      missingSupplier.push(item.sku);
    }
  });
  if (missingSupplier.length) {
    throw new DomainError(422, shortageMessages.noSupplier(missingSupplier), fields);
  }
  if (Object.keys(fields).length) throw new DomainError(400, Object.values(fields)[0]!, fields);

  const groups = new Map<number, typeof input.lines>();
  for (const line of input.lines) {
    const supplierId = line.supplierId ?? Number(items.get(line.itemId)!.preferred_supplier_id);
    groups.set(supplierId, [...(groups.get(supplierId) ?? []), line]);
  }
  const pairs = rowsOf<{ item_id: number; supplier_id: number; price: string | null }>(
    await tx.execute(sql`select s.item_id, s.supplier_id, s.last_price::text as price from item_suppliers s
      where s.item_id = any(${intArray(ids)}) and s.last_price is not null
        and coalesce(upper(s.last_price_currency), 'UAH') = 'UAH'
      order by s.last_price_date desc nulls last, s.id desc`),
  );
  const pairPrice = (itemId: number, supplierId: number) =>
    pairs.find((p) => Number(p.item_id) === itemId && Number(p.supplier_id) === supplierId)?.price ?? null;

  const today = kyivToday();
  const created: CreateSupplierOrdersResult['orders'] = [];
  for (const [supplierId, lines] of groups) {
    let lead = 0;
    const orderLines = lines.map((line) => {
      const item = items.get(line.itemId)!;
      const row = snap.items.get(line.itemId)?.row;
      lead = Math.max(lead, row?.leadTimeDays ?? settings.defaultLeadTimeDays);
      const price = pairPrice(line.itemId, supplierId) ?? row?.lastPrice ?? row?.avgCost ?? '0';
      return {
        itemId: line.itemId,
        qty: line.qty ?? row!.suggestedQty,
        unitPrice: fixed(dec(price), 6),
        vatRate: (VAT_RATES as readonly string[]).includes(item.vat_rate) ? (item.vat_rate as VatRate) : '20',
      };
    });
    const body = orderCreateSchema.parse({
      supplierId,
      orderDate: today,
      expectedDate: addDays(today, lead),
      notes: shortageMessages.orderNote,
      lines: orderLines,
    });
    const order = await createOrder(tx, ctx, body);
    created.push({
      id: order.id,
      number: order.number,
      supplierId: order.supplierId,
      supplierName: order.supplierName,
      lines: order.lines.length,
    });
  }
  invalidateShortage();
  return { ids: created.map((o) => o.id), orders: created };
}
