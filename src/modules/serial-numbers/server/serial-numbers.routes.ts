// /api/serial-numbers (sales.md §4): the serials, their generation, registration, check, write-off and labels, and the
// templates — keyed to /serial-numbers. The check and the labels only read, so canView is enough for those POSTs too
// (the route guard would hold a POST to canAccess): they declare the session and check the view right themselves.
import type { FastifyRequest } from 'fastify';
import { z } from '@/shared/zod-uk.ts';
import { commonMessages, DomainError } from '@/shared/api-error.ts';
import { access, auditContext, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import { sendPdf } from '@/server/kernel/pdf/pdf.ts';
import { renderLabelsPdf } from '@/modules/labels/server/index.ts';
import { allows, loadRights } from '@/modules/roles/server/index.ts';
import {
  previewQuerySchema,
  serialCheckResultSchema,
  serialCheckSchema,
  serialDetailSchema,
  serialGenerateSchema,
  serialLabelsSchema,
  serialListQuerySchema,
  serialRegisterSchema,
  SERIALS_ROUTE,
  serialStatsSchema,
  serialSummarySchema,
  serialTemplateSchema,
  serialWriteOffResultSchema,
  serialWriteOffSchema,
  templateCreateSchema,
  templateListQuerySchema,
  templatePreviewSchema,
  templateUpdateSchema,
} from '../serial-numbers.contract.ts';
import {
  checkSerials,
  generateSerials,
  getSerial,
  listSerials,
  registerSerials,
  serialStats,
  writeOffSerial,
} from './serial-numbers.service.ts';
import {
  createTemplate,
  deleteTemplate,
  listTemplates,
  previewTemplate,
  updateTemplate,
} from './serial-templates.service.ts';

const idParams = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export async function serialNumbersRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;
  const key = access.route(SERIALS_ROUTE);
  const base = '/api/serial-numbers';

  /** canView on /serial-numbers, checked before the body is validated (as the guard does). */
  async function canViewSerials(request: FastifyRequest) {
    if (!request.user) throw new DomainError(401, commonMessages.unauthorized);
    const rights = await loadRights(db, request.user.id);
    if (!allows(rights, [SERIALS_ROUTE], 'view')) throw new DomainError(403, commonMessages.forbidden);
  }

  // ---- serials -------------------------------------------------------------------------------------------------

  app.route({
    method: 'GET',
    url: base,
    config: { access: key },
    schema: { querystring: serialListQuerySchema, response: { 200: z.array(serialSummarySchema) } },
    handler: async (request, reply) => {
      const { rows, total } = await listSerials(db, request.query);
      return reply.sendList(rows, total);
    },
  });
  app.route({
    method: 'GET',
    url: `${base}/stats`,
    config: { access: key },
    schema: { response: { 200: serialStatsSchema } },
    handler: async () => serialStats(db),
  });
  app.route({
    method: 'GET',
    url: `${base}/:id`,
    config: { access: key },
    schema: { params: idParams, response: { 200: serialDetailSchema } },
    handler: async (request) => getSerial(db, request.params.id),
  });
  app.route({
    method: 'POST',
    url: `${base}/generate`,
    config: { access: key },
    schema: { body: serialGenerateSchema, response: { 201: z.array(serialSummarySchema) } },
    handler: async (request, reply) =>
      reply.status(201).send(await generateSerials(db, auditContext(request), request.body)),
  });
  app.route({
    method: 'POST',
    url: `${base}/register`,
    config: { access: key },
    schema: { body: serialRegisterSchema, response: { 201: z.array(serialSummarySchema) } },
    handler: async (request, reply) =>
      reply.status(201).send(await registerSerials(db, auditContext(request), request.body)),
  });
  app.route({
    method: 'POST',
    url: `${base}/check`,
    // A signed-in user; the view right on /serial-numbers is checked by the preValidation hook.
    config: { access: access.session },
    preValidation: canViewSerials,
    schema: { body: serialCheckSchema, response: { 200: z.array(serialCheckResultSchema) } },
    handler: async (request) => checkSerials(db, request.body.itemId, request.body.serials),
  });
  app.route({
    method: 'POST',
    url: `${base}/:id/write-off`,
    config: { access: key },
    schema: { params: idParams, body: serialWriteOffSchema, response: { 200: serialWriteOffResultSchema } },
    handler: async (request) => writeOffSerial(db, auditContext(request), request.params.id, request.body.reason),
  });
  app.route({
    method: 'POST',
    url: `${base}/print-labels`,
    // Printing only reads: canView on /serial-numbers, checked by the preValidation hook.
    config: { access: access.session },
    preValidation: canViewSerials,
    schema: { body: serialLabelsSchema },
    handler: async (request, reply) => {
      const { ids, template, showPrice } = request.body;
      const pdf = await renderLabelsPdf(db, { template, showPrice, serialIds: ids });
      return sendPdf(reply, `Етикетки серійних номерів.pdf`, pdf);
    },
  });

  // ---- templates -----------------------------------------------------------------------------------------------

  app.route({
    method: 'GET',
    url: `${base}/templates`,
    config: { access: key },
    schema: { querystring: templateListQuerySchema, response: { 200: z.array(serialTemplateSchema) } },
    handler: async (request, reply) => {
      const { rows, total } = await listTemplates(db, request.query);
      return reply.sendList(rows, total);
    },
  });
  app.route({
    method: 'POST',
    url: `${base}/templates`,
    config: { access: key },
    schema: { body: templateCreateSchema, response: { 201: serialTemplateSchema } },
    handler: async (request, reply) =>
      reply.status(201).send(await createTemplate(db, auditContext(request), request.body)),
  });
  app.route({
    method: 'PATCH',
    url: `${base}/templates/:id`,
    config: { access: key },
    schema: { params: idParams, body: templateUpdateSchema, response: { 200: serialTemplateSchema } },
    handler: async (request) => updateTemplate(db, auditContext(request), request.params.id, request.body),
  });
  app.route({
    method: 'DELETE',
    url: `${base}/templates/:id`,
    config: { access: key },
    schema: { params: idParams },
    handler: async (request, reply) => {
      await deleteTemplate(db, auditContext(request), request.params.id);
      return reply.status(204).send();
    },
  });
  app.route({
    method: 'GET',
    url: `${base}/templates/:id/preview`,
    config: { access: key },
    schema: { params: idParams, querystring: previewQuerySchema, response: { 200: templatePreviewSchema } },
    handler: async (request) =>
      previewTemplate(db, request.params.id, request.query.count, request.query.itemId ?? undefined),
  });
}
