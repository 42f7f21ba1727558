// /api/bom (production.md §1): the specifications' CRUD, default, copy, explosion, where-used, import, history and the
// left pane's items — every endpoint keyed to /bom (GET needs canView, the rest canAccess).
import { z } from '@/shared/zod-uk.ts';
import { DomainError } from '@/shared/api-error.ts';
import { access, auditContext, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import { IMPORT_MAX_BYTES } from '@/resources/_engine/server/resource.routes.ts';
import { readSheet, XLSX_TYPE, type Sheet } from '@/resources/_engine/server/tabular.ts';
import {
  bomCopySchema,
  bomCreateSchema,
  bomHistorySchema,
  bomImportQuerySchema,
  bomImportResultSchema,
  bomItemRowSchema,
  bomItemsQuerySchema,
  bomListQuerySchema,
  bomMessages,
  bomSchema,
  bomSummarySchema,
  bomUnitSchema,
  bomUpdateSchema,
  explosionQuerySchema,
  explosionSchema,
  whereUsedRowSchema,
} from '../bom.contract.ts';
import { flattenLeaves, looksLikeXml, sheetFromXml } from './bom.calc.ts';
import { importBoms } from './bom.import.ts';
import {
  bomHeader,
  bomHistory,
  copyBom,
  createBom,
  deleteBom,
  getBom,
  listBomItems,
  listBoms,
  listBomUnits,
  makeDefaultBom,
  updateBom,
} from './bom.service.ts';
import { explodeBom, whereUsed } from './bom.structure.ts';

const XML_TYPES = ['application/xml', 'text/xml'];

/** The upload bodies this module takes, declared on its upload route (decision 0014). */
const IMPORT_BODY_TYPES: string[] = ['text/csv', 'text/plain', XLSX_TYPE, 'application/octet-stream', ...XML_TYPES];

const idParams = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const itemParams = z.strictObject({ itemId: z.coerce.number().int().positive().max(2_147_483_647) });

export async function bomRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;
  const key = access.route('/bom');
  const base = '/api/bom';

  // An import file arrives as the raw CSV, XLSX or XML body (decision 0006).
  app.addContentTypeParser(
    IMPORT_BODY_TYPES,
    { parseAs: 'buffer', bodyLimit: IMPORT_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.route({
    method: 'GET',
    url: base,
    config: { access: key },
    schema: { querystring: bomListQuerySchema, response: { 200: z.array(bomSummarySchema) } },
    handler: async (request, reply) => {
      const { rows, total } = await listBoms(db, request.query);
      return reply.sendList(rows, total);
    },
  });
  app.route({
    method: 'GET',
    url: `${base}/items`,
    config: { access: key },
    schema: { querystring: bomItemsQuerySchema, response: { 200: z.array(bomItemRowSchema) } },
    handler: async (request, reply) => {
      const { rows, total } = await listBomItems(db, request.query);
      return reply.sendList(rows, total);
    },
  });
  app.route({
    method: 'GET',
    url: `${base}/units`,
    config: { access: key },
    schema: { response: { 200: z.array(bomUnitSchema) } },
    handler: async () => listBomUnits(db),
  });
  app.route({
    method: 'GET',
    url: `${base}/where-used/:itemId`,
    config: { access: key },
    schema: { params: itemParams, response: { 200: z.array(whereUsedRowSchema) } },
    handler: async (request) => whereUsed(db, request.params.itemId),
  });
  app.route({
    method: 'GET',
    url: `${base}/:id`,
    config: { access: key },
    schema: { params: idParams, response: { 200: bomSchema } },
    handler: async (request) => getBom(db, request.params.id),
  });
  app.route({
    method: 'GET',
    url: `${base}/:id/explosion`,
    config: { access: key },
    schema: { params: idParams, querystring: explosionQuerySchema, response: { 200: explosionSchema } },
    handler: async (request) => {
      const bom = await bomHeader(db, request.params.id);
      const { qty, mode } = request.query;
      const tree = await explodeBom(db, bom.id, qty, { parentItemId: bom.itemId });
      return mode === 'flat'
        ? { bomId: bom.id, itemId: bom.itemId, qty, mode, flat: flattenLeaves(tree) }
        : { bomId: bom.id, itemId: bom.itemId, qty, mode, tree };
    },
  });
  app.route({
    method: 'GET',
    url: `${base}/:id/history`,
    config: { access: key },
    schema: { params: idParams, response: { 200: z.array(bomHistorySchema) } },
    handler: async (request) => bomHistory(db, request.params.id),
  });
  app.route({
    method: 'POST',
    url: base,
    config: { access: key },
    schema: { body: bomCreateSchema, response: { 201: bomSchema } },
    handler: async (request, reply) => reply.status(201).send(await createBom(db, auditContext(request), request.body)),
  });
  app.route({
    method: 'PATCH',
    url: `${base}/:id`,
    config: { access: key },
    schema: { params: idParams, body: bomUpdateSchema, response: { 200: bomSchema } },
    handler: async (request) => updateBom(db, auditContext(request), request.params.id, request.body),
  });
  app.route({
    method: 'DELETE',
    url: `${base}/:id`,
    config: { access: key },
    schema: { params: idParams },
    handler: async (request, reply) => {
      await deleteBom(db, auditContext(request), request.params.id);
      return reply.status(204).send();
    },
  });
  app.route({
    method: 'POST',
    url: `${base}/:id/make-default`,
    config: { access: key },
    schema: { params: idParams, response: { 200: bomSchema } },
    handler: async (request) => makeDefaultBom(db, auditContext(request), request.params.id),
  });
  app.route({
    method: 'POST',
    url: `${base}/:id/copy`,
    config: { access: key },
    schema: { params: idParams, body: bomCopySchema.nullish(), response: { 201: bomSchema } },
    handler: async (request, reply) =>
      reply.status(201).send(await copyBom(db, auditContext(request), request.params.id, request.body ?? {})),
  });
  app.route({
    method: 'POST',
    url: `${base}/import`,
    config: { bodyTypes: IMPORT_BODY_TYPES, access: key },
    bodyLimit: IMPORT_MAX_BYTES,
    schema: { querystring: bomImportQuerySchema, response: { 201: bomImportResultSchema } },
    handler: async (request, reply) => {
      if (!Buffer.isBuffer(request.body)) throw new DomainError(415, bomMessages.importFormat);
      const type = String(request.headers['content-type'] ?? '');
      let sheet: Sheet;
      try {
        sheet =
          XML_TYPES.some((t) => type.startsWith(t)) || looksLikeXml(request.body)
            ? sheetFromXml(request.body.toString('utf8'))
            : await readSheet(request.body, type);
      } catch {
        throw new DomainError(400, bomMessages.importFormat);
      }
      return reply.status(201).send(await importBoms(db, auditContext(request), sheet, request.query));
    },
  });
}
