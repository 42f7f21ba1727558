// /api/labels (warehouse.md §10): the label PDF and the data of the dialog's preview. Printing only reads, so canView
// on any stock or item page is enough — for the POST too, which the route guard would otherwise hold to canAccess.
import type { FastifyRequest } from 'fastify';
import { allows, loadRights } from '@/modules/roles/server/index.ts';
import { access, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import { sendPdf } from '@/server/kernel/pdf/pdf.ts';
import { commonMessages, DomainError } from '@/shared/api-error.ts';
import { LABEL_ROUTES, labelItemsAnswerSchema, labelItemsQuerySchema, labelRenderSchema } from '../labels.contract.ts';
import { labelItems, renderLabelsPdf } from './labels.service.ts';

export async function labelsRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;

  /** canView on any of the label routes, checked before the body is validated (as the guard does). */
  async function canViewLabels(request: FastifyRequest) {
    if (!request.user) throw new DomainError(401, commonMessages.unauthorized);
    const rights = await loadRights(db, request.user.id);
    if (!allows(rights, LABEL_ROUTES, 'view')) throw new DomainError(403, commonMessages.forbidden);
  }

  app.route({
    method: 'POST',
    url: '/api/labels/render',
    // A signed-in user; the view right on any label route is checked by the preValidation hook below.
    config: { access: access.session },
    preValidation: canViewLabels,
    schema: { body: labelRenderSchema },
    handler: async (request, reply) => {
      const pdf = await renderLabelsPdf(db, request.body);
      return sendPdf(reply, `Етикетки ${request.body.template}.pdf`, pdf);
    },
  });

  app.route({
    method: 'GET',
    url: '/api/labels/items',
    config: { access: access.route(...LABEL_ROUTES) },
    schema: { querystring: labelItemsQuerySchema, response: { 200: labelItemsAnswerSchema } },
    handler: async (request) => labelItems(db, request.query.ids),
  });
}
