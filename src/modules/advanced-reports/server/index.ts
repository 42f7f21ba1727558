// The advanced reports' server side (reports-admin.md §3): its routes.
export { advancedReportsRoutes } from './advanced-reports.routes.ts';
