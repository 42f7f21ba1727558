// The day's orders, created like createOrder (lineAmounts, the client's discount and price list, the company's VAT,
// the payment term) and numbered by the real nextNumber, but inserted many per statement. Each order's fate is drawn
// by its age: what ships is queued for a shipment day, what stays open of a recent order is reserved that evening.
import { auditLog } from '@/modules/system-logs/server/index.ts';
import { nextNumber } from '@/modules/stock/server/index.ts';
import { orderLines, orders, type OrderStatus } from '@/modules/orders/server/orders.table.ts';
import { orderSettingDefaults } from '@/modules/orders/server/order-effects.ts';
import { add, dec, fixed } from '@/shared/decimal.ts';
import { addDays } from '@/shared/kyiv-date.ts';
import { lineAmounts } from '@/shared/vat.ts';
import { ACTOR, fastCommit, insertChunked } from '../bulk.ts';
import { money, type Random } from '../random.ts';
import { DAYS } from './calendar.ts';
import { BRANCH, GOODS, type Pending, type YearContext } from './context.ts';

/** An order line to reserve through the ledger once the day's stock is in. */
export interface Reservation {
  lineId: number;
  k: number;
  slot: number;
  qty: number;
}

export interface Day {
  /** The day's index in the year (0 … DAYS − 1). */
  d: number;
  date: string;
  /** Days from it to today. */
  age: number;
}

function statusFor(age: number, r: Random): OrderStatus {
  const x = r.next();
  const pick = (table: Array<[OrderStatus, number]>) => {
    let acc = 0;
    for (const [status, p] of table) {
      acc += p;
      if (x < acc) return status;
    }
    return table[table.length - 1]![0];
  };
  if (age > 45)
    return pick([
      ['completed', 0.72],
      ['shipped', 0.12],
      ['cancelled', 0.1],
      ['partially_shipped', 0.03],
      ['draft', 0.03],
    ]);
  if (age > 7)
    return pick([
      ['shipped', 0.35],
      ['completed', 0.25],
      ['partially_shipped', 0.1],
      ['confirmed', 0.15],
      ['cancelled', 0.08],
      ['draft', 0.07],
    ]);
  return pick([
    ['draft', 0.3],
    ['confirmed', 0.45],
    ['partially_shipped', 0.1],
    ['shipped', 0.1],
    ['cancelled', 0.05],
  ]);
}

const LINE_COUNTS = [1, 1, 1, 2, 2, 2, 3, 3, 4, 5];

/** Creates the day's `nOrders` orders, queues their shipments in `pendingByDay` and answers what to reserve. */
export async function createDayOrders(
  y: YearContext,
  { d, date, age }: Day,
  nOrders: number,
  pendingByDay: Pending[][],
): Promise<Reservation[]> {
  const { db, world, cat, parties, r, slots } = y;
  const invoiceValidity = orderSettingDefaults.invoiceValidityDays;
  const reserveNow: Reservation[] = [];
  if (nOrders > 0) {
    await db.transaction(async (tx) => {
      await fastCommit(tx);
      const planned = [];
      for (let o = 0; o < nOrders; o++) {
        const client = parties.clients[r.skewed(parties.clients.length, 2.2)]!;
        const status = statusFor(age, r);
        const slot = r.chance(0.8) ? GOODS : BRANCH;
        const nLines = r.pick(LINE_COUNTS);
        const chosen = new Set<number>();
        while (chosen.size < nLines) {
          const k = r.chance(0.1)
            ? cat.hot[r.skewed(cat.hot.length, 3)]!
            : cat.sellable[r.skewed(cat.sellable.length, 1.4)]!;
          chosen.add(k);
        }
        let net = dec(0);
        let vat = dec(0);
        let gross = dec(0);
        const lines = [...chosen].map((k) => {
          const qty = Math.max(1, Math.round(cat.saleQty[k]! * (0.5 + r.next())));
          const price = money(client.wholesale ? cat.wholesale[k]! : cat.retail[k]!);
          const discount = client.discount ?? '0';
          const vatRate = world.companyVatPayer ? cat.vat[k]! : '0';
          const a = lineAmounts(dec(qty), dec(price), vatRate, false, dec(discount));
          net = add(net, a.net);
          vat = add(vat, a.vat);
          gross = add(gross, a.gross);
          return {
            k,
            qty,
            price: fixed(dec(price), 6),
            discount: fixed(dec(discount), 2),
            vat: vatRate,
            net: fixed(a.net, 2),
            vatAmt: fixed(a.vat, 2),
            gross: fixed(a.gross, 2),
          };
        });
        const number = await nextNumber(tx, 'order', date);
        planned.push({ client, status, slot, lines, number, net, vat, gross });
      }
      const at = (h: number) => new Date(`${date}T${String(h).padStart(2, '0')}:00:00Z`);
      const orderRows = await tx
        .insert(orders)
        .values(
          planned.map((p) => ({
            orderNumber: p.number,
            orderDate: date,
            clientId: p.client.id,
            companyId: world.companyId,
            managerUserId: p.client.manager,
            status: p.status,
            warehouseId: slots[p.slot]!,
            dueDate: addDays(date, r.int(1, 14)),
            paymentDueDate: addDays(date, p.client.term > 0 ? p.client.term : invoiceValidity),
            paymentMethod: r.pick(['bank', 'bank', 'cash', 'cod']),
            source: r.chance(0.9) ? 'manual' : 'import',
            totalNet: fixed(p.net, 2),
            totalVat: fixed(p.vat, 2),
            totalGross: fixed(p.gross, 2),
            confirmedAt: p.status === 'draft' ? null : at(10),
            cancelledAt: p.status === 'cancelled' ? at(15) : null,
            cancelReason:
              p.status === 'cancelled' ? r.pick(['Клієнт відмовився', 'Знайшли дешевше', 'Дубль замовлення']) : null,
            createdAt: at(9),
            updatedAt: at(17),
          })),
        )
        .returning({ id: orders.id });
      const flat = planned.flatMap((p, o) => p.lines.map((l, i) => ({ o, i, l })));
      const lineIds: number[] = [];
      await insertChunked(tx, flat, async (chunk) => {
        const rows = await tx
          .insert(orderLines)
          .values(
            chunk.map(({ o, i, l }) => ({
              orderId: orderRows[o]!.id,
              lineNo: i + 1,
              itemId: cat.id[l.k]!,
              qty: fixed(dec(l.qty), 4),
              unitPrice: l.price,
              discountPercent: l.discount,
              vatRate: l.vat,
              lineNet: l.net,
              lineVat: l.vatAmt,
              lineGross: l.gross,
            })),
          )
          .returning({ id: orderLines.id });
        for (const row of rows) lineIds.push(row.id);
      });
      await tx.insert(auditLog).values(
        planned.map((p, o) => ({
          userId: null,
          actor: ACTOR,
          action: 'create',
          entityType: 'orders',
          entityId: String(orderRows[o]!.id),
          after: {
            orderNumber: p.number,
            orderDate: date,
            clientId: p.client.id,
            status: p.status,
            totalGross: fixed(p.gross, 2),
          },
        })),
      );
      let li = 0;
      planned.forEach((p, o) => {
        const withIds = p.lines.map((l) => ({ ...l, lineId: lineIds[li++]! }));
        const ship =
          p.status === 'shipped' || p.status === 'completed'
            ? withIds
            : p.status === 'partially_shipped'
              ? withIds.slice(0, Math.max(1, withIds.length - 1))
              : [];
        if (p.status === 'partially_shipped' && withIds.length === 1)
          ship[0] = { ...ship[0]!, qty: Math.max(1, Math.floor(ship[0]!.qty / 2)) };
        if (ship.length) {
          const day = Math.min(DAYS - 1, d + r.pick([0, 0, 1, 1, 2, 3]));
          pendingByDay[day]!.push({
            orderId: orderRows[o]!.id,
            warehouseSlot: p.slot,
            clientName: p.client.name,
            lines: ship,
          });
        }
        const open = p.status === 'confirmed' || p.status === 'partially_shipped';
        if (open && age <= 30) {
          const rest = p.status === 'confirmed' ? withIds : withIds.slice(ship.length);
          for (const l of rest)
            if (cat.kind[l.k] !== 'service') reserveNow.push({ lineId: l.lineId, k: l.k, slot: p.slot, qty: l.qty });
        }
      });
    });
  }
  return reserveNow;
}
