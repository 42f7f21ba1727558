// The stock read pages' API (warehouse.md §1–3): /api/inventory and /api/component-stock (balances, stats,
// export) and /api/component-movement (the ledger, its summary, export). Read-only; keyed to each page's route.
import { z } from '@/shared/zod-uk.ts';
import { access, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import { toCsv, toXlsx, XLSX_TYPE, type Cell } from '@/resources/_engine/server/tabular.ts';
import {
  documentTypeLabels,
  movementQuerySchema,
  movementRowSchema,
  movementSummarySchema,
  stockListQuerySchema,
  stockRowSchema,
  stockStatsSchema,
  stockStatusLabels,
} from '../stock.contract.ts';
import { listMovements, listStock, movementSummary, stockStats } from './stock-read.service.ts';

const EXPORT_CAP = 100_000;
const format = z.object({ format: z.enum(['csv', 'xlsx']).optional().default('xlsx') });

function download(title: string, ext: string) {
  const stamp = new Date().toISOString().slice(0, 10);
  return `attachment; filename="export-${stamp}.${ext}"; filename*=UTF-8''${encodeURIComponent(`${title} ${stamp}.${ext}`)}`;
}

async function sendTable(
  reply: import('fastify').FastifyReply,
  title: string,
  kind: 'csv' | 'xlsx',
  headers: string[],
  cells: Cell[][],
  numeric: ReadonlySet<number>,
) {
  if (kind === 'csv') {
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', download(title, 'csv'))
      .send(toCsv(headers, cells, numeric));
  }
  return reply
    .type(XLSX_TYPE)
    .header('content-disposition', download(title, 'xlsx'))
    .send(await toXlsx(title, headers, cells, numeric));
}

export async function stockRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;

  for (const view of [
    { route: '/inventory', title: 'Запаси товарів', kinds: ['product', 'semi_finished'] },
    { route: '/component-stock', title: 'Запаси компонентів', kinds: ['component', 'material'] },
  ] as const) {
    const key = access.route(view.route);
    const base = `/api${view.route}`;
    app.route({
      method: 'GET',
      url: base,
      config: { access: key },
      schema: { querystring: stockListQuerySchema, response: { 200: z.array(stockRowSchema) } },
      handler: async (request, reply) => {
        const { rows, total } = await listStock(db, { ...request.query, kinds: view.kinds });
        return reply.sendList(rows, total);
      },
    });
    app.route({
      method: 'GET',
      url: `${base}/stats`,
      config: { access: key },
      schema: { querystring: stockListQuerySchema, response: { 200: stockStatsSchema } },
      handler: async (request) => stockStats(db, { ...request.query, kinds: view.kinds }),
    });
    app.route({
      method: 'GET',
      url: `${base}/export`,
      config: { access: key },
      schema: { querystring: stockListQuerySchema.extend(format.shape) },
      handler: async (request, reply) => {
        const { format: kind, ...query } = request.query;
        const { rows } = await listStock(db, { ...query, kinds: view.kinds, page: 1, limit: EXPORT_CAP });
        const headers = [
          'Артикул',
          'Назва',
          'Категорія',
          'Од.',
          'Залишок',
          'Резерв',
          'Доступно',
          'Сер. собівартість',
          'Вартість',
          'Статус',
        ];
        const cells: Cell[][] = rows.map((r) => [
          r.sku,
          r.name,
          r.categoryName,
          r.unitShortName,
          r.onHand,
          r.reserved,
          r.available,
          r.avgCost,
          r.value,
          stockStatusLabels[r.status],
        ]);
        return sendTable(reply, view.title, kind, headers, cells, new Set([4, 5, 6, 7, 8]));
      },
    });
  }

  const movements = access.route('/component-movement');
  app.route({
    method: 'GET',
    url: '/api/component-movement',
    config: { access: movements },
    schema: { querystring: movementQuerySchema, response: { 200: z.array(movementRowSchema) } },
    handler: async (request, reply) => {
      const { rows, total } = await listMovements(db, request.query);
      return reply.sendList(rows, total);
    },
  });
  app.route({
    method: 'GET',
    url: '/api/component-movement/summary',
    config: { access: movements },
    schema: { querystring: movementQuerySchema, response: { 200: movementSummarySchema } },
    handler: async (request) => movementSummary(db, request.query),
  });
  app.route({
    method: 'GET',
    url: '/api/component-movement/export',
    config: { access: movements },
    schema: { querystring: movementQuerySchema.extend(format.shape) },
    handler: async (request, reply) => {
      const { format: kind, ...query } = request.query;
      const { rows } = await listMovements(db, { ...query, page: 1, limit: EXPORT_CAP });
      const headers = [
        'Дата',
        'Документ',
        'Номер',
        'Артикул',
        'Назва',
        'Склад',
        'Кількість',
        'Собівартість',
        'Сума',
        'Користувач',
      ];
      const cells: Cell[][] = rows.map((r) => [
        r.occurredOn,
        documentTypeLabels[r.documentType] ?? r.documentType,
        r.documentNumber,
        r.sku,
        r.itemName,
        r.warehouseName,
        r.qty,
        r.unitCost,
        r.value,
        r.userName,
      ]);
      return sendTable(reply, 'Рух запасів', kind, headers, cells, new Set([6, 7, 8]));
    },
  });
}
