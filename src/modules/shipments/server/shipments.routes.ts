// /api/shipments (sales.md §3): the SHP document's lifecycle, its print forms and its Nova Poshta waybill; the paths
// and access are in shipments.endpoints.ts, the shapes in the contract (decision 0016).
import { itemLineUnits } from '@/resources/units/units.read.ts';
import { auditContext, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import { sendPdf } from '@/server/kernel/pdf/pdf.ts';
import { serve } from '@/server/kernel/serve.ts';
import { shipmentsSchemas } from '../shipments.contract.ts';
import { shipmentsEndpoints } from '../shipments.endpoints.ts';
import type { NpDeps } from './shipments-np.common.ts';
import { trackOne } from './shipments-np.tracking.ts';
import { npCreateWaybill, npDeleteWaybill, npLabel, npPrice, npReconcile } from './shipments-np.waybill.ts';
import { cancelShipment, postShipment } from './shipments.posting.ts';
import { goodsIssueTitleOf, packingListTitle, renderGoodsIssueNote, renderPackingList } from './shipments.print.ts';
import { getShipment, listShipments, shipmentStats, shippableOrders } from './shipments.read.ts';
import { scanShipment } from './shipments.scan.ts';
import { shipmentRelatedDocuments } from './shipments.related.ts';
import { allows, loadRights } from '@/modules/roles/server/index.ts';
import { createShipment, deleteShipment, updateShipment } from './shipments.write.ts';

export async function shipmentsRoutes(app: AppInstance, deps: AppDeps): Promise<void> {
  const { db } = deps.database;
  const np: NpDeps = { db, apiUrl: deps.config.novaPoshtaApiUrl, appSecret: deps.config.sessionSecret };

  serve(app, shipmentsEndpoints, shipmentsSchemas, {
    list: async (request) => listShipments(db, request.query),
    stats: async () => shipmentStats(db),
    shippableOrders: async (request) => {
      const rows = await shippableOrders(db, request.query.search);
      return { rows, total: rows.length };
    },
    itemUnits: async (request) => itemLineUnits(db, request.query.itemId),
    get: async (request) => getShipment(db, request.params.id),
    related: async (request) => {
      const rights = await loadRights(db, request.user!.id);
      return shipmentRelatedDocuments(db, request.params.id, (route) => allows(rights, [route], 'view'));
    },
    create: async (request) => createShipment(db, auditContext(request), request.body),
    update: async (request) => updateShipment(db, auditContext(request), request.params.id, request.body),
    remove: async (request, reply) => {
      await deleteShipment(db, auditContext(request), request.params.id);
      return reply.status(204).send();
    },
    post: async (request) => postShipment(db, auditContext(request), request.params.id, request.body?.version),
    cancel: async (request) => cancelShipment(db, auditContext(request), request.params.id, request.body.reason),
    scan: async (request) => scanShipment(db, auditContext(request), request.params.id, request.body.code),

    goodsIssueNote: async (request, reply) => {
      const s = await getShipment(db, request.params.id);
      return sendPdf(reply, `${goodsIssueTitleOf(s)} ${s.number}.pdf`, await renderGoodsIssueNote(db, s));
    },
    packingList: async (request, reply) => {
      const s = await getShipment(db, request.params.id);
      return sendPdf(reply, `${packingListTitle} ${s.number}.pdf`, await renderPackingList(db, s));
    },

    npPrice: async (request) => npPrice(np, auditContext(request), request.params.id),
    npCreateWaybill: async (request) => npCreateWaybill(np, auditContext(request), request.params.id),
    npDeleteWaybill: async (request) => npDeleteWaybill(np, auditContext(request), request.params.id),
    npReconcile: async (request) => npReconcile(np, auditContext(request), request.params.id),
    npLabel: async (request, reply) => {
      const { pdf, number } = await npLabel(np, request.params.id, request.query.format);
      return sendPdf(reply, `ЕН ${number} ${request.query.format}.pdf`, pdf);
    },
    track: async (request) => trackOne(np, auditContext(request), request.params.id),
  });
}
