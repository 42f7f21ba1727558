// Demo forecast for /production-forecasts (issue 24): one monthly moving-average forecast over all made products,
// created and calculated through the real services from whatever shipments the demo has posted — so it runs after
// the shipments and the BOMs (a made product is one with a default BOM or recipe).
import type { DemoSeeder } from '@/server/db/seed/demo-seeder.ts';
import { forecastCreateSchema } from '../production-forecasts.contract.ts';
import { forecastStatusLabels, productionForecastsMessages as m } from '../production-forecasts.messages.ts';
import { calculateForecast } from './production-forecasts.calculate.ts';
import { createForecast } from './production-forecasts.write.ts';

const ctx = { userId: null, actor: 'demo-seed' } as const;

export const productionForecastsDemoSeeder: DemoSeeder = {
  name: 'production-forecasts',
  async run({ tx, log }) {
    const draft = await createForecast(
      tx,
      ctx,
      forecastCreateSchema.parse({
        name: 'Попит на виготовлені товари — щомісяця',
        scope: 'all',
        granularity: 'month',
        method: 'moving_average',
        windowN: 3,
        historyPeriods: 12,
        horizonPeriods: 3,
        notes: 'Ковзне середнє за 3 місяці з відвантажень за останній рік',
      }),
    );
    const forecast = await calculateForecast(tx, ctx, draft.id, { version: draft.version });
    log(
      `Прогнозування: «${forecast.name}» — ${m.itemsCount(forecast.itemCount)}, ${forecastStatusLabels[forecast.status]}`,
    );
  },
};
