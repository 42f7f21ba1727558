// Demo purchase orders of «Техноприлад» in every state of warehouse.md §5, made the way a buyer makes them: through
// the order service's actions, and — for what has arrived — receipt drafts from 'Отримати' posted through the real
// receipt service, so the goods move through the ledger and the statuses follow by themselves.
import { asc, eq, inArray } from 'drizzle-orm';
import type { DemoSeeder } from '@/server/db/seed/demo-seeder.ts';
import { counterparties } from '@/resources/counterparties/counterparties.table.ts';
import { items } from '@/resources/items/items.table.ts';
import { warehouses } from '@/resources/warehouses/warehouses.table.ts';
import { postReceipt, updateReceipt } from '@/modules/supplier-receipts/server/index.ts';
import type { OrderBody } from '../supplier-orders.contract.ts';
import { kyivToday } from './supplier-orders.progress.ts';
import { receiveOrder, transitionOrder } from './supplier-orders.actions.ts';
import { createOrder } from './supplier-orders.write.ts';

const ctx = { userId: null, actor: 'demo-seed' } as const;

/** A date `days` away from `from` (YYYY-MM-DD, calendar arithmetic in UTC). */
function shift(from: string, days: number): string {
  const date = new Date(`${from}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export const supplierOrdersDemoSeeder: DemoSeeder = {
  name: 'supplier-orders',
  async run({ tx, log }) {
    const suppliers = await tx
      .select({ id: counterparties.id })
      .from(counterparties)
      .where(eq(counterparties.isSupplier, true))
      .orderBy(asc(counterparties.id))
      .limit(3);
    const [materials] = await tx.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.code, 'КМП'));
    const components = await tx
      .select({ id: items.id, sku: items.sku })
      .from(items)
      .where(inArray(items.kind, ['component', 'material']))
      .orderBy(asc(items.id));
    if (suppliers.length < 3 || !materials || components.length < 40) return;

    const today = kyivToday();
    const pick = (from: number, count: number) =>
      Array.from({ length: count }, (_, k) => components[(from + k * 3) % components.length]!);
    const order = (
      supplier: number,
      orderDate: number,
      expected: number,
      chosen: typeof components,
      qty: (i: number) => string,
      price: (i: number) => string,
      extra: Partial<OrderBody> = {},
    ): OrderBody => ({
      supplierId: suppliers[supplier]!.id,
      companyId: null,
      warehouseId: materials.id,
      orderDate: shift(today, orderDate),
      expectedDate: shift(today, expected),
      currencyCode: 'UAH',
      fxRate: '1',
      pricesIncludeVat: false,
      supplierReference: null,
      notes: null,
      lines: chosen.map((c, i) => ({
        itemId: c.id,
        qty: qty(i),
        unitPrice: price(i),
        vatRate: '20' as const,
        expectedDate: null,
        notes: null,
      })),
      ...extra,
    });
    const receive = async (orderId: number, doc: string, days: number, cut?: (qty: string, i: number) => string) => {
      const draft = await receiveOrder(tx, ctx, orderId, {
        supplierDocNumber: doc,
        supplierDocDate: shift(today, days),
        documentDate: shift(today, days),
      });
      let receipt = draft;
      if (cut) {
        receipt = await updateReceipt(tx, ctx, draft.id, {
          version: draft.version,
          lines: draft.lines.map((l, i) => ({
            itemId: l.itemId,
            qty: cut(l.qty, i),
            unitPrice: l.unitPrice,
            vatRate: l.vatRate,
            supplierItemName: null,
            supplierOrderLineId: l.supplierOrderLineId,
          })),
        });
      }
      await postReceipt(tx, ctx, receipt.id, undefined);
    };

    // A draft still being put together.
    await createOrder(
      tx,
      ctx,
      order(
        0,
        -1,
        14,
        pick(0, 4),
        (i) => String(500 * (i + 1)),
        () => '0.85',
        {
          notes: 'Уточнити ціни перед відправкою',
        },
      ),
    );
    // Sent, awaiting the supplier's confirmation.
    const sent = await createOrder(
      tx,
      ctx,
      order(
        1,
        -3,
        10,
        pick(1, 3),
        () => '200',
        (i) => `${12 + i * 4}.50`,
      ),
    );
    await transitionOrder(tx, ctx, sent.id, 'send');
    // Confirmed but overdue: expected three days ago.
    const late = await createOrder(
      tx,
      ctx,
      order(
        2,
        -20,
        -3,
        pick(2, 3),
        () => '100',
        (i) => `${48 + i * 10}.00`,
      ),
    );
    await transitionOrder(tx, ctx, late.id, 'send');
    await transitionOrder(tx, ctx, late.id, 'confirm', { supplierReference: 'PI-2026-118' });
    // Partially received: 60 % of each line arrived.
    const partial = await createOrder(
      tx,
      ctx,
      order(
        0,
        -15,
        5,
        pick(3, 2),
        () => '100',
        () => '3.20',
      ),
    );
    await transitionOrder(tx, ctx, partial.id, 'send');
    await transitionOrder(tx, ctx, partial.id, 'confirm', { supplierReference: 'ЗМ-4471' });
    await receive(partial.id, 'РН-001377', -2, () => '60');
    // Fully received in one delivery.
    const full = await createOrder(
      tx,
      ctx,
      order(
        1,
        -25,
        -10,
        pick(4, 3),
        () => '250',
        (i) => `${6 + i}.40`,
      ),
    );
    await transitionOrder(tx, ctx, full.id, 'send');
    await transitionOrder(tx, ctx, full.id, 'confirm');
    await receive(full.id, 'ВН-7902', -9);
    // Closed after a short delivery: the rest will not come.
    const closed = await createOrder(
      tx,
      ctx,
      order(
        2,
        -40,
        -25,
        pick(5, 2),
        () => '40',
        () => '115.00',
      ),
    );
    await transitionOrder(tx, ctx, closed.id, 'send');
    await transitionOrder(tx, ctx, closed.id, 'confirm');
    await receive(closed.id, 'INV-2026-0377', -24, () => '30');
    await transitionOrder(tx, ctx, closed.id, 'close', { reason: 'Постачальник зняв позиції з виробництва' });
    // Cancelled before anything arrived.
    const cancelled = await createOrder(
      tx,
      ctx,
      order(
        0,
        -12,
        2,
        pick(6, 2),
        () => '1000',
        () => '0.42',
      ),
    );
    await transitionOrder(tx, ctx, cancelled.id, 'send');
    await transitionOrder(tx, ctx, cancelled.id, 'cancel', { reason: 'Знайшли дешевше в іншого постачальника' });

    log('Замовлення постачальникам: 7 замовлень у всіх статусах, 3 приходи за ними проведено');
  },
};
