// /api/shortage (warehouse.md §4): the rows, the totals and the drill-down read the computed view; a change of the
// settings or new supplier orders drop its memo. Paths and access are in shortage.endpoints.ts.
import { auditContext, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import { serve } from '@/server/kernel/serve.ts';
import { shortageSchemas } from '../shortage.contract.ts';
import { shortageEndpoints } from '../shortage.endpoints.ts';
import { invalidateShortage } from './shortage.compute.ts';
import { getShortageSettings, updateShortageSettings } from './shortage-settings.ts';
import { createSupplierOrdersFromShortage, listShortage, shortageSources, shortageStats } from './shortage.service.ts';

export async function shortageRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;

  serve(app, shortageEndpoints, shortageSchemas, {
    list: async (request) => listShortage(db, request.query),
    stats: async (request) => shortageStats(db, request.query),
    settings: async () => getShortageSettings(db),
    updateSettings: async (request) => {
      const saved = await db.transaction((tx) => updateShortageSettings(tx, auditContext(request), request.body));
      invalidateShortage();
      return saved;
    },
    sources: async (request) => shortageSources(db, request.params.itemId),
    createSupplierOrders: async (request) => {
      const result = await db.transaction((tx) =>
        createSupplierOrdersFromShortage(tx, auditContext(request), request.body),
      );
      invalidateShortage();
      return result;
    },
  });
}
