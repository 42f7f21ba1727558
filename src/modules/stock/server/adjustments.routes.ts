// Adjustments, opening balances, the stock settings and the item card (warehouse.md §1–2). The adjustment service is
// mounted under /api/inventory (keyed to /inventory: products, semi-finished) and /api/component-stock (keyed to
// /component-stock: components, materials); each mount enforces its own route and kinds.
import type { FastifyReply } from 'fastify';
import { DomainError } from '@/shared/api-error.ts';
import { auditContext, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import type { Db } from '@/server/kernel/db.ts';
import { serve, type EndpointRequest } from '@/server/kernel/serve.ts';
import { loadRights, rightOn } from '@/modules/roles/server/index.ts';
import { readSheet } from '@/resources/_engine/server/tabular.ts';
import { itemLineUnits } from '@/resources/units/units.read.ts';
import { adjustmentMessages, adjustmentsSchemas } from '../adjustments.contract.ts';
import { adjustmentsEndpoints } from '../adjustments.endpoints.ts';
import { importOpeningBalances } from './adjustments.opening.ts';
import { cancelAdjustment, postAdjustment } from './adjustments.posting.ts';
import { adjustmentMounts, getAdjustment, listAdjustments, type AdjustmentMount } from './adjustments.read.ts';
import { createAdjustment, deleteAdjustment, updateAdjustment } from './adjustments.write.ts';
import { itemStock } from './item-stock.service.ts';
import { getStockSettings, updateStockSettings } from './stock-settings.ts';

/** A request of an endpoint; both mounts have the same shapes, so those of /inventory stand for both. */
type Req<K extends keyof typeof adjustmentsSchemas> = EndpointRequest<(typeof adjustmentsSchemas)[K]>;

/** The handlers of one mount: the same for /inventory and /component-stock, each with its own route and kinds. */
function mountHandlers(db: Db, mount: AdjustmentMount) {
  return {
    list: async (request: Req<'inventoryList'>) => listAdjustments(db, mount, request.query),
    create: async (request: Req<'inventoryCreate'>) => createAdjustment(db, auditContext(request), mount, request.body),
    import: async (request: Req<'inventoryImport'>) => {
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
      return importOpeningBalances(db, auditContext(request), mount, sheet, allowed);
    },
    get: async (request: Req<'inventoryGet'>) => getAdjustment(db, mount, request.params.id),
    update: async (request: Req<'inventoryUpdate'>) =>
      updateAdjustment(db, auditContext(request), mount, request.params.id, request.body),
    remove: async (request: Req<'inventoryRemove'>, reply: FastifyReply) => {
      await deleteAdjustment(db, auditContext(request), mount, request.params.id);
      return reply.status(204).send();
    },
    post: async (request: Req<'inventoryPost'>) =>
      postAdjustment(db, auditContext(request), mount, request.params.id, request.body?.version, request.body?.serials),
    cancel: async (request: Req<'inventoryCancel'>) =>
      cancelAdjustment(db, auditContext(request), mount, request.params.id, request.body.reason),
    itemStock: async (request: Req<'inventoryItemStock'>) => itemStock(db, request.params.itemId, mount.kinds),
    itemUnits: async (request: Req<'inventoryItemUnits'>) => itemLineUnits(db, request.query.itemId),
  };
}

export async function adjustmentsRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;
  const { bodyTypes, bodyLimit } = adjustmentsEndpoints.inventoryImport;

  // Opening-balance files arrive as the raw CSV or XLSX body (decision 0006).
  app.addContentTypeParser([...bodyTypes], { parseAs: 'buffer', bodyLimit }, (_request, body, done) =>
    done(null, body),
  );

  const inventory = mountHandlers(db, adjustmentMounts.inventory);
  const components = mountHandlers(db, adjustmentMounts.components);
  serve(app, adjustmentsEndpoints, adjustmentsSchemas, {
    inventoryList: inventory.list,
    inventoryCreate: inventory.create,
    inventoryImport: inventory.import,
    inventoryGet: inventory.get,
    inventoryUpdate: inventory.update,
    inventoryRemove: inventory.remove,
    inventoryPost: inventory.post,
    inventoryCancel: inventory.cancel,
    inventoryItemStock: inventory.itemStock,
    inventoryItemUnits: inventory.itemUnits,
    componentsList: components.list,
    componentsCreate: components.create,
    componentsImport: components.import,
    componentsGet: components.get,
    componentsUpdate: components.update,
    componentsRemove: components.remove,
    componentsPost: components.post,
    componentsCancel: components.cancel,
    componentsItemStock: components.itemStock,
    componentsItemUnits: components.itemUnits,

    // The gear dialog 'Налаштування складу' on /inventory (domain README §10).
    settings: async () => getStockSettings(db),
    saveSettings: async (request) => updateStockSettings(db, auditContext(request), request.body),
  });
}
