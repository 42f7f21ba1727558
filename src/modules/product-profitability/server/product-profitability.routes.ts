// /api/product-profitability (reports-admin.md §7): the per-item table as JSON, or with ?format=csv|xlsx as a
// download (numeric cells, Ukrainian headers); the top items; one item's trend. Paths and access are in the
// module's endpoints file.
import type { AppDeps, AppInstance } from '@/server/kernel/endpoint.ts';
import { serve } from '@/server/kernel/serve.ts';
import { pageWindow } from '@/shared/list.ts';
import { sendTable, type Cell } from '@/resources/_engine/server/tabular.ts';
import { productProfitabilitySchemas } from '../product-profitability.contract.ts';
import { productProfitabilityEndpoints } from '../product-profitability.endpoints.ts';
import {
  productProfitabilityHeaders as headers,
  productProfitabilityMessages as m,
} from '../product-profitability.messages.ts';
import { productProfitability, productTop, productTrend } from './product-profitability.read.ts';

const NUMERIC = new Set([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);

export async function productProfitabilityRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;

  serve(app, productProfitabilityEndpoints, productProfitabilitySchemas, {
    list: async (request, reply) => {
      const q = request.query;
      if (!q.format) return productProfitability(db, q, pageWindow(q));
      const answer = await productProfitability(db, q);
      const cells: Cell[][] = answer.rows.map((r) => [
        r.sku,
        r.name,
        r.qty,
        r.revenue,
        r.cogs,
        r.grossProfit,
        r.margin,
        r.avgUnitCost,
        r.avgPrice,
        r.plannedUnitCost,
        r.retailPrice,
        r.plannedMargin,
        [r.loss ? m.loss : null, r.belowTarget ? m.belowTarget : null].filter(Boolean).join(', '),
      ]);
      return sendTable(reply, {
        title: m.exportTitle,
        format: q.format,
        headers: [...headers],
        cells,
        numeric: NUMERIC,
        stem: 'product-profitability',
        stamp: `${q.from}_${q.to}`,
      });
    },
    top: async (request) => productTop(db, request.query),
    trend: async (request) => productTrend(db, request.params.itemId, request.query.months),
  });
}
