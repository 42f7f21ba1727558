// The endpoints of /bom (production.md §1): the specifications' CRUD, default, copy, explosion, where-used, import,
// history and the left pane's items, named once for the server and the page (decision 0016). Every one is keyed to
// /bom (GET needs canView, the rest canAccess).
import { access, defineEndpoints } from '@/shared/endpoint.ts';
import type { bomSchemas } from './bom.contract.ts';

const bom = access.route('/bom');

/** An import file's size limit: the declared resources' own (10 MiB), written here so no server code is loaded. */
const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** The upload bodies of the import (decision 0014): CSV, XLSX or XML, as the raw file. */
const IMPORT_BODY_TYPES = [
  'text/csv',
  'text/plain',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/octet-stream',
  'application/xml',
  'text/xml',
] as const;

export const bomEndpoints = defineEndpoints<typeof bomSchemas>()({
  list: { method: 'GET', path: '/api/bom', access: bom, list: true },
  /** The left pane: the items with their BOM markers. */
  items: { method: 'GET', path: '/api/bom/items', access: bom, list: true },
  units: { method: 'GET', path: '/api/bom/units', access: bom },
  whereUsed: { method: 'GET', path: '/api/bom/where-used/:itemId', access: bom },
  get: { method: 'GET', path: '/api/bom/:id', access: bom },
  explosion: { method: 'GET', path: '/api/bom/:id/explosion', access: bom },
  history: { method: 'GET', path: '/api/bom/:id/history', access: bom },
  create: { method: 'POST', path: '/api/bom', access: bom, status: 201 },
  update: { method: 'PATCH', path: '/api/bom/:id', access: bom },
  // 204 without a body.
  remove: { method: 'DELETE', path: '/api/bom/:id', access: bom },
  makeDefault: { method: 'POST', path: '/api/bom/:id/make-default', access: bom },
  copy: { method: 'POST', path: '/api/bom/:id/copy', access: bom, status: 201 },
  importFile: {
    method: 'POST',
    path: '/api/bom/import',
    access: bom,
    status: 201,
    bodyTypes: IMPORT_BODY_TYPES,
    bodyLimit: IMPORT_MAX_BYTES,
  },
});
