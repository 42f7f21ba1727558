// /api/payments (sales.md §2): the payment documents, their allocations and proposals, the statement import and the
// raw bank transactions — keyed to /payments. The stats answer every signed-in user (the sidebar badge polls it):
// zeros to one without /payments canView (domain README §9).
import { z } from '@/shared/zod-uk.ts';
import { DomainError } from '@/shared/api-error.ts';
import { serve } from '@/server/kernel/serve.ts';
import { paymentsEndpoints } from '../payments.endpoints.ts';
import { access, auditContext, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import { allows, loadRights } from '@/modules/roles/server/index.ts';
import { IMPORT_MAX_BYTES } from '@/resources/_engine/server/resource.routes.ts';
import { toCsv, toXlsx, XLSX_TYPE, type Cell } from '@/resources/_engine/server/tabular.ts';
import {
  allocationsReplaceSchema,
  bankTransactionListQuerySchema,
  bankTransactionSchema,
  importResultSchema,
  matchProposalSchema,
  openOrderSchema,
  openOrdersQuerySchema,
  paymentCancelSchema,
  paymentCreateSchema,
  paymentExportQuerySchema,
  paymentListQuerySchema,
  paymentMessages,
  paymentMethodLabels,
  paymentPostSchema,
  paymentSchema,
  paymentSettingsPatchSchema,
  paymentSettingsSchema,
  paymentSourceLabels,
  paymentsSchemas,
  paymentStatusLabels,
  paymentSummarySchema,
  paymentTypeLabels,
  paymentUpdateSchema,
} from '../payments.contract.ts';
import { multipartBoundary, parseMultipart } from './multipart.ts';
import { importStatement } from './payments-import.service.ts';
import { getPaymentSettings, updatePaymentSettings } from './payments-settings.ts';
import {
  cancelPayment,
  createPayment,
  deletePayment,
  emptyPaymentStats,
  getPayment,
  listBankTransactions,
  listPayments,
  matchProposals,
  openOrders,
  paymentStats,
  postPayment,
  replaceAllocations,
  updatePayment,
} from './payments.service.ts';

/** The upload bodies this module takes, declared on its upload route (decision 0014). */
const STATEMENT_BODY_TYPES: string[] = [
  'multipart/form-data',
  'text/csv',
  'text/plain',
  XLSX_TYPE,
  'application/octet-stream',
];

const idParams = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const importQuery = z.strictObject({ profile: z.string().trim().max(60).optional() });
const EXPORT_CAP = 100_000;
const ROUTE = '/payments';

function download(title: string, ext: string) {
  const stamp = new Date().toISOString().slice(0, 10);
  return `attachment; filename="payments-${stamp}.${ext}"; filename*=UTF-8''${encodeURIComponent(`${title} ${stamp}.${ext}`)}`;
}

export async function paymentsRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;
  const key = access.route(ROUTE);
  const base = '/api/payments';

  // A statement arrives as multipart/form-data (field `file`, optional `profile`) or as the raw file body.
  app.addContentTypeParser(
    STATEMENT_BODY_TYPES,
    { parseAs: 'buffer', bodyLimit: IMPORT_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.route({
    method: 'GET',
    url: base,
    config: { access: key },
    schema: { querystring: paymentListQuerySchema, response: { 200: z.array(paymentSummarySchema) } },
    handler: async (request, reply) => {
      const { rows, total } = await listPayments(db, request.query);
      return reply.sendList(rows, total);
    },
  });
  serve(app, paymentsEndpoints, paymentsSchemas, {
    stats: async (request) => {
      const rights = await loadRights(db, request.user!.id);
      if (!allows(rights, [ROUTE], 'view')) return emptyPaymentStats();
      return paymentStats(db);
    },
  });
  app.route({
    method: 'GET',
    url: `${base}/export`,
    config: { access: key },
    schema: { querystring: paymentExportQuerySchema },
    handler: async (request, reply) => {
      const { format, ...query } = request.query;
      const { rows } = await listPayments(db, {
        ...query,
        withProposals: false,
        page: 1,
        offset: 0,
        limit: EXPORT_CAP,
      });
      const title = 'Платежі';
      const headers = [
        'Номер',
        'Дата',
        'Тип',
        'Спосіб',
        'Статус',
        'Клієнт',
        'Платник',
        'ЄДРПОУ платника',
        'Сума',
        'Валюта',
        'Розподілено',
        'Аванс',
        'Замовлення',
        'Призначення',
        'Джерело',
      ];
      const cells: Cell[][] = rows.map((r) => [
        r.number,
        r.paymentDate,
        paymentTypeLabels[r.type],
        paymentMethodLabels[r.method],
        paymentStatusLabels[r.status],
        r.clientName,
        r.payerName,
        r.payerTaxId,
        r.amount,
        r.currencyCode,
        r.allocated,
        r.unallocated,
        r.orders.map((o) => o.orderNumber).join(', '),
        r.purpose,
        paymentSourceLabels[r.source],
      ]);
      const numeric = new Set([8, 10, 11]);
      if (format === 'csv') {
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', download(title, 'csv'))
          .send(toCsv(headers, cells, numeric));
      }
      return reply
        .type(XLSX_TYPE)
        .header('content-disposition', download(title, 'xlsx'))
        .send(await toXlsx(title, headers, cells, numeric));
    },
  });
  app.route({
    method: 'GET',
    url: `${base}/bank-transactions`,
    config: { access: key },
    schema: { querystring: bankTransactionListQuerySchema, response: { 200: z.array(bankTransactionSchema) } },
    handler: async (request, reply) => {
      const { rows, total } = await listBankTransactions(db, request.query);
      return reply.sendList(rows, total);
    },
  });
  app.route({
    method: 'GET',
    url: `${base}/open-orders`,
    config: { access: key },
    schema: { querystring: openOrdersQuerySchema, response: { 200: z.array(openOrderSchema) } },
    handler: async (request) => openOrders(db, request.query),
  });
  app.route({
    method: 'GET',
    url: `${base}/settings`,
    config: { access: key },
    schema: { response: { 200: paymentSettingsSchema } },
    handler: async () => getPaymentSettings(db),
  });
  app.route({
    method: 'PATCH',
    url: `${base}/settings`,
    config: { access: key },
    schema: { body: paymentSettingsPatchSchema, response: { 200: paymentSettingsSchema } },
    handler: async (request) => updatePaymentSettings(db, auditContext(request), request.body),
  });
  app.route({
    method: 'POST',
    url: `${base}/import-statement`,
    config: { bodyTypes: STATEMENT_BODY_TYPES, access: key },
    bodyLimit: IMPORT_MAX_BYTES,
    schema: { querystring: importQuery, response: { 200: importResultSchema } },
    handler: async (request) => {
      if (!Buffer.isBuffer(request.body)) throw new DomainError(415, paymentMessages.importFormat);
      const contentType = String(request.headers['content-type'] ?? '');
      const boundary = multipartBoundary(contentType);
      let file = { body: request.body, contentType, fileName: null as string | null };
      let profile = request.query.profile ?? null;
      if (boundary) {
        const parts = parseMultipart(request.body, boundary);
        const part = parts.find((p) => p.filename !== null) ?? parts.find((p) => p.name === 'file');
        if (!part) throw new DomainError(400, paymentMessages.importFormat);
        file = { body: part.data, contentType: part.contentType ?? '', fileName: part.filename };
        const field = parts
          .find((p) => p.name === 'profile' && p.filename === null)
          ?.data.toString('utf8')
          .trim();
        if (field) profile = field;
      }
      return importStatement(db, auditContext(request), file, profile);
    },
  });
  app.route({
    method: 'GET',
    url: `${base}/:id`,
    config: { access: key },
    schema: { params: idParams, response: { 200: paymentSchema } },
    handler: async (request) => getPayment(db, request.params.id),
  });
  app.route({
    method: 'GET',
    url: `${base}/:id/match-proposals`,
    config: { access: key },
    schema: { params: idParams, response: { 200: z.array(matchProposalSchema) } },
    handler: async (request) => matchProposals(db, request.params.id),
  });
  app.route({
    method: 'POST',
    url: base,
    config: { access: key },
    schema: { body: paymentCreateSchema, response: { 201: paymentSchema } },
    handler: async (request, reply) =>
      reply.status(201).send(await createPayment(db, auditContext(request), request.body)),
  });
  app.route({
    method: 'PATCH',
    url: `${base}/:id`,
    config: { access: key },
    schema: { params: idParams, body: paymentUpdateSchema, response: { 200: paymentSchema } },
    handler: async (request) => updatePayment(db, auditContext(request), request.params.id, request.body),
  });
  app.route({
    method: 'DELETE',
    url: `${base}/:id`,
    config: { access: key },
    schema: { params: idParams },
    handler: async (request, reply) => {
      await deletePayment(db, auditContext(request), request.params.id);
      return reply.status(204).send();
    },
  });
  app.route({
    method: 'POST',
    url: `${base}/:id/post`,
    config: { access: key },
    schema: { params: idParams, body: paymentPostSchema.nullish(), response: { 200: paymentSchema } },
    handler: async (request) => postPayment(db, auditContext(request), request.params.id, request.body ?? {}),
  });
  app.route({
    method: 'POST',
    url: `${base}/:id/cancel`,
    config: { access: key },
    schema: { params: idParams, body: paymentCancelSchema, response: { 200: paymentSchema } },
    handler: async (request) => cancelPayment(db, auditContext(request), request.params.id, request.body.reason),
  });
  app.route({
    method: 'PUT',
    url: `${base}/:id/allocations`,
    config: { access: key },
    schema: { params: idParams, body: allocationsReplaceSchema, response: { 200: paymentSchema } },
    handler: async (request) => replaceAllocations(db, auditContext(request), request.params.id, request.body),
  });
}
