// Demo serial numbers: the default template 'Стандартний', and a serial for every unit of the serial-tracked products
// the demo already has in stock (registered into their warehouses without a ledger effect), so count(available) =
// on hand. Then one unit is written off through a posted ADJ (its timeline shows it) and a few serials are allocated
// for labels.
import { and, asc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { DemoSeeder } from '@/server/db/seed/demo-seeder.ts';
import { stockBalances } from '@/modules/stock/server/stock.table.ts';
import { items } from '@/resources/items/items.table.ts';
import { serialNumbers } from './serial-numbers.table.ts';
import { generateSerialsIn, writeOffSerial } from './serial-numbers.service.ts';
import { ensureDefaultTemplate } from './serial-templates.service.ts';

const ctx = { userId: null, actor: 'demo-seed' } as const;

export const serialNumbersDemoSeeder: DemoSeeder = {
  name: 'serial-numbers',
  async run({ tx, log }) {
    const template = await ensureDefaultTemplate(tx);
    const balances = await tx
      .select({ itemId: stockBalances.itemId, warehouseId: stockBalances.warehouseId, onHand: stockBalances.onHand })
      .from(stockBalances)
      .innerJoin(items, eq(items.id, stockBalances.itemId))
      .where(and(eq(items.serialTracking, true), ne(items.kind, 'service'), gt(stockBalances.onHand, '0')))
      .orderBy(asc(stockBalances.itemId), asc(stockBalances.warehouseId));
    let registered = 0;
    for (const b of balances) {
      const [{ n }] = (await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(serialNumbers)
        .where(
          and(
            eq(serialNumbers.itemId, b.itemId),
            eq(serialNumbers.warehouseId, b.warehouseId),
            inArray(serialNumbers.status, ['available', 'reserved']),
          ),
        )) as [{ n: number }];
      // Whole units only: a serial names one unit (serial-tracked items are counted in pieces).
      const units = Number(b.onHand.split('.')[0]) - Number(n);
      if (units <= 0) continue;
      const created = await generateSerialsIn(tx, ctx, {
        itemId: b.itemId,
        count: units,
        warehouseId: b.warehouseId,
      });
      registered += created.length;
    }
    const [first] = await tx
      .select({ id: serialNumbers.id })
      .from(serialNumbers)
      .where(eq(serialNumbers.status, 'available'))
      .orderBy(asc(serialNumbers.id))
      .limit(1);
    if (first) await writeOffSerial(tx, ctx, first.id, 'Тріщина корпусу після падіння');
    const [tracked] = await tx
      .select({ id: items.id })
      .from(items)
      .where(and(eq(items.serialTracking, true), eq(items.kind, 'product')))
      .orderBy(asc(items.id))
      .limit(1);
    if (tracked) await generateSerialsIn(tx, ctx, { itemId: tracked.id, count: 3 });
    log(
      `Серійні номери: шаблон «${template.name}», ${registered} номерів на залишки` +
        (first ? ', одне списання' : '') +
        (tracked ? ', 3 виділено під етикетки' : ''),
    );
  },
};
