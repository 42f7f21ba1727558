// /api/scanner (warehouse.md §9): the lookup behind the scanner page and the stock pages' scan dialog.
import { z } from '@/shared/zod-uk.ts';
import { access, type AppDeps, type AppInstance } from '@/server/endpoint.ts';
import { lookupQuerySchema, lookupResultSchema, SCANNER_ROUTES } from '../scanner.contract.ts';
import { lookupCode } from './scanner.service.ts';

export async function scannerRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;
  app.route({
    method: 'GET',
    url: '/api/scanner/lookup',
    config: { access: access.route(...SCANNER_ROUTES) },
    schema: { querystring: lookupQuerySchema, response: { 200: z.array(lookupResultSchema) } },
    handler: async (request) => lookupCode(db, request.query.code),
  });
}
