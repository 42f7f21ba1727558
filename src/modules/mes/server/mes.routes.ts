// /api/mes (production.md §6): the shop-floor terminal, keyed to /mes. GETs need canView of /mes, the actions
// canAccess. Every action requires an Idempotency-Key header; a repeat answers the stored answer.
import { z } from '@/shared/zod-uk.ts';
import { access, auditContext, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import {
  IDEMPOTENCY_HEADER,
  mesActionResultSchema,
  mesActions,
  mesActionSchema,
  mesContextSchema,
  mesIdentifySchema,
  mesOperationDetailSchema,
  mesQueueQuerySchema,
  mesQueueRowSchema,
  mesWorkerSchema,
  mesWorkersQuerySchema,
} from '../mes.contract.ts';
import { performMesAction } from './mes.actions.ts';
import { identifyByBadge, mesContext, mesOperationDetail, mesQueue, mesWorkers } from './mes.read.ts';
import { requireIdempotencyKey } from './idempotency.ts';

const idParams = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const getQuery = z.object({ _t: z.string().optional() });

export async function mesRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;
  const key = access.route('/mes');
  const base = '/api/mes';

  app.route({
    method: 'GET',
    url: `${base}/context`,
    config: { access: key },
    schema: { querystring: getQuery, response: { 200: mesContextSchema } },
    handler: async (request) => mesContext(db, request.user?.workerId ?? null),
  });
  app.route({
    method: 'GET',
    url: `${base}/queue`,
    config: { access: key },
    schema: { querystring: mesQueueQuerySchema, response: { 200: z.array(mesQueueRowSchema) } },
    handler: async (request, reply) => {
      const rows = await mesQueue(db, request.query.departmentId);
      return reply.sendList(rows, rows.length);
    },
  });
  app.route({
    method: 'GET',
    url: `${base}/workers`,
    config: { access: key },
    schema: { querystring: mesWorkersQuerySchema, response: { 200: z.array(mesWorkerSchema) } },
    handler: async (request, reply) => {
      const rows = await mesWorkers(db, request.query.departmentId);
      return reply.sendList(rows, rows.length);
    },
  });
  app.route({
    method: 'POST',
    url: `${base}/identify`,
    config: { access: key },
    schema: { body: mesIdentifySchema, response: { 200: mesWorkerSchema } },
    handler: async (request) => identifyByBadge(db, request.body.badgeCode),
  });
  app.route({
    method: 'GET',
    url: `${base}/operations/:id`,
    config: { access: key },
    schema: { params: idParams, querystring: getQuery, response: { 200: mesOperationDetailSchema } },
    handler: async (request) => mesOperationDetail(db, request.params.id),
  });
  for (const action of mesActions) {
    app.route({
      method: 'POST',
      url: `${base}/operations/:id/${action}`,
      config: { access: key },
      schema: { params: idParams, body: mesActionSchema, response: { 200: mesActionResultSchema } },
      handler: async (request, reply) => {
        const idempotencyKey = requireIdempotencyKey(request.headers[IDEMPOTENCY_HEADER.toLowerCase()]);
        const answer = await performMesAction(db, auditContext(request), request.params.id, action, request.body, {
          idempotencyKey,
          linkedWorkerId: request.user?.workerId ?? null,
        });
        if (answer.replayed) reply.header('Idempotent-Replayed', 'true');
        return reply.status(answer.statusCode as 200).send(answer.body);
      },
    });
  }
}
