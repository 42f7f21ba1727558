// Demo shipments, made the way a storekeeper makes them and through the real services and the ledger: of the
// confirmed demo orders (the orders demo runs first) some ship in full and some in part (posted), two drafts wait,
// one posted shipment is cancelled. Serial-tracked lines take serials in stock. No call reaches Nova Poshta: the
// waybill fields stay empty; a shipment by another carrier gets its delivery status by hand, as users do.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { addDays } from '@/shared/kyiv-date.ts';
import type { Tx } from '@/server/kernel/db.ts';
import type { DemoSeeder } from '@/server/db/seed/demo-seeder.ts';
import { orders } from '@/modules/orders/server/orders.table.ts';
import { serialNumbers } from '@/modules/serial-numbers/server/serial-numbers.table.ts';
import { carriers } from '@/resources/carriers/carriers.table.ts';
import type { Shipment } from '../shipments.contract.ts';
import { cancelShipment, postShipment } from './shipments.posting.ts';
import { getShipment } from './shipments.read.ts';
import { createShipment, updateShipment } from './shipments.write.ts';

const ctx = { userId: null, actor: 'demo-seed' } as const;

type Plan = 'full' | 'partial' | 'draft' | 'cancelled';
/** What the demo's orders get, in order; more orders than plans stay unshipped (there is work left to do). */
const PLANS: readonly Plan[] = ['full', 'partial', 'draft', 'full', 'partial', 'cancelled', 'draft'];

/** The integer part of a quantity ('5.0000' → 5n). */
const whole = (qty: string) => BigInt(qty.split('.')[0] ?? '0');

interface LinePlan {
  id: number;
  qty: string;
  serialIds?: number[];
}

/**
 * The lines to ship: all of them, or for a partial shipment about half of the first line (the rest left for later);
 * serial-tracked lines limited to the serials in stock. Null when nothing (or no partial shipment) is possible.
 */
async function planLines(tx: Tx, s: Shipment, plan: Plan, taken: Set<number>): Promise<LinePlan[] | null> {
  let kept = s.lines.map((l) => ({ line: l, qty: l.qty }));
  if (plan === 'partial') {
    const [first] = kept;
    if (!first) return null;
    const half = whole(first.qty) / 2n;
    if (half >= 1n) kept = [{ line: first.line, qty: `${half}` }];
    else if (kept.length > 1) kept = [first];
    else return null;
  }
  const result: LinePlan[] = [];
  for (const { line, qty } of kept) {
    if (!line.serialTracking) {
      result.push({ id: line.id, qty });
      continue;
    }
    const want = Number(whole(qty));
    const rows = await tx
      .select({ id: serialNumbers.id })
      .from(serialNumbers)
      .where(
        and(
          eq(serialNumbers.itemId, line.itemId),
          eq(serialNumbers.status, 'available'),
          eq(serialNumbers.warehouseId, s.warehouseId),
        ),
      )
      .orderBy(asc(serialNumbers.id))
      .limit(want + taken.size);
    const ids = rows
      .map((r) => r.id)
      .filter((id) => !taken.has(id))
      .slice(0, want);
    if (!ids.length) continue;
    ids.forEach((id) => taken.add(id));
    result.push({ id: line.id, qty: String(ids.length), serialIds: ids });
  }
  if (!result.length) return null;
  const removed = s.lines.filter((l) => !result.some((r) => r.id === l.id)).map((l) => ({ id: l.id, qty: '0' }));
  return [...result, ...removed];
}

export const shipmentsDemoSeeder: DemoSeeder = {
  name: 'shipments',
  async run({ tx, log }) {
    const candidates = await tx
      .select({ id: orders.id, orderDate: orders.orderDate, orderNumber: orders.orderNumber })
      .from(orders)
      .where(inArray(orders.status, ['confirmed', 'partially_shipped']))
      .orderBy(asc(orders.orderDate), asc(orders.id));
    if (!candidates.length) return;
    const kinds = new Map(
      (await tx.select({ id: carriers.id, kind: carriers.kind }).from(carriers)).map((c) => [c.id, c.kind]),
    );
    const done: Record<Plan, number> = { full: 0, partial: 0, draft: 0, cancelled: 0 };
    const taken = new Set<number>();
    let next = 0;
    for (const order of candidates) {
      if (next >= PLANS.length) break;
      const plan = PLANS[next]!;
      try {
        // A savepoint each: an order whose stock is short is skipped, nothing else is undone.
        await tx.transaction(async (sp) => {
          const date = addDays(order.orderDate, 2);
          let s = await createShipment(sp, ctx, { orderId: order.id, shipmentDate: date });
          const lines = await planLines(sp, s, plan, taken);
          if (!lines) throw new Error('нема чого відвантажити — бракує серійних номерів на складі');
          s = await updateShipment(sp, ctx, s.id, { version: s.version, lines });
          if (plan === 'draft') return;
          s = await postShipment(sp, ctx, s.id, s.version);
          if (plan === 'cancelled') {
            await cancelShipment(sp, ctx, s.id, 'Клієнт попросив змінити склад відвантаження — буде нова накладна');
            return;
          }
          const kind = s.carrierId ? kinds.get(s.carrierId) : undefined;
          if (plan === 'full' && kind && kind !== 'nova_poshta') {
            const fresh = await getShipment(sp, s.id);
            await updateShipment(sp, ctx, s.id, { version: fresh.version, deliveryStatus: 'delivered' });
          }
        });
        done[plan] += 1;
        next += 1;
      } catch (err) {
        // Not enough stock or serials for this order: it stays for the storekeeper.
        log(`Відвантаження: ${order.orderNumber} пропущено — ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    log(
      `Відвантаження: повністю — ${done.full}, частково — ${done.partial}, чернеток — ${done.draft}, скасовано — ${done.cancelled}`,
    );
  },
};
