// /api/reports (reports-admin.md §2): profitability as JSON, or with ?format=csv|xlsx its table of every group as a
// download (numeric cells, Ukrainian headers). Paths and access are in reports.endpoints.ts.
import type { AppDeps, AppInstance } from '@/server/kernel/endpoint.ts';
import { serve } from '@/server/kernel/serve.ts';
import { sendTable, type Cell } from '@/resources/_engine/server/tabular.ts';
import { reportsSchemas } from '../reports.contract.ts';
import { reportsEndpoints } from '../reports.endpoints.ts';
import { profitabilityHeaders, reportsMessages as m } from '../reports.messages.ts';
import { groupLabel, profitability, profitabilityExportRows } from './profitability.read.ts';

const monthUk = (iso: string) => `${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

export async function reportsRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;

  serve(app, reportsEndpoints, reportsSchemas, {
    profitability: async (request, reply) => {
      const q = request.query;
      if (!q.format) return profitability(db, q);
      const rows = await profitabilityExportRows(db, q);
      const item = q.groupBy === 'item';
      const keys = item ? ['Артикул', groupLabel(q.groupBy)] : [groupLabel(q.groupBy)];
      const cells: Cell[][] = rows.map((r) => [
        ...(item ? [r.sku] : []),
        q.groupBy === 'month' ? monthUk(r.label) : r.label,
        r.qty,
        r.revenue,
        r.cogs,
        r.grossProfit,
        r.margin,
      ]);
      return sendTable(reply, {
        title: m.exportTitle,
        format: q.format,
        headers: [...keys, ...profitabilityHeaders],
        cells,
        numeric: new Set(profitabilityHeaders.map((_, i) => keys.length + i)),
        stem: `profitability-${q.groupBy}`,
        stamp: `${q.from}_${q.to}`,
      });
    },
  });
}
