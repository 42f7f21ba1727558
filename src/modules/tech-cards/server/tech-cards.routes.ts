// /api/tech-cards (production.md §2): base cards and their modifications, keyed to /tech-cards, audited.
import { z } from '@/shared/zod-uk.ts';
import { access, auditContext, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import { sendPdf } from '@/server/kernel/pdf/pdf.ts';
import {
  techCardCopySchema,
  techCardCostSchema,
  techCardCreateSchema,
  techCardListQuerySchema,
  techCardModificationSchema,
  techCardSchema,
  techCardSummaryQuerySchema,
  techCardSummarySchema,
  techCardUpdateSchema,
} from '../tech-cards.contract.ts';
import { renderTechCardPrint, techCardPrintTitle } from './tech-cards.print.ts';
import {
  copyTechCard,
  createModification,
  createTechCard,
  deleteTechCard,
  getTechCard,
  listTechCards,
  makeDefaultTechCard,
  techCardCost,
  updateTechCard,
} from './tech-cards.service.ts';

const idParams = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export async function techCardsRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;
  const key = access.route('/tech-cards');
  const base = '/api/tech-cards';

  app.route({
    method: 'GET',
    url: base,
    config: { access: key },
    schema: { querystring: techCardListQuerySchema, response: { 200: z.array(techCardSummarySchema) } },
    handler: async (request, reply) => {
      const { rows, total } = await listTechCards(db, request.query);
      return reply.sendList(rows, total);
    },
  });
  app.route({
    method: 'GET',
    url: `${base}/:id`,
    config: { access: key },
    schema: { params: idParams, response: { 200: techCardSchema } },
    handler: async (request) => getTechCard(db, request.params.id),
  });
  app.route({
    method: 'GET',
    url: `${base}/:id/summary`,
    config: { access: key },
    schema: { params: idParams, querystring: techCardSummaryQuerySchema, response: { 200: techCardCostSchema } },
    handler: async (request) =>
      techCardCost(db, request.params.id, request.query.qty, request.query.labourRatePerHour ?? null),
  });
  app.route({
    method: 'GET',
    url: `${base}/:id/print`,
    config: { access: key },
    schema: { params: idParams, querystring: techCardSummaryQuerySchema.pick({ qty: true }) },
    handler: async (request, reply) => {
      const card = await getTechCard(db, request.params.id);
      const cost = await techCardCost(db, card.id, request.query.qty);
      return sendPdf(reply, `${techCardPrintTitle} ${card.name}.pdf`, await renderTechCardPrint(card, cost));
    },
  });
  app.route({
    method: 'POST',
    url: base,
    config: { access: key },
    schema: { body: techCardCreateSchema, response: { 201: techCardSchema } },
    handler: async (request, reply) =>
      reply.status(201).send(await createTechCard(db, auditContext(request), request.body)),
  });
  app.route({
    method: 'PATCH',
    url: `${base}/:id`,
    config: { access: key },
    schema: { params: idParams, body: techCardUpdateSchema, response: { 200: techCardSchema } },
    handler: async (request) => updateTechCard(db, auditContext(request), request.params.id, request.body),
  });
  app.route({
    method: 'DELETE',
    url: `${base}/:id`,
    config: { access: key },
    schema: { params: idParams },
    handler: async (request, reply) => {
      await deleteTechCard(db, auditContext(request), request.params.id);
      return reply.status(204).send();
    },
  });
  app.route({
    method: 'POST',
    url: `${base}/:id/make-default`,
    config: { access: key },
    schema: { params: idParams, response: { 200: techCardSchema } },
    handler: async (request) => makeDefaultTechCard(db, auditContext(request), request.params.id),
  });
  app.route({
    method: 'POST',
    url: `${base}/:id/create-modification`,
    config: { access: key },
    schema: { params: idParams, body: techCardModificationSchema, response: { 201: techCardSchema } },
    handler: async (request, reply) =>
      reply.status(201).send(await createModification(db, auditContext(request), request.params.id, request.body)),
  });
  app.route({
    method: 'POST',
    url: `${base}/:id/copy`,
    config: { access: key },
    schema: { params: idParams, body: techCardCopySchema.nullish(), response: { 201: techCardSchema } },
    handler: async (request, reply) =>
      reply.status(201).send(await copyTechCard(db, auditContext(request), request.params.id, request.body ?? {})),
  });
}
