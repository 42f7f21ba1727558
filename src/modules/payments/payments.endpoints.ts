// The endpoints of /payments (sales.md §2), named once for the server and the pages (decision 0016): the payment
// documents, their allocations and proposals, the register's export, the statement import and the raw bank
// transactions — keyed to /payments.
import { access, defineEndpoints } from '@/shared/endpoint.ts';
import type { paymentsSchemas } from './payments.contract.ts';

const payments = access.route('/payments');

/**
 * What a statement upload may be (decision 0014): multipart/form-data, or the raw 1C, CSV or XLSX file. The XLSX type
 * is the resource engine's XLSX_TYPE, written out so that this file stays free of server code.
 */
const STATEMENT_BODY_TYPES = [
  'multipart/form-data',
  'text/csv',
  'text/plain',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/octet-stream',
] as const;
/** The resource engine's IMPORT_MAX_BYTES (10 MiB), written out for the same reason; a test ties the two. */
const STATEMENT_MAX_BYTES = 10 * 1024 * 1024;

export const paymentsEndpoints = defineEndpoints<typeof paymentsSchemas>()({
  list: { method: 'GET', path: '/api/payments', access: payments, list: true },
  // Every client polls the badge: a user without /payments gets 0 instead of 403 (README §9).
  stats: { method: 'GET', path: '/api/payments/stats', access: access.session },
  export: { method: 'GET', path: '/api/payments/export', access: payments },
  bankTransactions: { method: 'GET', path: '/api/payments/bank-transactions', access: payments, list: true },
  openOrders: { method: 'GET', path: '/api/payments/open-orders', access: payments },
  settings: { method: 'GET', path: '/api/payments/settings', access: payments },
  updateSettings: { method: 'PATCH', path: '/api/payments/settings', access: payments },
  importStatement: {
    method: 'POST',
    path: '/api/payments/import-statement',
    access: payments,
    bodyTypes: STATEMENT_BODY_TYPES,
    bodyLimit: STATEMENT_MAX_BYTES,
  },
  get: { method: 'GET', path: '/api/payments/:id', access: payments },
  matchProposals: { method: 'GET', path: '/api/payments/:id/match-proposals', access: payments },
  // The order(s) the payment is allocated to (left out for a user who may not view orders).
  related: { method: 'GET', path: '/api/payments/:id/related', access: payments },
  create: { method: 'POST', path: '/api/payments', access: payments, status: 201 },
  update: { method: 'PATCH', path: '/api/payments/:id', access: payments },
  // Answers 204 with no body.
  remove: { method: 'DELETE', path: '/api/payments/:id', access: payments },
  post: { method: 'POST', path: '/api/payments/:id/post', access: payments },
  cancel: { method: 'POST', path: '/api/payments/:id/cancel', access: payments },
  allocate: { method: 'PUT', path: '/api/payments/:id/allocations', access: payments },
});
