// Demo repairs (production.md §7), through the real services: units taken in by the serials the demo sold, in every
// state — warranty and paid, parts posted through RPP, time booked, one invoiced and paid and returned, one refused —
// and the service 'Ремонт' at 600 грн/год that the invoice bills.
import { and, asc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { DemoSeeder } from '@/server/db/seed/demo-seeder.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { rowsOf } from '@/server/kernel/rows.ts';
import { createPayment } from '@/modules/payments/server/index.ts';
import { serialNumbers } from '@/modules/serial-numbers/server/index.ts';
import { items } from '@/resources/items/items.table.ts';
import { counterparties } from '@/resources/counterparties/counterparties.table.ts';
import { repairCreateSchema, repairStatusChangeSchema, type RepairStatus } from '../repairs.contract.ts';
import { ensureRepairServices, invoiceRepair } from './repairs.invoice.ts';
import { postRepairParts, saveRepairParts } from './repairs.parts.ts';
import { changeRepairStatus } from './repairs.status.ts';
import { addTimeEntry, createRepair, updateRepair } from './repairs.write.ts';
import { REPAIR_SERVICE_SKU } from './repairs.common.ts';

const ctx = { userId: null, actor: 'demo-seed' } as const;

interface Plan {
  problem: string;
  path: RepairStatus[];
  /** Paid even if under warranty (the override reason). */
  paidReason?: string;
  parts?: boolean;
  minutes?: number;
  invoice?: boolean;
  pay?: boolean;
  comment?: string;
}

const plans: Plan[] = [
  { problem: 'Не вмикається після грози', path: [] },
  { problem: 'Гуде вентилятор', path: ['diagnosed'], paidReason: 'Порушення умов експлуатації' },
  { problem: 'Не заряджає акумулятор', path: ['diagnosed', 'in_repair'], parts: true, minutes: 45 },
  {
    problem: 'Сліди рідини на платі',
    path: ['diagnosed', 'in_repair', 'ready'],
    paidReason: 'Потрапляння рідини',
    parts: true,
    minutes: 120,
    invoice: true,
  },
  {
    problem: 'Тріснув корпус',
    path: ['diagnosed', 'in_repair', 'ready', 'returned'],
    paidReason: 'Механічне пошкодження',
    parts: true,
    minutes: 60,
    invoice: true,
    pay: true,
  },
  { problem: 'Мерехтить індикатор', path: ['diagnosed', 'cancelled'], comment: 'Клієнт відмовився від ремонту' },
  { problem: 'Не тримає навантаження', path: ['diagnosed', 'in_repair', 'ready', 'returned'], minutes: 30 },
];

async function stockedParts(tx: DbOrTx) {
  return rowsOf<{ item_id: number; price: string | null }>(
    await tx.execute(sql`select b.item_id, i.retail_price::text as price from stock_balances b
      join items i on i.id = b.item_id
      where i.kind = 'component' and b.on_hand - b.reserved > 10
      order by b.item_id limit 2`),
  );
}

async function rateWorker(tx: DbOrTx) {
  const [w] = rowsOf<{ id: number }>(
    await tx.execute(sql`select w.id from workers w left join positions p on p.id = w.position_id
      where w.is_active and coalesce(w.hourly_rate, p.hourly_rate) is not null order by w.id limit 1`),
  );
  return w ? Number(w.id) : null;
}

export const repairsDemoSeeder: DemoSeeder = {
  name: 'repairs',
  async run({ tx, log }) {
    await ensureRepairServices(tx, ctx, '600');
    await tx
      .update(items)
      .set({ retailPrice: '600' })
      .where(and(eq(items.sku, REPAIR_SERVICE_SKU), sql`coalesce(${items.retailPrice}, 0) = 0`));
    const sold = await tx
      .select({ id: serialNumbers.id, itemId: serialNumbers.itemId, clientId: serialNumbers.clientId })
      .from(serialNumbers)
      .innerJoin(counterparties, eq(counterparties.id, serialNumbers.clientId))
      .where(and(eq(serialNumbers.status, 'sold'), isNotNull(serialNumbers.clientId), gt(serialNumbers.id, 0)))
      .orderBy(asc(serialNumbers.id))
      .limit(plans.length);
    if (!sold.length) return;
    const parts = await stockedParts(tx);
    const workerId = await rateWorker(tx);
    let made = 0;
    for (const [i, plan] of plans.entries()) {
      const unit = sold[i];
      if (!unit) break;
      let repair = await createRepair(
        tx,
        ctx,
        repairCreateSchema.parse({
          serialNumberId: unit.id,
          itemId: unit.itemId,
          clientId: unit.clientId,
          intakeDate: `2026-11-${String(10 + i).padStart(2, '0')}`,
          problemDescription: plan.problem,
          accessories: 'Без комплектації',
          ...(plan.paidReason ? { warrantyOverride: false, warrantyOverrideReason: plan.paidReason } : {}),
        }),
      );
      if (!repair.isWarranty) {
        repair = await updateRepair(tx, ctx, repair.id, {
          version: repair.version,
          estimatedCost: '1500.00',
          clientApproved: plan.path.includes('in_repair'),
        });
      }
      for (const to of plan.path) {
        if (to === 'ready') {
          if (plan.parts && parts.length) {
            await saveRepairParts(tx, ctx, repair.id, {
              lines: parts.map((p) => ({ itemId: Number(p.item_id), qty: '1', priceForClient: p.price ?? '100' })),
            });
            await postRepairParts(tx, ctx, repair.id, null);
          }
          if (plan.minutes && workerId) await addTimeEntry(tx, ctx, repair.id, { workerId, minutes: plan.minutes });
          if (plan.invoice) {
            const { orderId, repair: billed } = await invoiceRepair(tx, ctx, repair.id);
            if (plan.pay) {
              const [order] = rowsOf<{ total: string }>(
                await tx.execute(sql`select total_gross::text as total from orders where id = ${orderId}`),
              );
              await createPayment(tx, ctx, {
                paymentDate: '2026-11-20',
                type: 'receipt',
                method: 'cash',
                amount: order!.total,
                currencyCode: 'UAH',
                clientId: billed.clientId,
                purpose: `Оплата ремонту ${billed.number}`,
                allocations: [{ orderId, amount: order!.total }],
                post: true,
              });
            }
          }
        }
        const body = repairStatusChangeSchema.parse({ to, comment: to === 'cancelled' ? plan.comment : undefined });
        if (to === 'returned' && !repair.isWarranty && !plan.pay) {
          body.withoutPayment = true;
          body.comment = 'Видано без оплати за рішенням керівника сервісу';
        }
        repair = await changeRepairStatus(tx, ctx, repair.id, body);
      }
      made++;
    }
    log(`Ремонти: ${made}`);
  },
};
