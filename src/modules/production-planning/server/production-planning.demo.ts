// Demo load for /production-planning (issue 24): planned MOs of the power supplies spread over the next six weeks,
// and one big batch that overloads their bottleneck department in the week after next — sized from the planning
// figures themselves, so the heatmap shows 'Перевантаження' whatever the demo crew's hours.
import { inArray } from 'drizzle-orm';
import type { DemoSeeder } from '@/server/db/seed/demo-seeder.ts';
import { add, cmp, dec, div, fixed, mul, sub, type Dec } from '@/shared/decimal.ts';
import { addDays } from '@/shared/kyiv-date.ts';
import { items } from '@/resources/items/items.table.ts';
import { createManufacturingOrder } from '@/modules/manufacturing/server/index.ts';
import { effectiveOperations, resolveProductionSpec } from '@/modules/production/server/index.ts';
import { planningGrid } from './production-planning.read.ts';
import { planningContext } from './production-planning.work.ts';

const ctx = { userId: null, actor: 'demo-seed' } as const;

export const productionPlanningDemoSeeder: DemoSeeder = {
  name: 'production-planning',
  async run({ tx, log }) {
    const [supply] = await tx
      .select({ id: items.id })
      .from(items)
      .where(inArray(items.sku, ['БЖ-12-2']));
    const spec = supply ? await resolveProductionSpec(tx, supply.id) : null;
    if (!supply || !spec?.techCard) return;
    const planning = await planningContext(tx);
    const week = (n: number) => addDays(planning.currentWeek, 7 * n);
    const quantities = ['30', '45', '25', '40', '35', '50'];
    for (const [i, qty] of quantities.entries()) {
      await createManufacturingOrder(tx, ctx, {
        itemId: supply.id,
        qty,
        plannedStart: addDays(week(i + 1), 1),
        dueDate: addDays(week(i + 1), 4),
        notes: 'Планова партія блоків живлення на склад',
      });
    }

    // The overload: enough units to bring the busiest department of the power supply's operations (its bottleneck)
    // to about 120 % in the week after next; the other departments stay below.
    const ops = await effectiveOperations(tx, spec.techCard.id);
    const grid = await planningGrid(tx, { weeks: 3 }, planning);
    let units: Dec | null = null;
    for (const department of grid.departments) {
      const mine = ops.filter((op) => op.departmentId === department.id);
      const run = mine.reduce((sum, op) => add(sum, dec(op.runMinutesPerUnit)), dec(0));
      const setup = mine.reduce((sum, op) => add(sum, dec(op.setupMinutes)), dec(0));
      const cell = department.cells[2]!;
      if (cmp(run, dec(0)) <= 0 || cmp(dec(cell.capacityHours), dec(0)) <= 0) continue;
      const target = mul(mul(dec(cell.capacityHours), dec('1.2')), dec(60));
      const already = mul(add(dec(cell.loadHours), dec(cell.unplannedHours)), dec(60));
      const fits = div(sub(sub(target, already), setup), run, 0);
      if (units === null || cmp(fits, units) < 0) units = fits;
    }
    if (units === null || cmp(units, dec(1)) < 0) {
      log(
        `Планування потужностей: ${quantities.length} планових МВ; перевантаження не створено (немає годин дільниць)`,
      );
      return;
    }
    await createManufacturingOrder(tx, ctx, {
      itemId: supply.id,
      qty: fixed(units, 0),
      plannedStart: addDays(week(2), 1),
      dueDate: addDays(week(2), 4),
      priority: 'high',
      notes: 'Велике замовлення дистриб’ютора — дільниця перевантажена, частину варто перенести',
    });
    log(`Планування потужностей: ${quantities.length + 1} планових МВ, одна дільниця перевантажена`);
  },
};
