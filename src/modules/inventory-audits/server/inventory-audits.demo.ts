// Demo inventory audits, through the real service and the ledger: one selective count of the components warehouse,
// posted with a surplus and a shortage, and one full count still under way (the scanner's 'Інвентаризація' mode
// has something to pick).
import { and, asc, desc, eq, gt } from 'drizzle-orm';
import type { DemoSeeder } from '@/server/db/seed/demo-seeder.ts';
import { itemCosts, stockBalances } from '@/modules/stock/server/stock.table.ts';
import { warehouses } from '@/resources/warehouses/warehouses.table.ts';
import { add, dec, fixed, sub } from '@/shared/decimal.ts';
import { startAudit, updateLine } from './inventory-audits.counting.ts';
import { postAudit } from './inventory-audits.posting.ts';
import { listLines } from './inventory-audits.read.ts';
import { createAudit } from './inventory-audits.write.ts';

const ctx = { userId: null, actor: 'demo-seed' } as const;

export const inventoryAuditsDemoSeeder: DemoSeeder = {
  name: 'inventory-audits',
  async run({ tx, log }) {
    const [materials] = await tx.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.code, 'КМП'));
    if (!materials) return;
    const stocked = await tx
      .select({ itemId: stockBalances.itemId, onHand: stockBalances.onHand })
      .from(stockBalances)
      .innerJoin(itemCosts, eq(itemCosts.itemId, stockBalances.itemId))
      .where(and(eq(stockBalances.warehouseId, materials.id), gt(stockBalances.onHand, '5')))
      // The dearer parts: a variance worth looking at.
      .orderBy(desc(itemCosts.avgCost), asc(stockBalances.itemId))
      .limit(6);
    if (stocked.length < 6) return;

    // A selective count of five items, last week: one surplus of 2, one shortage of 3, the rest as recorded.
    const done = await createAudit(tx, ctx, {
      documentDate: '2026-11-16',
      warehouseId: materials.id,
      scope: 'items',
      itemIds: stocked.slice(0, 5).map((s) => s.itemId),
      categoryIds: [],
      blind: false,
      counterIds: [],
      notes: 'Вибіркова перевірка після приходу',
    });
    await startAudit(tx, ctx, done.id);
    const lines = await listLines(tx, done.id, {});
    for (const [i, line] of lines.entries()) {
      // A serial-tracked item is counted by serial: the demo leaves such a line uncounted (posting ignores it).
      if (line.serialTracking) continue;
      let counted = dec(line.snapshotQty ?? '0');
      let reason: string | null = null;
      if (i === 0) {
        counted = add(counted, dec(2));
        reason = 'Знайдено в сусідній комірці';
      } else if (i === 1) {
        counted = sub(counted, dec(3));
        reason = 'Пошкоджено під час зберігання';
      }
      await updateLine(tx, ctx, done.id, line.id, { countedQty: fixed(counted, 4), reason });
    }
    await postAudit(tx, ctx, done.id, 'ignore');

    // A full count under way: a few lines counted already.
    const open = await createAudit(tx, ctx, {
      warehouseId: materials.id,
      scope: 'full',
      itemIds: [],
      categoryIds: [],
      blind: true,
      counterIds: [],
      notes: 'Річна інвентаризація складу комплектуючих',
    });
    await startAudit(tx, ctx, open.id);
    const openLines = await listLines(tx, open.id, {});
    for (const line of openLines.filter((l) => !l.serialTracking).slice(0, 3)) {
      await updateLine(tx, ctx, open.id, line.id, { countedQty: line.snapshotQty ?? '0' });
    }
    log(`Інвентаризація: ${done.number} проведено з розбіжностями, ${open.number} — підрахунок триває`);
  },
};
