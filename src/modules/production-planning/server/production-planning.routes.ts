// /api/production-planning (production.md §11): the heatmap, a cell's MOs and moving an MO's planned start. Paths
// and access are in production-planning.endpoints.ts.
import { auditContext, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import { serve } from '@/server/kernel/serve.ts';
import { productionPlanningSchemas } from '../production-planning.contract.ts';
import { productionPlanningEndpoints } from '../production-planning.endpoints.ts';
import { planningCell, planningGrid } from './production-planning.read.ts';
import { moveManufacturingOrder } from './production-planning.write.ts';

export async function productionPlanningRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;
  serve(app, productionPlanningEndpoints, productionPlanningSchemas, {
    grid: async (request) => planningGrid(db, request.query),
    cell: async (request) => planningCell(db, request.query),
    move: async (request) => moveManufacturingOrder(db, auditContext(request), request.params.id, request.body),
  });
}
