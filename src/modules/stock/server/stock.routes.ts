// The stock read pages' API (warehouse.md §1–3): /api/inventory and /api/component-stock (balances, stats,
// export) and /api/component-movement (the ledger, its summary, export). Read-only; keyed to each page's route.
import type { FastifyReply } from 'fastify';
import { auditContext, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import { loadRights, rightOn } from '@/modules/roles/server/index.ts';
import { DomainError } from '@/shared/api-error.ts';
import type { Db } from '@/server/kernel/db.ts';
import { serve, type EndpointRequest } from '@/server/kernel/serve.ts';
import { sendTable, type Cell } from '@/resources/_engine/server/tabular.ts';
import {
  componentStockMessages,
  documentTypeLabels,
  inventoryKinds,
  stockSchemas,
  stockStatusLabels,
  type StockRow,
} from '../stock.contract.ts';
import { stockEndpoints } from '../stock.endpoints.ts';
import { listMovements, listStock, movementSummary, stockStats } from './stock-read.service.ts';
import { inProductionOf } from './inventory-production.port.ts';
import { COMPONENT_KINDS, draftComponentOrders, listComponentStock } from './component-stock.service.ts';

const EXPORT_CAP = 100_000;

/** A request of an endpoint. */
type Req<K extends keyof typeof stockSchemas> = EndpointRequest<(typeof stockSchemas)[K]>;

type InventoryKind = (typeof inventoryKinds)[number];
/** The kinds an /inventory request lists: the one its kind filter names, or both. */
const inventoryKindsOf = (kind: InventoryKind | undefined) => (kind ? [kind] : inventoryKinds);

/** /inventory (warehouse.md §1): the balances of products and semi-finished goods, with 'У виробництві'. */
function inventoryHandlers(db: Db) {
  const title = 'Запаси товарів';
  /** The page's rows (or every matching row, for the export) with 'У виробництві'. */
  async function inventoryRows(query: Omit<Req<'inventoryList'>['query'], 'kind'>, kind: InventoryKind | undefined) {
    const { rows, total } = await listStock(db, { ...query, kinds: inventoryKindsOf(kind) });
    const inProduction = await inProductionOf()(
      db,
      rows.map((r) => r.itemId),
    );
    return { total, rows: rows.map((r) => ({ ...r, inProduction: inProduction.get(r.itemId) ?? '0.0000' })) };
  }
  return {
    list: async (request: Req<'inventoryList'>) => {
      const { kind, ...query } = request.query;
      return inventoryRows(query, kind);
    },
    stats: async (request: Req<'inventoryStats'>) => {
      const { kind, ...query } = request.query;
      return stockStats(db, { ...query, kinds: inventoryKindsOf(kind) });
    },
    export: async (request: Req<'inventoryExport'>, reply: FastifyReply) => {
      const { format, kind, ...query } = request.query;
      const { rows } = await inventoryRows({ ...query, page: 1, limit: EXPORT_CAP }, kind);
      // 'У виробництві' after 'Доступно', as on the page.
      const headers = [...balanceHeaders.slice(0, 7), 'У виробництві', ...balanceHeaders.slice(7)];
      const cells = rows.map((r) => {
        const balance = balanceCells(r);
        return [...balance.slice(0, 7), r.inProduction, ...balance.slice(7)];
      });
      return sendTable(reply, { title: title, format: format, headers, cells, numeric: new Set([4, 5, 6, 7, 8, 9]) });
    },
  };
}

const balanceHeaders = [
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
const balanceCells = (r: StockRow): Cell[] => [
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
];

/** /component-stock: the balances with the purchasing columns (warehouse.md §2). */
function componentStockHandlers(db: Db) {
  const title = 'Запаси компонентів';
  const kinds = COMPONENT_KINDS;
  return {
    list: async (request: Req<'componentStockList'>) => listComponentStock(db, request.query),
    stats: async (request: Req<'componentStockStats'>) => stockStats(db, { ...request.query, kinds }),
    export: async (request: Req<'componentStockExport'>, reply: FastifyReply) => {
      const { format: kind, ...query } = request.query;
      const { rows } = await listComponentStock(db, { ...query, page: 1, limit: EXPORT_CAP });
      const headers = [
        ...balanceHeaders,
        'Тип корпусу',
        'Замовлено',
        'Потрібно',
        'Дефіцит',
        'Остання ціна',
        'Постачальник',
      ];
      const cells: Cell[][] = rows.map((r) => [
        ...balanceCells(r),
        r.packageTypeName,
        r.onOrder,
        r.required,
        r.shortage ? r.shortageQty : null,
        r.lastPrice,
        r.lastSupplierName,
      ]);
      return sendTable(reply, {
        title: title,
        format: kind,
        headers,
        cells,
        numeric: new Set([4, 5, 6, 7, 8, 11, 12, 13, 14]),
      });
    },
    orderDrafts: async (request: Req<'componentStockOrderDrafts'>) => {
      // The drafts are supplier orders: whoever makes them needs the right to make those too.
      const rights = await loadRights(db, request.user!.id);
      if (!rightOn(rights, '/supplier-orders').canAccess) {
        throw new DomainError(403, componentStockMessages.orderNoRight);
      }
      return draftComponentOrders(db, auditContext(request), request.body.itemIds);
    },
  };
}

export async function stockRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;
  const inventory = inventoryHandlers(db);
  const components = componentStockHandlers(db);

  serve(app, stockEndpoints, stockSchemas, {
    inventoryList: inventory.list,
    inventoryStats: inventory.stats,
    inventoryExport: inventory.export,
    componentStockList: components.list,
    componentStockStats: components.stats,
    componentStockExport: components.export,
    componentStockOrderDrafts: components.orderDrafts,

    movementList: async (request) => listMovements(db, request.query),
    movementSummary: async (request) => movementSummary(db, request.query),
    movementExport: async (request, reply) => {
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
      return sendTable(reply, { title: 'Рух запасів', format: kind, headers, cells, numeric: new Set([6, 7, 8]) });
    },
  });
}
