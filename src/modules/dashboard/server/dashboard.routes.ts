// /api/dashboard/stats (spec §7, reports-admin.md §1), keyed to /dashboard.
import { access, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import { dashboardStatsSchema } from '../dashboard.contract.ts';
import { dashboardStats } from './dashboard.service.ts';

export async function dashboardRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;
  app.route({
    method: 'GET',
    url: '/api/dashboard/stats',
    config: { access: access.route('/dashboard') },
    schema: { response: { 200: dashboardStatsSchema } },
    handler: async () => dashboardStats(db),
  });
}
