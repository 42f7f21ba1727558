// /api/supplier-orders (warehouse.md §5): the PO's CRUD, its state table, 'Отримати' (a receipt draft of what is
// still to come), its receipts and the print form — all keyed to /supplier-orders.
import { z } from '@/shared/zod-uk.ts';
import { access, auditContext, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import { sendPdf } from '@/server/kernel/pdf/pdf.ts';
import { receiptSchema } from '@/modules/supplier-receipts/supplier-receipts.contract.ts';
import {
  orderConfirmSchema,
  orderCreateSchema,
  orderListQuerySchema,
  orderReasonSchema,
  orderReceiptSchema,
  orderReceiveSchema,
  orderSchema,
  orderStatsSchema,
  orderSummarySchema,
  orderUpdateSchema,
  orderVersionSchema,
} from '../supplier-orders.contract.ts';
import { orderPrintTitle, renderOrderPrint } from './supplier-orders.print.ts';
import {
  createOrder,
  deleteOrder,
  getOrder,
  listOrders,
  orderReceipts,
  orderStats,
  receiveOrder,
  transitionOrder,
  updateOrder,
} from './supplier-orders.service.ts';

const idParams = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export async function supplierOrdersRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;
  const key = access.route('/supplier-orders');
  const base = '/api/supplier-orders';

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
    url: `${base}/stats`,
    config: { access: key },
    schema: { response: { 200: orderStatsSchema } },
    handler: async () => orderStats(db),
  });
  app.route({
    method: 'GET',
    url: `${base}/:id`,
    config: { access: key },
    schema: { params: idParams, response: { 200: orderSchema } },
    handler: async (request) => getOrder(db, request.params.id),
  });
  app.route({
    method: 'GET',
    url: `${base}/:id/receipts`,
    config: { access: key },
    schema: { params: idParams, response: { 200: z.array(orderReceiptSchema) } },
    handler: async (request) => orderReceipts(db, request.params.id),
  });
  app.route({
    method: 'GET',
    url: `${base}/:id/print/order`,
    config: { access: key },
    schema: { params: idParams },
    handler: async (request, reply) => {
      const order = await getOrder(db, request.params.id);
      return sendPdf(reply, `${orderPrintTitle} ${order.number}.pdf`, await renderOrderPrint(db, order));
    },
  });
  app.route({
    method: 'POST',
    url: base,
    config: { access: key },
    schema: { body: orderCreateSchema, response: { 201: orderSchema } },
    handler: async (request, reply) =>
      reply.status(201).send(await createOrder(db, auditContext(request), request.body)),
  });
  app.route({
    method: 'PATCH',
    url: `${base}/:id`,
    config: { access: key },
    schema: { params: idParams, body: orderUpdateSchema, response: { 200: orderSchema } },
    handler: async (request) => updateOrder(db, auditContext(request), request.params.id, request.body),
  });
  app.route({
    method: 'DELETE',
    url: `${base}/:id`,
    config: { access: key },
    schema: { params: idParams },
    handler: async (request, reply) => {
      await deleteOrder(db, auditContext(request), request.params.id);
      return reply.status(204).send();
    },
  });
  for (const action of ['send', 'return-to-draft'] as const) {
    app.route({
      method: 'POST',
      url: `${base}/:id/${action}`,
      config: { access: key },
      schema: { params: idParams, body: orderVersionSchema.nullish(), response: { 200: orderSchema } },
      handler: async (request) =>
        transitionOrder(db, auditContext(request), request.params.id, action, request.body ?? {}),
    });
  }
  app.route({
    method: 'POST',
    url: `${base}/:id/confirm`,
    config: { access: key },
    schema: { params: idParams, body: orderConfirmSchema.nullish(), response: { 200: orderSchema } },
    handler: async (request) =>
      transitionOrder(db, auditContext(request), request.params.id, 'confirm', request.body ?? {}),
  });
  for (const action of ['close', 'cancel'] as const) {
    app.route({
      method: 'POST',
      url: `${base}/:id/${action}`,
      config: { access: key },
      schema: { params: idParams, body: orderReasonSchema, response: { 200: orderSchema } },
      handler: async (request) => transitionOrder(db, auditContext(request), request.params.id, action, request.body),
    });
  }
  app.route({
    method: 'POST',
    url: `${base}/:id/receive`,
    config: { access: key },
    schema: { params: idParams, body: orderReceiveSchema, response: { 201: receiptSchema } },
    handler: async (request, reply) =>
      reply.status(201).send(await receiveOrder(db, auditContext(request), request.params.id, request.body)),
  });
}
