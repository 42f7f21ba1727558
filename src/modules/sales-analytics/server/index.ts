export { salesAnalyticsRoutes } from './sales-analytics.routes.ts';
