// The endpoints of adjustments, opening balances, the stock settings and the item card (warehouse.md §1–2), named
// once for the server and the pages (decision 0016). Adjustments are mounted under /api/inventory (keyed to
// /inventory: products, semi-finished) and /api/component-stock (keyed to /component-stock: components, materials);
// the settings of the gear dialog live on /inventory (domain README §10).
import { access, defineEndpoints } from '@/shared/endpoint.ts';
import type { adjustmentsSchemas } from './adjustments.contract.ts';
import type { StockRoute } from './stock.endpoints.ts';

const inventory = access.route('/inventory');
const components = access.route('/component-stock');

/**
 * Opening-balance files arrive as their raw CSV or XLSX body (decisions 0006, 0014), up to the resource engine's
 * IMPORT_MAX_BYTES (10 MiB). Written out here: this file is loaded by the pages and must not import the server.
 */
const IMPORT_BODY_TYPES = [
  'text/csv',
  'text/plain',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/octet-stream',
] as const;
const IMPORT_BODY_LIMIT = 10 * 1024 * 1024;

export const adjustmentsEndpoints = defineEndpoints<typeof adjustmentsSchemas>()({
  inventoryList: { method: 'GET', path: '/api/inventory/adjustments', access: inventory, list: true },
  inventoryCreate: { method: 'POST', path: '/api/inventory/adjustments', access: inventory, status: 201 },
  inventoryImport: {
    method: 'POST',
    path: '/api/inventory/adjustments/import',
    access: inventory,
    status: 201,
    bodyTypes: IMPORT_BODY_TYPES,
    bodyLimit: IMPORT_BODY_LIMIT,
  },
  /** The units a line of an item may be entered in. */
  inventoryItemUnits: { method: 'GET', path: '/api/inventory/adjustments/item-units', access: inventory },
  inventoryGet: { method: 'GET', path: '/api/inventory/adjustments/:id', access: inventory },
  inventoryUpdate: { method: 'PATCH', path: '/api/inventory/adjustments/:id', access: inventory },
  // 204 without a body.
  inventoryRemove: { method: 'DELETE', path: '/api/inventory/adjustments/:id', access: inventory },
  inventoryPost: { method: 'POST', path: '/api/inventory/adjustments/:id/post', access: inventory },
  inventoryCancel: { method: 'POST', path: '/api/inventory/adjustments/:id/cancel', access: inventory },
  inventoryItemStock: { method: 'GET', path: '/api/inventory/:itemId', access: inventory },

  componentsList: { method: 'GET', path: '/api/component-stock/adjustments', access: components, list: true },
  componentsCreate: { method: 'POST', path: '/api/component-stock/adjustments', access: components, status: 201 },
  componentsImport: {
    method: 'POST',
    path: '/api/component-stock/adjustments/import',
    access: components,
    status: 201,
    bodyTypes: IMPORT_BODY_TYPES,
    bodyLimit: IMPORT_BODY_LIMIT,
  },
  componentsItemUnits: { method: 'GET', path: '/api/component-stock/adjustments/item-units', access: components },
  componentsGet: { method: 'GET', path: '/api/component-stock/adjustments/:id', access: components },
  componentsUpdate: { method: 'PATCH', path: '/api/component-stock/adjustments/:id', access: components },
  // 204 without a body.
  componentsRemove: { method: 'DELETE', path: '/api/component-stock/adjustments/:id', access: components },
  componentsPost: { method: 'POST', path: '/api/component-stock/adjustments/:id/post', access: components },
  componentsCancel: { method: 'POST', path: '/api/component-stock/adjustments/:id/cancel', access: components },
  componentsItemStock: { method: 'GET', path: '/api/component-stock/:itemId', access: components },

  settings: { method: 'GET', path: '/api/inventory/settings', access: inventory },
  saveSettings: { method: 'PATCH', path: '/api/inventory/settings', access: inventory },
});

const e = adjustmentsEndpoints;
/** The adjustment endpoints of each stock page, by its route: the dialogs serve both. */
export const adjustmentPageEndpoints = {
  '/inventory': {
    list: e.inventoryList,
    create: e.inventoryCreate,
    import: e.inventoryImport,
    get: e.inventoryGet,
    update: e.inventoryUpdate,
    remove: e.inventoryRemove,
    post: e.inventoryPost,
    cancel: e.inventoryCancel,
    itemStock: e.inventoryItemStock,
    itemUnits: e.inventoryItemUnits,
  },
  '/component-stock': {
    list: e.componentsList,
    create: e.componentsCreate,
    import: e.componentsImport,
    get: e.componentsGet,
    update: e.componentsUpdate,
    remove: e.componentsRemove,
    post: e.componentsPost,
    cancel: e.componentsCancel,
    itemStock: e.componentsItemStock,
    itemUnits: e.componentsItemUnits,
  },
} satisfies Record<StockRoute, object>;
