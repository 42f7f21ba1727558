// The endpoints of the stock read pages (warehouse.md §1–3), named once for the server and the pages (decision
// 0016): /api/inventory and /api/component-stock (balances, stats, export; each keyed to its own page) and
// /api/component-movement (the ledger, its summary, export). Read-only.
import { access, defineEndpoints } from '@/shared/endpoint.ts';
import type { stockSchemas } from './stock.contract.ts';

const inventory = access.route('/inventory');
const componentStock = access.route('/component-stock');
const movements = access.route('/component-movement');

export const stockEndpoints = defineEndpoints<typeof stockSchemas>()({
  inventoryList: { method: 'GET', path: '/api/inventory', access: inventory, list: true },
  inventoryStats: { method: 'GET', path: '/api/inventory/stats', access: inventory },
  inventoryExport: { method: 'GET', path: '/api/inventory/export', access: inventory },
  componentStockList: { method: 'GET', path: '/api/component-stock', access: componentStock, list: true },
  componentStockStats: { method: 'GET', path: '/api/component-stock/stats', access: componentStock },
  componentStockExport: { method: 'GET', path: '/api/component-stock/export', access: componentStock },
  componentStockOrderDrafts: {
    method: 'POST',
    path: '/api/component-stock/order-drafts',
    access: componentStock,
    status: 201,
  },
  movementList: { method: 'GET', path: '/api/component-movement', access: movements, list: true },
  movementSummary: { method: 'GET', path: '/api/component-movement/summary', access: movements },
  movementExport: { method: 'GET', path: '/api/component-movement/export', access: movements },
});

/** The balances endpoints of each stock page, by its route: one page component serves both. */
export const stockPageEndpoints = {
  '/inventory': {
    list: stockEndpoints.inventoryList,
    stats: stockEndpoints.inventoryStats,
    export: stockEndpoints.inventoryExport,
  },
  '/component-stock': {
    list: stockEndpoints.componentStockList,
    stats: stockEndpoints.componentStockStats,
    export: stockEndpoints.componentStockExport,
  },
};

/** The route of a balances page: '/inventory' (products, semi-finished) or '/component-stock'. */
export type StockRoute = keyof typeof stockPageEndpoints;
