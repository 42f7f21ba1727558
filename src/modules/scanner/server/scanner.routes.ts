// /api/scanner (warehouse.md §9): the lookup behind the scanner page and the stock pages' scan dialog; path and access
// in scanner.endpoints.ts (decision 0016).
import { loadRights, rightOn } from '@/modules/roles/server/index.ts';
import type { AppDeps, AppInstance } from '@/server/kernel/endpoint.ts';
import { serve } from '@/server/kernel/serve.ts';
import { scannerSchemas } from '../scanner.contract.ts';
import { scannerEndpoints } from '../scanner.endpoints.ts';
import { lookupCode } from './scanner.service.ts';

export async function scannerRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;
  serve(app, scannerEndpoints, scannerSchemas, {
    lookup: async (request) => {
      // A document is shown only to those who may view its page.
      const rights = await loadRights(db, request.user!.id);
      return lookupCode(db, request.query.code, (route) => rightOn(rights, route).canView);
    },
  });
}
