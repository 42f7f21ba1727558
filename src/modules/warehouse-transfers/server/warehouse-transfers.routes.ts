// /api/warehouse-transfers (warehouse.md §7): the TRF document's lifecycle and its print form, keyed to
// /warehouse-transfers.
import { auditContext, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import { sendPdf } from '@/server/kernel/pdf/pdf.ts';
import { serve } from '@/server/kernel/serve.ts';
import { itemLineUnits } from '@/resources/units/units.read.ts';
import { warehouseTransfersSchemas } from '../warehouse-transfers.contract.ts';
import { warehouseTransfersEndpoints } from '../warehouse-transfers.endpoints.ts';
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

export async function warehouseTransfersRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;

  serve(app, warehouseTransfersEndpoints, warehouseTransfersSchemas, {
    list: async (request) => listTransfers(db, request.query),
    stats: async () => transferStats(db),
    availability: async (request) =>
      availability(db, request.query.warehouseId, request.query.itemIds.split(',').map(Number)),
    itemUnits: async (request) => itemLineUnits(db, request.query.itemId),
    get: async (request) => getTransfer(db, request.params.id),
    print: async (request, reply) => {
      const doc = await getTransfer(db, request.params.id);
      return sendPdf(reply, `${transferNoteTitle} ${doc.number}.pdf`, await renderTransferNote(db, doc));
    },
    create: async (request) => createTransfer(db, auditContext(request), request.body),
    update: async (request) => updateTransfer(db, auditContext(request), request.params.id, request.body),
    remove: async (request, reply) => {
      await deleteTransfer(db, auditContext(request), request.params.id);
      return reply.status(204).send();
    },
    post: async (request) =>
      postTransfer(db, auditContext(request), request.params.id, request.body?.version, request.body?.serials),
    cancel: async (request) => cancelTransfer(db, auditContext(request), request.params.id, request.body.reason),
  });
}
