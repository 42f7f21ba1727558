// /api/payments (sales.md §2), registered from the module's endpoints (payments.endpoints.ts) and their schemas: the
// payment documents, their allocations and proposals, the statement import and the raw bank transactions — keyed to
// /payments. The stats answer every signed-in user (the sidebar badge polls it): zeros to one without /payments
// canView (domain README §9).
import { DomainError } from '@/shared/api-error.ts';
import { serve } from '@/server/kernel/serve.ts';
import { auditContext, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import { allows, loadRights } from '@/modules/roles/server/index.ts';
import { toCsv, toXlsx, XLSX_TYPE, type Cell } from '@/resources/_engine/server/tabular.ts';
import {
  paymentMessages,
  paymentMethodLabels,
  paymentsSchemas,
  paymentSourceLabels,
  paymentStatusLabels,
  paymentTypeLabels,
} from '../payments.contract.ts';
import { paymentsEndpoints } from '../payments.endpoints.ts';
import { multipartBoundary, parseMultipart } from './multipart.ts';
import { importStatement } from './payments-import.service.ts';
import { paymentRelatedDocuments } from './payments.related.ts';
import { getPaymentSettings, updatePaymentSettings } from './payments-settings.ts';
import {
  emptyPaymentStats,
  getPayment,
  listBankTransactions,
  listPayments,
  matchProposals,
  openOrders,
  paymentStats,
} from './payments.read.ts';
import {
  cancelPayment,
  createPayment,
  deletePayment,
  postPayment,
  replaceAllocations,
  updatePayment,
} from './payments.write.ts';

const EXPORT_CAP = 100_000;
const ROUTE = '/payments';

function download(title: string, ext: string) {
  const stamp = new Date().toISOString().slice(0, 10);
  return `attachment; filename="payments-${stamp}.${ext}"; filename*=UTF-8''${encodeURIComponent(`${title} ${stamp}.${ext}`)}`;
}

export async function paymentsRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;
  const upload = paymentsEndpoints.importStatement;

  // A statement arrives as multipart/form-data (field `file`, optional `profile`) or as the raw file body.
  app.addContentTypeParser(
    [...upload.bodyTypes],
    { parseAs: 'buffer', bodyLimit: upload.bodyLimit },
    (_request, body, done) => done(null, body),
  );

  serve(app, paymentsEndpoints, paymentsSchemas, {
    list: async (request) => listPayments(db, request.query),
    stats: async (request) => {
      const rights = await loadRights(db, request.user!.id);
      if (!allows(rights, [ROUTE], 'view')) return emptyPaymentStats();
      return paymentStats(db);
    },
    export: async (request, reply) => {
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
    bankTransactions: async (request) => listBankTransactions(db, request.query),
    openOrders: async (request) => openOrders(db, request.query),
    settings: async () => getPaymentSettings(db),
    updateSettings: async (request) => updatePaymentSettings(db, auditContext(request), request.body),
    importStatement: async (request) => {
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
    get: async (request) => getPayment(db, request.params.id),
    matchProposals: async (request) => matchProposals(db, request.params.id),
    related: async (request) => {
      const rights = await loadRights(db, request.user!.id);
      return paymentRelatedDocuments(db, request.params.id, (route) => allows(rights, [route], 'view'));
    },
    create: async (request) => createPayment(db, auditContext(request), request.body),
    update: async (request) => updatePayment(db, auditContext(request), request.params.id, request.body),
    remove: async (request, reply) => {
      await deletePayment(db, auditContext(request), request.params.id);
      return reply.status(204).send();
    },
    post: async (request) => postPayment(db, auditContext(request), request.params.id, request.body ?? {}),
    cancel: async (request) => cancelPayment(db, auditContext(request), request.params.id, request.body.reason),
    allocate: async (request) => replaceAllocations(db, auditContext(request), request.params.id, request.body),
  });
}
