// The endpoints of /api/mes (production.md §6), named once for the server and the terminal, keyed to /mes: GETs need
// canView, the actions canAccess. Every action requires an Idempotency-Key header; a repeat answers the stored answer.
import { access, defineEndpoints } from '@/shared/endpoint.ts';
import type { mesSchemas } from './mes.contract.ts';

const mes = access.route('/mes');

export const mesEndpoints = defineEndpoints<typeof mesSchemas>()({
  context: { method: 'GET', path: '/api/mes/context', access: mes },
  queue: { method: 'GET', path: '/api/mes/queue', access: mes, list: true },
  workers: { method: 'GET', path: '/api/mes/workers', access: mes, list: true },
  identify: { method: 'POST', path: '/api/mes/identify', access: mes },
  operation: { method: 'GET', path: '/api/mes/operations/:id', access: mes },
  start: { method: 'POST', path: '/api/mes/operations/:id/start', access: mes },
  pause: { method: 'POST', path: '/api/mes/operations/:id/pause', access: mes },
  resume: { method: 'POST', path: '/api/mes/operations/:id/resume', access: mes },
  report: { method: 'POST', path: '/api/mes/operations/:id/report', access: mes },
  finish: { method: 'POST', path: '/api/mes/operations/:id/finish', access: mes },
});
