// /api/labels (warehouse.md §10): the label PDF and the data of the dialog's preview; paths and access in
// labels.endpoints.ts (decision 0016). Printing only reads: canView on any stock or item page is enough, for the POST
// too (`access.read`).
import type { AppDeps, AppInstance } from '@/server/kernel/endpoint.ts';
import { sendPdf } from '@/server/kernel/pdf/pdf.ts';
import { serve } from '@/server/kernel/serve.ts';
import { labelsSchemas } from '../labels.contract.ts';
import { labelsEndpoints } from '../labels.endpoints.ts';
import { labelItems, renderLabelsPdf } from './labels.service.ts';

export async function labelsRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;
  serve(app, labelsEndpoints, labelsSchemas, {
    render: async (request, reply) => {
      const pdf = await renderLabelsPdf(db, request.body);
      return sendPdf(reply, `Етикетки ${request.body.template}.pdf`, pdf);
    },
    items: async (request) => labelItems(db, request.query.ids),
  });
}
