// /api/production-forecasts (production.md §12): the forecasts, their calculation, table, chart, archive and
// 'Створити МВ'. Paths and access are in production-forecasts.endpoints.ts.
import { auditContext, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import { serve } from '@/server/kernel/serve.ts';
import { productionForecastsSchemas } from '../production-forecasts.contract.ts';
import { productionForecastsEndpoints } from '../production-forecasts.endpoints.ts';
import { calculateForecast } from './production-forecasts.calculate.ts';
import { createForecastMos } from './production-forecasts.mo.ts';
import {
  forecastLinesPage,
  forecastSeries,
  forecastSuggestions,
  getForecast,
  listForecasts,
} from './production-forecasts.read.ts';
import { archiveForecast, createForecast, deleteForecast, updateForecast } from './production-forecasts.write.ts';

export async function productionForecastsRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;
  serve(app, productionForecastsEndpoints, productionForecastsSchemas, {
    list: async (request) => listForecasts(db, request.query),
    get: async (request) => getForecast(db, request.params.id),
    create: async (request) => createForecast(db, auditContext(request), request.body),
    update: async (request) => updateForecast(db, auditContext(request), request.params.id, request.body),
    remove: async (request, reply) => {
      await deleteForecast(db, auditContext(request), request.params.id);
      return reply.status(204).send();
    },
    calculate: async (request) => calculateForecast(db, auditContext(request), request.params.id, request.body),
    archive: async (request) => archiveForecast(db, auditContext(request), request.params.id, request.body),
    lines: async (request) => forecastLinesPage(db, request.params.id, request.query),
    series: async (request) => forecastSeries(db, request.params.id, request.query.itemId),
    suggestions: async (request) => forecastSuggestions(db, request.params.id),
    createMos: async (request) => createForecastMos(db, auditContext(request), request.params.id, request.body),
  });
}
