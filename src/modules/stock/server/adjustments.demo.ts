// Demo adjustments: the finished goods' opening balances entered the way a migration enters them (one `opening`
// ADJ per warehouse, posted through the ledger at the file's costs), one damaged unit written off at the average,
// and one draft still waiting to be checked — so the demo's product stock is the ledger's own. Serial-tracked
// products get their serials the way posting gives them: the opening lines generate them from the template, and the
// damaged unit is written off by its serial.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { serialNumbers } from '@/modules/serial-numbers/server/index.ts';
import type { DemoSeeder } from '@/server/db/seed/demo-seeder.ts';
import { items } from '@/resources/items/items.table.ts';
import { warehouses } from '@/resources/warehouses/warehouses.table.ts';
import { adjustmentMounts } from './adjustments.read.ts';
import { createAdjustment } from './adjustments.write.ts';

const ctx = { userId: null, actor: 'demo-seed' } as const;
const mount = adjustmentMounts.inventory;

export const adjustmentsDemoSeeder: DemoSeeder = {
  name: 'stock-adjustments',
  async run({ tx, log }) {
    const [goods] = await tx.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.code, 'ГП'));
    const products = await tx
      .select({ id: items.id, sku: items.sku })
      .from(items)
      .where(inArray(items.kind, ['product', 'semi_finished']))
      .orderBy(asc(items.id))
      .limit(8);
    if (!goods || products.length < 3) return;
    // Quantities and costs as a stock list would give them: a few low, most comfortably stocked.
    const opening = products.map((p, i) => ({
      itemId: p.id,
      deltaQty: String([40, 25, 8, 60, 12, 30, 5, 18][i] ?? 10),
      unitCost: `${[1850, 920, 2450, 640, 3100, 410, 5200, 780][i] ?? 500}.00`,
    }));
    await createAdjustment(tx, ctx, mount, {
      warehouseId: goods.id,
      reason: 'opening',
      comment: 'Введення залишків з BAS',
      documentDate: '2026-01-02',
      lines: opening,
      post: true,
    });
    const [damaged] = await tx
      .select({ serial: serialNumbers.serial })
      .from(serialNumbers)
      .where(
        and(
          eq(serialNumbers.itemId, products[0]!.id),
          eq(serialNumbers.warehouseId, goods.id),
          eq(serialNumbers.status, 'available'),
        ),
      )
      .orderBy(asc(serialNumbers.serial))
      .limit(1);
    await createAdjustment(tx, ctx, mount, {
      warehouseId: goods.id,
      reason: 'damage',
      comment: 'Пошкоджено при транспортуванні',
      lines: [{ itemId: products[0]!.id, deltaQty: '-1', ...(damaged ? { serials: [damaged.serial] } : {}) }],
      post: true,
    });
    await createAdjustment(tx, ctx, mount, {
      warehouseId: goods.id,
      reason: 'surplus_found',
      comment: 'Знайдено при прибиранні складу — перевірити',
      lines: [{ itemId: products[1]!.id, deltaQty: '2' }],
    });
    log('Запаси: введення залишків готової продукції, списання псування, чернетка коригування');
  },
};
