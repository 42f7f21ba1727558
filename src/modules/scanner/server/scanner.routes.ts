// /api/scanner (warehouse.md §9): the lookup behind the scanner page and the stock pages' scan dialog.
import { z } from '@/shared/zod-uk.ts';
import { loadRights, rightOn } from '@/modules/roles/server/index.ts';
import { access, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import { lookupQuerySchema, lookupResultSchema, SCANNER_ROUTES } from '../scanner.contract.ts';
import { lookupCode } from './scanner.service.ts';

export async function scannerRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;
  app.route({
    method: 'GET',
    url: '/api/scanner/lookup',
    config: { access: access.route(...SCANNER_ROUTES) },
    schema: { querystring: lookupQuerySchema, response: { 200: z.array(lookupResultSchema) } },
    handler: async (request) => {
      // A document is shown only to those who may view its page.
      const rights = await loadRights(db, request.user!.id);
      return lookupCode(db, request.query.code, (route) => rightOn(rights, route).canView);
    },
  });
}
