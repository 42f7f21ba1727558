// The server side of /production-planning (production.md §11).
export { productionPlanningRoutes } from './production-planning.routes.ts';
export { planningCell, planningGrid } from './production-planning.read.ts';
