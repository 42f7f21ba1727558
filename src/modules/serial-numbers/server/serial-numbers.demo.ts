// Demo serial numbers: the default template 'Стандартний' (the stock demos already used it — the opening balances of
// the serial-tracked products generated their serials at posting, and the other documents move them), then one unit
// is written off through a posted ADJ (its timeline shows it) and a few serials are allocated for labels.
import { and, asc, eq } from 'drizzle-orm';
import type { DemoSeeder } from '@/server/db/seed/demo-seeder.ts';
import { items } from '@/resources/items/items.table.ts';
import { serialNumbers } from './serial-numbers.table.ts';
import { generateSerialsIn, writeOffSerial } from './serial-numbers.service.ts';
import { ensureDefaultTemplate } from './serial-templates.service.ts';

const ctx = { userId: null, actor: 'demo-seed' } as const;

export const serialNumbersDemoSeeder: DemoSeeder = {
  name: 'serial-numbers',
  async run({ tx, log }) {
    const template = await ensureDefaultTemplate(tx);
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
      `Серійні номери: шаблон «${template.name}»` +
        (first ? ', одне списання' : '') +
        (tracked ? ', 3 виділено під етикетки' : ''),
    );
  },
};
