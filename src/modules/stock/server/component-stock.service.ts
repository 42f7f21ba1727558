// /component-stock, the purchasing view (warehouse.md §2): the balances page of components and materials, each
// row with what is on order (open supplier-order lines not yet received), what open MOs still need, the shortage
// (§4: required − free stock − on order, above 0), the last purchase (price and supplier) and the package type.
// One query per page (the balances) plus three batched reads of the page's items, each through the owning
// module's read function. 'Замовити' drafts supplier orders for chosen rows through the supplier-orders service.
// Those modules import this one (they post through the ledger), so they are reached through a port
// (component-purchasing.port.ts) that the composition root connects.
import { sql } from 'drizzle-orm';
import { orderCreateSchema, vatRates } from '@/modules/supplier-orders/supplier-orders.contract.ts';
import { kyivToday } from '@/shared/kyiv-date.ts';
import type { AuditContext } from '@/modules/system-logs/server/index.ts';
import { DomainError } from '@/shared/api-error.ts';
import { add, cmp, dec, fixed, sub, type Dec } from '@/shared/decimal.ts';
import type { Db, DbOrTx } from '@/server/kernel/db.ts';
import { intArray } from '@/server/kernel/sql-arrays.ts';
import { rowsOf } from '@/server/kernel/rows.ts';
import {
  componentStockMessages as messages,
  type ComponentOrderDraftsResult,
  type ComponentStockRow,
} from '../stock.contract.ts';
import { componentPurchasing } from './component-purchasing.port.ts';
import { listStock, type StockQuery } from './stock-read.service.ts';

export const COMPONENT_KINDS = ['component', 'material'] as const;

const ZERO = dec(0);
const positive = (a: Dec) => (cmp(a, ZERO) > 0 ? a : ZERO);

/** The shortage of a row: max(0, required − max(0, available) − on order). */
export function shortageOf(required: string, available: string, onOrder: string): Dec {
  return positive(sub(sub(dec(required), positive(dec(available))), dec(onOrder)));
}

/** The page's rows (or every matching row, for the export) with the purchasing columns. */
export async function listComponentStock(
  db: DbOrTx,
  q: Omit<StockQuery, 'kinds' | 'withPackage'>,
): Promise<{ rows: ComponentStockRow[]; total: number }> {
  const { rows, total } = await listStock(db, { ...q, kinds: COMPONENT_KINDS, withPackage: true });
  const ids = rows.map((r) => r.itemId);
  const { onOrderByItem, openMaterialNeedsByItem, lastPurchaseByItem } = componentPurchasing();
  const [onOrder, needs, last] = await Promise.all([
    onOrderByItem(db, ids),
    openMaterialNeedsByItem(db, ids),
    lastPurchaseByItem(db, ids),
  ]);
  return {
    total,
    rows: rows.map((row) => {
      const ordered = onOrder.get(row.itemId) ?? '0.0000';
      const required = needs.get(row.itemId) ?? '0.0000';
      const shortage = shortageOf(required, row.available, ordered);
      const purchase = last.get(row.itemId);
      return {
        ...row,
        packageTypeId: row.packageTypeId ?? null,
        packageTypeName: row.packageTypeName ?? null,
        onOrder: fixed(dec(ordered), 4),
        required: fixed(dec(required), 4),
        shortageQty: fixed(shortage, 4),
        shortage: cmp(shortage, ZERO) > 0,
        lastPrice: purchase?.price ?? null,
        lastSupplierId: purchase?.supplierId ?? null,
        lastSupplierName: purchase?.supplierName ?? null,
      };
    }),
  };
}

/**
 * The quantity 'Замовити' suggests for a row: its shortage; for a row with none, what tops free stock and on order
 * up to the item's threshold (the reorder point of §0); zero when neither is missing.
 */
export function suggestedQty(row: ComponentStockRow): Dec {
  if (row.shortage) return dec(row.shortageQty);
  return positive(sub(dec(row.threshold), add(positive(dec(row.available)), dec(row.onOrder))));
}

/**
 * 'Замовити': one draft supplier order per last supplier of the chosen items, each line with the suggested
 * quantity and the last price; answers the drafts. The figures are those over the planning warehouses. All or
 * nothing: an item never bought (no supplier to order from — a supplier order cannot be without one) or with
 * nothing to order refuses the whole request with 422, naming the items.
 */
export async function draftComponentOrders(
  db: Db,
  ctx: AuditContext,
  itemIds: readonly number[],
): Promise<ComponentOrderDraftsResult> {
  const unique = [...new Set(itemIds)];
  return db.transaction(async (tx) => {
    const { rows } = await listComponentStock(tx, { itemIds: unique, page: 1, limit: unique.length });
    if (rows.length !== unique.length) throw new DomainError(404, messages.orderNotFound);
    const noSupplier = rows.filter((r) => r.lastSupplierId === null).map((r) => r.sku);
    if (noSupplier.length) throw new DomainError(422, messages.orderNoSupplier(noSupplier));
    const nothing = rows.filter((r) => cmp(suggestedQty(r), ZERO) <= 0).map((r) => r.sku);
    if (nothing.length) throw new DomainError(422, messages.orderNothing(nothing));

    const vat = new Map(
      rowsOf<{ id: number; vat_rate: string }>(
        await tx.execute(sql`select id, vat_rate from items where id = any(${intArray(unique)})`),
      ).map((r) => [Number(r.id), r.vat_rate]),
    );
    const groups = new Map<number, ComponentStockRow[]>();
    for (const row of rows) groups.set(row.lastSupplierId!, [...(groups.get(row.lastSupplierId!) ?? []), row]);

    const orders: ComponentOrderDraftsResult['orders'] = [];
    for (const [supplierId, lines] of [...groups].sort(([a], [b]) => a - b)) {
      const body = orderCreateSchema.parse({
        supplierId,
        orderDate: kyivToday(),
        notes: messages.orderNote,
        lines: lines.map((row) => {
          const rate = vat.get(row.itemId) ?? '20';
          return {
            itemId: row.itemId,
            qty: fixed(suggestedQty(row), 4),
            unitPrice: fixed(dec(row.lastPrice ?? '0'), 6),
            vatRate: (vatRates as readonly string[]).includes(rate) ? rate : '20',
          };
        }),
      });
      const order = await componentPurchasing().createOrder(tx, ctx, body);
      orders.push({
        id: order.id,
        number: order.number,
        supplierId: order.supplierId,
        supplierName: order.supplierName,
        lines: order.lines.length,
      });
    }
    return { orders };
  });
}
