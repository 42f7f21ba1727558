// /api/sales-analytics and /api/sales-analytics-products (reports-admin.md §5, §6): the figures as JSON; the per-item
// table also as a CSV/XLSX download with the page's filters. Paths and access are in the module's endpoints file.
import type { AppDeps, AppInstance } from '@/server/kernel/endpoint.ts';
import { serve } from '@/server/kernel/serve.ts';
import { sendTable, type Cell } from '@/resources/_engine/server/tabular.ts';
import { salesAnalyticsSchemas } from '../sales-analytics.contract.ts';
import { salesAnalyticsEndpoints } from '../sales-analytics.endpoints.ts';
import { salesAnalyticsMessages as m, salesProductsHeaders } from '../sales-analytics.messages.ts';
import {
  abcClients,
  salesByCategory,
  salesByClient,
  salesByManager,
  salesByPeriod,
  salesSummary,
} from './sales-analytics.read.ts';
import { salesItemTrend, salesProducts } from './sales-products.read.ts';

const NUMERIC = new Set([2, 3, 4, 5, 6, 10]);

export async function salesAnalyticsRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;
  serve(app, salesAnalyticsEndpoints, salesAnalyticsSchemas, {
    summary: async (request) => salesSummary(db, request.query),
    byPeriod: async (request) => salesByPeriod(db, request.query),
    byClient: async (request) => salesByClient(db, request.query),
    byCategory: async (request) => salesByCategory(db, request.query),
    byManager: async (request) => salesByManager(db, request.query),
    abcClients: async (request) => abcClients(db, request.query),
    products: async (request, reply) => {
      const q = request.query;
      if (!q.format) return salesProducts(db, q);
      const { rows } = await salesProducts(db, q, { all: true });
      const cells: Cell[][] = rows.map((r) => [
        r.sku,
        r.name,
        r.qty,
        r.revenue,
        r.sharePercent,
        r.averagePrice,
        String(r.clients),
        r.lastSaleDate ? r.lastSaleDate.split('-').reverse().join('.') : null,
        r.abcClass,
        r.xyzClass,
        r.cv,
      ]);
      return sendTable(reply, {
        title: m.exportTitle,
        format: q.format,
        headers: [...salesProductsHeaders],
        cells,
        numeric: NUMERIC,
        stem: 'sales-by-product',
        stamp: `${q.from}_${q.to}`,
      });
    },
    productTrend: async (request) => salesItemTrend(db, request.params.itemId, request.query.months),
  });
}
