// /api/advanced-reports (reports-admin.md §3): the catalogue of the reports the user may read, and each report as a
// page of JSON or, with ?format=csv|xlsx|pdf, every row as a download. A report needs view rights on
// /advanced-reports (the endpoint's access) and on each route its data belongs to (payments need /payments, …).
import { DomainError, commonMessages } from '@/shared/api-error.ts';
import type { AppDeps, AppInstance } from '@/server/kernel/endpoint.ts';
import { serve } from '@/server/kernel/serve.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { allows, loadRights } from '@/modules/roles/server/index.ts';
import { paramsSchemaOf, type ReportMeta, type ReportQuery } from '../advanced-reports.catalogue.ts';
import { advancedReportsSchemas } from '../advanced-reports.contract.ts';
import { advancedReportsEndpoints } from '../advanced-reports.endpoints.ts';
import { advancedReportsMessages as m } from '../advanced-reports.messages.ts';
import { reportDefinitions } from './definitions.ts';
import { sendReport } from './report-export.ts';
import { defaultDates } from './stock-sales.reports.ts';

/** The report's query with its defaults: a period is the current Kyiv month, a date today. */
function withDefaults(meta: ReportMeta, raw: Record<string, string>): Record<string, string> {
  const { today, monthStart } = defaultDates();
  const out = { ...raw };
  for (const f of meta.params) {
    if (f.kind === 'period') {
      out.from ??= monthStart;
      out.to ??= today;
    } else if (f.kind === 'date') out[f.name] ??= today;
  }
  return out;
}

/** Parses a report's query by its schema, or a 400 naming the fields to fix in Ukrainian. */
export function parseReportQuery(meta: ReportMeta, raw: Record<string, string>): ReportQuery {
  const parsed = paramsSchemaOf(meta).safeParse(withDefaults(meta, raw));
  if (parsed.success) return parsed.data as ReportQuery;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? '')] ??= issue.message;
  const first = Object.values(fields)[0];
  throw new DomainError(400, first ? `${m.badParams}: ${first}` : commonMessages.badRequest, fields);
}

async function canViewData(db: DbOrTx, userId: number) {
  const rights = await loadRights(db as Parameters<typeof loadRights>[0], userId);
  return (meta: ReportMeta) => meta.dataRoutes.every((route) => allows(rights, [route], 'view'));
}

export async function advancedReportsRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;

  serve(app, advancedReportsEndpoints, advancedReportsSchemas, {
    catalogue: async (request) => {
      const may = await canViewData(db, request.user!.id);
      return reportDefinitions
        .filter((d) => may(d.meta))
        .map(({ meta: { dataRoutes: _routes, ...entry } }) => ({
          ...entry,
          params: entry.params.map((p) => ({ ...p, options: p.options ? [...p.options] : undefined })),
          columns: [...entry.columns],
        }));
    },
    report: async (request, reply) => {
      const def = reportDefinitions.find((d) => d.meta.key === request.params.key);
      if (!def) throw new DomainError(404, m.unknownReport);
      if (!(await canViewData(db, request.user!.id))(def.meta)) throw new DomainError(403, m.forbiddenData);
      const q = parseReportQuery(def.meta, request.query);
      if (q.format !== 'json') return sendReport(reply, db, def, q);
      const {
        rows,
        total,
        capped = false,
      } = await def.read(db, q, { offset: (q.page - 1) * q.pageSize, limit: q.pageSize });
      const keys = def.meta.columns.map((c) => c.key);
      return {
        key: def.meta.key,
        title: def.meta.title,
        rows: rows.map((r) => Object.fromEntries(keys.map((k) => [k, r[k] ?? null]))),
        total,
        capped,
        page: q.page,
        pageSize: q.pageSize,
      };
    },
  });
}
