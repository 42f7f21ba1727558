// The demo's past (issue 24): a year of sales of the made products for the forecasts and eight weeks of shop-floor
// work on the terminal for the statistics and workload analytics — after the sales and production demos, before
// capacity planning (demo-history.ts, demo-shifts.ts).
import { asc } from 'drizzle-orm';
import type { DemoSeeder } from '@/server/db/seed/demo-seeder.ts';
import { warehouses } from '@/resources/warehouses/warehouses.table.ts';
import { seedSalesHistory } from './demo-history.ts';
import { seedShifts } from './demo-shifts.ts';

export const productionHistoryDemoSeeder: DemoSeeder = {
  name: 'production-history',
  async run({ tx, log }) {
    const rows = await tx
      .select({ id: warehouses.id, type: warehouses.type, isDefault: warehouses.isDefault })
      .from(warehouses)
      .orderBy(asc(warehouses.id));
    const of = (type: string) =>
      (rows.find((w) => w.type === type && w.isDefault) ?? rows.find((w) => w.type === type))?.id;
    const finished = of('finished_goods');
    const materials = of('materials');
    if (!finished || !materials) {
      log('Історія виробництва: пропущено — немає складу готової продукції чи комплектуючих');
      return;
    }
    try {
      const shipped = await tx.transaction(async (sp) => seedSalesHistory(sp as typeof tx, { finished, materials }));
      log(`Історія продажів: 12 місяців, ${shipped} проведених відвантажень`);
    } catch (err) {
      log(`Історія продажів: пропущено — ${err instanceof Error ? err.message : String(err)}`);
    }
    try {
      const mos = await tx.transaction(async (sp) => seedShifts(sp as typeof tx));
      log(`Робота цеху: ${mos} МВ за 8 тижнів через термінал`);
    } catch (err) {
      log(`Робота цеху: пропущено — ${err instanceof Error ? err.message : String(err)}`);
    }
  },
};
