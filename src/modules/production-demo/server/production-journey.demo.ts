// The demo's complete production path (issue 8 "Done means"), through the same services the pages call:
// a client orders more controllers than are in stock → /ordered-products shows the uncovered demand and makes a
// manufacturing order linked to the order lines (released at once) → the boards it needs are made by child MOs →
// materials are issued → the operators run every operation on the terminal and the last finish posts the output,
// which is reserved for the order lines → the order ships with the serials just made.
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { DemoSeeder } from '@/server/db/seed/demo-seeder.ts';
import type { Tx } from '@/server/kernel/db.ts';
import { addDays, kyivToday } from '@/shared/kyiv-date.ts';
import { add, cmp, dec, fixed, isZero } from '@/shared/decimal.ts';
import { counterparties } from '@/resources/counterparties/counterparties.table.ts';
import { items } from '@/resources/items/items.table.ts';
import { workers } from '@/resources/workers/workers.table.ts';
import { orderCreateSchema } from '@/modules/orders/orders.contract.ts';
import { confirmOrder, createOrder, setProductionApproval } from '@/modules/orders/server/index.ts';
import {
  completeManufacturingOrder,
  createChildOrders,
  postMoIssue,
  postMoOutput,
  releaseManufacturingOrder,
} from '@/modules/manufacturing/server/index.ts';
import { buyShortages, demoPurchase } from '@/modules/manufacturing/server/manufacturing.demo.ts';
import { manufacturingOrders, moOperations, moPostings } from '@/modules/manufacturing/server/manufacturing.table.ts';
import { createManufacturingOrders, orderedProducts, reserveFree } from '@/modules/ordered-products/server/index.ts';
import { mesActionSchema } from '@/modules/mes/mes.contract.ts';
import { performMesAction } from '@/modules/mes/server/index.ts';
import { createShipment, postShipment, updateShipment } from '@/modules/shipments/server/index.ts';
import { resolveProductionSpec } from '@/modules/production/server/index.ts';

const ctx = { userId: null, actor: 'demo-seed' } as const;
const SKU = 'КТ-100';
const MINUTE = 60_000;

/** Runs every operation of the MO on the terminal, one worker after another; the last finish posts the output. */
async function runOnTerminal(tx: Tx, moId: number, qty: string) {
  const ops = await tx
    .select({ id: moOperations.id, departmentId: moOperations.departmentId, qualityCheck: moOperations.qualityCheck })
    .from(moOperations)
    .where(eq(moOperations.moId, moId))
    .orderBy(asc(moOperations.seq));
  const crew = await tx
    .select({ id: workers.id, departmentId: workers.departmentId })
    .from(workers)
    .where(eq(workers.isActive, true))
    .orderBy(asc(workers.id));
  if (!crew.length) throw new Error('немає працівників');
  let t = Date.now() - ops.length * 70 * MINUTE;
  for (const op of ops) {
    const worker = crew.find((w) => w.departmentId === op.departmentId) ?? crew[0]!;
    const act = (action: 'start' | 'finish', body: Record<string, unknown>) =>
      performMesAction(tx, ctx, op.id, action, mesActionSchema.parse({ workerId: worker.id, ...body }), {
        idempotencyKey: randomUUID(),
        now: new Date(t),
      });
    await act('start', {});
    t += 60 * MINUTE;
    await act('finish', { goodQty: qty, closeOperation: true, ...(op.qualityCheck ? { qcPassed: true } : {}) });
    t += 10 * MINUTE;
  }
}

export const productionJourneyDemoSeeder: DemoSeeder = {
  name: 'production-journey',
  async run({ tx, log }) {
    const [item] = await tx
      .select({ id: items.id, retailPrice: items.retailPrice })
      .from(items)
      .where(eq(items.sku, SKU));
    const [client] = await tx
      .select({ id: counterparties.id })
      .from(counterparties)
      .where(and(eq(counterparties.isClient, true), eq(counterparties.isActive, true)))
      .orderBy(asc(counterparties.id))
      .limit(1);
    const purchase = await demoPurchase(tx);
    if (!item || !client || !purchase || !(await resolveProductionSpec(tx, item.id))) {
      log('Виробничий шлях: пропущено — немає виробу зі специфікацією, клієнта чи постачальника');
      return;
    }
    try {
      await tx.transaction(async (sp) => {
        const t = sp as Tx;
        const today = kyivToday();
        // 1. The order: more than the stock holds, approved for production.
        const [before] = await orderedProducts(t, { approvedOnly: false, itemIds: [item.id] });
        const qty = fixed(add(before ? dec(before.free) : dec(0), dec(3)), 0);
        const orderId = await createOrder(
          t,
          ctx,
          orderCreateSchema.parse({
            orderDate: today,
            clientId: client.id,
            dueDate: addDays(today, 5),
            notes: 'Під виробництво: вільного запасу не вистачає',
            lines: [{ itemId: item.id, qty, unitPrice: item.retailPrice ?? '1150' }],
          }),
        );
        await confirmOrder(t, ctx, orderId);
        await setProductionApproval(t, ctx, orderId, { approved: true, note: 'Погоджено директором' });
        // 2. Ordered products: what is free goes to the orders, the rest becomes one MO linked to their lines.
        const [open] = await orderedProducts(t, { itemIds: [item.id] });
        if (open && cmp(dec(open.free), dec(0)) > 0) await reserveFree(t, ctx, item.id);
        const [row] = await orderedProducts(t, { itemIds: [item.id] });
        if (!row || isZero(dec(row.uncovered))) throw new Error('немає непокритого попиту');
        const created = await createManufacturingOrders(t, ctx, {
          items: [{ itemId: item.id, qty: fixed(dec(row.uncovered), 0), release: true }],
        });
        const mo = created.orders[0]!;
        // 3. The boards it needs, made first by child MOs; then the materials bought and issued.
        for (const child of await createChildOrders(t, ctx, mo.id).catch(() => [])) {
          await releaseManufacturingOrder(t, ctx, child.id);
          await buyShortages(t, child.id, purchase);
          await postMoOutput(t, ctx, child.id, { goodQty: child.qty });
          await completeManufacturingOrder(t, ctx, child.id, { excess: 'variance', confirmShort: true });
        }
        await buyShortages(t, mo.id, purchase);
        await postMoIssue(t, ctx, mo.id, { notes: 'Комплектація під замовлення' });
        // 4. The terminal: every operation run; the last finish posts the output (reserved for the order lines).
        await runOnTerminal(t, mo.id, mo.qty);
        // The last finish usually completes the MO by itself (decision 0020); what is left to decide is decided here.
        const [after] = await t
          .select({ status: manufacturingOrders.status })
          .from(manufacturingOrders)
          .where(eq(manufacturingOrders.id, mo.id));
        if (after?.status === 'in_progress') await completeManufacturingOrder(t, ctx, mo.id, { excess: 'variance' });
        // 5. The shipment with the serials just made.
        const outputs = await t
          .select({ serials: moPostings.serials })
          .from(moPostings)
          .where(and(eq(moPostings.moId, mo.id), eq(moPostings.kind, 'output'), eq(moPostings.status, 'posted')));
        const serials = outputs.flatMap((o) => o.serials ?? []);
        let shipment = await createShipment(t, ctx, { orderId });
        const line = shipment.lines[0]!;
        if (cmp(dec(line.qty), dec(qty)) !== 0) throw new Error('не все зарезервовано під замовлення');
        shipment = await updateShipment(t, ctx, shipment.id, {
          version: shipment.version,
          lines: [{ id: line.id, serials: serials.slice(0, Number(qty)) }],
        });
        await postShipment(t, ctx, shipment.id, shipment.version);
        const [done] = await t
          .select({ number: manufacturingOrders.number })
          .from(manufacturingOrders)
          .where(eq(manufacturingOrders.id, mo.id));
        log(
          `Виробничий шлях: замовлення → ${done?.number ?? mo.number} → термінал → випуск → відвантаження (${qty} шт)`,
        );
      });
    } catch (err) {
      log(`Виробничий шлях: пропущено — ${err instanceof Error ? err.message : String(err)}`);
    }
  },
};
