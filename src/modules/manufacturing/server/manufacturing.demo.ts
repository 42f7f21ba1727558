// Demo manufacturing orders of «Техноприлад», after the demo BOMs, tech cards, recipes and orders — every step
// through the real services and the ledger: a completed power-supply run whose board was made by a child MO
// ('Створити МВ на напівфабрикати'), a board batch in progress with its materials issued, a released (overdue)
// controller order, a planned one linked to a client order line, and a cancelled one. Components missing from the
// shelf are bought first with a posted supplier receipt, as a planner would.
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { DemoSeeder } from '@/server/db/seed/demo-seeder.ts';
import type { Tx } from '@/server/kernel/db.ts';
import { addDays, kyivToday } from '@/shared/kyiv-date.ts';
import { cmp, dec, fixed, sub } from '@/shared/decimal.ts';
import { createReceipt, postReceipt } from '@/modules/supplier-receipts/server/index.ts';
import { counterparties } from '@/resources/counterparties/counterparties.table.ts';
import { items } from '@/resources/items/items.table.ts';
import { supplierDocumentTypes } from '@/resources/supplier-document-types/supplier-document-types.table.ts';
import { warehouses } from '@/resources/warehouses/warehouses.table.ts';
import { itemCosts } from '@/modules/stock/server/stock.table.ts';
import { resolveProductionSpec } from '@/modules/production/server/index.ts';
import { rowsOf } from '@/server/kernel/rows.ts';
import { materialStates, syncMaterialReservations, lockManufacturingOrder } from './manufacturing.common.ts';
import { createChildOrders, createManufacturingOrder } from './manufacturing.write.ts';
import {
  cancelManufacturingOrder,
  completeManufacturingOrder,
  releaseManufacturingOrder,
  startManufacturingOrder,
} from './manufacturing.lifecycle.ts';
import { postMoIssue } from './manufacturing.postings.ts';
import { postMoOutput } from './manufacturing.output.ts';

const ctx = { userId: null, actor: 'demo-seed' } as const;

interface Purchase {
  supplierId: number;
  documentTypeId: number;
  warehouseId: number;
}

let receiptNo = 0;

/** Buys what the MO's bought materials lack (required − issued − reserved), then lets the MO hold it. */
export async function buyShortages(
  tx: Tx,
  moId: number,
  purchase: Purchase,
  date: string = kyivToday(),
  /** Buy the MO's whole need, not only what stock lacks: a past MO then leaves the stock as it found it. */
  opts: { whole?: boolean } = {},
) {
  const lines = (await materialStates(tx, moId)).filter(
    (l) => l.stockable && (l.kind === 'component' || l.kind === 'material'),
  );
  const short = lines
    .map((l) => ({ l, qty: sub(sub(dec(l.requiredQty), l.issued), opts.whole ? dec(0) : l.reserved) }))
    .filter((x) => cmp(x.qty, dec(0)) > 0);
  if (!short.length) return;
  const costs = await tx
    .select({ itemId: itemCosts.itemId, avg: itemCosts.avgCost })
    .from(itemCosts)
    .where(
      inArray(
        itemCosts.itemId,
        short.map((x) => x.l.itemId),
      ),
    );
  const avg = new Map(costs.map((c) => [c.itemId, c.avg]));
  const today = date;
  const receipt = await createReceipt(tx, ctx, {
    supplierId: purchase.supplierId,
    warehouseId: purchase.warehouseId,
    documentTypeId: purchase.documentTypeId,
    supplierDocNumber: `РН-ВИР-${String(++receiptNo).padStart(3, '0')}`,
    supplierDocDate: today,
    documentDate: today,
    currencyCode: 'UAH',
    fxRate: '1',
    pricesIncludeVat: false,
    extraCosts: '0',
    extraCostsMethod: 'by_value',
    lines: short.map((x) => ({
      itemId: x.l.itemId,
      // Whole units, rounded up: nobody buys 0.3 of a screw.
      qty: String(Math.ceil(Number(fixed(x.qty, 4)))),
      unitPrice: fixed(dec(avg.get(x.l.itemId) ?? '10'), 2),
      vatRate: '20' as const,
      supplierItemName: null,
    })),
  });
  await postReceipt(tx, ctx, receipt.id, undefined);
  await syncMaterialReservations(tx, await lockManufacturingOrder(tx, moId));
}

/** Where the demo planner buys materials: the first supplier, document type and materials warehouse. */
export async function demoPurchase(tx: Tx): Promise<Purchase | null> {
  const [supplier] = await tx
    .select({ id: counterparties.id })
    .from(counterparties)
    .where(eq(counterparties.isSupplier, true))
    .orderBy(asc(counterparties.id))
    .limit(1);
  const [docType] = await tx
    .select({ id: supplierDocumentTypes.id })
    .from(supplierDocumentTypes)
    .orderBy(asc(supplierDocumentTypes.id))
    .limit(1);
  const [materials] = await tx
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(eq(warehouses.type, 'materials'))
    .orderBy(sql`${warehouses.isDefault} desc`, asc(warehouses.id))
    .limit(1);
  if (!supplier || !docType || !materials) return null;
  return { supplierId: supplier.id, documentTypeId: docType.id, warehouseId: materials.id };
}

/** Runs one demo scenario in a savepoint: a failure (missing demo data) skips it, never the whole seeder. */
async function scenario(tx: Tx, name: string, log: (m: string) => void, run: (tx: Tx) => Promise<void>) {
  try {
    await tx.transaction(async (inner) => run(inner as Tx));
    return true;
  } catch (err) {
    log(`Виробництво: сценарій «${name}» пропущено — ${err instanceof Error ? err.message : String(err)}`);
    return false;
  }
}

export const manufacturingDemoSeeder: DemoSeeder = {
  name: 'manufacturing',
  async run({ tx, log }) {
    const skus = ['БЖ-12-2', 'ПЛ-БЖ', 'КТ-100'];
    const found = await tx.select({ id: items.id, sku: items.sku }).from(items).where(inArray(items.sku, skus));
    const bySku = new Map(found.map((i) => [i.sku, i.id]));
    const makeable = new Map<string, number>();
    for (const [sku, id] of bySku) if (await resolveProductionSpec(tx, id)) makeable.set(sku, id);
    if (!makeable.size) return;
    const purchase = await demoPurchase(tx);
    if (!purchase) return;
    const today = kyivToday();
    const done: string[] = [];

    const supply = makeable.get('БЖ-12-2');
    const board = makeable.get('ПЛ-БЖ');
    const controller = makeable.get('КТ-100');

    if (supply) {
      const ok = await scenario(tx, 'завершене', log, async (t) => {
        const mo = await createManufacturingOrder(t, ctx, {
          itemId: supply,
          qty: '5',
          plannedStart: addDays(today, -8),
          dueDate: addDays(today, -2),
          priority: 'high',
          notes: 'Партія для складу — поповнення мінімального залишку',
        });
        await releaseManufacturingOrder(t, ctx, mo.id);
        const children = await createChildOrders(t, ctx, mo.id).catch(() => []);
        for (const child of children) {
          await releaseManufacturingOrder(t, ctx, child.id);
          await buyShortages(t, child.id, purchase);
          await postMoOutput(t, ctx, child.id, { goodQty: child.qty });
          await completeManufacturingOrder(t, ctx, child.id, { excess: 'variance', confirmShort: true });
        }
        await buyShortages(t, mo.id, purchase);
        await startManufacturingOrder(t, ctx, mo.id);
        await postMoOutput(t, ctx, mo.id, { goodQty: '5' });
        await completeManufacturingOrder(t, ctx, mo.id, { excess: 'variance' });
      });
      if (ok) done.push('завершене (з дочірнім МВ на плату)');
    }

    if (board) {
      const ok = await scenario(tx, 'у роботі', log, async (t) => {
        const mo = await createManufacturingOrder(t, ctx, {
          itemId: board,
          qty: '20',
          plannedStart: addDays(today, -1),
          dueDate: addDays(today, 4),
          priority: 'normal',
          notes: 'Плати для наступної партії блоків живлення',
        });
        await releaseManufacturingOrder(t, ctx, mo.id);
        await buyShortages(t, mo.id, purchase);
        await postMoIssue(t, ctx, mo.id, { notes: 'Комплектація на зміну' });
      });
      if (ok) done.push('у роботі (матеріали видано)');
    }

    if (controller) {
      const released = await scenario(tx, 'запущене', log, async (t) => {
        const mo = await createManufacturingOrder(t, ctx, {
          itemId: controller,
          qty: '10',
          plannedStart: addDays(today, -4),
          dueDate: addDays(today, -1),
          priority: 'urgent',
          notes: 'Термінове — клієнт чекає',
        });
        await releaseManufacturingOrder(t, ctx, mo.id);
      });
      if (released) done.push('запущене (прострочене)');
      const cancelled = await scenario(tx, 'скасоване', log, async (t) => {
        const mo = await createManufacturingOrder(t, ctx, {
          itemId: controller,
          qty: '3',
          dueDate: addDays(today, 10),
        });
        await cancelManufacturingOrder(t, ctx, mo.id, 'Замовлення клієнта скасовано');
      });
      if (cancelled) done.push('скасоване');
    }

    const planItem = supply ?? controller ?? board!;
    const planned = await scenario(tx, 'заплановане', log, async (t) => {
      // Make-to-order: linked to an open client order line of the item, when there is one.
      const [line] = rowsOf<{ id: number; qty: string }>(
        await t.execute(sql`select l.id, l.qty::text from order_lines l join orders o on o.id = l.order_id
          where l.item_id = ${planItem} and o.status in ('confirmed', 'partially_shipped') order by o.id limit 1`),
      );
      await createManufacturingOrder(t, ctx, {
        itemId: planItem,
        qty: line ? fixed(dec(line.qty), 4) : '15',
        plannedStart: addDays(today, 3),
        dueDate: addDays(today, 10),
        priority: 'normal',
        demands: line ? [{ orderLineId: Number(line.id), qty: line.qty }] : [],
      });
    });
    if (planned) done.push('заплановане');
    if (board) {
      // Released last, so the shop floor has not reached it yet: its materials wait reserved on the shelf.
      const waiting = await scenario(tx, 'запущене, чекає на цех', log, async (t) => {
        const mo = await createManufacturingOrder(t, ctx, {
          itemId: board,
          qty: '10',
          plannedStart: addDays(today, 2),
          dueDate: addDays(today, 7),
          priority: 'low',
          notes: 'Плати в запас',
        });
        await releaseManufacturingOrder(t, ctx, mo.id);
      });
      if (waiting) done.push('запущене (чекає на цех)');
    }
    log(`Виробництво: ${done.length} замовлень у різних станах — ${done.join(', ')}`);
  },
};
