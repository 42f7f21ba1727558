// /api/inventory-audits (warehouse.md §8): the audit's lifecycle, its lines, the scanner and the print forms, all
// keyed to /inventory-audits (the detail page /inventory-audits/{id} belongs to it).
import { auditContext, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import { renderPrintForm, sendPdf, type PrintForm } from '@/server/kernel/pdf/pdf.ts';
import { serve } from '@/server/kernel/serve.ts';
import { itemLineUnits } from '@/resources/units/units.read.ts';
import { inventoryAuditsSchemas } from '../inventory-audits.contract.ts';
import { inventoryAuditsEndpoints } from '../inventory-audits.endpoints.ts';
import { countSheetForm, varianceForm } from './inventory-audits.print.ts';
import { addLine, scanCode, startAudit, updateLine } from './inventory-audits.counting.ts';
import { cancelAudit, postAudit } from './inventory-audits.posting.ts';
import { getAudit, listAudits, listLines } from './inventory-audits.read.ts';
import { createAudit, deleteAudit, updateAudit } from './inventory-audits.write.ts';

const numberOf = (form: PrintForm) => /№ (\S+)/.exec(form.subtitle ?? '')?.[1] ?? '';

export async function inventoryAuditsRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;

  serve(app, inventoryAuditsEndpoints, inventoryAuditsSchemas, {
    list: async (request) => listAudits(db, request.query),
    create: async (request) => createAudit(db, auditContext(request), request.body),
    itemUnits: async (request) => itemLineUnits(db, request.query.itemId),
    get: async (request) => getAudit(db, request.params.id),
    update: async (request) => updateAudit(db, auditContext(request), request.params.id, request.body),
    remove: async (request, reply) => {
      await deleteAudit(db, auditContext(request), request.params.id);
      return reply.status(204).send();
    },
    start: async (request) => startAudit(db, auditContext(request), request.params.id, request.body?.version),
    post: async (request) =>
      postAudit(
        db,
        auditContext(request),
        request.params.id,
        request.body?.uncounted ?? 'ignore',
        request.body?.version,
      ),
    cancel: async (request) => cancelAudit(db, auditContext(request), request.params.id, request.body.reason),

    lines: async (request) => {
      const rows = await listLines(db, request.params.id, request.query);
      return { rows, total: rows.length };
    },
    addLine: async (request) => addLine(db, auditContext(request), request.params.id, request.body.itemId),
    updateLine: async (request) =>
      updateLine(db, auditContext(request), request.params.id, request.params.lineId, request.body),
    scan: async (request) =>
      scanCode(db, auditContext(request), request.params.id, request.body.code, request.body.serial),

    printCountSheet: async (request, reply) => {
      const form = await countSheetForm(db, request.params.id);
      return sendPdf(reply, `Інвентаризаційний опис ${numberOf(form)}.pdf`, await renderPrintForm(form));
    },
    printVariance: async (request, reply) => {
      const form = await varianceForm(db, request.params.id);
      return sendPdf(reply, `Порівняльна відомість ${numberOf(form)}.pdf`, await renderPrintForm(form));
    },
  });
}
