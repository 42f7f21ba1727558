// /api/production-analytics (production.md §14): the four tables as JSON, or as CSV / XLSX with ?format=. Paths and
// access are in production-analytics.endpoints.ts.
import type { AppDeps, AppInstance } from '@/server/kernel/endpoint.ts';
import { serve } from '@/server/kernel/serve.ts';
import { sendTable, type Cell } from '@/resources/_engine/server/tabular.ts';
import { productionAnalyticsSchemas } from '../production-analytics.contract.ts';
import { productionAnalyticsEndpoints } from '../production-analytics.endpoints.ts';
import {
  departmentExportHeaders,
  operationExportHeaders,
  pauseExportHeaders,
  productionAnalyticsMessages as m,
  workerExportHeaders,
} from '../production-analytics.messages.ts';
import { departmentLoads, operationDeviations, pausesByReason, workerLoads } from './production-analytics.read.ts';

const numbers = (from: number, to: number) => new Set(Array.from({ length: to - from + 1 }, (_, i) => from + i));

export async function productionAnalyticsRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;
  const stem = 'production-analytics';

  serve(app, productionAnalyticsEndpoints, productionAnalyticsSchemas, {
    workers: async (request, reply) => {
      const rows = await workerLoads(db, request.query);
      const format = request.query.format;
      if (!format) return rows;
      const cells: Cell[][] = rows.map((r) => [
        r.name,
        r.departmentName ?? m.noDepartment,
        r.workedHours,
        r.availableHours,
        r.utilisationPercent,
        r.earnedMinutes,
        r.operationMinutes,
        r.efficiencyPercent,
        r.goodQty,
        r.scrapQty,
        r.scrapRatePercent,
      ]);
      return sendTable(reply, {
        title: m.exportTitle,
        format,
        headers: workerExportHeaders,
        cells,
        numeric: numbers(2, 10),
        stem,
      });
    },
    departments: async (request, reply) => {
      const answer = await departmentLoads(db, request.query);
      const format = request.query.format;
      if (!format) return answer;
      const cells: Cell[][] = answer.departments.map((d) => [
        d.name,
        d.workers,
        d.workedHours,
        d.availableHours,
        d.utilisationPercent,
        d.earnedMinutes,
        d.operationMinutes,
        d.efficiencyPercent,
        d.scrapRatePercent,
      ]);
      return sendTable(reply, {
        title: m.exportTitle,
        format,
        headers: departmentExportHeaders,
        cells,
        numeric: numbers(1, 8),
        stem,
      });
    },
    operations: async (request, reply) => {
      const answer = await operationDeviations(db, request.query);
      const format = request.query.format;
      if (!format) return answer;
      const cells: Cell[][] = answer.operations.map((o) => [
        o.moNumber,
        `${o.seq} ${o.name}`,
        o.departmentName,
        o.plannedMinutes,
        o.actualMinutes,
        o.deviationPercent,
      ]);
      return sendTable(reply, {
        title: m.exportTitle,
        format,
        headers: operationExportHeaders,
        cells,
        numeric: numbers(3, 5),
        stem,
      });
    },
    pauses: async (request, reply) => {
      const rows = await pausesByReason(db, request.query);
      const format = request.query.format;
      if (!format) return rows;
      const cells: Cell[][] = rows.map((p) => [p.reason, p.count, p.minutes]);
      return sendTable(reply, {
        title: m.exportTitle,
        format,
        headers: pauseExportHeaders,
        cells,
        numeric: numbers(1, 2),
        stem,
      });
    },
  });
}
