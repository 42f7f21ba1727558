// /api/search (issue 21): the command palette's query; path and access in search.endpoints.ts (decision 0016).
import { loadRights } from '@/modules/roles/server/index.ts';
import type { AppDeps, AppInstance } from '@/server/kernel/endpoint.ts';
import { serve } from '@/server/kernel/serve.ts';
import { searchSchemas } from '../search.contract.ts';
import { searchEndpoints } from '../search.endpoints.ts';
import { search } from './search.service.ts';

export async function searchRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;
  serve(app, searchEndpoints, searchSchemas, {
    // Each group only for those who may view its page: the rights are the caller's, read on the server.
    search: async (request) => search(db, await loadRights(db, request.user!.id), request.query.q),
  });
}
