// The endpoints of /serial-numbers (sales.md §4), named once for the server and the page (decision 0016): the serials,
// their generation, registration, check, write-off and labels, and the templates. The check and the labels only
// read: canView is enough for those POSTs too (`access.read`). The serials on hand that a document may choose are
// listed for the documents' own users too.
import { access, defineEndpoints } from '@/shared/endpoint.ts';
import type { serialNumbersSchemas } from './serial-numbers.contract.ts';

export const SERIALS_ROUTE = '/serial-numbers';

const serials = access.route(SERIALS_ROUTE);
/** The documents whose lines choose serials on hand (sales.md §3 shipments, warehouse.md §7 transfers). */
export const SERIAL_PICKER_ROUTES = ['/shipments', '/warehouse-transfers'] as const;

export const serialNumbersEndpoints = defineEndpoints<typeof serialNumbersSchemas>()({
  list: { method: 'GET', path: '/api/serial-numbers', access: serials, list: true },
  stats: { method: 'GET', path: '/api/serial-numbers/stats', access: serials },
  // The serial picker of the documents that take units out: view of any of them is enough to list what is on hand.
  available: {
    method: 'GET',
    path: '/api/serial-numbers/available',
    access: access.route(SERIALS_ROUTE, ...SERIAL_PICKER_ROUTES),
    list: true,
  },
  get: { method: 'GET', path: '/api/serial-numbers/:id', access: serials },
  generate: { method: 'POST', path: '/api/serial-numbers/generate', access: serials, status: 201 },
  register: { method: 'POST', path: '/api/serial-numbers/register', access: serials, status: 201 },
  check: { method: 'POST', path: '/api/serial-numbers/check', access: access.read(SERIALS_ROUTE) },
  writeOff: { method: 'POST', path: '/api/serial-numbers/:id/write-off', access: serials },
  printLabels: { method: 'POST', path: '/api/serial-numbers/print-labels', access: access.read(SERIALS_ROUTE) },

  templates: { method: 'GET', path: '/api/serial-numbers/templates', access: serials, list: true },
  createTemplate: { method: 'POST', path: '/api/serial-numbers/templates', access: serials, status: 201 },
  updateTemplate: { method: 'PATCH', path: '/api/serial-numbers/templates/:id', access: serials },
  removeTemplate: { method: 'DELETE', path: '/api/serial-numbers/templates/:id', access: serials },
  previewTemplate: { method: 'GET', path: '/api/serial-numbers/templates/:id/preview', access: serials },
});
