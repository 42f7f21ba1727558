// 'Розрахувати' (production.md §12): the history of every item of the scope from ONE grouped query over posted
// shipments, the method per item (exact decimals), the backtest on the last h = min(horizon, 3) history periods, and
// the lines of the horizon — replacing the previous calculation's. The history ends with the last complete period
// before the calculation date (Kyiv); the horizon starts with the current period. An item's series starts at its
// first sale's period (a product launched later is not averaged with the months before it existed).
import { eq } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import { dec, type Dec } from '@/shared/decimal.ts';
import { kyivToday } from '@/shared/kyiv-date.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { checkVersion } from '@/server/kernel/documents.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import type { ForecastDetail, ForecastVersionBody } from '../production-forecasts.contract.ts';
import { productionForecastsMessages as m } from '../production-forecasts.messages.ts';
import {
  accuracyOf,
  addPair,
  addPeriods,
  emptySums,
  exponentialSmoothing,
  mergeSums,
  movingAverage,
  periodOf,
  periodsBetween,
  periodRange,
  roundForecast,
} from './forecast-math.ts';
import { firstSales, itemFacts, scopeItemIds, shippedByPeriod } from './forecast-history.ts';
import { getForecast } from './production-forecasts.read.ts';
import { forecastItems, forecastLines, productionForecasts } from './production-forecasts.table.ts';
import { FORECAST_ENTITY, lockForecast } from './production-forecasts.write.ts';

/** The periods an item needs since its first sale before it is not 'Мало історії' for smoothing. */
const SMOOTHING_MIN_PERIODS = 3;
const INSERT_CHUNK = 1000;

interface Params {
  method: 'moving_average' | 'exponential_smoothing';
  windowN: number;
  alpha: string;
}

const forecastOf = (values: readonly Dec[], p: Params) =>
  p.method === 'moving_average' ? movingAverage(values, p.windowN) : exponentialSmoothing(values, dec(p.alpha));

/** POST /api/production-forecasts/:id/calculate (a draft or a calculated forecast; an archived one is read-only). */
export async function calculateForecast(
  db: DbOrTx,
  ctx: AuditContext,
  id: number,
  body: ForecastVersionBody,
  now: Date = new Date(),
): Promise<ForecastDetail> {
  return db.transaction(async (tx) => {
    const f = await lockForecast(tx, id);
    if (f.status === 'archived') throw new DomainError(409, m.archived);
    checkVersion(body.version, f.version, m.stale);
    const g = f.granularity;
    const current = periodOf(kyivToday(now), g);
    const historyFrom = addPeriods(current, g, -f.historyPeriods);
    const historyTo = addPeriods(current, g, -1);
    const history = periodRange(historyFrom, g, f.historyPeriods);
    const horizon = periodRange(current, g, f.horizonPeriods);
    const holdOut = Math.min(f.horizonPeriods, 3);

    const ids = await scopeItemIds(tx, f);
    if (!ids.length) throw new DomainError(409, m.emptyScope);
    const facts = await itemFacts(tx, ids);
    const shipped = await shippedByPeriod(tx, ids, g, historyFrom, current);
    const first = await firstSales(tx, ids, current);
    const minPeriods = f.method === 'moving_average' ? f.windowN : SMOOTHING_MIN_PERIODS;

    let total = emptySums();
    const itemRows: Array<typeof forecastItems.$inferInsert> = [];
    const lineRows: Array<typeof forecastLines.$inferInsert> = [];
    for (const itemId of ids) {
      const wholeUnits = facts.get(itemId)?.wholeUnits ?? false;
      const firstSale = first.get(itemId) ?? null;
      const firstPeriod = firstSale ? periodOf(firstSale, g) : null;
      const itemShipped = shipped.get(itemId);
      const values = firstPeriod
        ? history.filter((p) => p >= firstPeriod).map((p) => itemShipped?.get(p) ?? dec(0))
        : [];
      const lowHistory = !firstPeriod || periodsBetween(firstPeriod, current, g) < minPeriods;
      const next = roundForecast(forecastOf(values, f), wholeUnits);

      let sums = emptySums();
      if (values.length > holdOut) {
        const fitted = dec(roundForecast(forecastOf(values.slice(0, -holdOut), f), wholeUnits));
        for (const actual of values.slice(-holdOut)) sums = addPair(sums, fitted, actual);
      }
      total = mergeSums(total, sums);
      itemRows.push({
        forecastId: id,
        itemId,
        lowHistory,
        wholeUnits,
        firstSale,
        backtestAccuracy: accuracyOf(sums).accuracy,
      });
      for (const periodStart of horizon) lineRows.push({ forecastId: id, itemId, periodStart, forecastQty: next });
    }

    await tx.delete(forecastLines).where(eq(forecastLines.forecastId, id));
    await tx.delete(forecastItems).where(eq(forecastItems.forecastId, id));
    for (let i = 0; i < itemRows.length; i += INSERT_CHUNK) {
      await tx.insert(forecastItems).values(itemRows.slice(i, i + INSERT_CHUNK));
    }
    for (let i = 0; i < lineRows.length; i += INSERT_CHUNK) {
      await tx.insert(forecastLines).values(lineRows.slice(i, i + INSERT_CHUNK));
    }
    const backtestAccuracy = accuracyOf(total).accuracy;
    await tx
      .update(productionForecasts)
      .set({
        status: 'calculated',
        calculatedAt: now,
        historyFrom,
        historyTo,
        backtestAccuracy,
        version: f.version + 1,
        updatedBy: ctx.userId,
        updatedAt: new Date(),
      })
      .where(eq(productionForecasts.id, id));
    await audit(tx, ctx, {
      action: 'update',
      entityType: FORECAST_ENTITY,
      entityId: id,
      before: { status: f.status, calculatedAt: f.calculatedAt, backtestAccuracy: f.backtestAccuracy },
      after: { status: 'calculated', calculatedAt: now, historyFrom, historyTo, items: ids.length, backtestAccuracy },
    });
    return getForecast(tx, id);
  });
}
