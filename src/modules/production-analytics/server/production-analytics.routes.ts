// /api/production-analytics (production.md §14): the four tables as JSON, or as CSV / XLSX with ?format=. Paths and
// access are in production-analytics.endpoints.ts.
import type { FastifyReply } from 'fastify';
import type { AppDeps, AppInstance } from '@/server/kernel/endpoint.ts';
import { serve } from '@/server/kernel/serve.ts';
import { sendTable, type Cell } from '@/resources/_engine/server/tabular.ts';
import {
  productionAnalyticsSchemas,
  type DepartmentsAnswer,
  type OperationDeviation,
  type PauseRow,
  type WorkerLoad,
} from '../production-analytics.contract.ts';
import { productionAnalyticsEndpoints } from '../production-analytics.endpoints.ts';
import {
  departmentExportHeaders,
  operationExportHeaders,
  pauseExportHeaders,
  productionAnalyticsMessages as m,
  workerExportHeaders,
} from '../production-analytics.messages.ts';
import { departmentLoads, operationDeviations, pausesByReason, workerLoads } from './production-analytics.read.ts';

interface Table {
  headers: readonly string[];
  cells: Cell[][];
  /** Indexes of the columns that stay numbers in the sheet. */
  numeric: ReadonlySet<number>;
}

const columns = (from: number, to: number) => new Set(Array.from({ length: to - from + 1 }, (_, i) => from + i));

const workerTable = (rows: WorkerLoad[]): Table => ({
  headers: workerExportHeaders,
  cells: rows.map((r) => [
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
  ]),
  numeric: columns(2, 10),
});

const departmentTable = (answer: DepartmentsAnswer): Table => ({
  headers: departmentExportHeaders,
  cells: answer.departments.map((d) => [
    d.name,
    d.workers,
    d.workedHours,
    d.availableHours,
    d.utilisationPercent,
    d.earnedMinutes,
    d.operationMinutes,
    d.efficiencyPercent,
    d.scrapRatePercent,
  ]),
  numeric: columns(1, 8),
});

const operationTable = (answer: { operations: OperationDeviation[] }): Table => ({
  headers: operationExportHeaders,
  cells: answer.operations.map((o) => [
    o.moNumber,
    `${o.seq} ${o.name}`,
    o.departmentName,
    o.plannedMinutes,
    o.actualMinutes,
    o.deviationPercent,
  ]),
  numeric: columns(3, 5),
});

const pauseTable = (rows: PauseRow[]): Table => ({
  headers: pauseExportHeaders,
  cells: rows.map((p) => [p.reason, p.count, p.minutes]),
  numeric: columns(1, 2),
});

/** The answer as JSON, or as the download of its table when the query asks for a format. */
function answerOrDownload<T>(
  reply: FastifyReply,
  format: 'csv' | 'xlsx' | undefined,
  data: T,
  table: (data: T) => Table,
) {
  if (!format) return data;
  return sendTable(reply, { title: m.exportTitle, format, stem: 'production-analytics', ...table(data) });
}

export async function productionAnalyticsRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;
  serve(app, productionAnalyticsEndpoints, productionAnalyticsSchemas, {
    workers: async (request, reply) =>
      answerOrDownload(reply, request.query.format, await workerLoads(db, request.query), workerTable),
    departments: async (request, reply) =>
      answerOrDownload(reply, request.query.format, await departmentLoads(db, request.query), departmentTable),
    operations: async (request, reply) =>
      answerOrDownload(reply, request.query.format, await operationDeviations(db, request.query), operationTable),
    pauses: async (request, reply) =>
      answerOrDownload(reply, request.query.format, await pausesByReason(db, request.query), pauseTable),
  });
}
