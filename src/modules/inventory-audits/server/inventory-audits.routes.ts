// /api/inventory-audits (warehouse.md §8): the audit's lifecycle, its lines, the scanner and the print forms, all
// keyed to /inventory-audits (the detail page /inventory-audits/{id} belongs to it).
import { z } from '@/shared/zod-uk.ts';
import { access, auditContext, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import { renderPrintForm, sendPdf, type PrintForm } from '@/server/kernel/pdf/pdf.ts';
import {
  auditCancelSchema,
  auditCreateSchema,
  auditLineSchema,
  auditListQuerySchema,
  auditPostSchema,
  auditSchema,
  auditStartSchema,
  auditSummarySchema,
  auditUpdateSchema,
  lineAddSchema,
  lineListQuerySchema,
  lineUpdateSchema,
  scanResultSchema,
  scanSchema,
} from '../inventory-audits.contract.ts';
import { countSheetForm, varianceForm } from './inventory-audits.print.ts';
import {
  addLine,
  cancelAudit,
  createAudit,
  deleteAudit,
  getAudit,
  listAudits,
  listLines,
  postAudit,
  scanCode,
  startAudit,
  updateAudit,
  updateLine,
} from './inventory-audits.service.ts';

const dbId = z.coerce.number().int().positive().max(2_147_483_647);
const idParams = z.strictObject({ id: dbId });
const numberOf = (form: PrintForm) => /№ (\S+)/.exec(form.subtitle ?? '')?.[1] ?? '';
const lineParams = z.strictObject({ id: dbId, lineId: dbId });

export async function inventoryAuditsRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;
  const key = access.route('/inventory-audits');
  const base = '/api/inventory-audits';

  app.route({
    method: 'GET',
    url: base,
    config: { access: key },
    schema: { querystring: auditListQuerySchema, response: { 200: z.array(auditSummarySchema) } },
    handler: async (request, reply) => {
      const { rows, total } = await listAudits(db, request.query);
      return reply.sendList(rows, total);
    },
  });
  app.route({
    method: 'POST',
    url: base,
    config: { access: key },
    schema: { body: auditCreateSchema, response: { 201: auditSchema } },
    handler: async (request, reply) =>
      reply.status(201).send(await createAudit(db, auditContext(request), request.body)),
  });
  app.route({
    method: 'GET',
    url: `${base}/:id`,
    config: { access: key },
    schema: { params: idParams, response: { 200: auditSchema } },
    handler: async (request) => getAudit(db, request.params.id),
  });
  app.route({
    method: 'PATCH',
    url: `${base}/:id`,
    config: { access: key },
    schema: { params: idParams, body: auditUpdateSchema, response: { 200: auditSchema } },
    handler: async (request) => updateAudit(db, auditContext(request), request.params.id, request.body),
  });
  app.route({
    method: 'DELETE',
    url: `${base}/:id`,
    config: { access: key },
    schema: { params: idParams },
    handler: async (request, reply) => {
      await deleteAudit(db, auditContext(request), request.params.id);
      return reply.status(204).send();
    },
  });
  app.route({
    method: 'POST',
    url: `${base}/:id/start`,
    config: { access: key },
    schema: { params: idParams, body: auditStartSchema.nullish(), response: { 200: auditSchema } },
    handler: async (request) => startAudit(db, auditContext(request), request.params.id, request.body?.version),
  });
  app.route({
    method: 'POST',
    url: `${base}/:id/post`,
    config: { access: key },
    schema: { params: idParams, body: auditPostSchema.nullish(), response: { 200: auditSchema } },
    handler: async (request) =>
      postAudit(
        db,
        auditContext(request),
        request.params.id,
        request.body?.uncounted ?? 'ignore',
        request.body?.version,
      ),
  });
  app.route({
    method: 'POST',
    url: `${base}/:id/cancel`,
    config: { access: key },
    schema: { params: idParams, body: auditCancelSchema, response: { 200: auditSchema } },
    handler: async (request) => cancelAudit(db, auditContext(request), request.params.id, request.body.reason),
  });

  app.route({
    method: 'GET',
    url: `${base}/:id/lines`,
    config: { access: key },
    schema: { params: idParams, querystring: lineListQuerySchema, response: { 200: z.array(auditLineSchema) } },
    handler: async (request, reply) => {
      const rows = await listLines(db, request.params.id, request.query);
      return reply.sendList(rows, rows.length);
    },
  });
  app.route({
    method: 'POST',
    url: `${base}/:id/lines`,
    config: { access: key },
    schema: { params: idParams, body: lineAddSchema, response: { 201: auditLineSchema } },
    handler: async (request, reply) =>
      reply.status(201).send(await addLine(db, auditContext(request), request.params.id, request.body.itemId)),
  });
  app.route({
    method: 'PATCH',
    url: `${base}/:id/lines/:lineId`,
    config: { access: key },
    schema: { params: lineParams, body: lineUpdateSchema, response: { 200: auditLineSchema } },
    handler: async (request) =>
      updateLine(db, auditContext(request), request.params.id, request.params.lineId, request.body),
  });
  app.route({
    method: 'POST',
    url: `${base}/:id/scan`,
    config: { access: key },
    schema: { params: idParams, body: scanSchema, response: { 200: scanResultSchema } },
    handler: async (request) => scanCode(db, auditContext(request), request.params.id, request.body.code),
  });

  app.route({
    method: 'GET',
    url: `${base}/:id/print/count-sheet`,
    config: { access: key },
    schema: { params: idParams },
    handler: async (request, reply) => {
      const form = await countSheetForm(db, request.params.id);
      return sendPdf(reply, `Інвентаризаційний опис ${numberOf(form)}.pdf`, await renderPrintForm(form));
    },
  });
  app.route({
    method: 'GET',
    url: `${base}/:id/print/variance`,
    config: { access: key },
    schema: { params: idParams },
    handler: async (request, reply) => {
      const form = await varianceForm(db, request.params.id);
      return sendPdf(reply, `Порівняльна відомість ${numberOf(form)}.pdf`, await renderPrintForm(form));
    },
  });
}
