// /api/bom (production.md §1): the specifications' CRUD, default, copy, explosion, where-used, import, history and the
// left pane's items — every endpoint keyed to /bom (GET needs canView, the rest canAccess).
import { DomainError } from '@/shared/api-error.ts';
import { auditContext, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import { serve } from '@/server/kernel/serve.ts';
import { readSheet, type Sheet } from '@/resources/_engine/server/tabular.ts';
import { bomMessages, bomSchemas } from '../bom.contract.ts';
import { bomEndpoints } from '../bom.endpoints.ts';
import { flattenLeaves, looksLikeXml, sheetFromXml } from './bom.calc.ts';
import { importBoms } from './bom.import.ts';
import { bomHeader, bomHistory, getBom, listBomItems, listBoms, listBomUnits } from './bom.read.ts';
import { copyBom, createBom, deleteBom, makeDefaultBom, updateBom } from './bom.write.ts';
import { explodeBom, whereUsed } from './bom.structure.ts';

const XML_TYPES = ['application/xml', 'text/xml'];

export async function bomRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;
  const { bodyTypes = [], bodyLimit } = bomEndpoints.importFile;

  // An import file arrives as the raw CSV, XLSX or XML body (decision 0006).
  app.addContentTypeParser([...bodyTypes], { parseAs: 'buffer', bodyLimit }, (_request, body, done) =>
    done(null, body),
  );

  serve(app, bomEndpoints, bomSchemas, {
    list: async (request) => listBoms(db, request.query),
    items: async (request) => listBomItems(db, request.query),
    units: async () => listBomUnits(db),
    whereUsed: async (request) => whereUsed(db, request.params.itemId),
    get: async (request) => getBom(db, request.params.id),
    explosion: async (request) => {
      const bom = await bomHeader(db, request.params.id);
      const { qty, mode } = request.query;
      const tree = await explodeBom(db, bom.id, qty, { parentItemId: bom.itemId });
      return mode === 'flat'
        ? { bomId: bom.id, itemId: bom.itemId, qty, mode, flat: flattenLeaves(tree) }
        : { bomId: bom.id, itemId: bom.itemId, qty, mode, tree };
    },
    history: async (request) => bomHistory(db, request.params.id),
    create: async (request) => createBom(db, auditContext(request), request.body),
    update: async (request) => updateBom(db, auditContext(request), request.params.id, request.body),
    remove: async (request, reply) => {
      await deleteBom(db, auditContext(request), request.params.id);
      return reply.status(204).send();
    },
    makeDefault: async (request) => makeDefaultBom(db, auditContext(request), request.params.id),
    copy: async (request) => copyBom(db, auditContext(request), request.params.id, request.body ?? {}),
    importFile: async (request) => {
      if (!Buffer.isBuffer(request.body)) throw new DomainError(415, bomMessages.importFormat);
      const type = String(request.headers['content-type'] ?? '');
      let sheet: Sheet;
      try {
        sheet =
          XML_TYPES.some((t) => type.startsWith(t)) || looksLikeXml(request.body)
            ? sheetFromXml(request.body.toString('utf8'))
            : await readSheet(request.body, type);
      } catch {
        throw new DomainError(400, bomMessages.importFormat);
      }
      return importBoms(db, auditContext(request), sheet, request.query);
    },
  });
}
