// /api/dashboard/stats (spec §7, reports-admin.md §1), keyed to /dashboard.
import type { AppDeps, AppInstance } from '@/server/kernel/endpoint.ts';
import { serve } from '@/server/kernel/serve.ts';
import { dashboardSchemas } from '../dashboard.contract.ts';
import { dashboardEndpoints } from '../dashboard.endpoints.ts';
import { dashboardStats } from './dashboard.service.ts';

export async function dashboardRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;
  serve(app, dashboardEndpoints, dashboardSchemas, {
    stats: async () => dashboardStats(db),
  });
}
