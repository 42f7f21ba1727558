// /api/production-tasks (production.md §5): the kanban of manufacturing orders, keyed to /production. The list is
// also read by the dashboard's 'Виробництво' panel (domain README §9: /production or /dashboard).
import { pageWindow } from '@/shared/list.ts';
import { z } from '@/shared/zod-uk.ts';
import { access, auditContext, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import {
  fromOrdersCreateSchema,
  fromOrdersLineSchema,
  fromOrdersQuerySchema,
  fromOrdersResultSchema,
  optionSchema,
  optionsQuerySchema,
  taskCompleteSchema,
  taskCreateSchema,
  taskDetailSchema,
  taskListQuerySchema,
  taskMoveSchema,
  taskSchema,
  taskUpdateSchema,
} from '../production-tasks.contract.ts';
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

const idParams = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const getQuery = z.strictObject({ _t: z.string().max(20).optional() });

export async function productionTasksRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;
  const key = access.route('/production');
  const base = '/api/production-tasks';

  app.route({
    method: 'GET',
    url: base,
    config: { access: access.route('/production', '/dashboard') },
    schema: { querystring: taskListQuerySchema, response: { 200: z.array(taskSchema) } },
    handler: async (request, reply) => {
      const rows = await listTasks(db, request.query);
      const { page, offset, limit } = request.query;
      if (page === undefined && offset === undefined && limit === undefined) return reply.sendList(rows, rows.length);
      const window = pageWindow({ page, offset, limit });
      return reply.sendList(rows.slice(window.offset, window.offset + window.limit), rows.length);
    },
  });
  app.route({
    method: 'GET',
    url: `${base}/from-orders`,
    config: { access: key },
    schema: { querystring: fromOrdersQuerySchema, response: { 200: z.array(fromOrdersLineSchema) } },
    handler: async (request, reply) => {
      const rows = await fromOrderLines(db, request.query);
      return reply.sendList(rows, rows.length);
    },
  });
  app.route({
    method: 'POST',
    url: `${base}/from-orders`,
    config: { access: key },
    schema: { body: fromOrdersCreateSchema, response: { 201: fromOrdersResultSchema } },
    handler: async (request, reply) =>
      reply.status(201).send(await createFromOrders(db, auditContext(request), request.body)),
  });
  app.route({
    method: 'GET',
    url: `${base}/options/items`,
    config: { access: key },
    schema: { querystring: optionsQuerySchema, response: { 200: z.array(optionSchema) } },
    handler: async (request) => madeItemOptions(db, request.query.search),
  });
  app.route({
    method: 'GET',
    url: `${base}/options/workers`,
    config: { access: key },
    schema: { querystring: optionsQuerySchema, response: { 200: z.array(optionSchema) } },
    handler: async (request) => workerOptions(db, request.query.search),
  });
  app.route({
    method: 'GET',
    url: `${base}/options/recipes`,
    config: { access: key },
    schema: { querystring: optionsQuerySchema, response: { 200: z.array(optionSchema) } },
    handler: async (request) => (request.query.itemId ? recipeOptions(db, request.query.itemId) : []),
  });
  app.route({
    method: 'GET',
    url: `${base}/:id`,
    config: { access: key },
    schema: { params: idParams, querystring: getQuery, response: { 200: taskDetailSchema } },
    handler: async (request) => getTaskDetail(db, request.params.id),
  });
  app.route({
    method: 'POST',
    url: base,
    config: { access: key },
    schema: { body: taskCreateSchema, response: { 201: taskSchema } },
    handler: async (request, reply) =>
      reply.status(201).send(await createTask(db, auditContext(request), request.body)),
  });
  app.route({
    method: 'PATCH',
    url: `${base}/:id`,
    config: { access: key },
    schema: { params: idParams, body: taskUpdateSchema, response: { 200: taskDetailSchema } },
    handler: async (request) => updateTask(db, auditContext(request), request.params.id, request.body),
  });
  app.route({
    method: 'POST',
    url: `${base}/:id/move`,
    config: { access: key },
    schema: { params: idParams, body: taskMoveSchema, response: { 200: taskSchema } },
    handler: async (request) => moveTask(db, auditContext(request), request.params.id, request.body.to),
  });
  app.route({
    method: 'POST',
    url: `${base}/:id/complete`,
    config: { access: key },
    schema: { params: idParams, body: taskCompleteSchema.nullish(), response: { 200: taskSchema } },
    handler: async (request) => completeTask(db, auditContext(request), request.params.id, request.body ?? {}),
  });
}
