// /api/costing (production.md §9): the live rows and their download, one item's breakdown, its saved calculations,
// 'Застосувати ціну' and the gear's settings. Paths and access are in costing.endpoints.ts.
import { auditContext, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import { serve } from '@/server/kernel/serve.ts';
import { sendTable, type Cell } from '@/resources/_engine/server/tabular.ts';
import { costingSchemas, type CostingRow } from '../costing.contract.ts';
import { costingEndpoints } from '../costing.endpoints.ts';
import { costingExportHeaders, costingMessages as m } from '../costing.messages.ts';
import { getCostingSettings, updateCostingSettings } from './costing-settings.ts';
import { allCostingRows, costingBreakdown, listCosting } from './costing.read.ts';
import { applyPrice, createSnapshot, listSnapshots } from './costing.write.ts';

const exportCells = (r: CostingRow): Cell[] => [
  r.sku,
  r.name,
  r.categoryName,
  r.material,
  r.labour,
  r.overhead,
  r.total,
  r.retailPrice,
  r.marginPercent,
  r.markupPercent,
  r.suggestedPrice,
  r.actual,
  r.deviationPercent,
];
const NUMERIC_COLUMNS = new Set([3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);

export async function costingRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;

  serve(app, costingEndpoints, costingSchemas, {
    list: async (request) => listCosting(db, request.query),
    export: async (request, reply) => {
      const { format, ...query } = request.query;
      const cells = (await allCostingRows(db, query)).map(exportCells);
      return sendTable(reply, {
        title: m.exportTitle,
        format,
        headers: costingExportHeaders,
        cells,
        numeric: NUMERIC_COLUMNS,
        stem: 'costing',
      });
    },
    settings: async () => getCostingSettings(db),
    updateSettings: async (request) =>
      db.transaction((tx) => updateCostingSettings(tx, auditContext(request), request.body)),
    get: async (request) => costingBreakdown(db, request.params.itemId, request.query),
    snapshots: async (request) => listSnapshots(db, request.params.itemId),
    createSnapshot: async (request) =>
      db.transaction((tx) => createSnapshot(tx, auditContext(request), request.params.itemId, request.body ?? {})),
    applyPrice: async (request) =>
      db.transaction((tx) => applyPrice(tx, auditContext(request), request.params.itemId, request.body)),
  });
}
