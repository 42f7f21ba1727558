// /api/orders (sales.md §1 API), registered from the module's endpoints (orders.endpoints.ts) and their schemas.
// Each state-table action answers the order as it now is; a create and a copy answer the new order with 201.
import { itemLineUnits } from '@/resources/units/units.read.ts';
import type { FastifyReply } from 'fastify';
import { serve } from '@/server/kernel/serve.ts';
import { auditContext, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import { sendPdf } from '@/server/kernel/pdf/pdf.ts';
import { ordersSchemas } from '../orders.contract.ts';
import { ordersEndpoints } from '../orders.endpoints.ts';
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
} from './orders.read.ts';
import { confirmOrder, createOrder } from './orders.service.ts';
import {
  cancelOrder,
  closeOrder,
  deleteOrder,
  reserveAction,
  returnToDraft,
  setProductionApproval,
} from './orders.actions.ts';
import { sendInvoice } from './orders.mail.ts';
import { orderManufacturingLinks } from './order-manufacturing.ts';
import { orderRelatedDocuments } from './order-related.ts';
import { allows, loadRights } from '@/modules/roles/server/index.ts';
import { getOrderSettings, updateOrderSettings } from './orders.settings.ts';
import { copyOrder, updateOrder } from './orders.write.ts';

export async function ordersRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;

  /** Runs an action on the order, then answers the order as it now is. */
  const andAnswer = async (id: number, run: Promise<unknown>) => {
    await run;
    return getOrder(db, id);
  };
  const noContent = (reply: FastifyReply) => reply.status(204).send();

  serve(app, ordersEndpoints, ordersSchemas, {
    list: async (request) => listOrders(db, request.query),
    totals: async (request) => orderTotals(db, request.query),
    stats: async () => orderStats(db),
    settings: async () => getOrderSettings(db),
    updateSettings: async (request) => updateOrderSettings(db, auditContext(request), request.body),
    clientContext: async (request) => clientContext(db, request.params.clientId),
    itemUnits: async (request) => itemLineUnits(db, request.query.itemId),
    get: async (request) => getOrder(db, request.params.id),
    payments: async (request) => orderPayments(db, request.params.id),
    shipments: async (request) => orderShipments(db, request.params.id),
    history: async (request) => orderHistory(db, request.params.id),
    related: async (request) => {
      const rights = await loadRights(db, request.user!.id);
      return orderRelatedDocuments(db, request.params.id, (route) => allows(rights, [route], 'view'));
    },
    manufacturingOrders: async (request) => orderManufacturingLinks(db, request.params.id),
    printInvoice: async (request, reply) => {
      const order = await getOrder(db, request.params.id);
      return sendPdf(reply, `${invoiceTitle} ${order.orderNumber}.pdf`, await renderInvoice(db, order));
    },
    printDepartments: async (request, reply) => {
      const order = await getOrder(db, request.params.id);
      return sendPdf(reply, `${departmentsTitle} ${order.orderNumber}.pdf`, await renderDepartments(db, order));
    },
    create: async (request) => {
      const id = await db.transaction((tx) => createOrder(tx, auditContext(request), request.body));
      return getOrder(db, id);
    },
    update: async (request) =>
      andAnswer(request.params.id, updateOrder(db, auditContext(request), request.params.id, request.body)),
    remove: async (request, reply) => {
      await deleteOrder(db, auditContext(request), request.params.id, request.body?.version);
      return noContent(reply);
    },
    confirm: async (request) => {
      const { id } = request.params;
      const ctx = auditContext(request);
      return andAnswer(
        id,
        db.transaction((tx) => confirmOrder(tx, ctx, id, request.body?.version)),
      );
    },
    returnToDraft: async (request) =>
      andAnswer(request.params.id, returnToDraft(db, auditContext(request), request.params.id, request.body?.version)),
    close: async (request) =>
      andAnswer(
        request.params.id,
        closeOrder(db, auditContext(request), request.params.id, request.body.reason, request.body.version),
      ),
    cancel: async (request) =>
      andAnswer(
        request.params.id,
        cancelOrder(db, auditContext(request), request.params.id, request.body.reason, request.body.version),
      ),
    reserve: async (request) =>
      andAnswer(
        request.params.id,
        reserveAction(db, auditContext(request), request.params.id, 'reserve', request.body?.version),
      ),
    unreserve: async (request) =>
      andAnswer(
        request.params.id,
        reserveAction(db, auditContext(request), request.params.id, 'unreserve', request.body?.version),
      ),
    productionApproval: async (request) =>
      andAnswer(request.params.id, setProductionApproval(db, auditContext(request), request.params.id, request.body)),
    copy: async (request) => getOrder(db, await copyOrder(db, auditContext(request), request.params.id)),
    sendInvoice: async (request) => sendInvoice(db, deps.mailer, auditContext(request), request.params.id),
  });
}
