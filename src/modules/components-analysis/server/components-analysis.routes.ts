// /api/components-analysis (reports-admin.md §8): the table as JSON, or with ?format=csv|xlsx as a download (numeric
// cells, Ukrainian headers), and one component's drill-down. Paths and access are in the module's endpoints file.
import type { AppDeps, AppInstance } from '@/server/kernel/endpoint.ts';
import { serve } from '@/server/kernel/serve.ts';
import { sendTable, type Cell } from '@/resources/_engine/server/tabular.ts';
import { componentsAnalysisSchemas } from '../components-analysis.contract.ts';
import { componentsAnalysisEndpoints } from '../components-analysis.endpoints.ts';
import {
  componentsAnalysisHeaders as headers,
  componentsAnalysisMessages as m,
} from '../components-analysis.messages.ts';
import { componentDetail, componentsAnalysis } from './components-analysis.read.ts';

const NUMERIC = new Set([3, 4, 5, 6, 7, 8, 9, 10, 11, 14]);
const dateUk = (iso: string | null) => (iso ? `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}` : null);

export async function componentsAnalysisRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;

  serve(app, componentsAnalysisEndpoints, componentsAnalysisSchemas, {
    list: async (request, reply) => {
      const q = request.query;
      if (!q.format) return componentsAnalysis(db, q);
      const answer = await componentsAnalysis(db, q, { all: true });
      const cells: Cell[][] = answer.rows.map((r) => [
        r.sku,
        r.name,
        r.unitShortName,
        r.consumptionQty,
        r.consumptionValue,
        r.avgDaily,
        r.available,
        r.onOrder,
        r.leadTimeDays,
        r.coverageDays,
        r.whereUsed,
        r.lastPrice,
        dateUk(r.lastPurchaseDate),
        r.lastSupplierName,
        r.priceChange,
        r.abc,
        [r.reorder ? m.reorder : null, r.dead ? m.dead : null].filter(Boolean).join(', '),
      ]);
      return sendTable(reply, {
        title: m.exportTitle,
        format: q.format,
        headers: [...headers],
        cells,
        numeric: NUMERIC,
        stem: 'components-analysis',
        stamp: `${q.from}_${q.to}`,
      });
    },
    detail: async (request) => componentDetail(db, request.params.itemId, request.query),
  });
}
