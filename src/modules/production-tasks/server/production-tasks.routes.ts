// /api/production-tasks (production.md §5): the kanban of manufacturing orders. Paths and access are in
// production-tasks.endpoints.ts.
import { pageWindow } from '@/shared/list.ts';
import { auditContext, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import { serve } from '@/server/kernel/serve.ts';
import { productionTasksSchemas } from '../production-tasks.contract.ts';
import { productionTasksEndpoints } from '../production-tasks.endpoints.ts';
import {
  completeTask,
  createFromOrders,
  createTask,
  fromOrderLines,
  getTaskDetail,
  listTasks,
  madeItemOptions,
  moveTask,
  recipeOptions,
  updateTask,
  workerOptions,
} from './production-tasks.service.ts';

export async function productionTasksRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;

  serve(app, productionTasksEndpoints, productionTasksSchemas, {
    list: async (request) => {
      const rows = await listTasks(db, request.query);
      const { page, offset, limit } = request.query;
      // The board reads every card; a caller that asks for a page gets that page (README §10).
      if (page === undefined && offset === undefined && limit === undefined) return { rows, total: rows.length };
      const window = pageWindow({ page, offset, limit });
      return { rows: rows.slice(window.offset, window.offset + window.limit), total: rows.length };
    },
    fromOrders: async (request) => {
      const rows = await fromOrderLines(db, request.query);
      return { rows, total: rows.length };
    },
    createFromOrders: async (request) => createFromOrders(db, auditContext(request), request.body),
    itemOptions: async (request) => madeItemOptions(db, request.query.search),
    workerOptions: async (request) => workerOptions(db, request.query.search),
    recipeOptions: async (request) => (request.query.itemId ? recipeOptions(db, request.query.itemId) : []),
    get: async (request) => getTaskDetail(db, request.params.id),
    create: async (request) => createTask(db, auditContext(request), request.body),
    update: async (request) => updateTask(db, auditContext(request), request.params.id, request.body),
    move: async (request) => moveTask(db, auditContext(request), request.params.id, request.body.to),
    complete: async (request) => completeTask(db, auditContext(request), request.params.id, request.body ?? {}),
  });
}
