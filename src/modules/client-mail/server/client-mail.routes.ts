// /api/client-mail (sales.md §5): letters, their envelopes and status, the post office registers and the envelope
// templates — all keyed to /client-mail (GET needs canView, the rest canAccess).
import { z } from '@/shared/zod-uk.ts';
import { access, auditContext, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import { sendPdf } from '@/server/kernel/pdf/pdf.ts';
import {
  bulkCreateSchema,
  bulkResultSchema,
  envelopeTemplatePutSchema,
  envelopeTemplateQuerySchema,
  envelopeTemplateSchema,
  letterCreateSchema,
  letterListQuerySchema,
  letterSchema,
  letterUpdateSchema,
  printEnvelopesSchema,
  recipientPreviewSchema,
  registerCreateSchema,
  registerItemsSchema,
  registerListQuerySchema,
  registerSchema,
  registerSummarySchema,
  statusChangeSchema,
} from '../client-mail.contract.ts';
import {
  envelopesFileName,
  registerPrintTitle,
  renderEnvelopes,
  renderLetter,
  renderRegister,
} from './client-mail.print.ts';
import {
  addToRegister,
  bulkCreateLetters,
  changeLetterStatus,
  createLetter,
  createRegister,
  deleteLetter,
  deleteRegister,
  envelopeTemplatesOf,
  getLetter,
  getRegister,
  lettersForPrinting,
  listLetters,
  listRegisters,
  recipientPreview,
  removeFromRegister,
  saveEnvelopeTemplate,
  sendRegister,
  updateLetter,
} from './client-mail.service.ts';

const idValue = z.coerce.number().int().positive().max(2_147_483_647);
const idParams = z.strictObject({ id: idValue });

export async function clientMailRoutes(app: AppInstance, deps: AppDeps): Promise<void> {
  const { db } = deps.database;
  const key = access.route('/client-mail');
  const base = '/api/client-mail';

  // ---- letters ----
  app.route({
    method: 'GET',
    url: base,
    config: { access: key },
    schema: { querystring: letterListQuerySchema, response: { 200: z.array(letterSchema) } },
    handler: async (request, reply) => {
      const { rows, total } = await listLetters(db, request.query);
      return reply.sendList(rows, total);
    },
  });
  app.route({
    method: 'POST',
    url: base,
    config: { access: key },
    schema: { body: letterCreateSchema, response: { 201: letterSchema } },
    handler: async (request, reply) =>
      reply.status(201).send(await createLetter(db, auditContext(request), request.body)),
  });
  app.route({
    method: 'POST',
    url: `${base}/bulk-create`,
    config: { access: key },
    schema: { body: bulkCreateSchema, response: { 201: bulkResultSchema } },
    handler: async (request, reply) =>
      reply.status(201).send(await bulkCreateLetters(db, auditContext(request), request.body)),
  });
  app.route({
    method: 'POST',
    url: `${base}/print-envelopes`,
    config: { access: key },
    schema: { body: printEnvelopesSchema },
    handler: async (request, reply) => {
      const { ids, format, withLetters } = request.body;
      const pdf = await db.transaction(async (tx) => {
        const letters = await lettersForPrinting(tx, auditContext(request), ids);
        return renderEnvelopes(tx, letters, { format, withLetters });
      });
      return sendPdf(reply, envelopesFileName, pdf);
    },
  });
  app.route({
    method: 'GET',
    url: `${base}/recipients/:id`,
    config: { access: key },
    schema: { params: idParams, response: { 200: recipientPreviewSchema } },
    handler: async (request) => recipientPreview(db, request.params.id),
  });

  // ---- registers ----
  app.route({
    method: 'GET',
    url: `${base}/registers`,
    config: { access: key },
    schema: { querystring: registerListQuerySchema, response: { 200: z.array(registerSummarySchema) } },
    handler: async (request, reply) => {
      const { rows, total } = await listRegisters(db, request.query);
      return reply.sendList(rows, total);
    },
  });
  app.route({
    method: 'POST',
    url: `${base}/registers`,
    config: { access: key },
    schema: { body: registerCreateSchema, response: { 201: registerSchema } },
    handler: async (request, reply) =>
      reply.status(201).send(await createRegister(db, auditContext(request), request.body)),
  });
  app.route({
    method: 'GET',
    url: `${base}/registers/:id`,
    config: { access: key },
    schema: { params: idParams, response: { 200: registerSchema } },
    handler: async (request) => getRegister(db, request.params.id),
  });
  app.route({
    method: 'DELETE',
    url: `${base}/registers/:id`,
    config: { access: key },
    schema: { params: idParams },
    handler: async (request, reply) => {
      await deleteRegister(db, auditContext(request), request.params.id);
      return reply.status(204).send();
    },
  });
  app.route({
    method: 'POST',
    url: `${base}/registers/:id/items`,
    config: { access: key },
    schema: { params: idParams, body: registerItemsSchema, response: { 200: registerSchema } },
    handler: async (request) => addToRegister(db, auditContext(request), request.params.id, request.body.letterIds),
  });
  app.route({
    method: 'DELETE',
    url: `${base}/registers/:id/items/:letterId`,
    config: { access: key },
    schema: { params: z.strictObject({ id: idValue, letterId: idValue }), response: { 200: registerSchema } },
    handler: async (request) =>
      removeFromRegister(db, auditContext(request), request.params.id, request.params.letterId),
  });
  app.route({
    method: 'POST',
    url: `${base}/registers/:id/send`,
    config: { access: key },
    schema: { params: idParams, body: z.strictObject({}).nullish(), response: { 200: registerSchema } },
    handler: async (request) => sendRegister(db, auditContext(request), request.params.id),
  });
  app.route({
    method: 'GET',
    url: `${base}/registers/:id/print`,
    config: { access: key },
    schema: { params: idParams },
    handler: async (request, reply) => {
      const register = await getRegister(db, request.params.id);
      return sendPdf(reply, `${registerPrintTitle} ${register.number}.pdf`, await renderRegister(db, register));
    },
  });

  // ---- envelope templates ----
  app.route({
    method: 'GET',
    url: `${base}/envelope-templates`,
    config: { access: key },
    schema: { querystring: envelopeTemplateQuerySchema, response: { 200: z.array(envelopeTemplateSchema) } },
    handler: async (request) => envelopeTemplatesOf(db, request.query.companyId),
  });
  app.route({
    method: 'PUT',
    url: `${base}/envelope-templates`,
    config: { access: key },
    schema: { body: envelopeTemplatePutSchema, response: { 200: envelopeTemplateSchema } },
    handler: async (request) => saveEnvelopeTemplate(db, auditContext(request), request.body),
  });

  // ---- one letter (after the static paths) ----
  app.route({
    method: 'GET',
    url: `${base}/:id`,
    config: { access: key },
    schema: { params: idParams, response: { 200: letterSchema } },
    handler: async (request) => getLetter(db, request.params.id),
  });
  app.route({
    method: 'PATCH',
    url: `${base}/:id`,
    config: { access: key },
    schema: { params: idParams, body: letterUpdateSchema, response: { 200: letterSchema } },
    handler: async (request) => updateLetter(db, auditContext(request), request.params.id, request.body),
  });
  app.route({
    method: 'DELETE',
    url: `${base}/:id`,
    config: { access: key },
    schema: { params: idParams },
    handler: async (request, reply) => {
      await deleteLetter(db, auditContext(request), request.params.id);
      return reply.status(204).send();
    },
  });
  app.route({
    method: 'POST',
    url: `${base}/:id/status`,
    config: { access: key },
    schema: { params: idParams, body: statusChangeSchema, response: { 200: letterSchema } },
    handler: async (request) => changeLetterStatus(db, auditContext(request), request.params.id, request.body),
  });
  app.route({
    method: 'GET',
    url: `${base}/:id/print/letter`,
    config: { access: key },
    schema: { params: idParams },
    handler: async (request, reply) => {
      const letter = await getLetter(db, request.params.id);
      return sendPdf(reply, `Лист ${letter.number}.pdf`, await renderLetter(db, letter));
    },
  });
}
