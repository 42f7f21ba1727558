// /api/supplier-orders (warehouse.md §5): the PO's CRUD, its state table, 'Отримати' (a receipt draft of what is
// still to come), its receipts and the print form — all keyed to /supplier-orders.
import { auditContext, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import { sendPdf } from '@/server/kernel/pdf/pdf.ts';
import { serve } from '@/server/kernel/serve.ts';
import { itemLineUnits } from '@/resources/units/units.read.ts';
import { supplierOrdersSchemas } from '../supplier-orders.contract.ts';
import { supplierOrdersEndpoints } from '../supplier-orders.endpoints.ts';
import { orderPrintTitle, renderOrderPrint } from './supplier-orders.print.ts';
import { receiveOrder, transitionOrder } from './supplier-orders.actions.ts';
import { getOrder, listOrders, orderReceipts, orderStats } from './supplier-orders.read.ts';
import { createOrder, deleteOrder, updateOrder } from './supplier-orders.write.ts';
import { defaultReceivingWarehouse, suggestLinePrice } from './supplier-orders.defaults.ts';

export async function supplierOrdersRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;

  serve(app, supplierOrdersEndpoints, supplierOrdersSchemas, {
    list: async (request) => listOrders(db, request.query),
    stats: async () => orderStats(db),
    defaultWarehouse: async (request) => defaultReceivingWarehouse(db, request.query.itemIds ?? []),
    itemUnits: async (request) => itemLineUnits(db, request.query.itemId),
    priceSuggestion: async (request) => ({ suggestion: await suggestLinePrice(db, request.query) }),
    get: async (request) => getOrder(db, request.params.id),
    receipts: async (request) => orderReceipts(db, request.params.id),
    print: async (request, reply) => {
      const order = await getOrder(db, request.params.id);
      return sendPdf(reply, `${orderPrintTitle} ${order.number}.pdf`, await renderOrderPrint(db, order));
    },
    create: async (request) => createOrder(db, auditContext(request), request.body),
    update: async (request) => updateOrder(db, auditContext(request), request.params.id, request.body),
    remove: async (request, reply) => {
      await deleteOrder(db, auditContext(request), request.params.id);
      return reply.status(204).send();
    },
    send: async (request) =>
      transitionOrder(db, auditContext(request), request.params.id, 'send', request.body ?? {}, deps.mailer),
    returnToDraft: async (request) =>
      transitionOrder(db, auditContext(request), request.params.id, 'return-to-draft', request.body ?? {}),
    confirm: async (request) =>
      transitionOrder(db, auditContext(request), request.params.id, 'confirm', request.body ?? {}),
    close: async (request) => transitionOrder(db, auditContext(request), request.params.id, 'close', request.body),
    cancel: async (request) => transitionOrder(db, auditContext(request), request.params.id, 'cancel', request.body),
    receive: async (request) => receiveOrder(db, auditContext(request), request.params.id, request.body),
  });
}
