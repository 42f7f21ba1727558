// REST for every declared resource (reference-data.md §0): `/api<route>` list, get, create, update, delete,
// export and import, permission-keyed to the route; `/api/lookups<route>` for pickers (any signed-in user).
import { getTableName } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import { listQueryShape } from '@/shared/list.ts';
import { z } from '@/shared/zod-uk.ts';
import { access, auditContext, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import { audit } from '@/modules/system-logs/server/index.ts';
import { listColumns, resourceMessages, type ResourceDef } from '../define-resource.ts';
import { importRuns } from '../import-runs.table.ts';
import { analyseImport, importMessages } from './resource-import.ts';
import { ResourceEngine, type ResourceListQuery } from './resource.service.ts';
import { readSheet, toCsv, toXlsx, XLSX_TYPE, type Cell } from './tabular.ts';

/** The upload bodies this module takes, declared on its upload route (decision 0014). */
const IMPORT_BODY_TYPES: string[] = ['text/csv', XLSX_TYPE, 'application/octet-stream'];

export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

const idParams = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const rowSchema = z.looseObject({ id: z.number().int() });

function listQuerySchema(def: ResourceDef) {
  const shape: Record<string, z.ZodType> = {
    ...listQueryShape,
    isActive: z.enum(['true', 'false', 'all']).optional(),
    // The client appends a cache-busting timestamp to some lists (spec §7); it is accepted and ignored.
    _t: z.string().max(20).optional(),
  };
  for (const field of def.fields.filter((f) => f.filter)) {
    if (field.kind === 'enum')
      shape[field.name] = z.enum(field.options!.map((o) => o.value) as [string, ...string[]]).optional();
    else if (field.kind === 'boolean') shape[field.name] = z.enum(['true', 'false']).optional();
    else if (field.kind === 'reference') shape[field.name] = z.coerce.number().int().positive().optional();
  }
  for (const filter of def.derivedFilters ?? [])
    shape[filter.name] = z.enum(filter.options.map((o) => o.value) as [string, ...string[]]).optional();
  return z.strictObject(shape);
}

function toListQuery(def: ResourceDef, query: Record<string, unknown>): ResourceListQuery {
  const filters: ResourceListQuery['filters'] = {};
  for (const field of def.fields.filter((f) => f.filter)) {
    const value = query[field.name];
    if (value === undefined) continue;
    filters[field.name] = field.kind === 'boolean' ? value === 'true' : (value as string | number);
  }
  const derived: Record<string, string> = {};
  for (const filter of def.derivedFilters ?? []) {
    const value = query[filter.name];
    if (typeof value === 'string') derived[filter.name] = value;
  }
  return { ...(query as Omit<ResourceListQuery, 'filters'>), filters, derived };
}

/** Export cells: enum labels, 'Так'/'Ні', reference labels; numbers stay numbers (README §10). */
function exportTable(def: ResourceDef, rows: Array<Record<string, unknown>>) {
  const fields = listColumns(def);
  const headers = [...fields.map((f) => f.label), ...(def.hasActiveFlag ? [resourceMessages.isActive] : [])];
  const numeric = new Set(fields.flatMap((f, i) => (f.kind === 'integer' || f.kind === 'decimal' ? [i] : [])));
  const yesNo = (v: unknown) => (v ? 'Так' : 'Ні');
  const cells: Cell[][] = rows.map((row) => [
    ...fields.map((f): Cell => {
      const v = row[f.name];
      if (v === null || v === undefined) return null;
      if (f.kind === 'enum') return f.options?.find((o) => o.value === v)?.label ?? String(v);
      if (f.kind === 'boolean') return yesNo(v);
      if (f.kind === 'reference') return (row[`${f.name}Label`] as string | null) ?? null;
      if (f.kind === 'textList') return (v as string[]).join(', ') || null;
      return v as Cell;
    }),
    ...(def.hasActiveFlag ? [yesNo(row.isActive)] : []),
  ]);
  return { headers, cells, numeric };
}

function attachmentName(title: string, ext: string) {
  const stamp = new Date().toISOString().slice(0, 10);
  return `attachment; filename="export-${stamp}.${ext}"; filename*=UTF-8''${encodeURIComponent(`${title} ${stamp}.${ext}`)}`;
}

export function resourceRoutes(engine: ResourceEngine) {
  const { resources } = engine;

  return async function routes(app: AppInstance, deps: AppDeps) {
    const { db } = deps.database;

    // Import files arrive as the raw CSV or XLSX body (decision 0006).
    app.addContentTypeParser(
      IMPORT_BODY_TYPES,
      { parseAs: 'buffer', bodyLimit: IMPORT_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );

    function registerLookup(r: (typeof resources)[number]) {
      const { def } = r;
      app.route({
        method: 'GET',
        url: `/api/lookups${def.route}`,
        // Pickers on other pages need names of records the user may not manage (domain README §9).
        config: { access: access.session },
        schema: {
          querystring: z.strictObject({
            search: z.string().trim().max(200).optional(),
            limit: z.coerce.number().int().min(1).max(100).optional().default(20),
            ids: z
              .string()
              .regex(/^\d{1,10}(,\d{1,10}){0,99}$/, 'Невірний ідентифікатор')
              .refine((v) => v.split(',').every((n) => Number(n) <= 2_147_483_647), 'Невірний ідентифікатор')
              .optional(),
            _t: z.string().max(20).optional(),
          }),
          response: {
            200: z.array(z.object({ id: z.number().int(), label: z.string(), hint: z.string().nullable().optional() })),
          },
        },
        handler: async (request) =>
          engine.lookup(
            db,
            r,
            request.query.search,
            request.query.ids ? request.query.ids.split(',').map(Number) : [],
            request.query.limit,
          ),
      });
    }

    for (const r of resources) {
      const { def } = r;
      const base = `/api${def.route}`;
      registerLookup(r);
      if (r.lookupOnly) continue;
      const key = access.route(def.route);
      const query = listQuerySchema(def);

      app.route({
        method: 'GET',
        url: base,
        config: { access: r.readAlso ? access.route(def.route, ...r.readAlso) : key },
        schema: { querystring: query, response: { 200: z.array(rowSchema) } },
        handler: async (request, reply) => {
          const { rows, ...total } = await engine.list(
            db,
            r,
            toListQuery(def, request.query as Record<string, unknown>),
          );
          return reply.sendList(rows, total);
        },
      });

      app.route({
        method: 'GET',
        url: `${base}/export`,
        config: { access: key },
        schema: { querystring: query.extend({ format: z.enum(['csv', 'xlsx']).optional().default('xlsx') }) },
        handler: async (request, reply) => {
          const q = request.query as Record<string, unknown> & { format: 'csv' | 'xlsx' };
          const rows = await engine.all(db, r, toListQuery(def, q));
          const { headers, cells, numeric } = exportTable(def, rows);
          if (q.format === 'csv') {
            return reply
              .type('text/csv; charset=utf-8')
              .header('content-disposition', attachmentName(def.title, 'csv'))
              .send(toCsv(headers, cells, numeric));
          }
          return reply
            .type(XLSX_TYPE)
            .header('content-disposition', attachmentName(def.title, 'xlsx'))
            .send(await toXlsx(def.title, headers, cells, numeric));
        },
      });

      app.route({
        method: 'POST',
        url: `${base}/import`,
        config: { bodyTypes: IMPORT_BODY_TYPES, access: key },
        bodyLimit: IMPORT_MAX_BYTES,
        schema: {
          querystring: z.strictObject({
            dryRun: z.enum(['0', '1', 'true', 'false']).optional(),
            mapping: z.string().max(10_000).optional(),
            fileName: z.string().trim().max(200).optional(),
          }),
        },
        handler: async (request, reply) => {
          if (!Buffer.isBuffer(request.body)) throw new DomainError(415, importMessages.unreadable);
          let mapping: Record<string, string> | undefined;
          if (request.query.mapping) {
            const parsed = z
              .record(z.string().max(200), z.string().max(100))
              .safeParse(safeJson(request.query.mapping));
            if (!parsed.success) throw new DomainError(400, 'Некоректна відповідність стовпців');
            mapping = parsed.data;
          }
          const sheet = await readSheet(request.body, String(request.headers['content-type'] ?? '')).catch(() => {
            throw new DomainError(400, importMessages.unreadable);
          });
          const result = await analyseImport(engine, db, r, sheet, mapping);
          if (result.fatal) throw new DomainError(400, result.fatal);
          const counts = {
            new: result.rows.filter((row) => row.status === 'new').length,
            update: result.rows.filter((row) => row.status === 'update').length,
            error: result.rows.filter((row) => row.status === 'error').length,
          };
          const shown = result.rows.map(({ row, status, messages, values }) => ({ row, status, messages, values }));
          if (request.query.dryRun === '1' || request.query.dryRun === 'true') {
            return { columns: result.columns, rows: shown, counts };
          }
          if (counts.error > 0) {
            return reply
              .status(422)
              .send({ error: importMessages.hasErrors, rows: shown.filter((row) => row.status === 'error') });
          }
          const ctx = auditContext(request);
          const fileName = request.query.fileName || null;
          const done = await engine.upsertMany(db, ctx, r, result.rows, async (tx, totals) => {
            const [run] = await tx
              .insert(importRuns)
              .values({ resource: def.route, fileName, ...totals, userId: ctx.userId })
              .returning({ id: importRuns.id });
            await audit(tx, ctx, {
              action: 'import',
              entityType: getTableName(r.table),
              entityId: run!.id,
              after: { fileName, ...totals },
            });
          });
          return done;
        },
      });

      app.route({
        method: 'GET',
        url: `${base}/:id`,
        config: { access: key },
        schema: {
          params: idParams,
          querystring: z.strictObject({ _t: z.string().max(20).optional() }),
          response: { 200: rowSchema },
        },
        handler: async (request) => engine.get(db, r, request.params.id),
      });

      app.route({
        method: 'POST',
        url: base,
        config: { access: key },
        schema: { body: engine.createSchemaOf(r), response: { 201: rowSchema } },
        handler: async (request, reply) =>
          reply
            .status(201)
            .send(await engine.create(db, auditContext(request), r, request.body as Record<string, unknown>)),
      });

      app.route({
        method: 'PATCH',
        url: `${base}/:id`,
        config: { access: key },
        schema: { params: idParams, body: engine.updateSchemaOf(r), response: { 200: rowSchema } },
        handler: async (request) =>
          engine.update(db, auditContext(request), r, request.params.id, request.body as Record<string, unknown>),
      });

      app.route({
        method: 'DELETE',
        url: `${base}/:id`,
        config: { access: key },
        schema: { params: idParams },
        handler: async (request, reply) => {
          await engine.remove(db, auditContext(request), r, request.params.id);
          return reply.status(204).send();
        },
      });
    }
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
