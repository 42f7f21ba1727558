// /api/tech-cards (production.md §2): base cards and their modifications, keyed to /tech-cards, audited.
import { auditContext, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import { sendPdf } from '@/server/kernel/pdf/pdf.ts';
import { serve } from '@/server/kernel/serve.ts';
import { techCardsSchemas } from '../tech-cards.contract.ts';
import { techCardsEndpoints } from '../tech-cards.endpoints.ts';
import { renderTechCardPrint, techCardPrintTitle } from './tech-cards.print.ts';
import { getTechCard, listTechCards, techCardCost } from './tech-cards.read.ts';
import {
  copyTechCard,
  createModification,
  createTechCard,
  deleteTechCard,
  makeDefaultTechCard,
  updateTechCard,
} from './tech-cards.write.ts';

export async function techCardsRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;

  serve(app, techCardsEndpoints, techCardsSchemas, {
    list: async (request) => listTechCards(db, request.query),
    get: async (request) => getTechCard(db, request.params.id),
    summary: async (request) =>
      techCardCost(db, request.params.id, request.query.qty, request.query.labourRatePerHour ?? null),
    print: async (request, reply) => {
      const card = await getTechCard(db, request.params.id);
      const cost = await techCardCost(db, card.id, request.query.qty);
      return sendPdf(reply, `${techCardPrintTitle} ${card.name}.pdf`, await renderTechCardPrint(card, cost));
    },
    create: async (request) => createTechCard(db, auditContext(request), request.body),
    update: async (request) => updateTechCard(db, auditContext(request), request.params.id, request.body),
    remove: async (request, reply) => {
      await deleteTechCard(db, auditContext(request), request.params.id);
      return reply.status(204).send();
    },
    makeDefault: async (request) => makeDefaultTechCard(db, auditContext(request), request.params.id),
    createModification: async (request) =>
      createModification(db, auditContext(request), request.params.id, request.body),
    copy: async (request) => copyTechCard(db, auditContext(request), request.params.id, request.body ?? {}),
  });
}
