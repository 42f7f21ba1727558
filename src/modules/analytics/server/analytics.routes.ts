// /api/analytics (reports-admin.md §4): the period's tiles against the period before, and the trends of the last
// months. Paths and access are in the module's endpoints file.
import type { AppDeps, AppInstance } from '@/server/kernel/endpoint.ts';
import { serve } from '@/server/kernel/serve.ts';
import { analyticsSchemas } from '../analytics.contract.ts';
import { analyticsEndpoints } from '../analytics.endpoints.ts';
import { overview, trends } from './analytics.read.ts';

export async function analyticsRoutes(app: AppInstance, deps: AppDeps): Promise<void> {
  const { db } = deps.database;
  serve(app, analyticsEndpoints, analyticsSchemas, {
    overview: async (request) => overview(db, request.query),
    trends: async (request) => trends(db, request.query),
  });
}
