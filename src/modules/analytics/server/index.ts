// The analytics module's server side (reports-admin.md §4).
export { analyticsRoutes } from './analytics.routes.ts';
