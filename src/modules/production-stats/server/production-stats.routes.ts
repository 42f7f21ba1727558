// /api/production-stats (production.md §13): the summary and the tables by period, category, item and department.
// Each answers JSON, or with ?format=csv|xlsx the same rows as a download (numeric cells, Ukrainian headers).
// Paths and access are in production-stats.endpoints.ts.
import type { FastifyReply } from 'fastify';
import type { AppDeps, AppInstance } from '@/server/kernel/endpoint.ts';
import { serve } from '@/server/kernel/serve.ts';
import { sendTable, type Cell } from '@/resources/_engine/server/tabular.ts';
import { productionStatsSchemas, type StatsFigures } from '../production-stats.contract.ts';
import { productionStatsEndpoints } from '../production-stats.endpoints.ts';
import { exportKeyHeaders, figureHeaders, productionStatsMessages as m } from '../production-stats.messages.ts';
import {
  statsByCategory,
  statsByDepartment,
  statsByItem,
  statsByPeriod,
  statsSummary,
} from './production-stats.read.ts';

const dayUk = (iso: string) => iso.split('-').reverse().join('.');

const figureCells = (f: StatsFigures): Cell[] => [
  f.producedQty,
  f.producedValue,
  f.scrapQty,
  f.scrapRate,
  f.completedMOs,
  f.onTimeRate,
  f.avgLeadTimeDays,
  f.planAdherence,
];

type Table = keyof typeof exportKeyHeaders;

function download(
  reply: FastifyReply,
  format: 'csv' | 'xlsx',
  table: Table,
  period: { from: string; to: string },
  cells: Cell[][],
) {
  const keys = exportKeyHeaders[table];
  return sendTable(reply, {
    title: m.exportTitle,
    format,
    headers: [...keys, ...figureHeaders],
    cells,
    numeric: new Set(figureHeaders.map((_, i) => keys.length + i)),
    stem: `production-stats-${table}`,
    stamp: `${period.from}_${period.to}`,
  });
}

export async function productionStatsRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;

  serve(app, productionStatsEndpoints, productionStatsSchemas, {
    summary: async (request, reply) => {
      const summary = await statsSummary(db, request.query);
      const { format } = request.query;
      if (!format) return summary;
      const label = `${dayUk(summary.from)}–${dayUk(summary.to)}`;
      return download(reply, format, 'summary', request.query, [[label, ...figureCells(summary)]]);
    },
    byPeriod: async (request, reply) => {
      const rows = await statsByPeriod(db, request.query);
      const { format } = request.query;
      if (!format) return rows;
      return download(
        reply,
        format,
        'period',
        request.query,
        rows.map((r) => [dayUk(r.period), ...figureCells(r)]),
      );
    },
    byCategory: async (request, reply) => {
      const rows = await statsByCategory(db, request.query);
      const { format } = request.query;
      if (!format) return rows;
      const cells = rows.map((r) => [r.categoryName ?? m.noCategory, ...figureCells(r)]);
      return download(reply, format, 'category', request.query, cells);
    },
    byItem: async (request, reply) => {
      const rows = await statsByItem(db, request.query);
      const { format } = request.query;
      if (!format) return rows;
      return download(
        reply,
        format,
        'item',
        request.query,
        rows.map((r) => [r.sku, r.name, ...figureCells(r)]),
      );
    },
    byDepartment: async (request, reply) => {
      const rows = await statsByDepartment(db, request.query);
      const { format } = request.query;
      if (!format) return rows;
      const cells = rows.map((r) => [r.departmentName ?? m.noDepartment, ...figureCells(r)]);
      return download(reply, format, 'department', request.query, cells);
    },
  });
}
