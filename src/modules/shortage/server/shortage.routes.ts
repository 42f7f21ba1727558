// /api/shortage (warehouse.md §4), every endpoint keyed to /shortage: the rows with their filters, the totals, the
// 'Джерела' drill-down, 'Створити замовлення постачальнику' and the gear dialog's settings.
import { z } from '@/shared/zod-uk.ts';
import { access, auditContext, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import {
  createSupplierOrdersResultSchema,
  createSupplierOrdersSchema,
  shortageListQuerySchema,
  shortageRowSchema,
  shortageSettingsPatchSchema,
  shortageSettingsSchema,
  shortageSourcesSchema,
  shortageStatsQuerySchema,
  shortageStatsSchema,
} from '../shortage.contract.ts';
import { invalidateShortage } from './shortage.compute.ts';
import { getShortageSettings, updateShortageSettings } from './shortage-settings.ts';
import { createSupplierOrdersFromShortage, listShortage, shortageSources, shortageStats } from './shortage.service.ts';

const itemParams = z.strictObject({ itemId: z.coerce.number().int().positive().max(2_147_483_647) });

export async function shortageRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;
  const key = access.route('/shortage');
  const base = '/api/shortage';

  app.route({
    method: 'GET',
    url: base,
    config: { access: key },
    schema: { querystring: shortageListQuerySchema, response: { 200: z.array(shortageRowSchema) } },
    handler: async (request, reply) => {
      const { rows, total } = await listShortage(db, request.query);
      return reply.sendList(rows, total);
    },
  });
  app.route({
    method: 'GET',
    url: `${base}/stats`,
    config: { access: key },
    schema: { querystring: shortageStatsQuerySchema, response: { 200: shortageStatsSchema } },
    handler: async (request) => shortageStats(db, request.query),
  });
  app.route({
    method: 'GET',
    url: `${base}/settings`,
    config: { access: key },
    schema: { response: { 200: shortageSettingsSchema } },
    handler: async () => getShortageSettings(db),
  });
  app.route({
    method: 'PATCH',
    url: `${base}/settings`,
    config: { access: key },
    schema: { body: shortageSettingsPatchSchema, response: { 200: shortageSettingsSchema } },
    handler: async (request) => {
      const saved = await db.transaction((tx) => updateShortageSettings(tx, auditContext(request), request.body));
      invalidateShortage();
      return saved;
    },
  });
  app.route({
    method: 'GET',
    url: `${base}/:itemId/sources`,
    config: { access: key },
    schema: { params: itemParams, response: { 200: shortageSourcesSchema } },
    handler: async (request) => shortageSources(db, request.params.itemId),
  });
  app.route({
    method: 'POST',
    url: `${base}/create-supplier-orders`,
    config: { access: key },
    schema: { body: createSupplierOrdersSchema, response: { 201: createSupplierOrdersResultSchema } },
    handler: async (request, reply) => {
      const result = await db.transaction((tx) =>
        createSupplierOrdersFromShortage(tx, auditContext(request), request.body),
      );
      invalidateShortage();
      return reply.status(201).send(result);
    },
  });
}
