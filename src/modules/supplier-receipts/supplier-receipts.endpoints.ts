// The endpoints of /supplier-receipts (warehouse.md §6), named once for the server and the page (decision 0016): the
// GRN document's lifecycle, its scanner, its lines from a file and the print form, keyed to /supplier-receipts.
import { access, defineEndpoints } from '@/shared/endpoint.ts';
import type { supplierReceiptsSchemas } from './supplier-receipts.contract.ts';

const receipts = access.route('/supplier-receipts');

/**
 * The lines' file arrives as its raw CSV or XLSX body (decisions 0006, 0014), up to the resource engine's
 * IMPORT_MAX_BYTES (10 MiB). Written out here: this file is loaded by the page and must not import the server.
 */
const IMPORT_BODY_TYPES = [
  'text/csv',
  'text/plain',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/octet-stream',
] as const;
const IMPORT_BODY_LIMIT = 10 * 1024 * 1024;

export const supplierReceiptsEndpoints = defineEndpoints<typeof supplierReceiptsSchemas>()({
  list: { method: 'GET', path: '/api/supplier-receipts', access: receipts, list: true },
  defaultWarehouse: { method: 'GET', path: '/api/supplier-receipts/default-warehouse', access: receipts },
  /** The units a line of an item may be entered in. */
  itemUnits: { method: 'GET', path: '/api/supplier-receipts/item-units', access: receipts },
  get: { method: 'GET', path: '/api/supplier-receipts/:id', access: receipts },
  print: { method: 'GET', path: '/api/supplier-receipts/:id/print/receipt', access: receipts },
  create: { method: 'POST', path: '/api/supplier-receipts', access: receipts, status: 201 },
  update: { method: 'PATCH', path: '/api/supplier-receipts/:id', access: receipts },
  // 204 without a body.
  remove: { method: 'DELETE', path: '/api/supplier-receipts/:id', access: receipts },
  post: { method: 'POST', path: '/api/supplier-receipts/:id/post', access: receipts },
  cancel: { method: 'POST', path: '/api/supplier-receipts/:id/cancel', access: receipts },
  scan: { method: 'POST', path: '/api/supplier-receipts/:id/scan', access: receipts },
  importLines: {
    method: 'POST',
    path: '/api/supplier-receipts/:id/import-lines',
    access: receipts,
    bodyTypes: IMPORT_BODY_TYPES,
    bodyLimit: IMPORT_BODY_LIMIT,
  },
});
