// /api/manufacturing-orders (production.md §4 API): each change is one transaction through the services; actions
// answer the MO's detail as it is after. Paths and access are in manufacturing.endpoints.ts.
import { auditContext, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import { sendPdf } from '@/server/kernel/pdf/pdf.ts';
import { serve } from '@/server/kernel/serve.ts';
import type { Tx } from '@/server/kernel/db.ts';
import { withPostingRetry } from '@/server/kernel/posting-retry.ts';
import type { AuditContext } from '@/modules/system-logs/server/index.ts';
import { getProductionSettings, updateProductionSettings } from '@/modules/production/server/index.ts';
import { manufacturingSchemas } from '../manufacturing.contract.ts';
import { manufacturingEndpoints } from '../manufacturing.endpoints.ts';
import {
  createChildOrders,
  createManufacturingOrder,
  deleteManufacturingOrder,
  updateManufacturingOrder,
} from './manufacturing.write.ts';
import {
  cancelManufacturingOrder,
  completeManufacturingOrder,
  releaseManufacturingOrder,
  startManufacturingOrder,
  unreleaseManufacturingOrder,
} from './manufacturing.lifecycle.ts';
import { correctTimeEntry } from './manufacturing.time.ts';
import { cancelMoPosting, postMoIssue } from './manufacturing.postings.ts';
import { postMoOutput } from './manufacturing.output.ts';
import { listManufacturingOrders, manufacturingStats, moTimeEntries } from './manufacturing.read.ts';
import { getManufacturingOrder } from './manufacturing.detail.ts';
import { manufacturingRelatedDocuments } from './manufacturing.related.ts';
import { allows, loadRights } from '@/modules/roles/server/index.ts';
import { renderMoLabels, renderTraveler, travelerTitle } from './manufacturing.print.ts';

export async function manufacturingRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;

  /** Runs a change of the order in one transaction (retried as a posting: stock moves) and answers its detail after. */
  const thenDetail =
    (run: (tx: Tx, ctx: AuditContext, moId: number) => Promise<unknown>) =>
    async (request: { params: { id: number } } & Parameters<typeof auditContext>[0]) =>
      withPostingRetry(db, async (tx) => {
        await run(tx, auditContext(request), request.params.id);
        return getManufacturingOrder(tx, request.params.id);
      });

  serve(app, manufacturingEndpoints, manufacturingSchemas, {
    list: async (request) => listManufacturingOrders(db, request.query),
    stats: async () => manufacturingStats(db),
    settings: async () => getProductionSettings(db),
    updateSettings: async (request) => updateProductionSettings(db, auditContext(request), request.body),
    get: async (request) => getManufacturingOrder(db, request.params.id),
    related: async (request) => {
      const rights = await loadRights(db, request.user!.id);
      return manufacturingRelatedDocuments(db, request.params.id, (route) => allows(rights, [route], 'view'));
    },
    create: async (request) =>
      db.transaction(async (tx) => {
        const created = await createManufacturingOrder(tx, auditContext(request), request.body);
        return getManufacturingOrder(tx, created.id);
      }),
    update: async (request) =>
      db.transaction(async (tx) => {
        const { version, ...patch } = request.body;
        await updateManufacturingOrder(tx, auditContext(request), request.params.id, patch, version);
        return getManufacturingOrder(tx, request.params.id);
      }),
    remove: async (request, reply) => {
      await db.transaction((tx) => deleteManufacturingOrder(tx, auditContext(request), request.params.id));
      return reply.status(204).send();
    },
    release: thenDetail(releaseManufacturingOrder),
    unrelease: thenDetail(unreleaseManufacturingOrder),
    start: thenDetail(startManufacturingOrder),
    complete: async (request) =>
      thenDetail((tx, ctx, id) => completeManufacturingOrder(tx, ctx, id, request.body ?? {}))(request),
    cancel: async (request) =>
      thenDetail((tx, ctx, id) => cancelManufacturingOrder(tx, ctx, id, request.body.reason))(request),
    issue: async (request) => {
      const result = await withPostingRetry(db, (tx) =>
        postMoIssue(tx, auditContext(request), request.params.id, {
          lines: request.body?.lines,
          notes: request.body?.notes ?? null,
        }),
      );
      return { ...result, backflushIssue: null, warnings: [] };
    },
    output: async (request) =>
      withPostingRetry(db, (tx) => postMoOutput(tx, auditContext(request), request.params.id, request.body)),
    cancelPosting: async (request) =>
      withPostingRetry(db, async (tx) => {
        const { moId } = await cancelMoPosting(
          tx,
          auditContext(request),
          request.params.postingId,
          request.body.reason,
        );
        return getManufacturingOrder(tx, moId);
      }),
    childOrders: async (request) =>
      db.transaction((tx) =>
        createChildOrders(tx, auditContext(request), request.params.id, request.body?.materialIds),
      ),
    timeEntries: async (request) => {
      await getManufacturingOrder(db, request.params.id);
      return moTimeEntries(db, request.params.id);
    },
    updateTimeEntry: async (request) =>
      db.transaction(async (tx) => {
        const { moId } = await correctTimeEntry(tx, auditContext(request), request.params.entryId, request.body);
        const rows = await moTimeEntries(tx, moId);
        return rows.find((r) => r.id === request.params.entryId)!;
      }),
    traveler: async (request, reply) => {
      const mo = await getManufacturingOrder(db, request.params.id);
      return sendPdf(reply, `${travelerTitle} ${mo.number}.pdf`, await renderTraveler(mo));
    },
    labels: async (request, reply) => {
      const mo = await getManufacturingOrder(db, request.params.id);
      return sendPdf(reply, `Етикетки ${mo.number}.pdf`, await renderMoLabels(db, mo, request.query.template));
    },
  });
}
