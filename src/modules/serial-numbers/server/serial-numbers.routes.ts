// /api/serial-numbers (sales.md §4): the serials, their generation, registration, check, write-off and labels, and the
// templates; paths and access in serial-numbers.endpoints.ts (decision 0016).
import { auditContext, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import { sendPdf } from '@/server/kernel/pdf/pdf.ts';
import { serve } from '@/server/kernel/serve.ts';
import { renderLabelsPdf } from '@/modules/labels/server/index.ts';
import { serialNumbersSchemas } from '../serial-numbers.contract.ts';
import { serialNumbersEndpoints } from '../serial-numbers.endpoints.ts';
import { availableSerials } from './serial-choices.ts';
import {
  checkSerials,
  generateSerials,
  getSerial,
  listSerials,
  registerSerials,
  serialStats,
  writeOffSerial,
} from './serial-numbers.service.ts';
import {
  createTemplate,
  deleteTemplate,
  listTemplates,
  previewTemplate,
  updateTemplate,
} from './serial-templates.service.ts';

export async function serialNumbersRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;
  serve(app, serialNumbersEndpoints, serialNumbersSchemas, {
    // ---- serials -----------------------------------------------------------------------------------------------
    list: async (request) => listSerials(db, request.query),
    stats: async () => serialStats(db),
    available: async (request) => availableSerials(db, request.query),
    get: async (request) => getSerial(db, request.params.id),
    generate: async (request) => generateSerials(db, auditContext(request), request.body),
    register: async (request) => registerSerials(db, auditContext(request), request.body),
    check: async (request) => checkSerials(db, request.body.itemId, request.body.serials),
    writeOff: async (request) => writeOffSerial(db, auditContext(request), request.params.id, request.body.reason),
    printLabels: async (request, reply) => {
      const { ids, template, showPrice } = request.body;
      const pdf = await renderLabelsPdf(db, { template, showPrice, serialIds: ids });
      return sendPdf(reply, `Етикетки серійних номерів.pdf`, pdf);
    },

    // ---- templates ---------------------------------------------------------------------------------------------
    templates: async (request) => listTemplates(db, request.query),
    createTemplate: async (request) => createTemplate(db, auditContext(request), request.body),
    updateTemplate: async (request) => updateTemplate(db, auditContext(request), request.params.id, request.body),
    removeTemplate: async (request, reply) => {
      await deleteTemplate(db, auditContext(request), request.params.id);
      return reply.status(204).send();
    },
    previewTemplate: async (request) =>
      previewTemplate(db, request.params.id, request.query.count, request.query.itemId ?? undefined),
  });
}
