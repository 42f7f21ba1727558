// The endpoints of /system-logs (reports-admin.md §16), named once for the server and the page (decision 0016).
// Audit records are only read: no endpoint edits or deletes them; the cleanup deletes system events only.
import { access, defineEndpoints } from '@/shared/endpoint.ts';
import type { systemLogsSchemas } from './system-logs.contract.ts';

const logs = access.route('/system-logs');

export const systemLogsEndpoints = defineEndpoints<typeof systemLogsSchemas>()({
  auditList: { method: 'GET', path: '/api/system-logs/audit', access: logs, list: true },
  auditExport: { method: 'GET', path: '/api/system-logs/audit/export', access: logs },
  auditGet: { method: 'GET', path: '/api/system-logs/audit/:id', access: logs },
  eventList: { method: 'GET', path: '/api/system-logs/events', access: logs, list: true },
  eventExport: { method: 'GET', path: '/api/system-logs/events/export', access: logs },
  stats: { method: 'GET', path: '/api/system-logs/stats', access: logs },
  cleanup: { method: 'POST', path: '/api/system-logs/events/cleanup', access: logs },
  settings: { method: 'GET', path: '/api/system-logs/settings', access: logs },
  updateSettings: { method: 'PATCH', path: '/api/system-logs/settings', access: logs },
});
