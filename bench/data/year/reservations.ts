// The evening's reservations: the open lines of the day's recent confirmed orders, reserved through the ledger's
// reserveStock within what the mirror shows available.
import { reserveStock } from '@/modules/stock/server/index.ts';
import { ORDER_LINE } from '@/modules/orders/server/order-effects.ts';
import { fastCommit } from '../bulk.ts';
import type { YearContext } from './context.ts';
import type { Reservation } from './orders.ts';

export async function reserveDay(y: YearContext, reserveNow: Reservation[]) {
  const { db, cat, mirror, slots } = y;
  if (reserveNow.length) {
    await db.transaction(async (tx) => {
      await fastCommit(tx);
      for (const x of reserveNow) {
        const qty = Math.min(x.qty, Math.floor(mirror.available(x.slot, x.k)));
        if (qty < 1) continue;
        await reserveStock(tx, {
          itemId: cat.id[x.k]!,
          warehouseId: slots[x.slot]!,
          qty: String(qty),
          sourceType: ORDER_LINE,
          sourceId: x.lineId,
        });
        mirror.reserve(x.slot, x.k, qty);
        y.reservations += 1;
      }
    });
  }
}
