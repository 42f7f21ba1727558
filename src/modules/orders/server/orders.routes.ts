// /api/orders (sales.md §1 API): the list with its totals and stat cards, one order (`orderNumber` in the answer),
// its CRUD, the state-table actions, its payments, shipments and history, the two print forms, 'Надіслати рахунок',
// the order settings, and the form's helpers (client context, item search) — all keyed to /orders.
import { z } from '@/shared/zod-uk.ts';
import { serve } from '@/server/kernel/serve.ts';
import { ordersEndpoints } from '../orders.endpoints.ts';
import { access, auditContext, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import { sendPdf } from '@/server/kernel/pdf/pdf.ts';
import {
  orderClientContextSchema,
  orderCreateSchema,
  orderHistorySchema,
  orderItemOptionSchema,
  orderListQuerySchema,
  orderPaymentSchema,
  orderReasonSchema,
  orderSchema,
  ordersSchemas,
  orderSettingsPatchSchema,
  orderSettingsSchema,
  orderShipmentSchema,
  orderStatsSchema,
  orderSummarySchema,
  orderTotalsSchema,
  orderUpdateSchema,
  orderVersionSchema,
  productionApprovalSchema,
  sendInvoiceResultSchema,
} from '../orders.contract.ts';
import { departmentsTitle, invoiceTitle, renderDepartments, renderInvoice } from './orders.print.ts';
import {
  clientContext,
  getOrder,
  listOrders,
  orderHistory,
  orderPayments,
  orderShipments,
  orderStats,
  orderTotals,
  searchItems,
} from './orders.read.ts';
import { confirmOrder, createOrder } from './orders.service.ts';
import {
  cancelOrder,
  closeOrder,
  copyOrder,
  deleteOrder,
  getOrderSettings,
  reserveAction,
  returnToDraft,
  sendInvoice,
  setProductionApproval,
  updateOrder,
  updateOrderSettings,
} from './orders.write.ts';

const idParams = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const clientParams = z.strictObject({ clientId: z.coerce.number().int().positive().max(2_147_483_647) });
const itemQuery = z.strictObject({
  search: z.string().trim().max(100).optional().default(''),
  warehouseId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  limit: z.coerce.number().int().min(1).max(50).optional().default(20),
});

export async function ordersRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;
  const key = access.route('/orders');
  const base = '/api/orders';

  app.route({
    method: 'GET',
    url: base,
    config: { access: key },
    schema: { querystring: orderListQuerySchema, response: { 200: z.array(orderSummarySchema) } },
    handler: async (request, reply) => {
      const { rows, total } = await listOrders(db, request.query);
      return reply.sendList(rows, total);
    },
  });
  app.route({
    method: 'GET',
    url: `${base}/totals`,
    config: { access: key },
    schema: { querystring: orderListQuerySchema, response: { 200: orderTotalsSchema } },
    handler: async (request) => orderTotals(db, request.query),
  });
  app.route({
    method: 'GET',
    url: `${base}/stats`,
    config: { access: key },
    schema: { response: { 200: orderStatsSchema } },
    handler: async () => orderStats(db),
  });
  app.route({
    method: 'GET',
    url: `${base}/settings`,
    config: { access: key },
    schema: { response: { 200: orderSettingsSchema } },
    handler: async () => getOrderSettings(db),
  });
  app.route({
    method: 'PATCH',
    url: `${base}/settings`,
    config: { access: key },
    schema: { body: orderSettingsPatchSchema, response: { 200: orderSettingsSchema } },
    handler: async (request) => updateOrderSettings(db, auditContext(request), request.body),
  });
  app.route({
    method: 'GET',
    url: `${base}/items`,
    config: { access: key },
    schema: { querystring: itemQuery, response: { 200: z.array(orderItemOptionSchema) } },
    handler: async (request) =>
      searchItems(db, request.query.search, request.query.warehouseId ?? null, request.query.limit),
  });
  app.route({
    method: 'GET',
    url: `${base}/clients/:clientId`,
    config: { access: key },
    schema: { params: clientParams, response: { 200: orderClientContextSchema } },
    handler: async (request) => clientContext(db, request.params.clientId),
  });

  serve(app, ordersEndpoints, ordersSchemas, {
    get: async (request) => getOrder(db, request.params.id),
  });
  app.route({
    method: 'GET',
    url: `${base}/:id/payments`,
    config: { access: key },
    schema: { params: idParams, response: { 200: z.array(orderPaymentSchema) } },
    handler: async (request) => orderPayments(db, request.params.id),
  });
  app.route({
    method: 'GET',
    url: `${base}/:id/shipments`,
    config: { access: key },
    schema: { params: idParams, response: { 200: z.array(orderShipmentSchema) } },
    handler: async (request) => orderShipments(db, request.params.id),
  });
  app.route({
    method: 'GET',
    url: `${base}/:id/history`,
    config: { access: key },
    schema: { params: idParams, response: { 200: z.array(orderHistorySchema) } },
    handler: async (request) => orderHistory(db, request.params.id),
  });
  app.route({
    method: 'GET',
    url: `${base}/:id/print/invoice`,
    config: { access: key },
    schema: { params: idParams },
    handler: async (request, reply) => {
      const order = await getOrder(db, request.params.id);
      return sendPdf(reply, `${invoiceTitle} ${order.orderNumber}.pdf`, await renderInvoice(db, order));
    },
  });
  app.route({
    method: 'GET',
    url: `${base}/:id/print/departments`,
    config: { access: key },
    schema: { params: idParams },
    handler: async (request, reply) => {
      const order = await getOrder(db, request.params.id);
      return sendPdf(reply, `${departmentsTitle} ${order.orderNumber}.pdf`, await renderDepartments(db, order));
    },
  });

  app.route({
    method: 'POST',
    url: base,
    config: { access: key },
    schema: { body: orderCreateSchema, response: { 201: orderSchema } },
    handler: async (request, reply) => {
      const id = await db.transaction((tx) => createOrder(tx, auditContext(request), request.body));
      return reply.status(201).send(await getOrder(db, id));
    },
  });
  app.route({
    method: 'PATCH',
    url: `${base}/:id`,
    config: { access: key },
    schema: { params: idParams, body: orderUpdateSchema, response: { 200: orderSchema } },
    handler: async (request) => {
      await updateOrder(db, auditContext(request), request.params.id, request.body);
      return getOrder(db, request.params.id);
    },
  });
  app.route({
    method: 'DELETE',
    url: `${base}/:id`,
    config: { access: key },
    schema: { params: idParams, body: orderVersionSchema.nullish() },
    handler: async (request, reply) => {
      await deleteOrder(db, auditContext(request), request.params.id, request.body?.version);
      return reply.status(204).send();
    },
  });

  const action = (
    url: string,
    body: z.ZodType,
    run: (id: number, input: Record<string, unknown>, ctx: ReturnType<typeof auditContext>) => Promise<unknown>,
  ) =>
    app.route({
      method: 'POST',
      url: `${base}/:id/${url}`,
      config: { access: key },
      schema: { params: idParams, body, response: { 200: orderSchema } },
      handler: async (request) => {
        const id = (request.params as { id: number }).id;
        await run(id, (request.body ?? {}) as Record<string, unknown>, auditContext(request));
        return getOrder(db, id);
      },
    });
  const version = (input: Record<string, unknown>) => input.version as number | undefined;
  action('confirm', orderVersionSchema.nullish(), (id, input, ctx) =>
    db.transaction((tx) => confirmOrder(tx, ctx, id, version(input))),
  );
  action('return-to-draft', orderVersionSchema.nullish(), (id, input, ctx) =>
    returnToDraft(db, ctx, id, version(input)),
  );
  action('close', orderReasonSchema, (id, input, ctx) =>
    closeOrder(db, ctx, id, input.reason as string, version(input)),
  );
  action('cancel', orderReasonSchema, (id, input, ctx) =>
    cancelOrder(db, ctx, id, input.reason as string, version(input)),
  );
  action('reserve', orderVersionSchema.nullish(), (id, input, ctx) =>
    reserveAction(db, ctx, id, 'reserve', version(input)),
  );
  action('unreserve', orderVersionSchema.nullish(), (id, input, ctx) =>
    reserveAction(db, ctx, id, 'unreserve', version(input)),
  );
  action('production-approval', productionApprovalSchema, (id, input, ctx) =>
    setProductionApproval(db, ctx, id, input as { approved: boolean; note?: string | null; version?: number }),
  );

  app.route({
    method: 'POST',
    url: `${base}/:id/copy`,
    config: { access: key },
    schema: { params: idParams, response: { 201: orderSchema } },
    handler: async (request, reply) => {
      const id = await copyOrder(db, auditContext(request), request.params.id);
      return reply.status(201).send(await getOrder(db, id));
    },
  });
  app.route({
    method: 'POST',
    url: `${base}/:id/send-invoice`,
    config: { access: key },
    schema: { params: idParams, response: { 200: sendInvoiceResultSchema } },
    handler: async (request) => sendInvoice(db, deps.mailer, auditContext(request), request.params.id),
  });
}
