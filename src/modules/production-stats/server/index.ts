// What other parts of the app may use of production statistics: its routes (registered in src/server/app.ts) and the
// read services (the figures of production.md §13).
export { productionStatsRoutes } from './production-stats.routes.ts';
export {
  statsByCategory,
  statsByDepartment,
  statsByItem,
  statsByPeriod,
  statsSummary,
} from './production-stats.read.ts';
