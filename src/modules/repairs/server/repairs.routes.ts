// /api/repairs (production.md §7): the repair card, its state machine and history, its parts (RPP), time, invoice,
// photos and print forms, keyed to /repairs. Registered in a scope of its own: the image body parser touches no other
// route.
import { auditContext, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import { sendPdf } from '@/server/kernel/pdf/pdf.ts';
import { serve } from '@/server/kernel/serve.ts';
import { REPAIR_ATTACHMENT_MAX_BYTES, repairsSchemas } from '../repairs.contract.ts';
import { repairsEndpoints } from '../repairs.endpoints.ts';
import { addAttachment, attachmentFile, listAttachments, removeAttachment } from './repairs.attachments.ts';
import { invoiceRepair } from './repairs.invoice.ts';
import { lookupSerial } from './repairs.lookup.ts';
import { cancelRepairPosting, postRepairParts, repairPartsState, saveRepairParts } from './repairs.parts.ts';
import { actTitle, intakeTitle, renderIntakeReceipt, renderWorkAct } from './repairs.print.ts';
import { getRepair, listRepairs, repairHistory, repairStats } from './repairs.read.ts';
import { changeRepairStatus } from './repairs.status.ts';
import { overdueDays, saveOverdueDays } from './repairs.common.ts';
import { addTimeEntry, createRepair, deleteRepair, updateRepair } from './repairs.write.ts';

export async function repairsRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;

  app.addContentTypeParser(
    [...(repairsEndpoints.uploadAttachment.bodyTypes ?? [])],
    { parseAs: 'buffer', bodyLimit: REPAIR_ATTACHMENT_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  serve(app, repairsEndpoints, repairsSchemas, {
    list: async (request) => listRepairs(db, request.query),
    stats: async () => repairStats(db),
    settings: async () => ({ repairOverdueDays: await overdueDays(db) }),
    updateSettings: async (request) =>
      db.transaction((tx) => saveOverdueDays(tx, auditContext(request), request.body.repairOverdueDays)),
    lookupSerial: async (request) => lookupSerial(db, request.query.serial),
    get: async (request) => getRepair(db, request.params.id),
    create: async (request) => db.transaction((tx) => createRepair(tx, auditContext(request), request.body)),
    update: async (request) =>
      db.transaction((tx) => updateRepair(tx, auditContext(request), request.params.id, request.body)),
    remove: async (request, reply) => {
      await db.transaction((tx) => deleteRepair(tx, auditContext(request), request.params.id));
      return reply.status(204).send();
    },
    changeStatus: async (request) =>
      db.transaction((tx) => changeRepairStatus(tx, auditContext(request), request.params.id, request.body)),
    history: async (request) => {
      await getRepair(db, request.params.id);
      return repairHistory(db, request.params.id);
    },
    parts: async (request) => repairPartsState(db, request.params.id),
    saveParts: async (request) =>
      db.transaction((tx) => saveRepairParts(tx, auditContext(request), request.params.id, request.body)),
    postParts: async (request) => postRepairParts(db, auditContext(request), request.params.id, request.body),
    cancelPosting: async (request) =>
      cancelRepairPosting(db, auditContext(request), request.params.id, request.body?.reason ?? null),
    addTimeEntry: async (request) =>
      db.transaction((tx) => addTimeEntry(tx, auditContext(request), request.params.id, request.body)),
    invoice: async (request) => db.transaction((tx) => invoiceRepair(tx, auditContext(request), request.params.id)),
    attachments: async (request) => listAttachments(db, request.params.id),
    uploadAttachment: async (request) =>
      addAttachment(db, auditContext(request), request.params.id, request.body, request.query.name),
    attachmentFile: async (request, reply) => {
      const file = await attachmentFile(db, request.params.id, request.params.attachmentId);
      return reply.type(file.contentType).header('cache-control', 'private, no-cache').send(file.data);
    },
    removeAttachment: async (request) =>
      removeAttachment(db, auditContext(request), request.params.id, request.params.attachmentId),
    printIntake: async (request, reply) => {
      const repair = await getRepair(db, request.params.id);
      return sendPdf(reply, `${intakeTitle} ${repair.number}.pdf`, await renderIntakeReceipt(db, repair));
    },
    printAct: async (request, reply) => {
      const repair = await getRepair(db, request.params.id);
      const parts = await repairPartsState(db, request.params.id);
      return sendPdf(reply, `${actTitle} ${repair.number}.pdf`, await renderWorkAct(db, repair, parts));
    },
  });
}
