// Adjustments, opening balances, the stock settings and the item card (warehouse.md §1–2). The adjustment service is
// mounted under /api/inventory (keyed to /inventory: products, semi-finished) and /api/component-stock (keyed to
// /component-stock: components, materials); each mount enforces its own route and kinds.
import { z } from '@/shared/zod-uk.ts';
import { DomainError } from '@/shared/api-error.ts';
import { access, auditContext, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import { loadRights, rightOn } from '@/modules/roles/server/index.ts';
import { IMPORT_MAX_BYTES } from '@/resources/_engine/server/resource.routes.ts';
import { readSheet, XLSX_TYPE } from '@/resources/_engine/server/tabular.ts';
import {
  adjustmentCancelSchema,
  adjustmentCreateSchema,
  adjustmentListQuerySchema,
  adjustmentMessages,
  adjustmentPostSchema,
  adjustmentSchema,
  adjustmentSummarySchema,
  adjustmentUpdateSchema,
  itemStockSchema,
  stockSettingsPatchSchema,
  stockSettingsSchema,
} from '../adjustments.contract.ts';
import {
  adjustmentMounts,
  cancelAdjustment,
  createAdjustment,
  deleteAdjustment,
  getAdjustment,
  importOpeningBalances,
  listAdjustments,
  postAdjustment,
  updateAdjustment,
} from './adjustments.service.ts';
import { itemStock } from './item-stock.service.ts';
import { getStockSettings, updateStockSettings } from './stock-settings.ts';

/** The upload bodies this module takes, declared on its upload route (decision 0014). */
const IMPORT_BODY_TYPES: string[] = ['text/csv', 'text/plain', XLSX_TYPE, 'application/octet-stream'];

const idParams = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const itemParams = z.strictObject({ itemId: z.coerce.number().int().positive().max(2_147_483_647) });

export async function adjustmentsRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;

  // Opening-balance files arrive as the raw CSV or XLSX body (decision 0006).
  app.addContentTypeParser(
    IMPORT_BODY_TYPES,
    { parseAs: 'buffer', bodyLimit: IMPORT_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  for (const mount of Object.values(adjustmentMounts)) {
    const key = access.route(mount.route);
    const page = `/api${mount.route}`;
    const base = `${page}/adjustments`;

    app.route({
      method: 'GET',
      url: base,
      config: { access: key },
      schema: { querystring: adjustmentListQuerySchema, response: { 200: z.array(adjustmentSummarySchema) } },
      handler: async (request, reply) => {
        const { rows, total } = await listAdjustments(db, mount, request.query);
        return reply.sendList(rows, total);
      },
    });
    app.route({
      method: 'POST',
      url: base,
      config: { access: key },
      schema: { body: adjustmentCreateSchema, response: { 201: adjustmentSchema } },
      handler: async (request, reply) =>
        reply.status(201).send(await createAdjustment(db, auditContext(request), mount, request.body)),
    });
    app.route({
      method: 'POST',
      url: `${base}/import`,
      config: { bodyTypes: IMPORT_BODY_TYPES, access: key },
      bodyLimit: IMPORT_MAX_BYTES,
      schema: { response: { 201: z.array(adjustmentSchema) } },
      handler: async (request, reply) => {
        if (!Buffer.isBuffer(request.body)) throw new DomainError(415, adjustmentMessages.importFormat);
        let sheet;
        try {
          sheet = await readSheet(request.body, String(request.headers['content-type'] ?? ''));
        } catch {
          throw new DomainError(400, adjustmentMessages.importFormat);
        }
        // A file from BAS lists every kind: rows of the other stock page need the right to change it too.
        const rights = await loadRights(db, request.user!.id);
        const allowed = Object.values(adjustmentMounts)
          .filter((m) => m === mount || rightOn(rights, m.route).canAccess)
          .flatMap((m) => m.kinds);
        const created = await importOpeningBalances(db, auditContext(request), mount, sheet, allowed);
        return reply.status(201).send(created);
      },
    });
    app.route({
      method: 'GET',
      url: `${base}/:id`,
      config: { access: key },
      schema: { params: idParams, response: { 200: adjustmentSchema } },
      handler: async (request) => getAdjustment(db, mount, request.params.id),
    });
    app.route({
      method: 'PATCH',
      url: `${base}/:id`,
      config: { access: key },
      schema: { params: idParams, body: adjustmentUpdateSchema, response: { 200: adjustmentSchema } },
      handler: async (request) => updateAdjustment(db, auditContext(request), mount, request.params.id, request.body),
    });
    app.route({
      method: 'DELETE',
      url: `${base}/:id`,
      config: { access: key },
      schema: { params: idParams },
      handler: async (request, reply) => {
        await deleteAdjustment(db, auditContext(request), mount, request.params.id);
        return reply.status(204).send();
      },
    });
    app.route({
      method: 'POST',
      url: `${base}/:id/post`,
      config: { access: key },
      schema: { params: idParams, body: adjustmentPostSchema.nullish(), response: { 200: adjustmentSchema } },
      handler: async (request) =>
        postAdjustment(
          db,
          auditContext(request),
          mount,
          request.params.id,
          request.body?.version,
          request.body?.serials,
        ),
    });
    app.route({
      method: 'POST',
      url: `${base}/:id/cancel`,
      config: { access: key },
      schema: { params: idParams, body: adjustmentCancelSchema, response: { 200: adjustmentSchema } },
      handler: async (request) =>
        cancelAdjustment(db, auditContext(request), mount, request.params.id, request.body.reason),
    });

    // The item's card: balances per warehouse, reservations with their sources, the last 20 movements.
    app.route({
      method: 'GET',
      url: `${page}/:itemId`,
      config: { access: key },
      schema: { params: itemParams, response: { 200: itemStockSchema } },
      handler: async (request) => itemStock(db, request.params.itemId, mount.kinds),
    });
  }

  // The gear dialog 'Налаштування складу' on /inventory (domain README §10).
  const settingsKey = access.route('/inventory');
  app.route({
    method: 'GET',
    url: '/api/inventory/settings',
    config: { access: settingsKey },
    schema: { response: { 200: stockSettingsSchema } },
    handler: async () => getStockSettings(db),
  });
  app.route({
    method: 'PATCH',
    url: '/api/inventory/settings',
    config: { access: settingsKey },
    schema: { body: stockSettingsPatchSchema, response: { 200: stockSettingsSchema } },
    handler: async (request) => updateStockSettings(db, auditContext(request), request.body),
  });
}
