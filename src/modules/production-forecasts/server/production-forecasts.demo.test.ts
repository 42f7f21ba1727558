// The demo forecast (after every seeder it relies on): one calculated monthly forecast over the made products, a
// line per made product and horizon month, computed from the demo's posted shipments.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { resourceEngine } from '@/resources/index.ts';
import { runDemoSeed } from '@/server/db/seed/demo-seeder.ts';
import { demoSeeders } from '@/server/db/seed/demo-seeders.ts';
import { createTestApp } from '@/server/testing/test-app.ts';
import { forecastItems, forecastLines, productionForecasts } from './production-forecasts.table.ts';

describe('productionForecastsDemoSeeder', () => {
  it('calculates one monthly forecast over the made products', { timeout: 300_000 }, async () => {
    const t = await createTestApp();
    try {
      await resourceEngine.ensureSeeds(t.db);
      const upTo = demoSeeders.findIndex((s) => s.name === 'production-forecasts');
      expect(upTo).toBeGreaterThan(demoSeeders.findIndex((s) => s.name === 'shipments'));
      expect(upTo).toBeGreaterThan(demoSeeders.findIndex((s) => s.name === 'recipes'));
      const logs: string[] = [];
      await runDemoSeed(t.db, demoSeeders.slice(0, upTo + 1), { demoPassword: 'x', log: (m) => void logs.push(m) });
      const [forecast] = await t.db.select().from(productionForecasts);
      expect(forecast).toMatchObject({ status: 'calculated', granularity: 'month', scope: 'all' });
      const itemsRows = await t.db.select().from(forecastItems).where(eq(forecastItems.forecastId, forecast!.id));
      expect(itemsRows.length).toBeGreaterThan(0);
      const lines = await t.db.select().from(forecastLines).where(eq(forecastLines.forecastId, forecast!.id));
      expect(lines).toHaveLength(itemsRows.length * 3);
      expect(logs.some((l) => l.startsWith('Прогнозування:'))).toBe(true);
    } finally {
      await t.close();
    }
  });
});
