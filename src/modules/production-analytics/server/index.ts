// The server side of /production-analytics (production.md §14).
export { productionAnalyticsRoutes } from './production-analytics.routes.ts';
export { departmentLoads, operationDeviations, pausesByReason, workerLoads } from './production-analytics.read.ts';
