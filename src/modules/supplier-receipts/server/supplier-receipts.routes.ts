// /api/supplier-receipts (warehouse.md §6): the GRN document's lifecycle, keyed to /supplier-receipts.
import { z } from '@/shared/zod-uk.ts';
import { DomainError } from '@/shared/api-error.ts';
import { access, auditContext, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import { sendPdf } from '@/server/kernel/pdf/pdf.ts';
import { IMPORT_MAX_BYTES } from '@/resources/_engine/server/resource.routes.ts';
import { readSheet, XLSX_TYPE } from '@/resources/_engine/server/tabular.ts';
import {
  receiptCancelSchema,
  receiptCreateSchema,
  receiptListQuerySchema,
  receiptMessages,
  receiptPostSchema,
  receiptScanResultSchema,
  receiptScanSchema,
  receiptSchema,
  receiptSummarySchema,
  receiptUpdateSchema,
} from '../supplier-receipts.contract.ts';
import { receiptPrintTitle, renderReceiptPrint } from './supplier-receipts.print.ts';
import {
  cancelReceipt,
  createReceipt,
  deleteReceipt,
  getReceipt,
  importReceiptLines,
  listReceipts,
  postReceipt,
  scanIntoReceipt,
  updateReceipt,
} from './supplier-receipts.service.ts';

/** The upload bodies this module takes, declared on its upload route (decision 0014). */
const IMPORT_BODY_TYPES: string[] = ['text/csv', 'text/plain', XLSX_TYPE, 'application/octet-stream'];

const idParams = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export async function supplierReceiptsRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;
  const key = access.route('/supplier-receipts');
  const base = '/api/supplier-receipts';

  // Lines from a file arrive as the raw CSV or XLSX body (decision 0006).
  app.addContentTypeParser(
    IMPORT_BODY_TYPES,
    { parseAs: 'buffer', bodyLimit: IMPORT_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.route({
    method: 'GET',
    url: base,
    config: { access: key },
    schema: { querystring: receiptListQuerySchema, response: { 200: z.array(receiptSummarySchema) } },
    handler: async (request, reply) => {
      const { rows, total } = await listReceipts(db, request.query);
      return reply.sendList(rows, total);
    },
  });
  app.route({
    method: 'GET',
    url: `${base}/:id`,
    config: { access: key },
    schema: { params: idParams, response: { 200: receiptSchema } },
    handler: async (request) => getReceipt(db, request.params.id),
  });
  app.route({
    method: 'GET',
    url: `${base}/:id/print/receipt`,
    config: { access: key },
    schema: { params: idParams },
    handler: async (request, reply) => {
      const doc = await getReceipt(db, request.params.id);
      return sendPdf(reply, `${receiptPrintTitle} ${doc.number}.pdf`, await renderReceiptPrint(db, doc));
    },
  });
  app.route({
    method: 'POST',
    url: base,
    config: { access: key },
    schema: { body: receiptCreateSchema, response: { 201: receiptSchema } },
    handler: async (request, reply) =>
      reply.status(201).send(await createReceipt(db, auditContext(request), request.body)),
  });
  app.route({
    method: 'PATCH',
    url: `${base}/:id`,
    config: { access: key },
    schema: { params: idParams, body: receiptUpdateSchema, response: { 200: receiptSchema } },
    handler: async (request) => updateReceipt(db, auditContext(request), request.params.id, request.body),
  });
  app.route({
    method: 'DELETE',
    url: `${base}/:id`,
    config: { access: key },
    schema: { params: idParams },
    handler: async (request, reply) => {
      await deleteReceipt(db, auditContext(request), request.params.id);
      return reply.status(204).send();
    },
  });
  app.route({
    method: 'POST',
    url: `${base}/:id/post`,
    config: { access: key },
    schema: { params: idParams, body: receiptPostSchema.nullish(), response: { 200: receiptSchema } },
    handler: async (request) =>
      postReceipt(db, auditContext(request), request.params.id, request.body?.version, request.body?.serials),
  });
  app.route({
    method: 'POST',
    url: `${base}/:id/cancel`,
    config: { access: key },
    schema: { params: idParams, body: receiptCancelSchema, response: { 200: receiptSchema } },
    handler: async (request) => cancelReceipt(db, auditContext(request), request.params.id, request.body.reason),
  });
  app.route({
    method: 'POST',
    url: `${base}/:id/scan`,
    config: { access: key },
    schema: { params: idParams, body: receiptScanSchema, response: { 200: receiptScanResultSchema } },
    handler: async (request) => scanIntoReceipt(db, auditContext(request), request.params.id, request.body.code),
  });
  app.route({
    method: 'POST',
    url: `${base}/:id/import-lines`,
    config: { bodyTypes: IMPORT_BODY_TYPES, access: key },
    bodyLimit: IMPORT_MAX_BYTES,
    schema: { params: idParams, response: { 200: receiptSchema } },
    handler: async (request) => {
      if (!Buffer.isBuffer(request.body)) throw new DomainError(415, receiptMessages.importFormat);
      let sheet;
      try {
        sheet = await readSheet(request.body, String(request.headers['content-type'] ?? ''));
      } catch {
        throw new DomainError(400, receiptMessages.importFormat);
      }
      return importReceiptLines(db, auditContext(request), request.params.id, sheet);
    },
  });
}
