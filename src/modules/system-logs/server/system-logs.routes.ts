// /api/system-logs (reports-admin.md §16), registered from the module's endpoints and schemas, keyed to /system-logs.
// Every answer is `Cache-Control: no-store` (logs hold personal data and change every moment).
import type { Cell } from '@/resources/_engine/server/tabular.ts';
import { sendTable } from '@/resources/_engine/server/tabular.ts';
import { serve } from '@/server/kernel/serve.ts';
import { signedInActor, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import type { FastifyReply } from 'fastify';
import { systemLogsSchemas, type AuditQuery, type EventQuery } from '../system-logs.contract.ts';
import { systemLogsEndpoints } from '../system-logs.endpoints.ts';
import {
  auditActionLabels,
  auditEntityLabels,
  eventCategoryLabels,
  eventLevelLabels,
  formatLogTime,
  labelOf,
  systemLogsMessages,
} from '../system-logs.messages.ts';
import { getAudit, listAudit, listEvents, logStats } from './system-logs.read.ts';
import { cleanupEvents, getLogSettings, updateLogSettings } from './system-logs.write.ts';

const EXPORT_CAP = 100_000;
const m = systemLogsMessages.export;

export async function systemLogsRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  async function sendAudit(reply: FastifyReply, format: 'csv' | 'xlsx', query: AuditQuery) {
    const { rows } = await listAudit(db, { ...query, page: 1, offset: 0, limit: EXPORT_CAP });
    const cells: Cell[][] = rows.map((r) => [
      formatLogTime(r.at),
      r.userName ?? r.actor ?? '',
      labelOf(auditActionLabels, r.action),
      labelOf(auditEntityLabels, r.entityType),
      r.entityId ?? '',
      r.ip ?? '',
      r.requestId ?? '',
    ]);
    return sendTable(reply, {
      title: m.auditTitle,
      format,
      headers: m.audit,
      cells,
      numeric: new Set(),
      stem: 'audit',
    });
  }

  async function sendEvents(reply: FastifyReply, format: 'csv' | 'xlsx', query: EventQuery) {
    const { rows } = await listEvents(db, { ...query, page: 1, offset: 0, limit: EXPORT_CAP });
    const cells: Cell[][] = rows.map((r) => [
      formatLogTime(r.at),
      eventLevelLabels[r.level],
      eventCategoryLabels[r.category],
      r.message,
      r.details == null ? '' : JSON.stringify(r.details),
      r.requestId ?? '',
    ]);
    return sendTable(reply, {
      title: m.eventsTitle,
      format,
      headers: m.events,
      cells,
      numeric: new Set(),
      stem: 'system-events',
    });
  }

  serve(app, systemLogsEndpoints, systemLogsSchemas, {
    auditList: async (request, reply) => {
      const { format, ...query } = request.query;
      return format ? sendAudit(reply, format, query) : listAudit(db, query);
    },
    auditGet: async (request) => getAudit(db, request.params.id),
    auditExport: async (request, reply) => {
      const { format, ...query } = request.query;
      return sendAudit(reply, format, query);
    },
    eventList: async (request, reply) => {
      const { format, ...query } = request.query;
      return format ? sendEvents(reply, format, query) : listEvents(db, query);
    },
    eventExport: async (request, reply) => {
      const { format, ...query } = request.query;
      return sendEvents(reply, format, query);
    },
    stats: async () => logStats(db),
    cleanup: async (request) => cleanupEvents(db, signedInActor(request), request.body.olderThanDays),
    settings: async () => getLogSettings(db),
    updateSettings: async (request) => updateLogSettings(db, signedInActor(request), request.body),
  });
}
