// What other modules and the composition root may use of the system logs (reports-admin.md §16): the audit helper
// every service calls in its own transaction, the system events and their one-line wirings, the routes and the job.
export { audit, auditActions, redactSecrets, type AuditAction, type AuditContext, type AuditEntry } from './audit.ts';
export { auditLog } from './audit.table.ts';
export { systemEvents } from './system-events.table.ts';
export {
  recordFailedLogin,
  recordSystemEvent,
  serverErrorRecorder,
  withSystemEvents,
  type EventLog,
  type SystemEvent,
} from './system-events.ts';
export { systemLogsRoutes } from './system-logs.routes.ts';
export { runLogRetention, startSystemLogJobs } from './system-logs.jobs.ts';
