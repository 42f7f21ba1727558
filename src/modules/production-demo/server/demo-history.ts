// A year of sales of the demo's made products (issue 24), for the forecasts: every quarter of the last 12 complete
// months the shop makes the quarter's demand (MOs released, boards made first or by child MOs, the materials bought
// on a back-dated supplier receipt, the output posted and the MOs completed — all on the 2nd of its first month),
// and every month clients' orders are confirmed and shipped in full on their dates. Everything goes through the real services and the
// ledger; only the moments are in the past. Demand grows month by month and the fourth quarter sells 40 % more.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '@/server/kernel/db.ts';
import { addDays, kyivToday } from '@/shared/kyiv-date.ts';
import { counterparties } from '@/resources/counterparties/counterparties.table.ts';
import { items } from '@/resources/items/items.table.ts';
import { orderCreateSchema } from '@/modules/orders/orders.contract.ts';
import { backdateConfirmation, confirmOrder, createOrder } from '@/modules/orders/server/index.ts';
import {
  completeManufacturingOrder,
  createChildOrders,
  createManufacturingOrder,
  postMoOutput,
  releaseManufacturingOrder,
} from '@/modules/manufacturing/server/index.ts';
import { buyShortages, demoPurchase } from '@/modules/manufacturing/server/manufacturing.demo.ts';
import { manufacturingOrders } from '@/modules/manufacturing/server/manufacturing.table.ts';
import { serialNumbers } from '@/modules/serial-numbers/server/serial-numbers.table.ts';
import { createShipment, postShipment, updateShipment } from '@/modules/shipments/server/index.ts';

const ctx = { userId: null, actor: 'demo-seed' } as const;

/** The notes of the history's orders (the demo test tells them from the other demo orders by it). */
export const HISTORY_ORDER_NOTE = 'Регулярна поставка (історія продажів)';

/** The products sold over the year: base monthly demand, growth per month, where they ship from. */
export const HISTORY_PRODUCTS = [
  { sku: 'БЖ-12-2', base: 40, growth: 4, price: '514', warehouse: 'finished' },
  { sku: 'КТ-100', base: 12, growth: 1.5, price: '1150', warehouse: 'finished' },
  // Boards sold as spare parts to service centres, from the components warehouse where they are made.
  { sku: 'ПЛ-БЖ', base: 20, growth: 2, price: '180', warehouse: 'materials' },
] as const;

/** Months of the fourth quarter sell this much more. */
const SEASONAL = 1.4;
/** How a month's demand of a finished product splits between the month's orders, and the order days. */
const SPLIT = [0.6, 0.4] as const;
const ORDER_DAYS = [6, 20] as const;
const BOARD_ORDER_DAY = 15;

/** The first day of the month `offset` months from today's (−12 … −1: the last 12 complete months). */
export function monthStart(today: string, offset: number): string {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + offset;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/** The demand of product p in history month i (0 = the oldest): a trend and the Q4 bump, whole units. */
export function monthlyDemand(p: (typeof HISTORY_PRODUCTS)[number], month: string, i: number): number {
  const quarter4 = Number(month.slice(5, 7)) >= 10;
  return Math.round((p.base + p.growth * i) * (quarter4 ? SEASONAL : 1));
}

/** Kyiv 09:00 of a date (UTC+2/+3: 07:00 UTC is 09:00 or 10:00 — on that day either way). */
const morning = (date: string) => new Date(`${date}T07:00:00Z`);

/** One month's batch of an item: released, boards made by child MOs, materials bought, output, completed. */
async function makeBatch(tx: Tx, itemId: number, qty: number, date: string, purchase: Purchase) {
  const at = morning(date);
  const mo = await createManufacturingOrder(tx, ctx, {
    itemId,
    qty: String(qty),
    plannedStart: date,
    dueDate: addDays(date, 3),
    notes: 'Місячна партія під продажі',
  });
  await releaseManufacturingOrder(tx, ctx, mo.id, { at });
  for (const child of await createChildOrders(tx, ctx, mo.id).catch(() => [])) {
    await releaseManufacturingOrder(tx, ctx, child.id, { at });
    await buyShortages(tx, child.id, purchase, date, { whole: true });
    await postMoOutput(tx, ctx, child.id, { goodQty: child.qty }, { at });
    await finish(tx, child.id, at);
  }
  await buyShortages(tx, mo.id, purchase, date, { whole: true });
  await postMoOutput(tx, ctx, mo.id, { goodQty: String(qty) }, { at: new Date(at.getTime() + 6 * 3600_000) });
  await finish(tx, mo.id, new Date(at.getTime() + 6 * 3600_000));
}

type Purchase = NonNullable<Awaited<ReturnType<typeof demoPurchase>>>;

/** Completes an MO its output did not complete by itself (materials left over stay as a variance). */
async function finish(tx: Tx, moId: number, at: Date) {
  const [row] = await tx
    .select({ status: manufacturingOrders.status })
    .from(manufacturingOrders)
    .where(eq(manufacturingOrders.id, moId));
  if (row?.status === 'in_progress') {
    await completeManufacturingOrder(tx, ctx, moId, { excess: 'variance', confirmShort: true, at });
  }
}

/** An order confirmed on its date and shipped in full two days later, serials taken oldest first. */
async function sell(
  tx: Tx,
  clientId: number,
  date: string,
  warehouseId: number,
  lines: Array<{ itemId: number; qty: number; price: string }>,
) {
  const orderId = await createOrder(
    tx,
    ctx,
    orderCreateSchema.parse({
      orderDate: date,
      clientId,
      warehouseId,
      dueDate: addDays(date, 3),
      notes: HISTORY_ORDER_NOTE,
      lines: lines.filter((l) => l.qty > 0).map((l) => ({ itemId: l.itemId, qty: String(l.qty), unitPrice: l.price })),
    }),
  );
  await confirmOrder(tx, ctx, orderId);
  await backdateConfirmation(tx, orderId, date);
  let s = await createShipment(tx, ctx, { orderId, shipmentDate: addDays(date, 2) });
  const planned = [];
  for (const line of s.lines) {
    if (!line.serialTracking) continue;
    const want = Number(line.qty.split('.')[0]);
    const serials = await tx
      .select({ id: serialNumbers.id })
      .from(serialNumbers)
      .where(
        and(
          eq(serialNumbers.itemId, line.itemId),
          eq(serialNumbers.warehouseId, warehouseId),
          eq(serialNumbers.status, 'available'),
        ),
      )
      .orderBy(asc(serialNumbers.id))
      .limit(want);
    planned.push({ id: line.id, serialIds: serials.map((r) => r.id) });
  }
  if (planned.length) s = await updateShipment(tx, ctx, s.id, { version: s.version, lines: planned });
  await postShipment(tx, ctx, s.id, s.version);
}

/** Seeds the year; answers how many shipments were posted. */
export async function seedSalesHistory(tx: Tx, warehouses: { finished: number; materials: number }): Promise<number> {
  const skus = HISTORY_PRODUCTS.map((p) => p.sku);
  const rows = await tx
    .select({ id: items.id, sku: items.sku })
    .from(items)
    .where(inArray(items.sku, [...skus]));
  const ids = new Map(rows.map((r) => [r.sku, r.id]));
  const purchase = await demoPurchase(tx);
  if (!purchase || ids.size !== skus.length) throw new Error('немає виробів для історії продажів');
  // Regular clients, in a fixed order.
  const clients = await tx
    .select({ id: counterparties.id })
    .from(counterparties)
    .where(and(eq(counterparties.isClient, true), eq(counterparties.isActive, true)))
    .orderBy(asc(counterparties.id))
    .limit(9);
  if (clients.length < 5) throw new Error('замало клієнтів');
  const today = kyivToday();
  let shipped = 0;
  for (let i = 0; i < 12; i += 1) {
    const month = monthStart(today, i - 12);
    const demand = HISTORY_PRODUCTS.map((p) => ({ p, itemId: ids.get(p.sku)!, qty: monthlyDemand(p, month, i) }));
    // A batch a quarter, made on the 2nd of its first month: the boards first (for sale and for the supplies).
    if (i % 3 === 0) {
      const quarter = (p: (typeof HISTORY_PRODUCTS)[number]) =>
        [0, 1, 2].reduce((sum, k) => sum + monthlyDemand(p, monthStart(today, i + k - 12), i + k), 0);
      const [supply, controller, board] = HISTORY_PRODUCTS;
      const date = addDays(month, 1);
      await makeBatch(tx, ids.get(board.sku)!, quarter(board) + quarter(supply), date, purchase);
      await makeBatch(tx, ids.get(supply.sku)!, quarter(supply), date, purchase);
      await makeBatch(tx, ids.get(controller.sku)!, quarter(controller), date, purchase);
    }
    const finished = demand.filter((d) => d.p.warehouse === 'finished');
    for (const [k, share] of SPLIT.entries()) {
      const last = k === SPLIT.length - 1;
      const lines = finished.map((d) => {
        const before = SPLIT.slice(0, k).reduce((sum, f) => sum + Math.round(d.qty * f), 0);
        return { itemId: d.itemId, qty: last ? d.qty - before : Math.round(d.qty * share), price: d.p.price };
      });
      const client = clients[(i + k) % clients.length]!.id;
      await sell(tx, client, addDays(month, ORDER_DAYS[k]! - 1), warehouses.finished, lines);
      shipped += 1;
    }
    for (const d of demand.filter((x) => x.p.warehouse === 'materials')) {
      const client = clients[(i + 3) % clients.length]!.id;
      await sell(tx, client, addDays(month, BOARD_ORDER_DAY - 1), warehouses.materials, [
        { itemId: d.itemId, qty: d.qty, price: d.p.price },
      ]);
      shipped += 1;
    }
  }
  return shipped;
}
