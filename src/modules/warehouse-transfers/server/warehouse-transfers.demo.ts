// Demo transfers of «Техноприлад», made the way the storekeeper makes them: through the real service and the ledger,
// only from the stock the receipts demo put on the components warehouse ('КМП'). Rejects found at incoming
// inspection go to the rejects store ('БРК') and part of them comes back, spare-part kits go to the finished-goods
// warehouse ('ГП'), and one draft waits to be checked.
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import { serialNumbers } from '@/modules/serial-numbers/server/index.ts';
import type { DemoSeeder } from '@/server/db/seed/demo-seeder.ts';
import { cmp, dec } from '@/shared/decimal.ts';
import { stockBalances } from '@/modules/stock/server/stock.table.ts';
import { users } from '@/modules/users/server/users.table.ts';
import { items } from '@/resources/items/items.table.ts';
import { warehouses } from '@/resources/warehouses/warehouses.table.ts';
import { createTransfer, postTransfer } from './warehouse-transfers.service.ts';

export const warehouseTransfersDemoSeeder: DemoSeeder = {
  name: 'warehouse-transfers',
  async run({ tx, log }) {
    const byCode = async (code: string) =>
      (await tx.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.code, code)))[0]?.id;
    const [materials, finished, rejects] = [await byCode('КМП'), await byCode('ГП'), await byCode('БРК')];
    if (!materials || !finished || !rejects) return;
    // The storekeeper does the moving, when the demo has him.
    const [storekeeper] = await tx.select({ id: users.id }).from(users).where(eq(users.username, 'p.bondarenko'));
    const ctx = { userId: storekeeper?.id ?? null, actor: 'demo-seed' } as const;

    // What the components warehouse holds free, the best-stocked first.
    const stock = await tx
      .select({
        itemId: stockBalances.itemId,
        available: sql<string>`(${stockBalances.onHand} - ${stockBalances.reserved})::text`,
      })
      .from(stockBalances)
      .innerJoin(items, eq(items.id, stockBalances.itemId))
      .where(
        and(
          eq(stockBalances.warehouseId, materials),
          gt(sql`${stockBalances.onHand} - ${stockBalances.reserved}`, sql`0`),
        ),
      )
      .orderBy(desc(sql`${stockBalances.onHand} - ${stockBalances.reserved}`), asc(stockBalances.itemId));
    if (stock.length < 12) return;
    /** Lines of the wanted quantities, each only where the stock is there. */
    const lines = (picks: Array<[number, string]>) =>
      picks
        .filter(([i, qty]) => stock[i] && cmp(dec(qty), dec(stock[i]!.available)) <= 0)
        .map(([i, qty]) => ({ itemId: stock[i]!.itemId, qty, notes: null }));

    const post = async (
      header: { documentDate: string; fromWarehouseId: number; toWarehouseId: number; reason: string },
      chosen: ReturnType<typeof lines>,
    ) => {
      if (!chosen.length) return null;
      const draft = await createTransfer(tx, ctx, { ...header, notes: null, lines: chosen });
      // Serial-tracked lines name the units that leave: the first ones on the source's shelf.
      const serials = [];
      for (const line of draft.lines.filter((x) => x.serialTracking)) {
        const shelf = await tx
          .select({ serial: serialNumbers.serial })
          .from(serialNumbers)
          .where(
            and(
              eq(serialNumbers.itemId, line.itemId),
              eq(serialNumbers.warehouseId, header.fromWarehouseId),
              eq(serialNumbers.status, 'available'),
            ),
          )
          .orderBy(asc(serialNumbers.serial))
          .limit(Number(line.qty.split('.')[0]));
        serials.push({ itemId: line.itemId, serials: shelf.map((s) => s.serial) });
      }
      return postTransfer(tx, ctx, draft.id, undefined, serials);
    };

    const rejected = lines([
      [0, '25'],
      [3, '10'],
      [7, '4'],
    ]);
    const toRejects = await post(
      {
        documentDate: '2026-10-09',
        fromWarehouseId: materials,
        toWarehouseId: rejects,
        reason: 'Брак, виявлений під час вхідного контролю (акт ВК-14)',
      },
      rejected,
    );
    // After re-testing, part of the rejects turned out fine and went back.
    if (toRejects && rejected[0]) {
      await post(
        {
          documentDate: '2026-10-16',
          fromWarehouseId: rejects,
          toWarehouseId: materials,
          reason: 'Повернення після повторної перевірки — придатні',
        },
        [{ itemId: rejected[0].itemId, qty: '15', notes: null }],
      );
    }
    await post(
      {
        documentDate: '2026-11-06',
        fromWarehouseId: materials,
        toWarehouseId: finished,
        reason: 'Комплекти ЗІП до відвантаження разом із приладами',
      },
      lines([
        [1, '20'],
        [4, '12'],
        [9, '6'],
        [11, '8'],
      ]),
    );
    const draftLines = lines([
      [2, '5'],
      [6, '3'],
    ]);
    if (draftLines.length) {
      await createTransfer(tx, ctx, {
        documentDate: '2026-11-21',
        fromWarehouseId: materials,
        toWarehouseId: rejects,
        reason: 'Пошкоджене пакування — на перевірку',
        notes: 'Перевірити разом із ВТК',
        lines: draftLines,
      });
    }
    log('Переміщення між складами: 3 проведені документи і одна чернетка');
  },
};
