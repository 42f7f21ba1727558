// The endpoints of /api/production-forecasts (production.md §12), named once for the server and the page. Reading
// needs view rights on /production-forecasts; every change (create, edit, calculate, archive, delete, 'Створити МВ')
// full rights on it.
import { access, defineEndpoints } from '@/shared/endpoint.ts';
import type { productionForecastsSchemas } from './production-forecasts.contract.ts';

const forecasts = access.route('/production-forecasts');

export const productionForecastsEndpoints = defineEndpoints<typeof productionForecastsSchemas>()({
  list: { method: 'GET', path: '/api/production-forecasts', access: forecasts, list: true },
  get: { method: 'GET', path: '/api/production-forecasts/:id', access: forecasts },
  create: { method: 'POST', path: '/api/production-forecasts', access: forecasts, status: 201 },
  update: { method: 'PATCH', path: '/api/production-forecasts/:id', access: forecasts },
  remove: { method: 'DELETE', path: '/api/production-forecasts/:id', access: forecasts },
  calculate: { method: 'POST', path: '/api/production-forecasts/:id/calculate', access: forecasts },
  archive: { method: 'POST', path: '/api/production-forecasts/:id/archive', access: forecasts },
  lines: { method: 'GET', path: '/api/production-forecasts/:id/lines', access: forecasts, list: true },
  series: { method: 'GET', path: '/api/production-forecasts/:id/series', access: forecasts },
  suggestions: { method: 'GET', path: '/api/production-forecasts/:id/suggestions', access: forecasts },
  createMos: {
    method: 'POST',
    path: '/api/production-forecasts/:id/create-manufacturing-orders',
    access: forecasts,
  },
});
