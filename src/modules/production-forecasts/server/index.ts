// Demand forecasts (production.md §12): the routes and the nightly job that fills actuals.
export { productionForecastsRoutes } from './production-forecasts.routes.ts';
export { runForecastJobsOnce, startForecastJobs } from './production-forecasts.jobs.ts';
export { forecastItems, forecastLines, productionForecasts } from './production-forecasts.table.ts';
