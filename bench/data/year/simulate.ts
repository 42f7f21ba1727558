// The year of a small manufacturer-trader, day by day: the day's orders, its stock documents (restocking, transfers,
// shipments, adjustments) posted through the ledger, and the evening's reservations — after the opening balances the
// day before the year. Ends with the suppliers' last purchase prices.
import type { Db } from '@/server/kernel/db.ts';
import { itemSuppliers } from '@/resources/items/items.table.ts';
import { addDays, kyivToday } from '@/shared/kyiv-date.ts';
import { fastCommit, formatSeconds, grouped, insertChunked, type Clock } from '../bulk.ts';
import type { Catalogue } from '../items.ts';
import type { Parties } from '../parties.ts';
import type { Random } from '../random.ts';
import type { DatasetScale } from '../scale.ts';
import type { World } from '../world.ts';
import { DAYS, daysOf, spread } from './calendar.ts';
import { createYearContext, type Pending, type StockDoc } from './context.ts';
import { adjustment } from './documents.ts';
import { createDayOrders } from './orders.ts';
import { inDocs, postAll } from './posting.ts';
import { reserveDay } from './reservations.ts';
import { postDayStock } from './stock-day.ts';

export interface YearResult {
  movements: number;
  shipments: number;
  reservations: number;
}

export async function simulateYear(
  db: Db,
  world: World,
  cat: Catalogue,
  parties: Parties,
  scale: DatasetScale,
  r: Random,
  clock: Clock,
  log: (line: string) => void,
): Promise<YearResult> {
  const y = createYearContext(db, world, cat, parties, r);
  const { mirror } = y;
  const today = kyivToday();
  const dates = daysOf(today);
  const ordersPerDay = spread(scale.orders, dates);
  // Opening balances take a share of the movement budget; the rest spreads over the year.
  const openingItems = [...cat.stockedGoods, ...cat.stockedParts].slice(0, Math.floor(scale.movements * 0.12));
  const movementsPerDay = spread(Math.max(0, scale.movements - openingItems.length), dates);
  const pendingByDay: Pending[][] = dates.map(() => []);

  // ---- opening balances (the day before the year) ----
  const openingDate = addDays(dates[0]!, -1);
  await clock.phase('movements', async () => {
    const bySlot = new Map<number, Array<{ k: number; delta: number }>>();
    for (const k of openingItems) {
      const slot = y.slotOfItem(k);
      const qty = cat.lot[k]! * r.int(1, 3);
      mirror.move(slot, k, qty);
      bySlot.set(slot, [...(bySlot.get(slot) ?? []), { k, delta: qty }]);
    }
    const docs: StockDoc[] = [];
    for (const [slot, lines] of bySlot)
      docs.push(...inDocs(lines, (c) => adjustment(y, openingDate, slot, 'opening', c)));
    await postAll(y, docs);
  });
  log(`  залишки на початок року: ${grouped(y.movements)} рухів`);

  let ordersMade = 0;
  let lastLog = performance.now();
  for (let d = 0; d < DAYS; d++) {
    const date = dates[d]!;
    const day = { d, date, age: DAYS - 1 - d };

    // ---- 1. the day's orders (created like createOrder, many per statement) ----
    const t0 = performance.now();
    const nOrders = ordersPerDay[d]!;
    const reserveNow = await createDayOrders(y, day, nOrders, pendingByDay);
    if (nOrders > 0) ordersMade += nOrders;
    clock.add('orders', t0);

    // ---- 2. the day's stock documents ----
    // The movement budget is cumulative, so a quiet day's small rest waits for a later day.
    const t1 = performance.now();
    const target = movementsPerDay.slice(0, d + 1).reduce((s, x) => s + x, 0) + openingItems.length;
    await postDayStock(y, day, pendingByDay[d]!, reserveNow, target);
    clock.add('movements', t1);

    // ---- 3. reservations of the day's confirmed orders, through the ledger ----
    const t2 = performance.now();
    await reserveDay(y, reserveNow);
    clock.add('reservations', t2);

    if (performance.now() - lastLog > 15_000 || d === DAYS - 1) {
      lastLog = performance.now();
      log(
        `  ${date} (день ${d + 1} з ${DAYS}): замовлень ${grouped(ordersMade)}, рухів ${grouped(y.movements)}, резервів ${grouped(y.reservations)}, ${formatSeconds(clock.total)}`,
      );
    }
  }

  // The suppliers' last purchase prices, as postReceipt keeps them (one row per item and supplier).
  await clock.phase('movements', async () => {
    const rows = [...y.lastPrice.values()].map((p) => ({
      itemId: p.itemId,
      supplierId: p.supplierId,
      lastPrice: p.price,
      lastPriceCurrency: 'UAH',
      lastPriceDate: p.date,
    }));
    await db.transaction(async (tx) => {
      await fastCommit(tx);
      await insertChunked(tx, rows, (chunk) => tx.insert(itemSuppliers).values(chunk));
    });
  });
  return { movements: y.movements, shipments: y.shipmentsPosted, reservations: y.reservations };
}
