// /api/warehouse-transfers (warehouse.md §7): the TRF document's lifecycle and its print form, keyed to
// /warehouse-transfers.
import { z } from '@/shared/zod-uk.ts';
import { access, auditContext, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import { sendPdf } from '@/server/kernel/pdf/pdf.ts';
import {
  availabilityQuerySchema,
  availabilityRowSchema,
  transferCancelSchema,
  transferCreateSchema,
  transferListQuerySchema,
  transferPostSchema,
  transferSchema,
  transferStatsSchema,
  transferSummarySchema,
  transferUpdateSchema,
} from '../warehouse-transfers.contract.ts';
import { renderTransferNote, transferNoteTitle } from './warehouse-transfers.print.ts';
import {
  availability,
  cancelTransfer,
  createTransfer,
  deleteTransfer,
  getTransfer,
  listTransfers,
  postTransfer,
  transferStats,
  updateTransfer,
} from './warehouse-transfers.service.ts';

const idParams = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export async function warehouseTransfersRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;
  const key = access.route('/warehouse-transfers');
  const base = '/api/warehouse-transfers';

  app.route({
    method: 'GET',
    url: base,
    config: { access: key },
    schema: { querystring: transferListQuerySchema, response: { 200: z.array(transferSummarySchema) } },
    handler: async (request, reply) => {
      const { rows, total } = await listTransfers(db, request.query);
      return reply.sendList(rows, total);
    },
  });
  app.route({
    method: 'GET',
    url: `${base}/stats`,
    config: { access: key },
    schema: { response: { 200: transferStatsSchema } },
    handler: async () => transferStats(db),
  });
  app.route({
    method: 'GET',
    url: `${base}/availability`,
    config: { access: key },
    schema: { querystring: availabilityQuerySchema, response: { 200: z.array(availabilityRowSchema) } },
    handler: async (request) =>
      availability(db, request.query.warehouseId, request.query.itemIds.split(',').map(Number)),
  });
  app.route({
    method: 'GET',
    url: `${base}/:id`,
    config: { access: key },
    schema: { params: idParams, response: { 200: transferSchema } },
    handler: async (request) => getTransfer(db, request.params.id),
  });
  app.route({
    method: 'GET',
    url: `${base}/:id/print/transfer-note`,
    config: { access: key },
    schema: { params: idParams },
    handler: async (request, reply) => {
      const doc = await getTransfer(db, request.params.id);
      return sendPdf(reply, `${transferNoteTitle} ${doc.number}.pdf`, await renderTransferNote(db, doc));
    },
  });
  app.route({
    method: 'POST',
    url: base,
    config: { access: key },
    schema: { body: transferCreateSchema, response: { 201: transferSchema } },
    handler: async (request, reply) =>
      reply.status(201).send(await createTransfer(db, auditContext(request), request.body)),
  });
  app.route({
    method: 'PATCH',
    url: `${base}/:id`,
    config: { access: key },
    schema: { params: idParams, body: transferUpdateSchema, response: { 200: transferSchema } },
    handler: async (request) => updateTransfer(db, auditContext(request), request.params.id, request.body),
  });
  app.route({
    method: 'DELETE',
    url: `${base}/:id`,
    config: { access: key },
    schema: { params: idParams },
    handler: async (request, reply) => {
      await deleteTransfer(db, auditContext(request), request.params.id);
      return reply.status(204).send();
    },
  });
  app.route({
    method: 'POST',
    url: `${base}/:id/post`,
    config: { access: key },
    schema: { params: idParams, body: transferPostSchema.nullish(), response: { 200: transferSchema } },
    handler: async (request) =>
      postTransfer(db, auditContext(request), request.params.id, request.body?.version, request.body?.serials),
  });
  app.route({
    method: 'POST',
    url: `${base}/:id/cancel`,
    config: { access: key },
    schema: { params: idParams, body: transferCancelSchema, response: { 200: transferSchema } },
    handler: async (request) => cancelTransfer(db, auditContext(request), request.params.id, request.body.reason),
  });
}
