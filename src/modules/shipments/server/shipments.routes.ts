// /api/shipments (sales.md §3): the SHP document's lifecycle, its print forms and its Nova Poshta waybill, keyed to
// /shipments (GET needs view, everything else access).
import { z } from '@/shared/zod-uk.ts';
import { access, auditContext, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import { sendPdf } from '@/server/kernel/pdf/pdf.ts';
import {
  labelQuerySchema,
  npActionResultSchema,
  shipmentCancelSchema,
  shipmentCreateSchema,
  shipmentListQuerySchema,
  shipmentPostSchema,
  shipmentScanResultSchema,
  shipmentScanSchema,
  shipmentSchema,
  shipmentStatsSchema,
  shipmentSummarySchema,
  shipmentUpdateSchema,
  shippableOrderSchema,
  shippableOrdersQuerySchema,
} from '../shipments.contract.ts';
import { goodsIssueTitleOf, packingListTitle, renderGoodsIssueNote, renderPackingList } from './shipments.print.ts';
import {
  npCreateWaybill,
  npDeleteWaybill,
  npLabel,
  npPrice,
  npReconcile,
  trackOne,
  type NpDeps,
} from './shipments-np.service.ts';
import {
  cancelShipment,
  createShipment,
  deleteShipment,
  getShipment,
  listShipments,
  postShipment,
  scanShipment,
  shipmentStats,
  shippableOrders,
  updateShipment,
} from './shipments.service.ts';

const idParams = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export async function shipmentsRoutes(app: AppInstance, deps: AppDeps): Promise<void> {
  const { db } = deps.database;
  const key = access.route('/shipments');
  const base = '/api/shipments';
  const np: NpDeps = { db, apiUrl: deps.config.novaPoshtaApiUrl, appSecret: deps.config.sessionSecret };

  app.route({
    method: 'GET',
    url: base,
    config: { access: key },
    schema: { querystring: shipmentListQuerySchema, response: { 200: z.array(shipmentSummarySchema) } },
    handler: async (request, reply) => {
      const { rows, total } = await listShipments(db, request.query);
      return reply.sendList(rows, total);
    },
  });
  app.route({
    method: 'GET',
    url: `${base}/stats`,
    config: { access: key },
    schema: { response: { 200: shipmentStatsSchema } },
    handler: async () => shipmentStats(db),
  });
  app.route({
    method: 'GET',
    url: `${base}/shippable-orders`,
    config: { access: key },
    schema: { querystring: shippableOrdersQuerySchema, response: { 200: z.array(shippableOrderSchema) } },
    handler: async (request, reply) => {
      const rows = await shippableOrders(db, request.query.search);
      return reply.sendList(rows, rows.length);
    },
  });
  app.route({
    method: 'GET',
    url: `${base}/:id`,
    config: { access: key },
    schema: { params: idParams, response: { 200: shipmentSchema } },
    handler: async (request) => getShipment(db, request.params.id),
  });
  app.route({
    method: 'POST',
    url: base,
    config: { access: key },
    schema: { body: shipmentCreateSchema, response: { 201: shipmentSchema } },
    handler: async (request, reply) =>
      reply.status(201).send(await createShipment(db, auditContext(request), request.body)),
  });
  app.route({
    method: 'PATCH',
    url: `${base}/:id`,
    config: { access: key },
    schema: { params: idParams, body: shipmentUpdateSchema, response: { 200: shipmentSchema } },
    handler: async (request) => updateShipment(db, auditContext(request), request.params.id, request.body),
  });
  app.route({
    method: 'DELETE',
    url: `${base}/:id`,
    config: { access: key },
    schema: { params: idParams },
    handler: async (request, reply) => {
      await deleteShipment(db, auditContext(request), request.params.id);
      return reply.status(204).send();
    },
  });
  app.route({
    method: 'POST',
    url: `${base}/:id/post`,
    config: { access: key },
    schema: { params: idParams, body: shipmentPostSchema, response: { 200: shipmentSchema } },
    handler: async (request) => postShipment(db, auditContext(request), request.params.id, request.body?.version),
  });
  app.route({
    method: 'POST',
    url: `${base}/:id/cancel`,
    config: { access: key },
    schema: { params: idParams, body: shipmentCancelSchema, response: { 200: shipmentSchema } },
    handler: async (request) => cancelShipment(db, auditContext(request), request.params.id, request.body.reason),
  });
  // The scanner's 'Відвантаження' mode (warehouse.md §9): one scanned code into a draft.
  app.route({
    method: 'POST',
    url: `${base}/:id/scan`,
    config: { access: key },
    schema: { params: idParams, body: shipmentScanSchema, response: { 200: shipmentScanResultSchema } },
    handler: async (request) => scanShipment(db, auditContext(request), request.params.id, request.body.code),
  });

  // ---- print -----------------------------------------------------------------------------------------------------
  app.route({
    method: 'GET',
    url: `${base}/:id/print/goods-issue-note`,
    config: { access: key },
    schema: { params: idParams },
    handler: async (request, reply) => {
      const s = await getShipment(db, request.params.id);
      return sendPdf(reply, `${goodsIssueTitleOf(s)} ${s.number}.pdf`, await renderGoodsIssueNote(db, s));
    },
  });
  app.route({
    method: 'GET',
    url: `${base}/:id/print/packing-list`,
    config: { access: key },
    schema: { params: idParams },
    handler: async (request, reply) => {
      const s = await getShipment(db, request.params.id);
      return sendPdf(reply, `${packingListTitle} ${s.number}.pdf`, await renderPackingList(db, s));
    },
  });

  // ---- Nova Poshta ---------------------------------------------------------------------------------------------------
  app.route({
    method: 'POST',
    url: `${base}/:id/np-price`,
    config: { access: key },
    schema: { params: idParams, response: { 200: npActionResultSchema } },
    handler: async (request) => npPrice(np, auditContext(request), request.params.id),
  });
  app.route({
    method: 'POST',
    url: `${base}/:id/np-waybill`,
    config: { access: key },
    schema: { params: idParams, response: { 200: npActionResultSchema } },
    handler: async (request) => npCreateWaybill(np, auditContext(request), request.params.id),
  });
  app.route({
    method: 'DELETE',
    url: `${base}/:id/np-waybill`,
    config: { access: key },
    schema: { params: idParams, response: { 200: npActionResultSchema } },
    handler: async (request) => npDeleteWaybill(np, auditContext(request), request.params.id),
  });
  app.route({
    method: 'POST',
    url: `${base}/:id/np-reconcile`,
    config: { access: key },
    schema: { params: idParams, response: { 200: npActionResultSchema } },
    handler: async (request) => npReconcile(np, auditContext(request), request.params.id),
  });
  app.route({
    method: 'GET',
    url: `${base}/:id/np-label`,
    config: { access: key },
    schema: { params: idParams, querystring: labelQuerySchema },
    handler: async (request, reply) => {
      const { pdf, number } = await npLabel(np, request.params.id, request.query.format);
      return sendPdf(reply, `ЕН ${number} ${request.query.format}.pdf`, pdf);
    },
  });
  app.route({
    method: 'POST',
    url: `${base}/:id/track`,
    config: { access: key },
    schema: { params: idParams, response: { 200: npActionResultSchema } },
    handler: async (request) => trackOne(np, auditContext(request), request.params.id),
  });
}
