// /api/manufacturing-orders (production.md §4 API), keyed to /manufacturing: GET needs canView, the rest canAccess.
// Each change is one transaction through the services; actions answer the MO's detail as it is after.
import { z } from '@/shared/zod-uk.ts';
import { access, auditContext, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import { sendPdf } from '@/server/kernel/pdf/pdf.ts';
import type { Tx } from '@/server/kernel/db.ts';
import type { AuditContext } from '@/modules/system-logs/server/index.ts';
import {
  moCancelSchema,
  moChildOrdersResultSchema,
  moChildOrdersSchema,
  moCompleteSchema,
  moCreateSchema,
  moDetailSchema,
  moGetQuerySchema,
  moIssueSchema,
  moLabelsQuerySchema,
  moListQuerySchema,
  moListRowSchema,
  moOutputSchema,
  moPostingCancelSchema,
  moPostingResultSchema,
  moStatsSchema,
  moUpdateSchema,
  timeEntryRowSchema,
  timeEntryUpdateSchema,
  productionSettingsPatchSchema,
  productionSettingsSchema,
} from '../manufacturing.contract.ts';
import {
  cancelManufacturingOrder,
  completeManufacturingOrder,
  correctTimeEntry,
  createChildOrders,
  createManufacturingOrder,
  deleteManufacturingOrder,
  releaseManufacturingOrder,
  startManufacturingOrder,
  unreleaseManufacturingOrder,
  updateManufacturingOrder,
} from './manufacturing.service.ts';
import { cancelMoPosting, postMoIssue, postMoOutput } from './manufacturing.postings.ts';
import {
  getManufacturingOrder,
  listManufacturingOrders,
  manufacturingStats,
  moTimeEntries,
} from './manufacturing.read.ts';
import { renderMoLabels, renderTraveler, travelerTitle } from './manufacturing.print.ts';
import { getProductionSettings, updateProductionSettings } from '@/modules/production/server/index.ts';

const id = z.coerce.number().int().positive().max(2_147_483_647);
const idParams = z.strictObject({ id });
const postingParams = z.strictObject({ postingId: id });
const entryParams = z.strictObject({ entryId: id });

export async function manufacturingRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;
  const key = access.route('/manufacturing');
  const base = '/api/manufacturing-orders';

  app.route({
    method: 'GET',
    url: base,
    config: { access: key },
    schema: { querystring: moListQuerySchema, response: { 200: z.array(moListRowSchema) } },
    handler: async (request, reply) => {
      const { rows, total } = await listManufacturingOrders(db, request.query);
      return reply.sendList(rows, total);
    },
  });
  app.route({
    method: 'GET',
    url: `${base}/stats`,
    config: { access: key },
    schema: { querystring: moGetQuerySchema, response: { 200: moStatsSchema } },
    handler: async () => manufacturingStats(db),
  });
  // The production settings (gear dialog on /manufacturing; domain README §10): backflush, automatic output on the
  // last operation, badge required on /mes, working hours per day.
  app.route({
    method: 'GET',
    url: `${base}/settings`,
    config: { access: key },
    schema: { querystring: moGetQuerySchema, response: { 200: productionSettingsSchema } },
    handler: async () => getProductionSettings(db),
  });
  app.route({
    method: 'PATCH',
    url: `${base}/settings`,
    config: { access: key },
    schema: { body: productionSettingsPatchSchema, response: { 200: productionSettingsSchema } },
    handler: async (request) => updateProductionSettings(db, auditContext(request), request.body),
  });
  app.route({
    method: 'GET',
    url: `${base}/:id`,
    config: { access: key },
    schema: { params: idParams, querystring: moGetQuerySchema, response: { 200: moDetailSchema } },
    handler: async (request) => getManufacturingOrder(db, request.params.id),
  });
  app.route({
    method: 'POST',
    url: base,
    config: { access: key },
    schema: { body: moCreateSchema, response: { 201: moDetailSchema } },
    handler: async (request, reply) => {
      const detail = await db.transaction(async (tx) => {
        const created = await createManufacturingOrder(tx, auditContext(request), request.body);
        return getManufacturingOrder(tx, created.id);
      });
      return reply.status(201).send(detail);
    },
  });
  app.route({
    method: 'PATCH',
    url: `${base}/:id`,
    config: { access: key },
    schema: { params: idParams, body: moUpdateSchema, response: { 200: moDetailSchema } },
    handler: async (request) =>
      db.transaction(async (tx) => {
        const { version, ...patch } = request.body;
        await updateManufacturingOrder(tx, auditContext(request), request.params.id, patch, version);
        return getManufacturingOrder(tx, request.params.id);
      }),
  });
  app.route({
    method: 'DELETE',
    url: `${base}/:id`,
    config: { access: key },
    schema: { params: idParams },
    handler: async (request, reply) => {
      await db.transaction((tx) => deleteManufacturingOrder(tx, auditContext(request), request.params.id));
      return reply.status(204).send();
    },
  });

  const action = (name: string, run: (tx: Tx, ctx: AuditContext, moId: number) => Promise<unknown>) =>
    app.route({
      method: 'POST',
      url: `${base}/:id/${name}`,
      config: { access: key },
      schema: { params: idParams, body: z.strictObject({}).nullish(), response: { 200: moDetailSchema } },
      handler: async (request) =>
        db.transaction(async (tx) => {
          await run(tx, auditContext(request), request.params.id);
          return getManufacturingOrder(tx, request.params.id);
        }),
    });
  action('release', releaseManufacturingOrder);
  action('unrelease', unreleaseManufacturingOrder);
  action('start', startManufacturingOrder);

  app.route({
    method: 'POST',
    url: `${base}/:id/complete`,
    config: { access: key },
    schema: { params: idParams, body: moCompleteSchema.nullish(), response: { 200: moDetailSchema } },
    handler: async (request) =>
      db.transaction(async (tx) => {
        await completeManufacturingOrder(tx, auditContext(request), request.params.id, request.body ?? {});
        return getManufacturingOrder(tx, request.params.id);
      }),
  });
  app.route({
    method: 'POST',
    url: `${base}/:id/cancel`,
    config: { access: key },
    schema: { params: idParams, body: moCancelSchema, response: { 200: moDetailSchema } },
    handler: async (request) =>
      db.transaction(async (tx) => {
        await cancelManufacturingOrder(tx, auditContext(request), request.params.id, request.body.reason);
        return getManufacturingOrder(tx, request.params.id);
      }),
  });
  app.route({
    method: 'POST',
    url: `${base}/:id/issues`,
    config: { access: key },
    schema: { params: idParams, body: moIssueSchema.nullish(), response: { 201: moPostingResultSchema } },
    handler: async (request, reply) => {
      const result = await db.transaction((tx) =>
        postMoIssue(tx, auditContext(request), request.params.id, {
          lines: request.body?.lines,
          notes: request.body?.notes ?? null,
        }),
      );
      return reply.status(201).send({ ...result, backflushIssue: null, warnings: [] });
    },
  });
  app.route({
    method: 'POST',
    url: `${base}/:id/outputs`,
    config: { access: key },
    schema: { params: idParams, body: moOutputSchema, response: { 201: moPostingResultSchema } },
    handler: async (request, reply) => {
      const result = await db.transaction((tx) =>
        postMoOutput(tx, auditContext(request), request.params.id, request.body),
      );
      return reply.status(201).send(result);
    },
  });
  app.route({
    method: 'POST',
    url: `${base}/postings/:postingId/cancel`,
    config: { access: key },
    schema: { params: postingParams, body: moPostingCancelSchema, response: { 200: moDetailSchema } },
    handler: async (request) =>
      db.transaction(async (tx) => {
        const { moId } = await cancelMoPosting(
          tx,
          auditContext(request),
          request.params.postingId,
          request.body.reason,
        );
        return getManufacturingOrder(tx, moId);
      }),
  });
  app.route({
    method: 'POST',
    url: `${base}/:id/child-orders`,
    config: { access: key },
    schema: {
      params: idParams,
      body: moChildOrdersSchema.nullish(),
      response: { 201: moChildOrdersResultSchema },
    },
    handler: async (request, reply) => {
      const created = await db.transaction((tx) =>
        createChildOrders(tx, auditContext(request), request.params.id, request.body?.materialIds),
      );
      return reply.status(201).send(created);
    },
  });
  app.route({
    method: 'GET',
    url: `${base}/:id/time-entries`,
    config: { access: key },
    schema: { params: idParams, querystring: moGetQuerySchema, response: { 200: z.array(timeEntryRowSchema) } },
    handler: async (request) => {
      await getManufacturingOrder(db, request.params.id);
      return moTimeEntries(db, request.params.id);
    },
  });
  app.route({
    method: 'PATCH',
    url: `${base}/time-entries/:entryId`,
    config: { access: key },
    schema: { params: entryParams, body: timeEntryUpdateSchema, response: { 200: timeEntryRowSchema } },
    handler: async (request) =>
      db.transaction(async (tx) => {
        const { moId } = await correctTimeEntry(tx, auditContext(request), request.params.entryId, request.body);
        const rows = await moTimeEntries(tx, moId);
        return rows.find((r) => r.id === request.params.entryId)!;
      }),
  });
  app.route({
    method: 'GET',
    url: `${base}/:id/print/traveler`,
    config: { access: key },
    schema: { params: idParams, querystring: moGetQuerySchema },
    handler: async (request, reply) => {
      const mo = await getManufacturingOrder(db, request.params.id);
      return sendPdf(reply, `${travelerTitle} ${mo.number}.pdf`, await renderTraveler(mo));
    },
  });
  app.route({
    method: 'GET',
    url: `${base}/:id/print/labels`,
    config: { access: key },
    schema: { params: idParams, querystring: moLabelsQuerySchema },
    handler: async (request, reply) => {
      const mo = await getManufacturingOrder(db, request.params.id);
      return sendPdf(reply, `Етикетки ${mo.number}.pdf`, await renderMoLabels(db, mo, request.query.template));
    },
  });
}
