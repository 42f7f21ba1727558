// /api/mes (production.md §6): the shop-floor terminal. Paths and access are in mes.endpoints.ts. An action answers
// itself: a repeated Idempotency-Key replays the stored status and body.
import { auditContext, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import { serve, type EndpointRequest } from '@/server/kernel/serve.ts';
import type { FastifyReply } from 'fastify';
import { IDEMPOTENCY_HEADER, mesSchemas, type MesAction } from '../mes.contract.ts';
import { mesEndpoints } from '../mes.endpoints.ts';
import { performMesAction } from './mes.actions.ts';
import { identifyByBadge, mesContext, mesOperationDetail, mesQueue, mesWorkers } from './mes.read.ts';
import { requireIdempotencyKey } from './idempotency.ts';

export async function mesRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;

  const action =
    (name: MesAction) => async (request: EndpointRequest<(typeof mesSchemas)[MesAction]>, reply: FastifyReply) => {
      const idempotencyKey = requireIdempotencyKey(request.headers[IDEMPOTENCY_HEADER.toLowerCase()]);
      const answer = await performMesAction(db, auditContext(request), request.params.id, name, request.body, {
        idempotencyKey,
        linkedWorkerId: request.user?.workerId ?? null,
      });
      if (answer.replayed) reply.header('Idempotent-Replayed', 'true');
      return reply.status(answer.statusCode as 200).send(answer.body);
    };

  serve(app, mesEndpoints, mesSchemas, {
    context: async (request) => mesContext(db, request.user?.workerId ?? null),
    queue: async (request) => {
      const rows = await mesQueue(db, request.query.departmentId);
      return { rows, total: rows.length };
    },
    workers: async (request) => {
      const rows = await mesWorkers(db, request.query.departmentId);
      return { rows, total: rows.length };
    },
    identify: async (request) => identifyByBadge(db, request.body.badgeCode),
    operation: async (request) => mesOperationDetail(db, request.params.id),
    start: action('start'),
    pause: action('pause'),
    resume: action('resume'),
    report: action('report'),
    finish: action('finish'),
  });
}
